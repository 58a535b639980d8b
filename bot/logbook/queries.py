"""Stats, streaks and leaderboards, computed by the database (window functions), not in Python."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Select, case, func, select
from sqlalchemy.orm import Session

from bot.logbook.catalogue import DECIDED
from bot.logbook.chart_data import Play
from bot.store.models import ChallengeEntryRow, PlayRow

P = PlayRow
E = ChallengeEntryRow


def ranked(challenge_id: int) -> list[Any]:
    """A challenge's ranked attempts (bot.table.contest_standings.Entry.ranked)."""
    return [
        E.challenge_id == challenge_id,
        E.status == "finished",
        E.score.is_not(None),
        E.opponent_score.is_not(None),
    ]


NOT_PLAYED_HERE = ("imported", "import")  # "import": what older versions wrote


@dataclass(frozen=True)
class Filters:
    user_id: int | None = None
    guild_id: int | None = None
    game: str | None = None
    opponent: str | None = None
    difficulty: str | None = None
    since_day: int | None = None  # local day number: plays on or after it
    played_here: bool = False  # leaderboards: only plays recorded here, not imported ones
    campaign: str | None = None
    channel_id: int | None = None  # a thread is its own channel: a play-by-post campaign
    challenge_id: int | None = None  # the plays of one server challenge

    def where(self) -> list[Any]:
        clauses: list[Any] = []
        for column, value in (
            (P.user_id, self.user_id),
            (P.guild_id, self.guild_id),
            (P.game_key, self.game),
            (P.opponent, self.opponent),
            (P.difficulty, self.difficulty),
            (P.campaign, self.campaign),
            (P.channel_id, self.channel_id),
            (P.challenge_id, self.challenge_id),
        ):
            if value is not None:
                clauses.append(column == value)
        if self.since_day is not None:
            clauses.append(P.local_day >= self.since_day)
        if self.played_here:
            clauses.append(P.source.not_in(NOT_PLAYED_HERE))
        if self.challenge_id is not None:  # a challenge counts its ranked attempts only, as
            # its standings do (an incomplete, voided or unconfirmed one is not one)
            clauses.append(P.game_id.in_(select(E.game_id).where(*ranked(self.challenge_id))))
        return clauses


@dataclass
class Stats:
    plays: int = 0
    wins: int = 0
    losses: int = 0
    ties: int = 0
    abandoned: int = 0
    average_margin: float | None = None
    best_margin: int | None = None
    win_streak: int = 0
    best_win_streak: int = 0
    play_streak: int = 0
    best_play_streak: int = 0
    last_day: int | None = None

    @property
    def win_rate(self) -> float | None:
        decided = self.wins + self.losses + self.ties
        return self.wins / decided if decided else None


def _count(condition: Any) -> Any:
    return func.coalesce(func.sum(case((condition, 1), else_=0)), 0)


def totals(session: Session, f: Filters) -> Stats:
    margin = case((P.outcome != "abandoned", P.score - P.opponent_score))
    row = (
        session.execute(
            select(
                _count(P.outcome != "abandoned"),
                _count(P.outcome == "win"),
                _count(P.outcome == "loss"),
                _count(P.outcome == "tie"),
                _count(P.outcome == "abandoned"),
                func.avg(margin),
                func.max(margin),
            ).where(*f.where())
        )
    ).one()
    plays, wins, losses, ties, abandoned, avg, best = row
    return Stats(
        plays=int(plays),
        wins=int(wins),
        losses=int(losses),
        ties=int(ties),
        abandoned=int(abandoned),
        average_margin=float(avg) if avg is not None else None,
        best_margin=int(best) if best is not None else None,
    )


def _win_groups(f: Filters) -> Select[Any]:
    """Decided plays in order, numbered by how many non-wins came before (gaps and islands)."""
    breaks = func.sum(case((P.outcome == "win", 0), else_=1)).over(
        partition_by=P.user_id, order_by=(P.played_at, P.id)
    )
    return select(P.user_id, P.outcome, breaks.label("grp")).where(
        P.outcome.in_(DECIDED), *f.where()
    )


def win_streaks(session: Session, f: Filters) -> tuple[int, int]:
    """(current, best) runs of consecutive wins."""
    ordered = _win_groups(f).subquery()
    runs = (
        select(ordered.c.grp, func.count().label("n"))
        .where(ordered.c.outcome == "win")
        .group_by(ordered.c.grp)
        .subquery()
    )
    best = session.scalar(select(func.coalesce(func.max(runs.c.n), 0)))
    last_group = select(func.max(ordered.c.grp)).scalar_subquery()
    current = session.scalar(
        select(func.count()).where(ordered.c.outcome == "win", ordered.c.grp == last_group)
    )
    return int(current or 0), int(best or 0)


def _day_islands(f: Filters) -> Any:
    days = (
        select(P.user_id, P.local_day)
        .where(P.outcome != "abandoned", *f.where())
        .distinct()
        .subquery()
    )
    rank = func.row_number().over(partition_by=days.c.user_id, order_by=days.c.local_day)
    numbered = select(
        days.c.user_id, days.c.local_day, (days.c.local_day - rank).label("grp")
    ).subquery()
    return (
        select(
            numbered.c.user_id,
            func.count().label("n"),
            func.max(numbered.c.local_day).label("last_day"),
        )
        .group_by(numbered.c.user_id, numbered.c.grp)
        .subquery()
    )


def play_streaks(session: Session, f: Filters, today: int) -> tuple[int, int, int | None]:
    """(current, best, last day played): consecutive days with at least one play. A streak is
    still current if its last day is today or yesterday in the player's timezone."""
    islands = _day_islands(f)
    best, last = (
        session.execute(
            select(func.coalesce(func.max(islands.c.n), 0), func.max(islands.c.last_day))
        )
    ).one()
    current = 0
    if last is not None and last >= today - 1:
        current = session.scalar(select(islands.c.n).where(islands.c.last_day == last))
    return int(current or 0), int(best or 0), last


def stats(session: Session, f: Filters, today: int) -> Stats:
    result = totals(session, f)
    result.win_streak, result.best_win_streak = win_streaks(session, f)
    result.play_streak, result.best_play_streak, result.last_day = play_streaks(session, f, today)
    return result


def chart_plays(session: Session, f: Filters, first: int, last: int) -> list[Play]:
    """The plays behind the /stats picture, in the order they were played (abandoned ones
    left out), dated between `first` and `last` (a stored oddity never reaches a chart)."""
    rows = session.execute(
        select(
            P.game_key,
            P.opponent,
            P.difficulty,
            P.local_day,
            P.outcome,
            P.score,
            P.opponent_score,
            P.game_name,
        )
        .where(P.outcome != "abandoned", P.local_day.between(first, last), *f.where())
        .order_by(P.played_at, P.id)
    )
    return [Play(*row) for row in rows]


def leaderboard(
    session: Session, f: Filters, min_plays: int, limit: int = 10
) -> dict[str, list[tuple[int, float]]]:
    """Per category, the top players as (user_id, value)."""
    decided = _count(P.outcome.in_(DECIDED))
    wins = _count(P.outcome == "win")
    per_user = (
        select(P.user_id, wins.label("wins"), decided.label("decided"))
        .where(P.outcome != "abandoned", *f.where())
        .group_by(P.user_id)
        .subquery()
    )
    by_wins = session.execute(
        select(per_user.c.user_id, per_user.c.wins)
        .where(per_user.c.wins > 0)
        .order_by(per_user.c.wins.desc(), per_user.c.user_id)
        .limit(limit)
    )
    rate = (per_user.c.wins * 1.0 / per_user.c.decided).label("rate")
    by_rate = session.execute(
        select(per_user.c.user_id, rate)
        .where(per_user.c.decided >= min_plays)
        .order_by(rate.desc(), per_user.c.decided.desc(), per_user.c.user_id)
        .limit(limit)
    )
    islands = _day_islands(f)
    longest = func.max(islands.c.n).label("longest")
    by_streak = session.execute(
        select(islands.c.user_id, longest)
        .group_by(islands.c.user_id)
        .order_by(longest.desc(), islands.c.user_id)
        .limit(limit)
    )
    return {
        "wins": [(int(u), float(v)) for u, v in by_wins],
        "win rate": [(int(u), float(v)) for u, v in by_rate],
        "longest play streak": [(int(u), float(v)) for u, v in by_streak],
    }
