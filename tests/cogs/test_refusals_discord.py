"""A value discord.py itself refuses (`TransformerError`: one it cannot turn into its option's
type) is answered in the bot's words, in the reader's language, naming the option, and ends
with a line that works now (issue 45)."""

import pytest
from discord import app_commands

from tests.cogs.test_language_discord import shown


@pytest.fixture
def refused_seed(simcord_env, monkeypatch):
    """discord.py refuses every value of a ranged number option (`seed:`), as it does one it
    cannot transform."""
    command = simcord_env.bot.tree.get_command("gah").get_command("start")
    transformer = command._params["seed"]._annotation

    async def refuse(self, interaction, value):
        raise app_commands.TransformerError(value, self.type, self)

    monkeypatch.setattr(type(transformer), "transform", refuse)


async def test_a_value_discord_py_refuses_names_the_option_and_leads_on(table, refused_seed):
    env, channel, alice, _bob = table
    refused = await alice.slash(channel, "gah start", seed=5)
    assert refused.ephemeral
    assert shown(refused) == "`5` is not a valid value for `seed`. Now: `/gah start`."
    started = await alice.slash(channel, "gah start")  # the line it ends with runs
    assert not started.ephemeral, shown(started)
    await alice.slash(channel, "settings language", choice="de")
    again = await alice.slash(channel, "gah start", seed=5)
    assert shown(again) == "`5` ist für `seed` kein gültiger Wert. Jetzt geht: `/gah zug`."
    turned = await alice.slash(channel, "gah turn")
    assert not turned.ephemeral, shown(turned)
    assert [type(e).__name__ for e in env.errors][:2] == ["TransformerError"] * 2


@pytest.fixture
def checked_out(simcord_env, monkeypatch):
    """A check of `/gah undo`'s own fails (discord.py's `CheckFailure`: the command can't be
    used here), as a guild-only or permission check would."""
    command = simcord_env.bot.tree.get_command("game").get_command("undo")
    monkeypatch.setattr(command, "checks", [lambda interaction: False])


async def test_a_failed_check_leads_on_in_the_readers_language(table, checked_out):
    env, channel, alice, _bob = table
    refused = await alice.slash(channel, "game undo")
    assert refused.ephemeral
    assert shown(refused) == "You can't use that command here. Now: `/help`."
    helped = await alice.slash(channel, "help")  # the line it ends with runs
    assert "Grand Austria Hotel" in shown(helped)
    started = await alice.slash(channel, "gah start")
    assert not started.ephemeral, shown(started)
    await alice.slash(channel, "settings language", choice="de")
    again = await alice.slash(channel, "game undo")
    assert shown(again) == ("Diesen Befehl kannst du hier nicht verwenden. Jetzt geht: `/gah zug`.")
    turned = await alice.slash(channel, "gah turn")
    assert not turned.ephemeral, shown(turned)
    assert [type(e).__name__ for e in env.errors][:2] == ["CheckFailure"] * 2
