"""Undoing a game's end: a finished game reopens at the step before its final, until the next
game starts in its channel; the plays its end wrote leave the logbook in the same transaction
(finishing again writes them anew, so a game never counts twice)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, bindparam, delete, select
from sqlalchemy.exc import IntegrityError

from bot.core.errors import RuleError
from bot.core.said import say
from bot.i18n.plural import count
from bot.logbook.reminders import rearm
from bot.store.models import GameRecord, PlayRow, utcnow
from bot.table.commands import Abandon
from bot.table.writing import GAMES_TABLE, Finish, Write

EARLIER = (
    select(GAMES_TABLE.c.id, GAMES_TABLE.c.status)
    .where(
        GAMES_TABLE.c.guild_id == bindparam("guild"),
        GAMES_TABLE.c.channel_id == bindparam("channel"),
        GAMES_TABLE.c.id < bindparam("game"),
    )
    .order_by(GAMES_TABLE.c.id.desc())
    .limit(1)
)
REOPENED = (
    "Game #{id} is running again: its result is out of the logbook (the result card "
    "posted for it no longer counts), and finishing it records it anew."
)


def nothing_to_undo(conn: Connection, row: GameRecord, depth: int) -> str:
    """Why a game with `depth` steps cannot undo more: when it has none and a finished game
    came before it here, that game's end can no longer be taken back."""
    earlier = conn.execute(
        EARLIER, {"guild": row.guild_id, "channel": row.channel_id, "game": row.id}
    ).one_or_none()
    if depth == 0 and earlier is not None and earlier.status == "finished":
        return (
            f"Game #{row.id} has no step to undo yet, and game #{earlier.id}'s end can no "
            "longer be undone: a new game has started here since."
        )
    return (
        f"There {'is' if depth == 1 else 'are'} only {count(depth, 'step')} to undo; "
        f"to start over, `{Abandon.line()}` and start again."
    )


def reopening(row: GameRecord, values: dict[str, Any], facts: list[str]) -> None:
    """Turn an undo's write into one that also reopens the finished game `row`."""
    row.status = "active"
    values |= {"status": "active", "finished_at": None}
    facts.append(say(REOPENED, id=row.id))


def unrecording(row: GameRecord, write: Write) -> Write:
    """`write`, preceded by taking the game's plays out of the logbook (and re-arming its
    players' streak reminders, since their last play may be gone). A game started here
    meanwhile by another process makes the reopening fail on the one-running-game index."""

    def run(conn: Connection) -> Finish:
        users = conn.execute(
            select(PlayRow.user_id).where(PlayRow.game_id == row.id).distinct()
        ).scalars()
        users = list(users)
        conn.execute(delete(PlayRow).where(PlayRow.game_id == row.id))
        now = utcnow()
        for user_id in users:
            rearm(conn, user_id, now)
        try:
            return write(conn)
        except IntegrityError:
            raise RuleError(
                f"Game #{row.id}'s end can no longer be undone: a new game has just started here."
            ) from None

    return run
