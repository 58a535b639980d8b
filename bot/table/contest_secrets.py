"""THE place that decides what a game of a server challenge may show and what may change it.

A challenge's secret (its seed: 128 random bits, `bot.core.secrecy`) decides every draw of the
opponent's. It stays secret until the challenge closes; a cancelled challenge never reveals it.
Every path that shows or changes a game asks here, one line each:
- replies, `/game status`, the status message and `--json` (`Stage._reply`): no seed; the
  rules themselves name a coming draw only when it happens (each game's forecasts read
  `bot.core.secrecy.is_secret`);
- `/game history` (`reading.py`): no seed; `/game export` (`exports.py`): refused until the
  close; `/game undo` (`undoing.py`): refused, before and after the close (the result stands);
- commands (`acting.py`, `check_action`): only the attempt's owner changes it; the game's own
  refusals (`SameOpponent.refusals`: commands that would make his draws at the player's table,
  change him for one player, or take back a move of his); `/game players` adds nobody;
- who may look at a finished attempt by its number (`ended.py`): its players alone until the
  close; the server's results channel (`holds_result`): nothing until the close;
- the reveal at the close lists every order the secret decided (`SameOpponent.draw_order`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, bindparam, select

from bot.core.errors import NotAllowed, RuleError
from bot.core.reply import Ctx
from bot.games.registry import spec_for
from bot.logbook.records import aware
from bot.store.models import ChallengeRow, GameRecord, GameRow
from bot.table.commands import Abandon

CHALLENGES = ChallengeRow.__table__
HIDDEN = "hidden until the close"
_SEED = re.compile(r"\(seed \d+\)")
KEEPING = select(CHALLENGES.c.name, CHALLENGES.c.closes_at, CHALLENGES.c.status).where(
    CHALLENGES.c.id == bindparam("challenge"), CHALLENGES.c.status != "closed"
)
NO_UNDO = (
    "Game #{id} is an attempt in a server challenge: its moves are final (an undo would show "
    f"the opponent's coming cards). `{Abandon.line()}` ends the attempt."
)
NO_EXPORT = (
    'Game #{id} is an attempt in the server challenge "{name}": its export (with the seed) '
    "comes after the close, <t:{stamp}:f>."
)
NO_EXPORT_CANCELLED = (
    'Game #{id} was an attempt in the cancelled server challenge "{name}": its seed stays '
    "secret, so it has no export."
)
OWNER_ONLY = (
    "Game #{id} is <@{owner}>'s attempt in a server challenge: only they change it, and only "
    "they end it."
)
NO_PLAYERS = (
    "Game #{id} is an attempt in a server challenge: it is its player's own; nobody else joins it."
)


@dataclass(frozen=True)
class Secret:
    """The challenge whose secret a game keeps: its name, closing time, and whether it was
    cancelled (then the secret is kept for good)."""

    name: str
    closes_at: datetime
    cancelled: bool


def in_challenge(row: GameRecord | GameRow) -> bool:
    return getattr(row, "challenge_id", None) is not None


def keeping(conn: Connection, row: GameRecord | GameRow) -> Secret | None:
    """The challenge whose secret `row` keeps (open, or cancelled: kept for good), else None
    (an ordinary game, or its challenge has closed: nothing is secret any more)."""
    if not in_challenge(row):
        return None
    found = conn.execute(KEEPING, {"challenge": row.challenge_id}).one_or_none()
    if found is None:
        return None
    return Secret(found.name, aware(found.closes_at), found.status == "cancelled")


def hide_seeds(lines: list[str]) -> list[str]:
    """The lines without a seed: the replay line goes, a drawn seed `(seed 123)` is hidden."""
    return [
        _SEED.sub(f"(seed {HIDDEN})", line) if _SEED.search(line) else line  # a message stays
        for line in lines
        if not line.startswith("Seed ")
    ]


def hidden_args(command: str, args: Mapping[str, Any]) -> dict[str, Any]:
    """A log entry's options as the history shows them in a secret game: no seed."""
    return {k: v for k, v in args.items() if not (command == "start" and k == "seed")}


def refuse_export(conn: Connection, row: GameRecord | GameRow) -> None:
    secret = keeping(conn, row)
    if secret is None:
        return
    if secret.cancelled:
        raise RuleError(NO_EXPORT_CANCELLED.format(id=row.id, name=secret.name))
    stamp = int(secret.closes_at.timestamp())
    raise RuleError(NO_EXPORT.format(id=row.id, name=secret.name, stamp=stamp))


def refuse_undo(row: GameRecord) -> None:
    """A challenge's moves are final, before the close and after it (its result stands)."""
    if in_challenge(row):
        raise RuleError(NO_UNDO.format(id=row.id))


def refuse_players(row: GameRecord) -> None:
    """An attempt is its player's own (Fifth Avenue's partner is named when they join)."""
    if in_challenge(row):
        raise RuleError(NO_PLAYERS.format(id=row.id))


def check_action(row: GameRecord, ctx: Ctx, action: Mapping[str, Any]) -> None:
    """A command to a challenge's game: only its owner's, and none the game refuses there."""
    if not in_challenge(row):
        return
    if ctx.user_id != row.owner_id:
        raise NotAllowed(OWNER_ONLY.format(id=row.id, owner=row.owner_id))
    spec_for(row.game_key).same.check_action(action)


def holds_result(conn: Connection, game_id: int) -> bool:
    """Whether a finished game's result card stays out of the server's results channel: an
    attempt in a challenge still open (its score sheet lists the opponent's cards, the same
    for every player; the standings come at the close)."""
    found = conn.execute(
        select(CHALLENGES.c.status)
        .join(GameRow, GameRow.challenge_id == CHALLENGES.c.id)
        .where(GameRow.id == game_id)
    ).one_or_none()
    return found is not None and found.status == "open"
