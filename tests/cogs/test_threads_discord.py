"""Play-by-post threads: `start thread:true` opens a thread for the game and plays it there; the
channel gets one line; the game is found in its thread months later; a sleeping thread wakes."""

from datetime import UTC, datetime

import discord
import pytest
from sqlalchemy import select

from bot.on_discord.client import SoloistBot
from bot.store import models
from bot.store.models import GameRow
from bot.table.service import TableService
from tests.cogs.test_grand_austria_discord import embed_text
from tests.cogs.test_status_message_discord import NO_CONTRACT
from tests.looks import looking

QUIET = 20 * 60  # virtual time SimCord runs through (its schedulers tick every minute)
START = datetime(2026, 11, 23, 20, 15, tzinfo=UTC)


@pytest.fixture
def clock():
    """The service's clock, set by hand (the thread's date, the game's last move)."""
    now = [START]
    models.NOW[0] = lambda: now[0]
    yield now
    models.NOW[0] = models._system_now


def errors(env) -> list[str]:
    """The domain errors the one error handler answered (and so acknowledged)."""
    return [type(e.original).__name__ for e in env.errors]


async def games(db) -> list[GameRow]:
    async with looking(db) as session:
        return list((await session.execute(select(GameRow).order_by(GameRow.id))).scalars())


def last_updated(thread) -> str:
    [status] = thread.pinned_messages()
    return next(f.value for f in status.embeds[0].fields if f.name == "Last updated")


async def test_a_thread_start_names_the_thread_after_game_opponent_and_day(table, db, clock):
    env, channel, alice, _ = table
    started = await alice.slash(channel, "glasgow start", freddy="II", seed=3, thread=True)
    [thread] = channel.threads
    assert thread.name == "Glasgow vs Freddy II · 2026-11-23"
    # the channel: one line linking the thread, public, no embed, no buttons
    line = started.response.content
    assert line == f"Glasgow, game #1, is played in its own thread: <#{thread.id}>"
    assert not started.ephemeral and not started.response.embeds
    assert not any(m.embeds for m in channel.history())  # nor a status message out here
    # the thread: the start with its buttons, then the game's status message
    first = thread.history()[0]
    assert "Glasgow against Freddy II." in embed_text_of(first)
    labels = [o.label for row in first.components for b in row.children for o in b.options]
    assert labels[:2] == ["No special contract", "Chose whisky"]
    [game] = await games(db)
    assert (game.channel_id, game.parent_id, game.game_key) == (thread.id, channel.id, "glasgow")
    assert alice.id in env.backend.channels[thread.id].thread_members  # in her thread list
    # the game's status message lives in its thread, pinned there
    assert [m.embeds[0].author.name for m in thread.pinned_messages()] == ["Where the game stands"]


async def test_the_game_lives_in_its_thread_not_in_the_channel(table):
    env, channel, alice, _ = table
    await alice.slash(channel, "glasgow start", seed=3, thread=True)
    [thread] = channel.threads
    moved = await alice.slash(thread, "glasgow action", chosen="other", ignored="other")
    assert "Action 1: you resolve your contract." in embed_text(moved)
    outside = await alice.slash(channel, "game status")
    assert outside.ephemeral and outside.response.content.startswith("No game is running")
    assert errors(env) == ["NoGame"]
    # the channel is free for another game, and a second thread for a third
    await alice.slash(channel, "glasgow start", seed=4)
    await alice.slash(channel, "glasgow start", seed=5, thread=True)
    assert len(channel.threads) == 2


async def test_a_thread_game_is_found_again_months_later_after_a_restart(table, db, clock):
    env, channel, alice, _ = table
    await alice.slash(channel, "glasgow start", freddy="II", seed=3, thread=True)
    [thread] = channel.threads
    await alice.slash(thread, "glasgow action", chosen="other", ignored="other")
    assert last_updated(thread).startswith(f"<t:{int(START.timestamp())}:f>")
    await env.advance_time(QUIET)  # SimCord runs its timers; the service's clock skips months
    later = datetime(2027, 3, 23, 9, 0, tzinfo=UTC)
    clock[0] = later
    await env.restart_bot(SoloistBot(TableService(db), shard_count=1))
    status = await alice.slash(thread, "game status")
    assert not status.ephemeral
    assert "Round 1, turn 1, action 2 of 2" in embed_text(status)
    moved = await alice.slash(thread, "glasgow action", chosen="other", ignored="other")
    assert "Action 2: you resolve your contract." in embed_text(moved)
    assert (await games(db))[0].version == 3
    assert last_updated(thread).startswith(f"<t:{int(later.timestamp())}:f>")  # same message


def archive(env, thread, *, locked: bool = False) -> None:
    """Discord archives a quiet thread (after a week at most): what the bot then sees."""
    env.backend.edit_channel(thread.id, {}, thread_metadata={"archived": True, "locked": locked})


def archived(env, thread) -> bool:
    return env.backend.channels[thread.id].thread_metadata.archived


async def test_a_command_in_an_archived_thread_un_archives_it(table, db):
    env, channel, alice, _ = table
    await alice.slash(channel, "glasgow start", seed=3, thread=True)
    [thread] = channel.threads
    await env.advance_time(QUIET)
    archive(env, thread)
    await env.restart_bot(SoloistBot(TableService(db), shard_count=1))
    assert archived(env, thread)
    moved = await alice.slash(thread, "glasgow action", chosen="other", ignored="other")
    assert not archived(env, thread)
    assert "Action 1: you resolve your contract." in embed_text(moved)


async def test_a_button_pressed_in_an_archived_thread_wakes_it_and_moves_the_status(table):
    env, channel, alice, _ = table
    await alice.slash(channel, "glasgow start", seed=3, thread=True)
    [thread] = channel.threads
    first = thread.history()[0]
    archive(env, thread)
    pressed = await alice.select(first, [NO_CONTRACT])
    assert "Action 1: you resolve your contract." in embed_text(pressed)
    assert not archived(env, thread)
    [status] = thread.pinned_messages()
    assert status.embeds[0].footer.text == "game #1 · step 2"


async def test_a_locked_thread_stays_archived_without_manage_threads(table):
    env, _, alice, _ = table
    guild = env.guild
    me = guild.me
    closed = guild.create_text_channel(
        "closed", overwrites={me: discord.PermissionOverwrite(manage_threads=False)}
    )
    await alice.slash(closed, "glasgow start", seed=3, thread=True)
    [thread] = closed.threads
    archive(env, thread, locked=True)
    await alice.slash(thread, "game status")
    assert archived(env, thread)  # a moderator locked it: not the bot's to reopen


async def test_no_thread_inside_a_thread(table, db):
    env, channel, alice, _ = table
    await alice.slash(channel, "glasgow start", seed=3, thread=True)
    [thread] = channel.threads
    await alice.slash(thread, "game abandon")
    refused = await alice.slash(thread, "glasgow start", seed=4, thread=True)
    assert refused.ephemeral
    assert refused.response.content == (
        "This is a thread already: start the game here without thread."
    )
    assert len(channel.threads) == 1 and len(await games(db)) == 1
    assert errors(env) == ["RuleError"]


async def test_no_thread_in_a_direct_message(table, db):
    env, *_ = table
    carol = env.create_user("carol")
    refused = await carol.slash("glasgow start", seed=3, thread=True)
    assert refused.ephemeral
    assert refused.response.content == (
        "A game gets its own thread only in a server: start it without thread."
    )
    assert await games(db) == []
    assert errors(env) == ["RuleError"]


async def test_no_thread_without_the_create_public_threads_permission(table, db):
    env, _, alice, _ = table
    me = env.guild.me
    channel = env.guild.create_text_channel(
        "strict", overwrites={me: discord.PermissionOverwrite(create_public_threads=False)}
    )
    refused = await alice.slash(channel, "glasgow start", seed=3, thread=True)
    assert refused.ephemeral
    assert refused.response.content == (
        "I need the Create Public Threads permission here to open a thread: ask a moderator, "
        "or start without thread."
    )
    assert channel.threads == [] and await games(db) == []
    assert errors(env) == ["RuleError"]


async def test_bad_start_options_leave_no_thread_behind(table, db):
    env, channel, alice, _ = table
    wrong = await alice.slash(channel, "gah start", seed=7, reserved="zz", thread=True)
    assert wrong.ephemeral
    assert wrong.response.content == "`zz` is not a guest card number: write digits, like `3`."
    no_module = await alice.slash(channel, "gah start", seed=7, modules="9", thread=True)
    assert no_module.ephemeral
    assert no_module.response.content == "Let's Waltz! has modules 1 to 5; there is no module 9."
    assert channel.threads == [] and await games(db) == []
    assert errors(env) == ["InputError", "InputError"]


async def test_a_start_that_fails_after_the_thread_opened_removes_the_thread(table, db):
    env, channel, alice, _ = table
    await env.bot.service.shutdown()  # the service refuses from now on; the cog cannot know
    failed = await alice.slash(channel, "glasgow start", seed=3, thread=True)
    said = [m.content for m in [failed.response, *failed.followups] if m is not None]
    assert said[-1] == "Soloist is restarting; try again in a minute. Nothing changed."
    assert channel.threads == [] and await games(db) == []
    assert errors(env) == ["SoloistError"]


async def test_a_german_player_reads_the_thread_line_and_refusals_in_german(table, db):
    env, channel, alice, _ = table
    await alice.slash(channel, "settings language", choice="de")
    started = await alice.slash(channel, "glasgow start", seed=3, thread=True)
    [thread] = channel.threads
    assert started.response.content == (
        f"Glasgow, Spiel #1, wird in einem eigenen Thread gespielt: <#{thread.id}>"
    )
    refused = await alice.slash(thread, "glasgow start", seed=4, thread=True)
    assert refused.response.content == (
        "Das hier ist schon ein Thread: starte das Spiel hier ohne thread."
    )
    assert errors(env) == ["RuleError"]
    assert (await games(db))[0].locale == "de"  # its status message and reminders: German


def embed_text_of(message) -> str:
    embed = message.embeds[0]
    return "\n".join([embed.title or "", embed.description or ""] + [f.value for f in embed.fields])
