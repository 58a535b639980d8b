"""A question of several table facts at once: on Discord a form (a modal) pre-filled with what
the game remembers, opened by a button that survives a restart; in the console one line to
edit and send. A form gone stale says so instead of acting twice."""

from __future__ import annotations

from bot.console import render_text
from bot.on_discord.client import SoloistBot
from bot.table.service import TableService
from tests.test_console import make_console


def labels(message) -> list[str]:
    return [
        item["label"]
        for row in message.components
        for item in row.get("components", [])
        if item.get("label")
    ]


def inputs(modal) -> dict[str, tuple[str, str | None]]:
    """custom id → (label, pre-filled value) of each text input of a modal payload."""
    return {
        c["component"]["custom_id"]: (c["label"], c["component"].get("value"))
        for c in modal["components"]
    }


async def test_a_form_asks_every_fact_at_once_pre_filled_with_what_the_game_remembers(
    toy, simcord_env, db
):
    await simcord_env.bot.tree.sync()
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("toy")
    alice = guild.add_member(simcord_env.create_user("alice"))
    await alice.slash(channel, "toy start", seed=1)
    asked = await alice.slash(channel, "toy tally")
    assert labels(asked.response) == ["Answer…"]  # nothing remembered: no "Unchanged"
    shown = await alice.click(asked.response, label="Answer…")
    assert shown.modal["title"] == "How many coins and gems do you have?"
    assert inputs(shown.modal) == {
        "coins": ("Coins in your purse", None),
        "gems": ("Gems on your table", None),
    }
    sent = await alice.submit_modal(shown, {"coins": "3", "gems": "1"})
    assert "Magpie counts your 3 coins and 1 gems." in sent.response.embeds[0].description

    again = await alice.slash(channel, "toy tally")
    assert labels(again.response) == ["Unchanged", "Answer…"]
    await simcord_env.restart_bot(SoloistBot(TableService(db), shard_count=1))
    shown = await alice.click(again.response, label="Answer…")
    assert inputs(shown.modal) == {
        "coins": ("Coins in your purse", "3"),
        "gems": ("Gems on your table", "1"),
    }
    sent = await alice.submit_modal(shown, {"coins": "3", "gems": "4"})
    assert "Magpie counts your 3 coins and 4 gems." in sent.response.embeds[0].description


async def test_a_form_opened_before_the_game_moved_on_is_refused_as_out_of_date(toy, simcord_env):
    await simcord_env.bot.tree.sync()
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("toy")
    alice = guild.add_member(simcord_env.create_user("alice"))
    await alice.slash(channel, "toy start", seed=1)
    await alice.slash(channel, "toy tally", coins="2", gems="2")
    asked = await alice.slash(channel, "toy tally")
    shown = await alice.click(asked.response, label="Answer…")
    moved = await alice.click(asked.response, label="Unchanged")
    assert "Magpie counts your 2 coins and 2 gems." in moved.response.embeds[0].description
    late = await alice.submit_modal(shown, {"coins": "5", "gems": "5"})
    assert "out of date" in late.response.content
    status = await alice.slash(channel, "game status")
    assert "step 4" in status.response.embeds[0].footer.text  # the late form changed nothing


async def test_the_form_speaks_german_to_a_german_player(toy, simcord_env):
    await simcord_env.bot.tree.sync()
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("toy")
    alice = guild.add_member(simcord_env.create_user("alice"))
    await alice.slash(channel, "settings language", choice="de")
    await alice.slash(channel, "toy start", seed=1)
    asked = await alice.slash(channel, "toy tally")
    assert labels(asked.response) == ["Antworten …"]
    shown = await alice.click(asked.response, label="Antworten …")
    assert shown.modal["title"] == "Wie viele Münzen und Edelsteine hast du?"
    assert [label for label, _ in inputs(shown.modal).values()] == [
        "Münzen in deinem Beutel",
        "Edelsteine auf deinem Tisch",
    ]


async def test_the_console_shows_the_one_line_with_the_remembered_values_to_edit(toy, db):
    console = await make_console(db)
    await console.execute("/toy start seed:1")
    await console.execute("/toy tally coins:3 gems:1")
    asked = render_text(await console.execute("/toy tally"))
    assert "edit and send: `/toy tally coins:3 gems:1`" in asked
    assert (await console.execute("lang de")).ok
    again = render_text(await console.execute("/game status"))
    assert "ändern und senden: `/toy zählen münzen:3 edelsteine:1`" in again
    sent = await console.execute("/toy zählen münzen:3 edelsteine:2")
    assert sent.ok and "3 Münzen und 2 Edelsteine" in sent.text
