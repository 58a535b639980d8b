"""The logbook: records, outcomes by each game's rule, streaks in the player's own days."""

from datetime import UTC, datetime, timedelta

import pytest

from bot.core.errors import InputError, NotAllowed
from bot.core.reply import Ctx
from bot.logbook.catalogue import outcome_of
from bot.logbook.service import LogbookService
from bot.store.database import orm
from bot.store.models import GameRow
from bot.table.service import TableService
from tests.looks import edit, looking

ME = Ctx(guild_id=10, channel_id=100, user_id=1)
YOU = Ctx(guild_id=10, channel_id=100, user_id=2)


class Clock:
    def __init__(self, moment: datetime) -> None:
        self.moment = moment

    def __call__(self) -> datetime:
        return self.moment


@pytest.fixture
def clock():
    return Clock(datetime(2026, 11, 21, 12, 0, tzinfo=UTC))


@pytest.fixture
def logbook(db, clock):
    return LogbookService(db, clock)


def stat(reply, label):
    line = next(f for f in reply.facts if label in f)
    return line


async def at(logbook, clock, when: datetime, ctx=ME, **play):
    clock.moment = when
    play = {"score": 10, "opponent_score": 5} | play
    return await logbook.log_play(ctx, play.pop("game", "gwt"), play.pop("opponent", "Sam"), **play)


async def streaks(logbook, ctx=ME):
    from bot.logbook import queries

    def job(session):
        today = logbook._today(session, ctx.user_id)
        f = queries.Filters(user_id=ctx.user_id)
        return queries.play_streaks(session, f, today), queries.win_streaks(session, f)

    return await logbook.db.read(orm(job))


@pytest.mark.parametrize(
    ("game", "opponent", "outcome"),
    [
        ("gah", "Leopold", "loss"),
        ("glasgow", "Freddy II", "loss"),
        ("gwt", "Sam", "tie"),
        ("alea", "Alea", "tie"),
        ("waterdeep", "Pseudo", "tie"),
    ],
)
def test_a_tie_follows_each_games_rule(game, opponent, outcome):
    assert outcome_of(game, opponent, 50, 50) == outcome
    assert outcome_of(game, opponent, 51, 50) == "win"


async def test_finishing_a_leopold_game_records_a_play(db, logbook):
    table = TableService(db)
    start = await table.start(ME, "gah", {"difficulty": "hard", "emperor_vp_variant": "S2"}, 7)
    await table.act(ME, "gah", {"command": "turn", "queue": "Y3 B0 R2 G4 Y0", "dice": "1:1"})
    await edit(
        db,
        GameRow,
        start.game_id,
        lambda row: setattr(row, "state", {**row.state, "phase": "final"}),
    )
    # Leopold has 4 VP for his guest and 1 for a floor-1 room: 5 to 5 is a tie, his win.
    done = await table.act(ME, "gah", {"command": "final", "player_score": 5})
    assert "logbook" in done.text
    history = await logbook.history(ME)
    line = history.facts[1]
    assert "Grand Austria Hotel vs Leopold (hard) — **loss** 5–5" in line
    assert f"game #{start.game_id}" in line
    async with looking(db) as session:
        from sqlalchemy import select

        from bot.store.models import PlayRow

        play = (await session.execute(select(PlayRow))).scalar_one()
    assert play.turns == 1 and play.duration_seconds is not None and play.source == "bot"


async def test_an_abandoned_game_is_recorded_but_never_a_loss(db, logbook):
    table = TableService(db)
    await table.start(ME, "gah", {"difficulty": "easy"}, 3)
    await table.abandon(ME)
    stats = await logbook.stats(ME, chart=False)
    assert "**0** plays" in stats.facts[1] and "0 losses" in stats.facts[1]
    assert "1 abandoned" in stats.facts[1]
    assert "**abandoned**" in (await logbook.history(ME)).facts[1]


async def test_alea_game_records_both_players_who_took_part(db, logbook):
    table = TableService(db)
    await table.start(ME, "alea", {"mode": "virtual"}, 3, players=[YOU.user_id])
    await table.act(YOU, "alea", {"command": "supply_empty"})
    await table.act(ME, "alea", {"command": "end", "score": 40, "partner_score": 42})
    mine, yours = (await logbook.history(ME)).facts[1], (await logbook.history(YOU)).facts[1]
    assert "vs <@2> (with Alea) — **loss** 40–42" in mine  # Alea never scores
    assert "vs <@1> (with Alea) — **win** 42–40" in yours


async def test_alea_writes_the_partner_named_at_the_start_into_their_logbook(db, logbook):
    """Fifth Avenue's partner is named at the start as the other real player at the table:
    their play is written whether or not they typed a command (issue 41, item 6); the game
    is theirs once, also when they end it themselves. An abandoned game writes only who took
    part, as before."""
    table = TableService(db)
    await table.start(ME, "alea", {"mode": "virtual"}, 3, players=[YOU.user_id])
    await table.act(ME, "alea", {"command": "supply_empty"})
    ended = await table.act(ME, "alea", {"command": "end", "score": 40, "partner_score": 92})
    assert "It is in <@2>'s logbook too, from their seat." in ended.facts
    assert "issued no command" not in "\n".join(ended.facts)
    assert "**loss** 40–92" in (await logbook.history(ME)).facts[1]
    assert "vs <@1> (with Alea) — **win** 92–40" in (await logbook.history(YOU)).facts[1]
    await table.start(ME, "alea", {"mode": "virtual"}, 4, players=[YOU.user_id])
    await table.act(ME, "alea", {"command": "supply_empty"})
    await table.act(YOU, "alea", {"command": "end", "score": 40, "partner_score": 42})
    assert "**2** plays" in (await logbook.stats(YOU, chart=False)).facts[1]  # not twice
    await table.start(ME, "alea", {"mode": "virtual"}, 5, players=[YOU.user_id])
    await table.abandon(ME)
    assert "abandoned" not in (await logbook.stats(YOU, chart=False)).facts[1]


async def test_play_streak_counts_days_in_the_players_timezone(logbook, clock):
    await logbook.set_timezone(ME, "Europe/Vienna")
    # 22:30 and 23:30 UTC on the same UTC day are two Vienna days (23:30 and 00:30 local).
    await at(logbook, clock, datetime(2026, 1, 10, 22, 30, tzinfo=UTC))
    await at(logbook, clock, datetime(2026, 1, 10, 23, 30, tzinfo=UTC))
    (current, best, _), _ = await streaks(logbook)
    assert (current, best) == (2, 2)
    await logbook.set_timezone(ME, "UTC")  # re-dated: one UTC day
    (current, best, _), _ = await streaks(logbook)
    assert (current, best) == (1, 1)


async def test_play_streak_across_a_dst_change(logbook, clock):
    await logbook.set_timezone(ME, "America/New_York")
    # Clocks went back on 2026-11-01: local midnight moves from 04:00 to 05:00 UTC.
    await at(logbook, clock, datetime(2026, 10, 31, 23, 30, tzinfo=UTC))  # Oct 31, 19:30 EDT
    await at(logbook, clock, datetime(2026, 11, 2, 4, 30, tzinfo=UTC))  # Nov 1, 23:30 EST
    await at(logbook, clock, datetime(2026, 11, 2, 5, 30, tzinfo=UTC))  # Nov 2, 00:30 EST
    (current, best, _), _ = await streaks(logbook)
    assert (current, best) == (3, 3)


async def test_one_missing_day_breaks_the_play_streak(logbook, clock):
    start = datetime(2026, 3, 1, 12, tzinfo=UTC)
    for offset in (0, 1, 2, 4, 5):
        await at(logbook, clock, start + timedelta(days=offset))
    (current, best, _), _ = await streaks(logbook)
    assert (current, best) == (2, 3)
    clock.moment = start + timedelta(days=6)  # yesterday's streak is still alive
    assert (await streaks(logbook))[0][0] == 2
    clock.moment = start + timedelta(days=7)  # two days without a play: it is over
    assert (await streaks(logbook))[0][0] == 0


async def test_win_streaks_are_broken_by_losses_and_ties_but_not_by_abandoned(db, logbook, clock):
    start = datetime(2026, 3, 1, 12, tzinfo=UTC)
    for i, (a, b) in enumerate([(9, 1), (9, 1), (1, 9), (9, 1), (5, 5), (9, 1), (9, 1), (9, 1)]):
        await at(logbook, clock, start + timedelta(hours=i), score=a, opponent_score=b)
    table = TableService(db)
    await table.start(ME, "gah", {}, 1)
    await table.abandon(ME)
    _, (current, best) = await streaks(logbook)
    assert (current, best) == (3, 3)


async def test_stats_averages_margins_and_filters(logbook, clock):
    await at(logbook, clock, clock.moment, score=20, opponent_score=10)
    await at(
        logbook,
        clock,
        clock.moment,
        game="gah",
        opponent="Leopold",
        difficulty="hard",
        score=5,
        opponent_score=10,
    )
    everything = await logbook.stats(ME)
    assert "average +2.5, best +10" in everything.facts[2]
    assert everything.files[0][1].startswith(b"\x89PNG")
    hard = await logbook.stats(ME, game="gah", difficulty="hard", chart=False)
    assert "**1** plays · **0** wins · 1 losses" in hard.facts[1]


async def test_no_editing_or_deleting_someone_elses_play(logbook):
    play = await logbook.log_play(ME, "gwt", "Sam", outcome="win")
    play_id = int(play.facts[0].split("`#")[1].split("`")[0])
    with pytest.raises(NotAllowed):
        await logbook.edit_play(YOU, play_id, outcome="loss")
    with pytest.raises(NotAllowed):
        await logbook.delete_play(YOU, play_id)
    changed = await logbook.edit_play(ME, play_id, score=3, opponent_score=4)
    assert "**loss** 3–4" in changed.facts[0]
    await logbook.delete_play(ME, play_id)
    assert "No plays" in (await logbook.history(ME)).facts[1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("gah", None, {"outcome": "win"}), "Name the opponent you played against: Leopold"),
        (("gah", "Sam"), "no opponent"),
        (("gah", "Leopold", {"difficulty": "insane"}), "difficulty"),
        (("glasgow", "Freddy I", {"difficulty": "easy"}), "no difficulty"),
        (("gah", "Leopold", {}), "both scores"),
        (("gah", "Leopold", {"score": 5, "opponent_score": 5, "outcome": "win"}), "loss"),
        (("gah", "Leopold", {"outcome": "win", "day": "2099-01-01"}), "future"),
        (("gah", "Leopold", {"outcome": "win", "modules": "4"}), "module"),
    ],
)
async def test_logging_rejects_what_the_registry_does_not_know(logbook, args, message):
    game, opponent, *rest = args
    with pytest.raises(InputError, match=message):
        await logbook.log_play(ME, game, opponent, **(rest[0] if rest else {}))


async def test_timezone_must_be_an_iana_name(logbook):
    with pytest.raises(InputError, match="IANA"):
        await logbook.set_timezone(ME, "Mars/Olympus")


async def test_export_and_import_round_trip_with_duplicates_detected(logbook, clock):
    now = clock.moment
    await at(logbook, clock, now - timedelta(days=1), score=3, opponent_score=4)
    await at(
        logbook,
        clock,
        now,
        game="gah",
        opponent="Leopold",
        difficulty="hard",
        score=90,
        opponent_score=80,
        modules="3 5",
    )
    exported = await logbook.export(ME)
    csv_data = next(data for name, data in exported.files if name.endswith(".csv"))
    imported = await logbook.import_csv(YOU, csv_data)
    assert "Imported 2 plays; skipped 0" in imported.facts[0]
    again = await logbook.import_csv(YOU, csv_data)
    assert "Imported 0 plays; skipped 2" in again.facts[0]
    mine = await logbook.stats(ME, chart=False)
    yours = await logbook.stats(YOU, chart=False)
    assert mine.facts[1:] == yours.facts[1:]
    theirs = (await logbook.export(YOU)).files[0][1].split(b"\n")[1:-1]
    assert [line.rsplit(b",", 1)[0] for line in theirs] == [
        line.rsplit(b",", 1)[0] for line in csv_data.split(b"\n")[1:-1]
    ]
    assert all(line.endswith(b",imported") for line in theirs)  # marked, whatever the file said


async def test_a_bad_csv_row_is_reported_with_its_line_and_nothing_is_imported(logbook):
    data = (
        b"played_at,game,opponent,outcome,score,opponent_score\n"
        b"2026-01-01T10:00:00+00:00,gwt,Sam,win,10,5\n"
        b"2026-01-02T10:00:00+00:00,gah,Leopold,win,50,50\n"
    )
    with pytest.raises(InputError, match="Line 3: The scores 50–50 make a loss"):
        await logbook.import_csv(ME, data)
    assert "No plays" in (await logbook.history(ME)).facts[1]
    with pytest.raises(InputError, match="columns"):
        await logbook.import_csv(ME, b"a,b\n1,2\n")


async def test_leaderboard_ranks_wins_rate_and_streaks(logbook, clock):
    now = clock.moment
    for i in range(6):
        await at(logbook, clock, now - timedelta(days=i), ctx=ME)
    for i in range(5):
        await at(
            logbook,
            clock,
            now - timedelta(days=2 * i),
            ctx=YOU,
            score=1 if i else 9,
            opponent_score=5,
        )
    board = await logbook.leaderboard(ME)
    wins, rate, streak = board.facts
    assert wins.splitlines()[1:] == ["1. <@1> 6", "2. <@2> 1"]
    assert rate.splitlines()[1:] == ["1. <@1> 100%", "2. <@2> 20%"]
    assert streak.splitlines()[1:] == ["1. <@1> 6", "2. <@2> 1"]
    week = await logbook.leaderboard(ME, period="week")
    assert week.facts[0].splitlines()[1] == "1. <@1> 6"
