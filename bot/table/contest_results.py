"""A challenge attempt's result, written in the transaction that ends its game (finished or
abandoned), next to the logbook's plays: the owner's score, the opponent's, the outcome.

Only an attempt still `playing` takes a result: one the close found running is `unfinished`
and stays so (the close and the end lock the same entry row, so one of them wins). A game
that ended before its rules end it (its spec's `unplayed`) is `incomplete`: listed with the
reason, never ranked. An attempt's statuses: playing, finished (ranked), incomplete,
confirming (Fifth Avenue: the partner has not confirmed the scores yet, `contest_confirm`),
abandoned (by its player: used up), unfinished (running at the close), void (by the host or
the server owner)."""

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
    "confirming": (
        "Your result ranks once <@{partner}>, your partner, confirms these final scores: they "
        "press **Confirm these scores** or type `/challenge confirm`. Until then the "
        "standings list it as waiting for them, not ranked."
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
class Recorded:
    """What an attempt's end made of it: its status, the line that tells the player what it
    counts for, and the partner who must confirm its scores (Fifth Avenue; else None)."""

    status: str
    line: str
    confirms: int | None = None


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
) -> Recorded | None:
    """The owner's result for the attempt (`status`: finished or abandoned; `state`: the game
    as it ended), or None if the attempt did not take it (the close found it running). A
    game played by two (Fifth Avenue) ranks only once the partner confirms the scores:
    until then it is `confirming`."""
    owner = next((seat for seat in seats if seat.seat == "owner"), None)
    scored = status == "finished" and owner is not None
    why = None
    spec = spec_for(row.game_key)
    if status == "finished" and state is not None and spec.unplayed is not None:
        why = spec.unplayed(state)
    if why is not None:
        status = "incomplete"
    partner = row.players[0] if spec.partner and row.players else None
    if status == "finished" and partner is not None:
        status = "confirming"
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
    line = ATTEMPT_ENDED[status].format(why=why, partner=partner)
    return Recorded(status, line, partner if status == "confirming" else None)


def partner_play(row: GameRecord, status: str, recorded: Recorded | None) -> bool | None:
    """Whether a game's end writes its partner's play (`record_game`'s `partner`): the other
    real player a start names (Fifth Avenue's) finds a finished game in their logbook, a
    server challenge's attempt once they confirm its scores; None: as anyone else, only if
    they took part (an abandoned game, a game with no such partner)."""
    if status != "finished" or not spec_for(row.game_key).partner:
        return None
    return recorded is None or recorded.confirms is None
