"""Server challenges in the service: who may open, join and close; attempts; the ranking (margin,
then score, then the earlier finish; each player's best attempt); abandoned attempts used up;
the close claimed once even by two processes racing; the logbook's rows tagged."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import replace
from datetime import timedelta

import pytest
from sqlalchemy import select

from bot.core.errors import InputError, NoGame, NotAllowed, RuleError
from bot.core.reply import Ctx
from bot.logbook.service import LogbookService
from bot.store import models
from bot.store.database import Database
from bot.store.models import ChallengeEntryRow, ChallengeRow, PlayRow
from bot.table.contests import Contests, start_options
from bot.table.service import TableService
from tests.looks import looking
from tests.table.test_reminders import Clock


@pytest.fixture(autouse=True)
def gwt_ends_at_once(monkeypatch):
    """These tests end a Great Western Trail attempt at once to see it ranked: what completes
    a game is tested in tests/challenges/test_complete_games.py."""
    monkeypatch.setattr("bot.games.great_western_trail.spec.DELIVERIES", 0)


HOST = Ctx(guild_id=10, channel_id=100, user_id=1, can_manage=True)
GWT = {"difficulty": "hard"}


def player(user: int) -> Ctx:
    return Ctx(guild_id=10, channel_id=1000 + user, user_id=user)


def end(you: int) -> dict:
    """Sam scores 8 in a game ended at once (tests/cogs/test_server_challenge_discord.py)."""
    return {"command": "end", "you": you, "cities": 5, "objectives": 3, "job_token": "you"}


@pytest.fixture
def clock() -> Iterator[Clock]:
    """The service's clock, moved by hand (days pass in a line)."""
    clock = Clock()
    models.NOW[0] = clock
    yield clock
    models.NOW[0] = models._system_now


@pytest.fixture
def contests(service: TableService) -> Contests:
    return Contests(service)


async def opened(contests: Contests, days: int = 3, attempts: int = 1, name: str = "Spring"):
    challenge, _ = await contests.open(HOST, "gwt", GWT, name=name, days=days, attempts=attempts)
    return challenge


async def play(contests: Contests, user: int, you: int, challenge: int = 1) -> None:
    ctx = player(user)
    await contests.join(ctx, challenge)
    await contests.table.act(ctx, "gwt", end(you))


async def entries(db) -> list[ChallengeEntryRow]:
    async with looking(db) as session:
        found = await session.execute(select(ChallengeEntryRow).order_by(ChallengeEntryRow.game_id))
        return list(found.scalars())


async def test_only_manage_server_opens_and_only_the_host_or_a_manager_closes(contests, clock):
    with pytest.raises(NotAllowed, match="Manage Server"):
        await contests.open(replace(HOST, can_manage=False), "gwt", GWT, name="x", days=3)
    await opened(contests)
    with pytest.raises(NotAllowed, match="the host or a member with Manage Server"):
        await contests.close(player(5), 1)
    closing = await contests.close(replace(HOST, user_id=7), 1)  # another manager may
    assert closing.challenge.status == "closed"


@pytest.mark.parametrize(
    ("days", "attempts", "name", "why"),
    [
        (0, 1, "x", "1 to 60 days"),
        (61, 1, "x", "1 to 60 days"),
        (3, 11, "x", "1 to 10"),
        (3, 1, "   ", "Give the challenge a name"),
    ],
)
async def test_bad_terms_are_one_line_and_open_nothing(
    contests, db, clock, days, attempts, name, why
):
    with pytest.raises(InputError, match=why):
        await contests.open(HOST, "gwt", GWT, name=name, days=days, attempts=attempts)
    async with looking(db) as session:
        assert (await session.execute(select(ChallengeRow))).first() is None


def test_start_options_are_read_as_the_start_line_writes_them():
    assert start_options("difficulty:hard modules:1 2 3") == {
        "difficulty": "hard",
        "modules": "1 2 3",
    }
    assert start_options(None) == {}
    with pytest.raises(InputError, match="drawn in secret"):
        start_options("difficulty:hard seed:7")
    with pytest.raises(InputError, match="as the game's start takes them"):
        start_options("hard")


async def test_ranked_by_margin_then_score_then_the_earlier_finish_best_attempt_each(
    contests, db, clock
):
    await opened(contests, attempts=2)
    await play(contests, 11, 40)  # +32
    clock.advance(hours=1)
    await play(contests, 12, 40)  # +32, the same score, later: behind 11
    clock.advance(hours=1)
    await play(contests, 13, 20)  # +12
    await play(contests, 13, 60)  # a second attempt: +52, his best
    clock.advance(hours=1)
    ctx = player(14)
    await contests.join(ctx, 1)
    await contests.table.abandon(ctx)  # an abandoned attempt: used, not ranked
    board = await contests.standings(player(12), 1)
    ranked = [line for line in board.facts if line[:2] in ("1.", "2.", "3.", "4.")]
    assert [line.split(" **")[0] for line in ranked] == [
        "1. <@13>",
        "2. <@11>",
        "3. <@12>",
    ]
    assert "You: rank 3 of 3." in board.facts
    assert board.picture is not None
    assert [row[0] for row in board.picture.data["rows"]] == [13, 11, 12]
    info = await contests.info(ctx, 1)
    assert "Your attempts: 1 used, 1 left." in info.facts
    assert [(e.user_id, e.attempt, e.status) for e in await entries(db)][-1] == (14, 1, "abandoned")


async def test_a_player_has_one_attempt_running_and_no_more_than_allowed(contests, clock):
    await opened(contests, attempts=2)
    ctx = player(11)
    await contests.join(ctx, 1)
    with pytest.raises(RuleError, match="still running"):
        await contests.join(replace(ctx, channel_id=2000), 1)
    await contests.table.act(ctx, "gwt", end(40))
    await play(contests, 11, 50)
    with pytest.raises(RuleError, match="used your 2 attempt"):
        await contests.join(replace(ctx, channel_id=3000), 1)


async def test_after_the_end_date_nobody_joins_and_a_running_attempt_is_not_ranked(
    contests, db, clock
):
    await opened(contests, days=1)
    late = player(12)
    await contests.join(late, 1)
    await play(contests, 11, 40)
    clock.advance(days=1, seconds=1)
    with pytest.raises(RuleError, match="has closed"):
        await contests.join(player(13), 1)
    [closing] = await contests.close_due()
    assert "Attempts still running at the close (not ranked): 1." in closing.standings.facts
    reply = await contests.table.act(late, "gwt", end(99))  # his game goes on, unranked
    assert not any("counts in the server challenge" in f for f in reply.facts)
    assert {e.user_id: e.status for e in await entries(db)} == {11: "finished", 12: "unfinished"}
    board = await contests.standings(late, 1)
    assert [f for f in board.facts if f.startswith("1.")] == [
        "1. <@11> **+32** (40–8, win) · attempt 1"
    ]


async def test_two_processes_racing_close_each_challenge_once(contests, db, clock):
    for number in range(6):
        await opened(contests, days=1, name=f"c{number}")
        await play(contests, 11, 40 + number, challenge=number + 1)
    clock.advance(days=2)
    second = Database(db.url, schema=db.schema)  # another process over the same database
    try:
        other = Contests(TableService(second))
        found = await asyncio.gather(contests.close_due(), other.close_due(), contests.close_due())
    finally:
        await second.close()
    closed = [closing.challenge.id for batch in found for closing in batch]
    assert sorted(closed) == [1, 2, 3, 4, 5, 6]  # each once, whoever claimed it
    assert await contests.close_due() == []
    with pytest.raises(RuleError, match="has closed"):
        await contests.close(HOST, 1)


async def test_a_host_closing_while_the_scheduler_closes_posts_once(contests, db, clock):
    await opened(contests, days=1)
    clock.advance(days=2)
    second = Database(db.url, schema=db.schema)
    try:
        other = Contests(TableService(second))
        by_hand, by_tick = await asyncio.gather(
            contests.close(HOST, 1), other.close_due(), return_exceptions=True
        )
    finally:
        await second.close()
    posts = [by_hand] if not isinstance(by_hand, Exception) else []
    posts += by_tick if isinstance(by_tick, list) else []
    assert len(posts) == 1
    assert isinstance(by_hand, RuleError) or by_tick == []


async def test_cancel_ranks_nobody_and_keeps_the_seed(contests, clock):
    await opened(contests)
    await play(contests, 11, 40)
    challenge, note = await contests.cancel(HOST, 1)
    assert challenge.status == "cancelled" and "no standings" in note.facts[0]
    assert not any("Seed" in f for f in note.facts)
    with pytest.raises(RuleError, match="was cancelled"):
        await contests.close(HOST, 1)
    assert await contests.close_due(clock.now + timedelta(days=9)) == []


async def test_the_logbook_tags_the_plays_and_filters_by_challenge(contests, service, db, clock):
    await opened(contests)
    await play(contests, 11, 40)
    await service.start(player(11), "gwt", GWT, seed=3)  # an ordinary game, same player
    await service.act(player(11), "gwt", end(10))
    async with looking(db) as session:
        tags = sorted(
            (p.score, p.challenge_id) for p in (await session.execute(select(PlayRow))).scalars()
        )
    assert tags == [(10, None), (40, 1)]
    logbook = LogbookService(db)
    stats = await logbook.stats(player(11), challenge=1, chart=False)
    assert "**1** plays · **1** wins" in stats.facts[1]
    assert "Server challenge #1" in stats.facts[0]
    history = await logbook.history(player(11), challenge=1)
    assert len([f for f in history.facts if f.startswith("`#")]) == 1
    with pytest.raises(InputError, match="no plays in server challenge #2"):
        await logbook.check_filters(player(11), challenge=2)
    assert await logbook.challenges(11) == [("#1 · Spring", 1)]


async def test_a_challenge_game_s_end_cannot_be_undone(contests, clock):
    await opened(contests)
    await play(contests, 11, 40)
    with pytest.raises(RuleError, match="its moves are final"):
        await contests.table.undo(player(11))


async def test_a_finished_attempt_stays_its_players_until_the_close_even_in_a_campaign(
    contests, service, clock
):
    await opened(contests)
    mine = player(11)
    await contests.join(mine, 1)
    await service.campaign(mine, "Spring league")  # a campaign's games are the server's...
    await service.act(mine, "gwt", end(40))
    other = player(12)
    with pytest.raises(NotAllowed, match="private to its players"):
        await service.show(other, 1)  # ...but not a challenge's, while it runs
    with pytest.raises(NotAllowed, match="private to its players"):
        await service.history(other, game_id=1)
    assert (await service.show(mine, 1)).game_id == 1  # its player sees it
    await contests.close(HOST, 1)
    assert (await service.show(other, 1)).game_id == 1  # the close makes it the server's


async def test_a_challenge_number_beyond_the_column_names_none(contests, clock):
    """Found by the fuzz test on PostgreSQL: an id past INTEGER's range was an error there."""
    await opened(contests)
    for number in (10**12, 2**31, 0, -5):
        with pytest.raises(NoGame, match=f"no challenge #{number}"):
            await contests.info(HOST, number)
