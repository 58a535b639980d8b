"""Reminders on Discord: armed by `/game remind`, kept in the database across a restart, posted
by the scheduler in the game's channel when the game has waited, pinging only its players."""

from __future__ import annotations

from collections.abc import Iterator

import discord
import pytest

from bot.on_discord.client import SoloistBot
from bot.store import models
from bot.store.models import GameRow
from bot.table.service import TableService
from tests.cogs.test_logbook_discord import embed_text
from tests.looks import looking

HOUR = 3600.0
TICK = 1800.0  # the scheduler looks every 30 minutes here (every minute live): days pass in
# few ticks, which matters on PostgreSQL, where SimCord settles each tick's query in ~50 ms


def quick_bot(db) -> SoloistBot:
    bot = SoloistBot(TableService(db), shard_count=1)
    bot.reminder_tick_seconds = TICK  # type: ignore[attr-defined]  # read by the Game cog
    return bot


@pytest.fixture
def simcord_bot(db):
    return quick_bot(db)


def without_streak_scheduler(env) -> None:
    """The logbook's streak scheduler is not under test here, and its minute ticks would cost
    SimCord ~50 ms each to settle on PostgreSQL."""
    for cog in env.bot.cogs.values():
        streaks = getattr(cog, "streak_reminders", None)
        if streaks is not None:
            streaks.cancel()


async def restart(env, db) -> None:
    await env.restart_bot(quick_bot(db))
    without_streak_scheduler(env)


async def wait(env, hours: float) -> None:
    """Let `hours` pass, six at a time (each advance settles within SimCord's limit)."""
    while hours > 0:
        await env.advance_time(min(hours, 6) * HOUR)
        hours -= 6


@pytest.fixture
def sim_clock(simcord_env) -> Iterator[None]:
    """The service's clock is SimCord's: `env.advance_time` moves both."""
    models.NOW[0] = simcord_env.now
    yield
    models.NOW[0] = models._system_now


@pytest.fixture
async def play(table, sim_clock):
    """The shared table, plus carol: a member of the server who is not in the game."""
    env, channel, alice, bob = table
    carol = channel.guild.add_member(env.create_user("carol"))
    without_streak_scheduler(env)
    return env, channel, alice, bob, carol


def reminders_in(channel) -> list:
    return [m for m in channel.history() if "has waited" in m.content]


def pinged(env, message) -> set[int]:
    """Whom Discord actually notified for that message (its allowed mentions applied)."""
    return set(env.backend.get_message(message.channel.id, message.id).ping_user_ids)


async def test_a_reminder_fires_after_a_restart_and_pings_only_the_players(play, db):
    env, channel, alice, bob, carol = play
    await alice.slash(channel, "gah start", seed=7, emperor_table="S2")
    await alice.slash(channel, "game players", add=bob)
    armed = await alice.slash(channel, "game remind", after="24")
    assert "after 24 hours without a move" in embed_text(armed.response)
    await restart(env, db)
    await wait(env, 23.5)
    assert reminders_in(channel) == []
    await wait(env, 0.5 + TICK / HOUR)
    [reminder] = reminders_in(channel)
    assert reminder.author.id == env.bot.user.id
    assert reminder.content.splitlines()[0] == f"{alice.mention} {bob.mention}"
    assert "Grand Austria Hotel · game #1 has waited 24 hours for a move." in reminder.content
    assert "Next step:" in reminder.content
    assert pinged(env, reminder) == {alice.id, bob.id}
    assert carol.id not in pinged(env, reminder)
    sent = [r for r in env.http_requests if r.method == "POST" and r.path.endswith("/messages")]
    # Exactly these users; no @everyone, no roles (`parse` empty).
    assert sent[-1].json["allowed_mentions"] == {"parse": [], "users": [alice.id, bob.id]}
    await wait(env, 3)  # one ping per wait: nothing more until a move
    assert len(reminders_in(channel)) == 1


async def test_the_reminder_carries_the_next_step_buttons(play):
    env, channel, alice, _, _ = play
    await alice.slash(channel, "gah start", seed=7, emperor_table="S2")
    await alice.slash(channel, "game remind", after="1")
    await wait(env, 1 + TICK / HOUR)
    [reminder] = reminders_in(channel)
    button, form = reminder.components[0].children  # the game's next step, as under its replies
    assert (button.label, form.label) == ("Leopold's turn 1", "Answer…")  # draw, or answer all
    clicked = await alice.click(reminder, custom_id=button.custom_id)
    assert not clicked.ephemeral and "game #1 · step 3" in clicked.response.embeds[0].footer.text


async def test_no_reminder_when_a_move_came_first(play):
    env, channel, alice, _, _ = play
    await alice.slash(channel, "gah start", seed=7, emperor_table="S2")
    await alice.slash(channel, "game remind", after="2")
    await wait(env, 1)
    await alice.slash(channel, "gah turn", queue="Y3 B0 R2 G4 Y0", dice="1:2 2:2 3:1 4:3 5:2")
    await wait(env, 1 + TICK / HOUR)  # the first due time has passed
    assert reminders_in(channel) == []
    await wait(env, 1)  # two hours after the move
    assert len(reminders_in(channel)) == 1


async def test_no_reminder_for_an_abandoned_game_or_after_off(play):
    env, channel, alice, _, _ = play
    await alice.slash(channel, "gah start", seed=7, emperor_table="S2")
    await alice.slash(channel, "game remind", after="1")
    off = await alice.slash(channel, "game remind", after="off")
    assert "Reminders off" in embed_text(off.response)
    await wait(env, 2)
    await alice.slash(channel, "game remind", after="1")
    await alice.slash(channel, "game abandon")
    await wait(env, 2)
    assert reminders_in(channel) == []


async def test_only_players_may_set_a_reminder_and_bad_hours_are_one_line(play):
    env, channel, alice, _, carol = play
    await alice.slash(channel, "gah start", seed=7, emperor_table="S2")
    refused = await carol.slash(channel, "game remind", after="24")
    assert refused.ephemeral and "owner and the players" in refused.response.content
    wrong = await alice.slash(channel, "game remind", after="a week")
    assert wrong.ephemeral and "\n" not in wrong.response.content
    assert "1 to 720" in wrong.response.content
    await wait(env, 3)
    assert reminders_in(channel) == []
    assert [type(e.original).__name__ for e in env.errors] == ["NotAllowed", "InputError"]


async def test_remind_offers_common_hours_and_the_typed_one(play):
    _, channel, alice, _, _ = play
    offered = await alice.autocomplete(channel, "game remind", "after", "")
    assert [c["value"] for c in offered] == ["12", "24", "48", "72", "off"]
    typed = await alice.autocomplete(channel, "game remind", "after", "36")
    assert typed[0] == {"name": "36 hours", "value": "36"}


async def test_campaign_names_the_game_and_autocomplete_offers_the_servers(play):
    env, channel, alice, _, carol = play
    await alice.slash(channel, "gah start", seed=7, emperor_table="S2")
    named = await alice.slash(channel, "game campaign", name="  Vienna winter ")
    assert "campaign “Vienna winter”" in embed_text(named.response)
    offered = await alice.autocomplete(channel, "game campaign", "name", "vie")
    assert [c["value"] for c in offered] == ["Vienna winter", "vie", "off"]  # or a new one
    refused = await carol.slash(channel, "game campaign", name="Mine")
    assert refused.ephemeral and "owner and the players" in refused.response.content
    assert [type(e.original).__name__ for e in env.errors] == ["NotAllowed"]


async def test_a_game_started_in_german_is_reminded_in_german(play):
    env, channel, alice, _, _ = play
    await alice.slash(channel, "settings language", choice="de")
    await alice.slash(channel, "gah start", seed=7, emperor_table="S2")
    armed = await alice.slash(channel, "game remind", after="1")
    assert "Erinnerung an: nach 1 Stunde ohne Zug pinge ich" in embed_text(armed.response)
    await wait(env, 1 + TICK / HOUR)
    [reminder] = [m for m in channel.history() if "wartet seit" in m.content]
    lines = reminder.content.splitlines()
    assert lines[1] == "Grand Austria Hotel · Spiel #1 wartet seit 1 Stunde auf einen Zug."
    assert lines[2] == "Nächster Schritt:"
    assert lines[-1] == "`/spiel erinnern nach:off` schaltet diese Erinnerungen aus."
    offered = await alice.autocomplete(channel, "game remind", "after", "")
    shown = [(c["name"], c["value"]) for c in offered]
    assert shown[0] == ("12 Stunden", "12") and shown[-1] == ("aus", "off")
    refused = await alice.slash(channel, "game campaign", name="**fett**")
    assert refused.response.content.startswith("Ein Kampagnenname besteht aus 1 bis 60")
    assert [type(e.original).__name__ for e in env.errors] == ["InputError"]


async def test_unloading_the_game_cog_stops_the_scheduler(play):
    env, channel, alice, _, _ = play
    scheduler = env.bot.get_cog("Game").reminder_tick
    assert scheduler.is_running()
    await alice.slash(channel, "gah start", seed=7, emperor_table="S2")
    await alice.slash(channel, "game remind", after="1")
    await env.bot.remove_cog("Game")
    await wait(env, 2)
    assert not scheduler.is_running() and reminders_in(channel) == []


async def test_where_the_bot_may_not_post_the_reminder_is_skipped_quietly(play, db, caplog):
    env, _, alice, _, _ = play
    caplog.set_level("INFO", logger="soloist.reminders")
    me = env.guild.me
    channel = env.guild.create_text_channel(
        "answers-only", overwrites={me: discord.PermissionOverwrite(send_messages=False)}
    )
    await alice.slash(channel, "gah start", seed=7, emperor_table="S2")
    await alice.slash(channel, "game remind", after="1")
    await wait(env, 1 + TICK / HOUR)
    assert reminders_in(channel) == []
    assert "reminder for game #1 not posted" in caplog.text
    async with looking(db) as session:  # claimed: not tried again every tick
        assert (await session.get(GameRow, 1)).remind_at is None
