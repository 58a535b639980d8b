"""The logbook under load and under hostile files: one writer, untrusted columns, odd dates."""

import asyncio
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import insert, select

from bot.core.errors import InputError, SoloistError
from bot.core.reply import Ctx
from bot.logbook.service import LogbookService
from bot.store.models import PlayRow
from bot.table.service import TableService
from tests.looks import looking

NOW = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
ME = Ctx(guild_id=10, channel_id=100, user_id=1)
OTHER_SERVER = Ctx(guild_id=77, channel_id=700, user_id=9)
HEADER = "played_at,game,opponent,outcome,score,opponent_score,guild_id,channel_id,source\n"
TURN = {"command": "turn", "queue": "Y3 B0 R2 G4 Y0", "dice": "1:2 2:2 3:1 4:3 5:2"}


@pytest.fixture
def logbook(db):
    return LogbookService(db, lambda: NOW)


def csv_of(*lines: str) -> bytes:
    return (HEADER + "".join(f"{line}\n" for line in lines)).encode()


async def test_logbook_writes_beside_game_commands_never_fail(db, logbook):
    """Read-then-write transactions upgrading their lock failed with "database is locked"."""
    table = TableService(db)
    players = [Ctx(guild_id=10, channel_id=200 + i, user_id=50 + i) for i in range(8)]
    for ctx in players[:4]:
        await table.start(ctx, "gah", {"difficulty": "hard"}, 3)
    rows = [f"{(NOW - timedelta(days=d)).isoformat()},gwt,Sam,win,10,5,1,1,bot" for d in range(300)]

    async def player(i: int, ctx: Ctx) -> None:
        for n in range(6):
            reply = await logbook.log_play(ctx, "gwt", "Sam", score=10 + n, opponent_score=5)
            play_id = int(reply.facts[0].split("`#")[1].split("`")[0])
            await logbook.edit_play(ctx, play_id, score=2, opponent_score=9)
            if n == 2:
                await logbook.set_timezone(ctx, "Europe/Vienna")
            if n == 4 and i % 2:
                await logbook.delete_play(ctx, play_id)
        await logbook.import_csv(ctx, csv_of(*rows))

    async def gamer(ctx: Ctx) -> None:
        for _ in range(6):
            await table.act(ctx, "gah", dict(TURN))
            await table.undo(ctx)

    results = await asyncio.gather(
        *(player(i, ctx) for i, ctx in enumerate(players)),
        *(gamer(ctx) for ctx in players[:4]),
        return_exceptions=True,
    )
    assert [r for r in results if r is not None] == []
    async with looking(db) as session:
        plays = list(await session.scalars(select(PlayRow)))
    assert len(plays) == 8 * 6 - 4 + 8 * 300


async def test_forged_rows_for_another_server_stay_off_its_leaderboard(db, logbook):
    days = [NOW - timedelta(days=d) for d in range(28)]
    forged = csv_of(*(f"{d.isoformat()},gwt,Sam,win,10,5,77,700,bot" for d in days))
    await logbook.import_csv(ME, forged)
    board = await logbook.leaderboard(OTHER_SERVER)
    assert all("nobody yet" in category for category in board.facts)
    here = await logbook.leaderboard(ME)
    assert all("nobody yet" in category for category in here.facts)  # imported, not played
    async with looking(db) as session:
        plays = list(await session.scalars(select(PlayRow)))
    assert {(p.guild_id, p.channel_id, p.source) for p in plays} == {(10, 100, "imported")}
    assert "**28** plays · **28** wins" in (await logbook.stats(ME, chart=False)).facts[1]


@pytest.mark.parametrize(
    ("day", "message"),
    [
        ("0001-01-01", "from 1970-01-01"),
        ("1969-12-31", "from 1970-01-01"),
        ("9999-12-31", "future"),
        ("2026-11-23", "future"),
        ("2026-13-01", "YYYY-MM-DD"),
    ],
)
async def test_play_dates_outside_the_calendar_are_refused(logbook, day, message):
    with pytest.raises(InputError, match=message):
        await logbook.log_play(ME, "gwt", "Sam", outcome="win", day=day)
    reply = await logbook.log_play(ME, "gwt", "Sam", outcome="win", day="1970-01-01")
    play_id = int(reply.facts[0].split("`#")[1].split("`")[0])
    with pytest.raises(InputError, match=message):
        await logbook.edit_play(ME, play_id, day=day)
    assert (await logbook.log_play(ME, "gwt", "Sam", outcome="win", day="2026-11-22")).ok


@pytest.mark.parametrize(
    "played_at",
    ["0001-01-01T00:00:00+05:00", "9999-12-31T23:00:00-05:00", "1900-01-01T00:00:00"],
)
async def test_csv_dates_outside_the_calendar_are_refused(logbook, played_at):
    with pytest.raises(InputError, match="Line 2"):
        await logbook.import_csv(ME, csv_of(f"{played_at},gwt,Sam,win,10,5,,,"))


@pytest.mark.parametrize(
    ("played_at", "message"),
    [
        ("0001-01-01T00:00:00+14:00", "Plays are dated from 1970-01-01 on."),
        ("9999-12-31T23:00:00-05:00", "That date is in the future."),
        ("2026-02-30T10:00:00", "`played_at` must be an ISO date and time."),
    ],
)
async def test_a_csv_date_out_of_range_says_so_not_that_it_is_no_date(logbook, played_at, message):
    with pytest.raises(InputError) as refused:
        await logbook.import_csv(ME, csv_of(f"{played_at},gwt,Sam,win,10,5,,,"))
    assert str(refused.value) == f"Line 2: {message} Nothing was imported."


async def test_stats_survive_odd_days_already_stored(db, logbook):
    async with looking(db) as conn:
        for day in (-800_000, 0, 3_000_000):  # before year 1, the epoch, beyond 9999
            await conn.execute(
                insert(PlayRow).values(
                    user_id=1,
                    game_key="gwt",
                    opponent="Sam",
                    score=10,
                    opponent_score=5,
                    outcome="win",
                    played_at=NOW,
                    local_day=day,
                    created_at=NOW,
                )
            )
    stats = await logbook.stats(ME)
    assert "**3** plays" in stats.facts[1] and stats.files[0][1].startswith(b"\x89PNG")
    assert "????-??-??" in "\n".join((await logbook.history(ME)).facts)


@pytest.mark.parametrize(
    "data",
    [
        HEADER.replace("\n", "\r").encode()
        + b"2026-01-01T10:00:00+00:00,gwt,Sam,win,10,5,,,\r"
        + b"2026-01-02T10:00:00+00:00,gwt,Sam,loss,1,5,,,\r",
        csv_of(
            "2026-01-01T10:00:00+00:00,gwt,Sam,win,10,5,,,",
            "2026-01-02T10:00:00,gwt,Sam,loss,1,5,,,",
        ).replace(b"\n", b"\r\n"),
    ],
    ids=["CR only", "CRLF"],
)
async def test_any_line_ending_reads(logbook, data):
    assert "Imported 2 plays" in (await logbook.import_csv(ME, data)).facts[0]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            csv_of("2026-01-01T10:00:00+00:00,gwt," + "S" * 140_000 + ",win,10,5,,,"),
            "cannot be read",
        ),
        (csv_of("2026-01-01T10:00:00+00:00,gwt,Sam,win,10,5,,," + "x" * 20_000), "longer"),
        (
            csv_of(
                "2026-01-01T10:00:00+00:00,gwt,Sam,win,10,5,9223372036854775808,18446744073709551616,bot"
            ),
            None,
        ),
        (b'played_at,game,opponent,outcome\n"unclosed,gwt,Sam,win\n', None),
    ],
    ids=["field over the csv limit", "long field", "ids of 2^63 and 2^64", "open quote"],
)
async def test_hostile_csv_is_refused_in_one_line_or_imported_safely(db, logbook, data, message):
    try:
        reply = await logbook.import_csv(ME, data)
    except SoloistError as exc:
        assert message is None or message in str(exc)
        assert "\n" not in str(exc)
        return
    assert message is None, reply.facts
    async with looking(db) as session:
        plays = list(await session.scalars(select(PlayRow)))
    assert [(p.guild_id, p.channel_id, p.source) for p in plays] == [(10, 100, "imported")]
