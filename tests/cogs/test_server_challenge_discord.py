"""A server challenge on Discord: a host opens it, three players join (by the announcement's
button, also after a restart, and by command), each plays in a private thread of their own,
and days later the scheduler closes it by itself: final standings with a chart, the seed and
the opponent's whole draw order in the announcement's channel, tagged logbook rows."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import discord
import pytest
from sqlalchemy import select

from bot.on_discord.client import SoloistBot
from bot.store import models
from bot.store.models import ChallengeEntryRow, ChallengeRow, GameRow, PlayRow
from bot.table.contests import Contests
from bot.table.service import TableService
from cogs.challenge_server import _with_names
from tests.cogs.test_logbook_discord import embed_text
from tests.looks import looking


@pytest.fixture(autouse=True)
def gwt_ends_at_once(monkeypatch):
    """These tests end a Great Western Trail attempt at once to see it ranked: what completes
    a game is tested in tests/challenges/test_complete_games.py."""
    monkeypatch.setattr("bot.games.great_western_trail.spec.DELIVERIES", 0)


HOUR = 3600.0
TICK = 1800.0  # the closing scheduler looks every 30 minutes here (every minute live)
END = {"you": 80, "cities": 5, "objectives": 3, "job_token": "you"}  # Sam scores 8


def quick_bot(db) -> SoloistBot:
    bot = SoloistBot(TableService(db), shard_count=1)
    bot.challenge_tick_seconds = TICK  # type: ignore[attr-defined]  # read by the cog
    bot.reminder_tick_seconds = TICK  # type: ignore[attr-defined]
    return bot


@pytest.fixture
def simcord_bot(db):
    return quick_bot(db)


def without_streak_scheduler(env) -> None:
    for cog in env.bot.cogs.values():
        streaks = getattr(cog, "streak_reminders", None)
        if streaks is not None:
            streaks.cancel()


@pytest.fixture
def sim_clock(simcord_env) -> Iterator[None]:
    models.NOW[0] = simcord_env.now
    yield
    models.NOW[0] = models._system_now


@pytest.fixture
async def server(table, sim_clock):
    """The shared table, plus a host with Manage Server and carol, a third player."""
    env, channel, alice, bob = table
    guild = channel.guild
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    host = guild.add_member(env.create_user("host"), roles=[admins])
    carol = guild.add_member(env.create_user("carol"))
    without_streak_scheduler(env)
    return env, channel, host, alice, bob, carol


async def wait(env, hours: float) -> None:
    while hours > 0:
        await env.advance_time(min(hours, 6) * HOUR)
        hours -= 6


async def rows(db, model) -> list:
    async with looking(db) as session:
        return list((await session.execute(select(model))).scalars())


def thread_of(channel, user) -> object:
    return next(t for t in channel.threads if t.name.endswith(f"· {user.name}"))


def everything_said(env, channel) -> str:
    """Every message the bot posted in the channel and its threads, as text."""
    said = []
    for where in [channel, *channel.threads]:
        for message in where.history():
            said.append(message.content or "")
            said += [embed_text(message)] if message.embeds else []
    return "\n".join(said)


async def test_three_players_one_challenge_across_a_restart_to_its_automatic_close(server, db):
    env, channel, host, alice, bob, carol = server
    opened = await host.slash(
        channel,
        "challenge open",
        game="gwt",
        name="Sam in spring",
        days=2,
        options="difficulty:hard",
    )
    announced = opened.response
    assert "Great Western Trail against Sam, the same for everyone" in embed_text(announced)
    [challenge] = await rows(db, ChallengeRow)
    assert challenge.message_id == announced.id
    secret = str(challenge.seed)

    joined = await alice.click(announced, label="Join")
    assert joined.ephemeral  # the button's answer is alice's alone; the game is in her thread
    mine = thread_of(channel, alice)
    assert env.backend.channels[mine.id].type == discord.ChannelType.private_thread.value
    first = mine.history()[0]
    assert "Your attempt 1 in server challenge #1, Sam in spring: " in embed_text(first)
    await alice.slash(mine, "gwt end", **END)

    await env.restart_bot(quick_bot(db))  # a new bot on the same database
    without_streak_scheduler(env)
    await bob.click(announced, label="Join")  # the announcement's button outlives the bot
    await bob.slash(thread_of(channel, bob), "gwt end", **(END | {"you": 60}))
    await carol.slash(channel, "challenge join")
    there = thread_of(channel, carol)
    await carol.slash(there, "gwt end", **(END | {"you": 5}))
    again = await carol.slash(channel, "challenge join")
    assert again.ephemeral and "used your 1 attempt(s)" in again.response.content
    with pytest.raises(Exception, match="Missing Access"):
        await bob.slash(there, "game status")  # carol's thread is hers alone
    inside = await carol.slash(there, "challenge join")  # no thread in a thread
    assert inside.ephemeral and "open and join a challenge in a text channel" in (
        inside.response.content
    )
    assert [type(e.original).__name__ for e in env.errors] == ["RuleError", "RuleError"]

    standings = await bob.slash(channel, "challenge standings")
    text = embed_text(standings.response)
    assert [
        line.split(" ·")[0] for line in text.splitlines() if line[:2] in ("1.", "2.", "3.")
    ] == [
        f"1. {alice.mention} **+72** (80–8, win)",
        f"2. {bob.mention} **+52** (60–8, win)",
        f"3. {carol.mention} **-3** (5–8, loss)",
    ]
    assert "You: rank 2 of 3." in text
    assert standings.response.attachments[0].filename.startswith("challenge-standings-1")
    assert secret not in everything_said(env, channel)  # nothing showed the seed so far

    await wait(env, 47)
    assert "Sam in spring · final standings" not in everything_said(env, channel)
    await wait(env, 1 + TICK / HOUR)  # past the end date: the scheduler closes it
    posted = [m for m in channel.history() if m.embeds and m.id != announced.id]
    final, reveal = posted[-2], posted[-1]
    assert final.embeds[0].title == "Server challenge #1 · Sam in spring · final standings"
    assert "Closed with 3 ranked player(s)." in embed_text(final)
    assert final.attachments[0].filename.startswith("challenge-standings-1")
    assert f"Seed {secret}: `/challenge replay challenge:1` starts this game again" in embed_text(
        reveal
    )
    assert "Sam's deck, shuffle 1, top first: #" in embed_text(reveal)
    edited = env.backend.get_message(channel.id, announced.id)
    assert not edited.components  # no Join button once closed
    [closed] = await rows(db, ChallengeRow)
    assert closed.status == "closed"
    await wait(env, 2)  # closed once: no second post
    assert len([m for m in channel.history() if m.embeds]) == len(posted) + 1

    plays = await rows(db, PlayRow)
    assert sorted((p.user_id, p.score, p.challenge_id) for p in plays) == sorted(
        [(alice.id, 80, 1), (bob.id, 60, 1), (carol.id, 5, 1)]
    )
    entries = await rows(db, ChallengeEntryRow)
    assert {e.status for e in entries} == {"finished"}
    filtered = await carol.slash(channel, "history", challenge=1)
    assert "Server challenge #1" in embed_text(filtered.response)
    assert "vs Sam (hard) — **loss** 5–8" in embed_text(filtered.response)
    games = await rows(db, GameRow)
    assert {g.challenge_id for g in games} == {1}


async def test_a_german_server_reads_its_challenge_in_german(server, db):
    env, channel, host, alice, bob, _ = server
    await host.slash(channel, "settings server-language", choice="de")
    opened = await host.slash(
        channel,
        "challenge open",
        game="gah",
        name="Wiener Winter",
        days=3,
        options="schwierigkeit:hard emperor_table:S2",
    )
    text = embed_text(opened.response)
    assert "Grand Austria Hotel gegen Leopold, für alle derselbe Gegner:" in text
    assert "Mitmachen mit dem Knopf oder `/herausforderung mitmachen herausforderung:1`" in text
    assert opened.response.components[0]["components"][0]["label"] == "Mitmachen"
    [challenge] = await rows(db, ChallengeRow)
    assert challenge.options["difficulty"] == "hard"  # the German option name, read back
    await alice.click(opened.response, label="Mitmachen")
    first = thread_of(channel, alice).history()[0]
    assert "Dein Versuch 1 in der Server-Herausforderung #1, Wiener Winter: " in embed_text(first)
    undo = await alice.slash(thread_of(channel, alice), "game undo")
    assert undo.ephemeral and "Seine Züge gelten" in undo.response.content
    refused = await bob.slash(channel, "challenge close")
    assert (
        refused.ephemeral and "Nur wer die Herausforderung ausrichtet" in refused.response.content
    )
    closed = await host.slash(channel, "challenge close")
    assert "Endstand und Seed stehen in" in closed.response.content, closed
    reveal = [m for m in channel.history() if m.embeds][-1]
    assert "Stapel von Leopold, von oben:" in embed_text(reveal)
    assert [type(e.original).__name__ for e in env.errors] == ["RuleError", "NotAllowed"]


async def test_an_attempts_result_stays_out_of_the_results_channel_while_open(server, db):
    """Its score sheet lists the opponent's cards, the same for every player (GAH: Leopold's
    private staff cards): the results channel gets nothing of it before the close; an
    ordinary game's card still goes there."""
    _, channel, host, alice, bob, _ = server
    results = channel.guild.create_text_channel("results")
    await host.slash(channel, "settings results-channel", channel=results)
    opened = await host.slash(
        channel,
        "challenge open",
        game="gwt",
        name="Sam in spring",
        days=2,
        options="difficulty:hard",
    )
    await alice.click(opened.response, label="Join")
    ended = await alice.slash(thread_of(channel, alice), "gwt end", **END)
    assert "Your result counts in the server challenge" in embed_text(ended.response)
    assert not results.history()  # held: the standings come at the close
    assert any(
        embed_text(m).startswith("Result") for m in thread_of(channel, alice).history() if m.embeds
    )  # in the attempt's own thread
    ordinary = channel.guild.create_text_channel("saloon")
    await bob.slash(ordinary, "gwt start", difficulty="hard")
    await bob.slash(ordinary, "gwt end", **END)
    assert [embed_text(m).split("\n")[0] for m in results.history()] == [
        "Result · Great Western Trail (2nd edition) · game #2"
    ]


async def test_fifth_avenues_partner_is_a_person_of_this_server(server, db):
    env, channel, host, alice, bob, _ = server
    await host.slash(channel, "challenge open", game="alea", name="Broadway", days=2)
    robot = channel.guild.add_member(env.create_user("robot", bot=True))
    refused = await alice.slash(channel, "challenge join", partner=robot)
    assert refused.ephemeral and "not a bot" in refused.response.content
    alone = await alice.slash(channel, "challenge join", partner=alice)
    assert alone.ephemeral and "not you" in alone.response.content
    joined = await alice.slash(channel, "challenge join", partner=bob)
    assert joined.ephemeral and "your own thread" in joined.response.content
    assert len(await rows(db, ChallengeEntryRow)) == 1
    assert [type(e.original).__name__ for e in env.errors] == ["RuleError", "InputError"]


async def test_a_process_without_the_guild_names_the_players_at_the_close(server, db):
    """Shards in several processes: the close may run where the guild is not cached (another
    shard's process). The names the bot saw at each join are kept, so its chart names them."""
    env, channel, host, alice, _bob, carol = server
    opened = await host.slash(channel, "challenge open", game="gwt", name="Names", days=1)
    await alice.click(opened.response, label="Join")
    await alice.slash(thread_of(channel, alice), "gwt end", **END)
    await carol.slash(channel, "challenge join")
    await carol.slash(thread_of(channel, carol), "gwt end", **(END | {"you": 5}))
    entries = await rows(db, ChallengeEntryRow)
    assert sorted((e.user_id, e.name) for e in entries) == sorted(
        [(alice.id, alice.name), (carol.id, carol.name)]
    )

    elsewhere = SoloistBot(TableService(db), shard_count=2, shard_ids=[1])  # holds no guild
    assert elsewhere.get_guild(channel.guild.id) is None
    [closing] = await Contests(TableService(db)).close_due(env.now() + timedelta(days=2))
    named = await _with_names(elsewhere, channel.guild.id, closing.standings)
    assert named.picture is not None
    assert named.picture.data["names"] == {
        str(alice.id): alice.name,
        str(carol.id): carol.name,
    }


async def test_only_the_partner_presses_confirm_these_scores_on_fifth_avenues_final(server, db):
    """Fifth Avenue's attempt ranks once the partner confirms both scores the owner gave: the
    final's button is theirs alone (the owner and anyone else get a short refusal)."""
    env, channel, host, alice, bob, _ = server
    await host.slash(channel, "challenge open", game="alea", name="Broadway", days=2)
    await alice.slash(channel, "challenge join", partner=bob)
    there = thread_of(channel, alice)
    await alice.slash(there, "alea supply-empty")
    final = await alice.slash(there, "alea end", score=99, partner_score=47)
    text = embed_text(final.response)
    assert f"Your result ranks once {bob.mention}, your partner, confirms" in text
    shown = env.backend.get_message(there.id, final.response.id)  # as it stays in the thread
    labels = [c["label"] for row in shown.components for c in row["components"]]
    assert "Confirm these scores" in labels, (final.response.id, labels)

    refused = await alice.click(final.response, label="Confirm these scores")
    assert refused.ephemeral and "These are your own scores" in refused.response.content
    [entry] = await rows(db, ChallengeEntryRow)
    assert entry.status == "confirming"
    waiting = await host.slash(channel, "challenge standings")
    assert f"waits for {bob.mention}, the partner, to confirm" in embed_text(waiting.response)

    await env.restart_bot(quick_bot(db))  # the button outlives the bot
    without_streak_scheduler(env)
    confirmed = await bob.click(final.response, label="Confirm these scores")
    assert f"{bob.mention} confirmed the final scores of {alice.mention}'s attempt 1" in (
        embed_text(confirmed.response)
    )
    [entry] = await rows(db, ChallengeEntryRow)
    assert (entry.status, entry.confirmed_by) == ("finished", bob.id)
    plays = await rows(db, PlayRow)
    assert sorted((p.user_id, p.score, p.opponent_score) for p in plays) == sorted(
        [(alice.id, 99, 47), (bob.id, 47, 99)]
    )
    ranked = await host.slash(channel, "challenge standings")
    assert f"1. {alice.mention} **+52** (99–47, win)" in embed_text(ranked.response)
    twice = await bob.click(final.response, label="Confirm these scores")
    assert twice.ephemeral and "has already confirmed" in twice.response.content
