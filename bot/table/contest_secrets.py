"""What a game of a server challenge keeps secret until the challenge closes: its seed, and so
the opponent's coming cards. Each stage asks here (one line each): replies lose every seed,
the history hides the start's seed, the export and undo wait for the close (undo would show
the coming cards and let a player play them again), and commands that would name the
opponent's draw are refused (`SameOpponent.check_action`)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, bindparam, select

from bot.core.errors import RuleError
from bot.games.registry import spec_for
from bot.logbook.records import aware
from bot.store.models import ChallengeRow, GameRecord, GameRow

CHALLENGES = ChallengeRow.__table__
HIDDEN = "hidden until the close"
_SEED = re.compile(r"\(seed \d+\)")
OPEN_CHALLENGE = select(CHALLENGES.c.name, CHALLENGES.c.closes_at).where(
    CHALLENGES.c.id == bindparam("challenge"), CHALLENGES.c.status == "open"
)
NO_UNDO = (
    "Game #{id} is an attempt in a server challenge: its moves are final (an undo would show "
    "the opponent's coming cards). `/game abandon` ends the attempt."
)
NO_EXPORT = (
    'Game #{id} is an attempt in the server challenge "{name}": its export (with the seed) '
    "comes after the close, <t:{stamp}:f>."
)


def hide_seeds(lines: list[str]) -> list[str]:
    """The lines without a seed: the replay line goes, a drawn seed `(seed 123)` is hidden."""
    return [_SEED.sub(f"(seed {HIDDEN})", line) for line in lines if not line.startswith("Seed ")]


def hidden_args(command: str, args: Mapping[str, Any]) -> dict[str, Any]:
    """A log entry's options as the history shows them in a secret game: no seed."""
    return {k: v for k, v in args.items() if not (command == "start" and k == "seed")}


def in_challenge(row: GameRecord | GameRow) -> bool:
    return getattr(row, "challenge_id", None) is not None


def open_challenge(conn: Connection, row: GameRecord | GameRow) -> tuple[str, datetime] | None:
    """The name and closing time of the open challenge `row` is an attempt in, else None
    (an ordinary game, or its challenge has closed: nothing is secret any more)."""
    if not in_challenge(row):
        return None
    found = conn.execute(OPEN_CHALLENGE, {"challenge": row.challenge_id}).one_or_none()
    return None if found is None else (found.name, aware(found.closes_at))


def refuse_export(conn: Connection, row: GameRecord | GameRow) -> None:
    secret = open_challenge(conn, row)
    if secret is not None:
        name, closes = secret
        stamp = int(closes.timestamp())
        raise RuleError(NO_EXPORT.format(id=row.id, name=name, stamp=stamp))


def refuse_undo(row: GameRecord) -> None:
    """A challenge's moves are final, before the close and after it (its result stands)."""
    if in_challenge(row):
        raise RuleError(NO_UNDO.format(id=row.id))


def check_action(row: GameRecord, action: Mapping[str, Any]) -> None:
    """In a challenge the bot makes the opponent's draws: refuse a command naming one."""
    if in_challenge(row):
        spec_for(row.game_key).same.check_action(action)
