"""What the /stats picture shows, worked out from a player's plays (no drawing here, so it is
tested without matplotlib): per game and opponent the score and the margin of each scored
play, win rates by difficulty, plays per month and per day over the calendar's twelve months."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from bot.logbook.catalogue import DECIDED, catalogue
from bot.logbook.timezones import day_date

MAX_SERIES = 4  # lines a phone-sized panel keeps apart; the rest count as "other" plays
WEEKS = 53  # the calendar: the last twelve months, whole weeks (Monday to Sunday)
MONTHS = 12


@dataclass(frozen=True)
class Play:
    """One play as the logbook holds it (abandoned plays never get here)."""

    game: str
    opponent: str
    difficulty: str | None
    day: int
    outcome: str
    score: int | None
    opponent_score: int | None


@dataclass(frozen=True)
class Scored:
    """A play with the player's score: a point on the score line, and on the margin line
    when the opponent's score is known too."""

    day: int
    score: int
    margin: int | None
    won: bool


@dataclass
class Series:
    """One game and opponent."""

    game: str
    opponent: str
    plays: int = 0
    scored: list[Scored] = field(default_factory=list)


@dataclass(frozen=True)
class WinRate:
    series: int  # index into StatsChart.series
    difficulty: str | None  # None: the play named none, or the opponent has no levels
    wins: int
    decided: int

    @property
    def rate(self) -> float:
        return self.wins / self.decided


@dataclass(frozen=True)
class Month:
    year: int
    month: int
    plays: tuple[int, ...]  # per shown series, then the other plays


@dataclass
class StatsChart:
    series: list[Series]
    rates: list[WinRate]
    months: list[Month]
    first_day: int  # the calendar's first day, a Monday
    last_day: int  # its last day: today, or the filtered period's last play
    per_day: dict[int, int]


def window_end(days: list[int], today: int, scoped: bool) -> int:
    """The calendar ends today; a campaign or thread (a period of its own) ends at its last
    play, when that lies in the past."""
    if scoped and days:
        return min(today, max(days))
    return today


def levels() -> list[str]:
    """Every difficulty the catalogue knows, easiest first (easy, medium, hard)."""
    found: list[str] = []
    for entry in catalogue().values():
        for opponent in entry.opponents.values():
            found.extend(level for level in opponent.difficulties if level not in found)
    return found


def _level_order(difficulty: str | None) -> tuple[int, str]:
    """Easiest first, an unknown level after the known ones, no level last."""
    known = levels()
    if difficulty is None:
        return (len(known) + 1, "")
    return (known.index(difficulty) if difficulty in known else len(known), difficulty)


def _month_before(year: int, month: int) -> tuple[int, int]:
    return (year - 1, 12) if month == 1 else (year, month - 1)


def prepare(plays: list[Play], end: int) -> StatsChart:
    """`plays` in the order they were played; `end` the calendar's last day (window_end)."""
    counts = Counter((p.game, p.opponent) for p in plays)
    games = list(catalogue())
    ranked = sorted(
        counts,
        key=lambda k: (-counts[k], games.index(k[0]) if k[0] in games else len(games), k),
    )
    shown = {key: i for i, key in enumerate(ranked[:MAX_SERIES])}
    series = [Series(game, opponent, counts[(game, opponent)]) for game, opponent in shown]
    decided: Counter[tuple[int, str | None]] = Counter()
    wins: Counter[tuple[int, str | None]] = Counter()
    for play in plays:
        index = shown.get((play.game, play.opponent))
        if index is None:
            continue
        if play.score is not None:
            margin = play.score - play.opponent_score if play.opponent_score is not None else None
            series[index].scored.append(Scored(play.day, play.score, margin, play.outcome == "win"))
        if play.outcome in DECIDED:
            decided[(index, play.difficulty)] += 1
            wins[(index, play.difficulty)] += play.outcome == "win"
    rates = [
        WinRate(index, level, wins[(index, level)], n)
        for (index, level), n in sorted(
            decided.items(),
            key=lambda item: (_level_order(item[0][1]), item[0][0]),
        )
    ]
    last = day_date(end)
    first_day = end - last.weekday() - 7 * (WEEKS - 1)
    per_day = Counter(p.day for p in plays if first_day <= p.day <= end)
    year, month = last.year, last.month
    keys = []
    for _ in range(MONTHS):
        keys.append((year, month))
        year, month = _month_before(year, month)
    keys.reverse()
    monthly: dict[tuple[int, int], list[int]] = {k: [0] * (len(series) + 1) for k in keys}
    for play in plays:
        when = day_date(play.day)
        row = monthly.get((when.year, when.month))
        if row is not None and play.day <= end:
            row[shown.get((play.game, play.opponent), len(series))] += 1
    months = [Month(y, m, tuple(monthly[(y, m)])) for y, m in keys]
    return StatsChart(series, rates, months, first_day, end, dict(per_day))
