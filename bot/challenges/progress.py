"""A challenge's progress from the player's plays: each game's count (capped at M), what is
left, and the pace that finishes it by its last day. Pure: the plays come in, in the order
they were played."""

from __future__ import annotations

import math
from dataclasses import dataclass

from bot.challenges.terms import Entry, Terms


@dataclass(frozen=True)
class Play:
    """What a challenge reads of a logged play (abandoned games are no plays)."""

    day: int  # the player's local day
    game: str
    opponent: str
    level: str | None
    shared: bool  # another real player took part


@dataclass
class Row:
    """One game of the challenge; `entry` None is a game not yet chosen (any games)."""

    entry: Entry | None
    count: int  # the plays that count for it, before the cap
    of: int

    @property
    def counted(self) -> int:
        return min(self.count, self.of)

    @property
    def done(self) -> bool:
        return self.count >= self.of


@dataclass
class Progress:
    terms: Terms
    rows: list[Row]
    today: int
    finished_day: int | None  # the local day of the play that completed it

    @property
    def done(self) -> int:
        return sum(row.counted for row in self.rows)

    @property
    def left(self) -> int:
        return self.terms.total - self.done

    @property
    def open_games(self) -> int:
        return sum(row.entry is None for row in self.rows)

    @property
    def state(self) -> str:
        """finished, ended (its last day passed short of the total), waiting (not begun yet)
        or running."""
        if self.left == 0:
            return "finished"
        if self.today > self.terms.last_day:
            return "ended"
        return "waiting" if self.today < self.terms.first_day else "running"

    @property
    def days_left(self) -> int:
        """Days to play in, today included (all of them before the start)."""
        start = max(self.today, self.terms.first_day)
        return max(0, self.terms.last_day - start + 1)

    @property
    def per_week(self) -> float | None:
        """Plays a week that finish it on its last day, rounded up to a tenth; None once it
        is finished or over."""
        if self.state in ("finished", "ended"):
            return None
        return math.ceil(self.left * 7 / self.days_left * 10 - 1e-9) / 10


def counts(terms: Terms, plays: list[Play]) -> list[Play]:
    """The plays inside the challenge's period that its terms count (solo ones only, if so)."""
    return [
        play
        for play in plays
        if terms.first_day <= play.day <= terms.last_day and not (terms.solo and play.shared)
    ]


def progress(terms: Terms, plays: list[Play], today: int) -> Progress:
    """Picked games count the plays that match them; any games take the first N different
    games played, in the order first played, and later games count for nothing."""
    rows = [Row(entry, 0, terms.plays) for entry in terms.pick or ()]
    finished = None
    for play in counts(terms, plays):
        row = next(
            (r for r in rows if r.entry and r.entry.matches(play.game, play.opponent, play.level)),
            None,
        )
        if row is None and terms.pick is None and len(rows) < terms.games:
            row = Row(Entry(play.game), 0, terms.plays)
            rows.append(row)
        if row is None:
            continue
        row.count += 1
        if finished is None and sum(r.counted for r in rows) == terms.total:
            finished = play.day
    rows += [Row(None, 0, terms.plays) for _ in range(terms.games - len(rows))]
    return Progress(terms, rows, today, finished)
