"""A challenge attempt's result, written in the transaction that ends its game (finished or
abandoned), next to the logbook's plays: the owner's score, the opponent's, the outcome.

Only an attempt still `playing` takes a result: one the close found running is `unfinished`
and stays so (the close and the end lock the same entry row, so one of them wins). A game
that ended before its rules end it (its spec's `unplayed`) is `incomplete`: listed with the
reason, never ranked. An attempt's statuses: playing, finished (ranked), incomplete,
confirming (Fifth Avenue: the partner has not confirmed the scores yet), abandoned (by its
player: used up), unfinished (running at the close), void (by the host or the server owner)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from pydantic import BaseModel
from sqlalchemy import Connection, bindparam

from bot.core.game import SeatResult
from bot.games.registry import spec_for
from bot.store.models import ChallengeEntryRow, GameRecord

ENTRIES = ChallengeEntryRow.__table__
ATTEMPT_ENDED = {
    "finished": (
        "Your result counts in the server challenge: `/challenge standings` shows your rank."
    ),
    "abandoned": "This attempt in the server challenge is used up: it counts, without a result.",
    "incomplete": (
        "This attempt is listed as incomplete and not ranked: {why}. It is used up; a "
        "challenge ranks only a game played to its end."
    ),
}
RECORD = (
    ENTRIES.update()
    .where(ENTRIES.c.game_id == bindparam("game"), ENTRIES.c.status == "playing")
    .values(
        status=bindparam("new_status"),
        note=bindparam("new_note"),
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
    conn: Connection,
    row: GameRecord,
    seats: list[SeatResult],
    status: str,
    now: datetime,
    state: BaseModel | None = None,
) -> str | None:
    """The owner's result for the attempt (`status`: finished or abandoned; `state`: the game
    as it ended); the line that tells the player what it counts for, or None if the attempt
    did not take it."""
    owner = next((seat for seat in seats if seat.seat == "owner"), None)
    scored = status == "finished" and owner is not None
    why = None
    unplayed = spec_for(row.game_key).unplayed
    if status == "finished" and state is not None and unplayed is not None:
        why = unplayed(state)
    if why is not None:
        status = "incomplete"
    done = conn.execute(
        RECORD,
        {
            "game": row.id,
            "new_status": status,
            "new_note": why,
            "new_score": owner.score if scored and owner else None,
            "new_opponent_score": owner.opponent_score if scored and owner else None,
            "new_outcome": owner.outcome if owner is not None else status,
            "at": now,
        },
    )
    if done.rowcount != 1:
        return None
    return ATTEMPT_ENDED[status].format(why=why)
