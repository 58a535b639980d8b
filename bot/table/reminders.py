"""Game reminders: when a game has waited `remind_after` hours for a move, ping its players.

`games.remind_at` holds the one pending reminder (UTC, indexed by ix_games_remind_at, NULL when
none). Every accepted command sets it again (bot/table/writing.py `_save`); finishing or
abandoning clears it. A scheduler tick reads what is due in one indexed query, then claims each
game in a conditional update that succeeds only while `remind_at` is unchanged (a batch in one
transaction): a command that arrived meanwhile wins, and of two processes only one sends.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, bindparam, select

from bot.core.errors import InputError
from bot.core.reply import Reply
from bot.core.said import say, typed
from bot.logbook.records import aware
from bot.store.database import Database
from bot.store.models import GameRecord, GameRow
from bot.table.commands import Remind, Status

log = logging.getLogger("soloist.reminders")

GAMES = GameRow.__table__
OFF = "off"
MAX_HOURS = 720  # 30 days
COMMON_HOURS = (12, 24, 48, 72)  # offered as choices; any other hour may be typed
BATCH = 100  # games per query; a tick reads again while a batch comes back full
MAX_BATCHES = 50  # so one tick stays bounded even after a long outage

DUE = (
    select(
        GAMES.c.id,
        GAMES.c.remind_at,
        GAMES.c.remind_after,
        GAMES.c.guild_id,
        GAMES.c.channel_id,
    )
    .where(GAMES.c.remind_at <= bindparam("now"), GAMES.c.status == "active")
    .order_by(GAMES.c.remind_at)
    .limit(bindparam("limit"))
)
CLAIM = (
    GAMES.update()
    .where(
        GAMES.c.id == bindparam("game"),
        GAMES.c.remind_at == bindparam("due"),
        GAMES.c.status == "active",
    )
    .values(remind_at=None)
)
_HOURS = re.compile(r"(\d{1,4})\s*(?:h|hrs?|hours?)?")


@dataclass(frozen=True)
class Due:
    """A game whose reminder is due, as the tick read it (`remind_at` is what the claim
    compares against)."""

    game_id: int
    remind_at: datetime
    remind_after: int | None
    guild_id: int
    channel_id: int


def parse_after(text: str) -> int | None:
    """`off`, or whole hours 1–720 typed as `24`, `24h`, `24 hours`."""
    cleaned = text.strip().lower()
    if cleaned == OFF:
        return None
    found = _HOURS.fullmatch(cleaned) if cleaned.isascii() else None
    if found is None or not 1 <= int(found[1]) <= MAX_HOURS:
        raise InputError(
            f"Give the hours to wait as a whole number from 1 to {MAX_HOURS}, or `off`: "
            f"e.g. `{Remind.line(after=24)}`."
        )
    return int(found[1])


def hours_text(hours: int) -> str:
    return say("1 hour") if hours == 1 else say("{n} hours", n=hours)


def waiting_text(hours: int) -> str:
    """The user's terms for a reminder: how long the game may wait."""
    return say("after {hours} without a move", hours=hours_text(hours))


def already_on(hours: int, due: datetime) -> list[str]:
    """`/game remind` with the hours already set: what stands, nothing changed."""
    stamp = int(aware(due).timestamp())
    return [
        say("Reminders are already on: {when}.", when=waiting_text(hours)),
        say(
            "The next one comes {at} ({rel}) unless someone moves first.",
            at=f"<t:{stamp}:f>",
            rel=f"<t:{stamp}:R>",
        ),
    ]


def pinged(row: GameRecord) -> list[int]:
    """Whom a reminder pings: the game's owner and its players, nobody else."""
    return list(dict.fromkeys([row.owner_id, *(int(p) for p in row.players)]))


def reminder_lines(row: GameRecord, reply: Reply) -> list[str]:
    """The reminder's lines, below the pings, each a message the front-end says in the
    channel's language: that the game waits, and the next step at the table as `/game status`
    would say it (its prompt as it is: a message, kept whole)."""
    hours = row.remind_after
    waited = (
        say("{game} has waited {hours} for a move.", game=reply.title, hours=hours_text(hours))
        if hours
        else say("{game} is waiting for a move.", game=reply.title)
    )
    lines = [waited, say("Next step:")]
    lines.append(reply.prompt or say("`{line}` shows where it stands.", line=typed(Status.line())))
    if row.status_message_id is not None:
        guild = row.guild_id or "@me"
        link = f"https://discord.com/channels/{guild}/{row.channel_id}/{row.status_message_id}"
        lines.append(say("The game's status message: {link}", link=link))
    lines.append(say("`{line}` turns these reminders off.", line=typed(Remind.line(after="off"))))
    return lines


def due(conn: Connection, now: datetime, limit: int = BATCH) -> list[Due]:
    """The one indexed read of a tick: active games whose reminder is due, oldest first."""
    rows = conn.execute(DUE, {"now": now, "limit": limit})
    return [Due(*row) for row in rows]


def claim(conn: Connection, reminder: Due) -> bool:
    """Take the reminder if it is still the one we read (the game has not moved, ended or
    been claimed by another process since): True means send it, exactly once."""
    taken = conn.execute(CLAIM, {"game": reminder.game_id, "due": reminder.remind_at})
    return taken.rowcount == 1


def claim_all(conn: Connection, found: list[Due]) -> list[Due]:
    """Claim a batch in one transaction (one commit, not one per game), in id order so that
    two processes claiming the same games lock them in the same order."""
    return [r for r in sorted(found, key=lambda r: r.game_id) if claim(conn, r)]


Post = Callable[[Due], Awaitable[Any]]


async def send_due(db: Database, now: datetime, post: Post, *, batch: int = BATCH) -> int:
    """One scheduler tick: read what is due, claim each game, post the claimed ones. A post
    that fails is logged and not retried (a reminder is at most once; the next move re-arms
    it). Returns how many were claimed."""
    claimed = 0
    for _ in range(MAX_BATCHES):
        found = await db.read(lambda conn: due(conn, now, batch))
        taken = {r.game_id for r in await db.write(functools.partial(claim_all, found=found))}
        for reminder in found:  # the longest due first
            if reminder.game_id not in taken:
                continue
            claimed += 1
            try:
                await post(reminder)
            except Exception:
                log.exception("reminder for game #%s could not be posted", reminder.game_id)
        if len(found) < batch:
            break
    return claimed
