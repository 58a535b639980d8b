"""A challenge attempt's result, written in the transaction that ends its game (finished or
abandoned), next to the logbook's plays: the owner's score, the opponent's, the outcome.

Only an attempt still `playing` takes a result: one the close found running is `unfinished`
and stays so (the close and the end lock the same entry row, so one of them wins)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Connection, bindparam

from bot.core.game import SeatResult
from bot.store.models import ChallengeEntryRow, GameRecord

ENTRIES = ChallengeEntryRow.__table__
ATTEMPT_ENDED = {
    "finished": (
        "Your result counts in the server challenge: `/challenge standings` shows your rank."
    ),
    "abandoned": "This attempt in the server challenge is used up: it counts, without a result.",
}
RECORD = (
    ENTRIES.update()
    .where(ENTRIES.c.game_id == bindparam("game"), ENTRIES.c.status == "playing")
    .values(
        status=bindparam("new_status"),
        score=bindparam("new_score"),
        opponent_score=bindparam("new_opponent_score"),
        outcome=bindparam("new_outcome"),
        finished_at=bindparam("at"),
    )
)


@dataclass(frozen=True)
class Attempt:
    """A game started as an attempt in server challenge `challenge_id`: `enter(conn, game_id,
    now)` writes its entry inside the start's transaction, or refuses (nothing is started)."""

    challenge_id: int
    enter: Callable[[Connection, int, datetime], None]


def record_attempt(
    conn: Connection, row: GameRecord, seats: list[SeatResult], status: str, now: datetime
) -> bool:
    """The owner's result for the attempt (`status`: finished or abandoned); True if the
    attempt took it."""
    owner = next((seat for seat in seats if seat.seat == "owner"), None)
    scored = status == "finished" and owner is not None
    done = conn.execute(
        RECORD,
        {
            "game": row.id,
            "new_status": status,
            "new_score": owner.score if scored and owner else None,
            "new_opponent_score": owner.opponent_score if scored and owner else None,
            "new_outcome": owner.outcome if owner is not None else status,
            "at": now,
        },
    )
    return done.rowcount == 1
