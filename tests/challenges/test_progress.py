"""A challenge's progress from plays: any games take the first N different games played, picked
games count what matches them, each game stops counting at M, and the pace finishes on time."""

from datetime import date

from bot.challenges.progress import Play, progress
from bot.challenges.terms import Entry, Terms
from bot.logbook.timezones import EPOCH


def day(text: str) -> int:
    return (date.fromisoformat(text) - EPOCH).days


YEAR = (day("2026-01-01"), day("2026-12-31"))


def terms(games=3, plays=2, pick=None, solo=False, period=YEAR) -> Terms:
    return Terms("t", games, plays, period[0], period[1], pick, solo)


def play(when: str, game: str, opponent: str = "x", level=None, shared=False) -> Play:
    return Play(day(when), game, opponent, level, shared)


PLAYS = [
    play("2026-01-05", "gwt", "Sam"),
    play("2026-01-06", "glasgow", "Freddy I"),
    play("2026-01-07", "gwt", "Sam"),
    play("2026-01-08", "gwt", "Sam"),  # a third: beyond M = 2, counts for nothing
    play("2026-01-09", "waterdeep", "Pseudo"),
    play("2026-01-10", "gah", "Leopold", "hard"),  # a fourth game: no place left
]


def test_any_games_take_the_first_n_different_games_in_the_order_first_played():
    found = progress(terms(), PLAYS, day("2026-02-01"))
    shown = [(row.entry.game, row.count, row.counted) for row in found.rows]
    assert shown == [("gwt", 3, 2), ("glasgow", 1, 1), ("waterdeep", 1, 1)]
    assert (found.done, found.left, found.open_games) == (4, 2, 0)


def test_picked_games_count_only_the_plays_that_match_them_in_the_picked_order():
    pick = (Entry("gah", "Leopold", "hard"), Entry("glasgow", "Freddy II"), Entry("gwt"))
    found = progress(terms(pick=pick), PLAYS, day("2026-02-01"))
    assert [(row.entry.code, row.counted) for row in found.rows] == [
        ("gah:Leopold:hard", 1),
        ("glasgow:Freddy II", 0),  # the Freddy I play is another game
        ("gwt", 2),
    ]
    assert found.done == 3


def test_places_not_yet_taken_stay_open_until_new_games_are_played():
    found = progress(terms(games=3), PLAYS[:1], day("2026-02-01"))
    assert [row.entry for row in found.rows][1:] == [None, None]
    assert found.open_games == 2


def test_solo_only_leaves_out_plays_with_another_real_player():
    shared = [play("2026-01-02", "alea", "Alea", shared=True), *PLAYS]
    everything = progress(terms(), shared, day("2026-02-01"))
    assert [row.entry.game for row in everything.rows] == ["alea", "gwt", "glasgow"]
    solo = progress(terms(solo=True), shared, day("2026-02-01"))
    assert [row.entry.game for row in solo.rows] == ["gwt", "glasgow", "waterdeep"]


def test_only_plays_inside_the_period_count_its_first_and_last_day_included():
    period = (day("2026-01-06"), day("2026-01-09"))
    found = progress(terms(period=period), PLAYS, day("2026-01-08"))
    assert [(row.entry.game, row.count) for row in found.rows if row.entry] == [
        ("glasgow", 1),
        ("gwt", 2),
        ("waterdeep", 1),
    ]


def test_the_pace_spreads_what_is_left_over_the_days_left_today_included_rounded_up():
    found = progress(terms(games=5, plays=10), PLAYS, day("2026-10-01"))
    assert found.left == 50 - 6  # gwt 3, glasgow, waterdeep, gah
    assert found.days_left == 92  # 1 October to 31 December
    assert found.per_week == 3.4  # 44 × 7 / 92 = 3.35 a week: 3.3 would fall short
    assert found.state == "running"


def test_before_its_start_the_pace_uses_the_whole_period_and_after_its_end_there_is_none():
    later = (day("2027-01-01"), day("2027-12-31"))
    waiting = progress(terms(games=5, plays=10, period=later), PLAYS, day("2026-06-01"))
    assert waiting.state == "waiting" and waiting.days_left == 365
    assert waiting.per_week == 1.0  # 50 × 7 / 365 = 0.96
    ended = progress(terms(), PLAYS, day("2027-01-01"))
    assert ended.state == "ended" and ended.per_week is None and ended.left == 2


def test_the_day_of_the_play_that_completes_it_is_the_finish():
    found = progress(terms(games=2, plays=1), PLAYS, day("2026-02-01"))
    assert found.state == "finished" and found.per_week is None and found.left == 0
    assert found.finished_day == day("2026-01-06")  # gwt on the 5th, then Glasgow
