"""Play-by-post: a game's own thread (its name) and its living status message (its id)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date
from typing import Any

from sqlalchemy import Connection, bindparam, select

from bot.core.spec import GameSpec
from bot.store.database import Database
from bot.store.models import ActionRow, GameRow
from bot.table.contest_secrets import hide_seeds

GAMES_TABLE = GameRow.__table__
THREAD_NAME = 100  # Discord's limit on a channel name
LAST_FACTS = (
    select(ActionRow.facts)
    .where(ActionRow.game_id == bindparam("game"))
    .order_by(ActionRow.seq.desc())
    .limit(1)
)
CHALLENGE_OF = select(GAMES_TABLE.c.challenge_id).where(GAMES_TABLE.c.id == bindparam("game"))
SET_STATUS_MESSAGE = (
    GAMES_TABLE.update()
    .where(GAMES_TABLE.c.id == bindparam("game"))
    .values(status_message_id=bindparam("message"))
)


def _words(text: str) -> set[str]:
    return set(text.lower().split())


def opponent_name(spec: GameSpec, options: Mapping[str, Any], summary: Mapping[str, Any]) -> str:
    """Who the bot plays in this game, short ("Freddy II", "Elisabeth", "Sam"), read from the
    spec's `opponent` ("Freddy I or Freddy II, the construction robot"): the alternative whose
    own words are among the start options or the state summary. "" when none fits."""
    plain = re.sub(r"\s*\([^)]*\)", "", spec.opponent)  # "(modules 1 and 2)" says when, not who
    alternatives = [a.strip() for a in plain.split(",")[0].split(" or ") if a.strip()]
    if len(alternatives) == 1:
        return alternatives[0]
    known: set[str] = set()
    for value in [*options.values(), *summary.values()]:
        if isinstance(value, str | int) and not isinstance(value, bool):
            known |= _words(str(value))
    shared = set.intersection(*(_words(a) for a in alternatives)) if alternatives else set()
    for alternative in alternatives:
        own = _words(alternative) - shared
        if own and own <= known:
            return alternative
    return ""


def thread_name(
    spec: GameSpec, options: Mapping[str, Any], summary: Mapping[str, Any], day: date
) -> str:
    """ "Glasgow vs Freddy I · 2026-11-23": the game, its opponent and the day it began."""
    opponent = opponent_name(spec, options, summary)
    name = f"{spec.name} vs {opponent}" if opponent else spec.name
    suffix = f" · {day.isoformat()}"
    return name[: THREAD_NAME - len(suffix)] + suffix


async def set_status_message(db: Database, game_id: int, message_id: int | None) -> None:
    """Remember (or forget) the message that shows where game `game_id` stands. Not a move
    in the game: no version, no log entry."""

    def write(conn: Connection) -> None:
        conn.execute(SET_STATUS_MESSAGE, {"game": game_id, "message": message_id})

    await db.write(write)


async def last_facts(db: Database, game_id: int) -> list[str]:
    """What the game's latest command said (for an ended game: how it ended, the scores), in
    English as logged; shown again in the status message's last edit."""

    def read(conn: Connection) -> list[str]:
        found = conn.execute(LAST_FACTS, {"game": game_id}).scalar_one_or_none()
        challenge = conn.execute(CHALLENGE_OF, {"game": game_id}).scalar_one_or_none()
        return hide_seeds(list(found or [])) if challenge is not None else list(found or [])

    return await db.read(read)
