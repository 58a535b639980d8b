"""What the /stats picture shows, worked out from the plays before anything is drawn: each game
and opponent on its own (the old chart averaged every game of a day into one margin), win rates
by difficulty, plays per month and a calendar of the last twelve months or the filtered period."""

from datetime import date

from bot.logbook.chart_data import (
    MAX_SERIES,
    WEEKS,
    Play,
    Scored,
    WinRate,
    prepare,
    window_end,
)
from bot.logbook.timezones import EPOCH


def day(text: str) -> int:
    return (date.fromisoformat(text) - EPOCH).days


TODAY = day("2025-03-14")  # a Friday


def play(game, opponent, when, outcome, score=None, other=None, level=None):  # type: ignore[no-untyped-def]
    return Play(game, opponent, level, day(when), outcome, score, other)


def test_each_game_and_opponent_has_its_own_scores_and_margins_plays_without_a_score_left_out():
    plays = [
        play("gah", "Leopold", "2025-01-02", "win", 120, 100, "hard"),
        play("gwt", "Sam", "2025-01-02", "loss", 80, 95, "easy"),
        play("gah", "Leopold", "2025-01-05", "loss"),  # only the outcome was logged
        play("gwt", "Sam", "2025-01-09", "win", 101),  # only the player's score
        play("gah", "Leopold", "2025-02-01", "loss", 90, 110, "hard"),
    ]
    chart = prepare(plays, TODAY)
    leopold, sam = chart.series
    assert (leopold.game, leopold.opponent, leopold.plays) == ("gah", "Leopold", 3)
    assert leopold.scored == [
        Scored(day("2025-01-02"), 120, 20, won=True),
        Scored(day("2025-02-01"), 90, -20, won=False),
    ]
    assert (sam.game, sam.opponent, sam.plays) == ("gwt", "Sam", 2)
    assert sam.scored == [
        Scored(day("2025-01-02"), 80, -15, won=False),
        Scored(day("2025-01-09"), 101, None, won=True),  # a score, no margin
    ]


def test_win_rate_is_per_game_opponent_and_difficulty_easiest_first_and_only_decided_plays_count():
    plays = [
        play("gah", "Leopold", "2025-01-01", "win", level="hard"),
        play("gah", "Leopold", "2025-01-02", "loss", level="hard"),
        play("gah", "Leopold", "2025-01-03", "win", level="easy"),
        play("gah", "Leopold", "2025-01-04", "unscored", level="easy"),  # not decided
        play("glasgow", "Freddy II", "2025-01-05", "loss", 50, 60),  # no levels
        play("gwt", "Sam", "2025-01-06", "tie", 70, 70, "hard"),
        play("gah", "Leopold", "2025-01-07", "win"),  # logged without a difficulty
    ]
    chart = prepare(plays, TODAY)
    # the most played first; equals in the catalogue's order (GAH, GWT, Glasgow, ...)
    assert [(s.opponent, s.plays) for s in chart.series] == [
        ("Leopold", 5),
        ("Sam", 1),
        ("Freddy II", 1),
    ]
    assert chart.rates == [
        WinRate(0, "easy", wins=1, decided=1),
        WinRate(0, "hard", wins=1, decided=2),
        WinRate(1, "hard", wins=0, decided=1),
        WinRate(0, None, wins=1, decided=1),
        WinRate(2, None, wins=0, decided=1),
    ]


def test_plays_per_month_are_the_twelve_months_up_to_the_calendar_s_end_split_by_series():
    plays = [
        play("gah", "Leopold", "2024-03-31", "win"),  # thirteen months back: not shown
        play("gah", "Leopold", "2024-04-01", "win"),
        play("gwt", "Sam", "2024-04-20", "loss"),
        play("gah", "Leopold", "2025-03-01", "unscored"),  # counted here, not as a result
        play("gah", "Leopold", "2025-03-14", "loss"),
    ]
    chart = prepare(plays, TODAY)
    assert [(m.year, m.month) for m in chart.months][:2] == [(2024, 4), (2024, 5)]
    assert [(m.year, m.month) for m in chart.months][-1] == (2025, 3)
    assert len(chart.months) == 12
    assert chart.months[0].plays == (1, 1, 0)  # Leopold, Sam, the others
    assert chart.months[-1].plays == (2, 0, 0)
    assert sum(sum(m.plays) for m in chart.months) == 4


def test_only_the_four_most_played_opponents_get_a_line_the_rest_count_as_other_plays():
    plays = [
        *(play("gah", "Leopold", "2025-03-01", "win", 100, 90) for _ in range(5)),
        *(play("gah", "Elisabeth", "2025-03-02", "win", 100, 90) for _ in range(4)),
        *(play("gwt", "Sam", "2025-03-03", "win", 100, 90) for _ in range(3)),
        *(play("alea", "Alea", "2025-03-04", "win", 100, 90) for _ in range(2)),
        play("waterdeep", "Pseudo", "2025-03-05", "win", 118, 114),
    ]
    chart = prepare(plays, TODAY)
    assert MAX_SERIES == 4
    assert [s.opponent for s in chart.series] == ["Leopold", "Elisabeth", "Sam", "Alea"]
    assert chart.months[-1].plays == (5, 4, 3, 2, 1)
    assert all(rate.series < 4 for rate in chart.rates)


def test_the_calendar_is_53_whole_weeks_ending_today_with_plays_per_day():
    plays = [
        play("gah", "Leopold", "2025-03-14", "win"),
        play("gah", "Leopold", "2025-03-14", "loss"),
        play("gwt", "Sam", "2024-03-11", "win"),  # the calendar's first Monday
        play("gwt", "Sam", "2024-03-10", "win"),  # the Sunday before: outside
    ]
    chart = prepare(plays, TODAY)
    assert chart.last_day == TODAY
    assert chart.first_day == day("2024-03-11")
    assert (chart.last_day - chart.first_day) // 7 + 1 == WEEKS
    assert chart.per_day == {TODAY: 2, day("2024-03-11"): 1}


def test_a_campaign_or_thread_shows_its_own_period_ending_at_its_last_play():
    days = [day("2023-05-02"), day("2023-06-30")]
    assert window_end(days, TODAY, scoped=True) == day("2023-06-30")
    assert window_end(days, TODAY, scoped=False) == TODAY  # every play: the last twelve months
    assert window_end([TODAY + 1], TODAY, scoped=True) == TODAY  # never past today
    assert window_end([], TODAY, scoped=True) == TODAY
    chart = prepare([play("gah", "Leopold", "2023-06-30", "win")], day("2023-06-30"))
    assert chart.per_day == {day("2023-06-30"): 1}
    assert [(m.year, m.month) for m in chart.months][-1] == (2023, 6)
