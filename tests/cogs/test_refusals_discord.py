"""A value discord.py itself refuses (`TransformerError`: one it cannot turn into its option's
type) is answered in the bot's words, in the reader's language, naming the option, and ends
with a line that works now (issue 45)."""

import pytest
from discord import app_commands

from tests.cogs.test_language_discord import shown


def refuse_every_value(env, monkeypatch, group: str, name: str, option: str) -> None:
    """discord.py refuses every value of a ranged number option, as it does one it cannot
    transform."""
    command = env.bot.tree.get_command(group).get_command(name)
    transformer = command._params[option]._annotation

    async def refuse(self, interaction, value):
        raise app_commands.TransformerError(value, self.type, self)

    monkeypatch.setattr(type(transformer), "transform", refuse)


@pytest.fixture
def refused_seed(simcord_env, monkeypatch):
    """Every value of `/gah start seed:` refused."""
    refuse_every_value(simcord_env, monkeypatch, "gah", "start", "seed")


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
def refused_id(simcord_env, monkeypatch):
    """Every value of `/game history id:` (its German name: `nummer`) refused."""
    refuse_every_value(simcord_env, monkeypatch, "game", "history", "id")


async def test_the_option_is_named_as_the_readers_client_shows_it(table, refused_id):
    """Discord sends an option's English name; a German reader typed `nummer`, which is `id`
    in `/spiel seite`, so the edge can't translate `id` by itself."""
    env, channel, alice, _bob = table
    await alice.slash(channel, "settings language", choice="de")
    refused = await alice.slash(channel, "game history", id=5)
    assert refused.ephemeral
    said = "`5` ist für `nummer` kein gültiger Wert. Jetzt geht: `/spiel verlauf`."
    assert shown(refused) == said  # the option may be left out: the line without it
    assert [type(e).__name__ for e in env.errors] == ["TransformerError"]


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
