"""The one write path every command that changes a game takes: under the channel's lock, read,
decide (a plan) and write in one transaction, one hop to the database (`Database.write`; on
SQLite its one thread), whose compare-and-swap on the version fails if another process got
there first; then decide again from what is now stored. A heavy decision (a replay) is made in
a worker thread between a reading transaction and a writing one.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import json
import sqlite3
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from pydantic import BaseModel
from sqlalchemy import Connection, bindparam, delete
from sqlalchemy.exc import IntegrityError, OperationalError

from bot.core.errors import Conflict, SoloistError
from bot.core.game import Rules, SeatResult
from bot.core.reply import Ctx, Reply, Standing
from bot.games.registry import GAMES
from bot.logbook.records import record_game
from bot.store.database import Database
from bot.store.models import ActionRow, GameRecord, GameRow, SnapshotRow, utcnow
from bot.store.rows import DRIVER, Cached, StateCache
from bot.table.contest_results import partner_play, record_attempt

GAMES_TABLE = GameRow.__table__
ACTIONS_TABLE = ActionRow.__table__
SNAPSHOTS_TABLE = SnapshotRow.__table__
MAX_RETRIES = 8
LOG_COLUMNS = ("game_id", "seq", "user_id", "created_at", "command", "args", "facts")
APPEND_LOG = ACTIONS_TABLE.insert().values({name: bindparam(name) for name in LOG_COLUMNS})


@functools.cache
def compare_and_swap(columns: frozenset[str]) -> Any:
    """UPDATE games SET version, updated_at, <columns> WHERE id = :game AND version = :expected"""
    return (
        GAMES_TABLE.update()
        .where(
            GAMES_TABLE.c.id == bindparam("game"), GAMES_TABLE.c.version == bindparam("expected")
        )
        .values({name: bindparam(name) for name in ("version", "updated_at", *sorted(columns))})
    )


Finish = Callable[[], "Reply"]
Progress = Callable[[str], Awaitable[None]]  # a long command's "so far" line, e.g. an edit
Write = Callable[[Connection], Finish]  # runs inside the write transaction


@dataclass
class Offload:
    """What a plan returns when deciding is heavy (a replay): `work` runs in a worker thread,
    off the event loop and off SQLite's one thread, and returns the reply or the write."""

    work: Callable[[], Reply | Write]


Plan = Callable[[Connection], "Reply | Write | Offload"]  # reads and decides


@dataclass
class Change:
    """One command's write: the log entry, the row's new values, the reply once committed."""

    command: str
    args: dict[str, Any]
    facts: list[str]
    values: dict[str, Any]
    reply: Callable[[int], Reply]
    seats: list[SeatResult] | None = None  # plays for the logbook, when the game ends
    snapshot: dict[str, Any] | None = None  # the new state, kept when depth hits SNAPSHOT_EVERY
    model: BaseModel | None = None  # the new state's model (values["state"] dumped): cached
    # where the game stands after it, from its row as written (Reply.standing)
    standing: Callable[[GameRecord], Reply] | None = None


def _decide(plan: Plan, conn: Connection) -> Reply | Finish | Offload:
    """Read, decide and write in one transaction, one hop to the database: a plain command
    needs no second trip. The version's compare-and-swap still guards a write whose decision
    was made elsewhere (an Offload's worker thread) or on a database another process shares."""
    decided = plan(conn)
    if isinstance(decided, Reply | Offload):
        return decided
    return decided(conn)


class WritePath:
    def __init__(self, db: Database, games: dict[str, Rules] | None = None) -> None:
        self.db = db
        self.games = games or GAMES
        self._locks: weakref.WeakValueDictionary[tuple[int, int], asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )
        self._closing = False
        self._inflight = 0
        self._idle = asyncio.Event()
        self.states = StateCache()  # each game's state model, for exactly what is stored

    async def shutdown(self, timeout: float = 30.0) -> None:
        """Refuse new commands, let those in flight finish, then return."""
        self._closing = True
        if self._inflight:
            self._idle.clear()
            await asyncio.wait_for(self._idle.wait(), timeout)

    # ----------------------------------------------------------------- plumbing
    def _lock(self, guild_id: int, channel_id: int) -> asyncio.Lock:
        key = (guild_id, channel_id)
        lock = self._locks.get(key)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[key] = lock
        return lock

    async def _locked(self, guild_id: int, channel_id: int, plan: Plan) -> Reply:
        """Under the channel's lock: read, decide (`plan`) and write in one short transaction
        whose compare-and-swap on the version fails if another process got there first; then
        decide again from what is now stored."""
        if self._closing:
            raise SoloistError("Soloist is restarting; try again in a minute. Nothing changed.")
        self._inflight += 1
        try:
            return await self._decide_and_write(guild_id, channel_id, plan)
        finally:
            self._inflight -= 1
            if self._closing and not self._inflight:
                self._idle.set()

    async def _decide_and_write(self, guild_id: int, channel_id: int, plan: Plan) -> Reply:
        async with self._lock(guild_id, channel_id):
            for attempt in range(MAX_RETRIES):
                try:
                    decided = await self.db.write(functools.partial(_decide, plan))
                    if isinstance(decided, Offload):  # decided off the transaction, written anew
                        decided = await asyncio.to_thread(decided.work)
                        if not isinstance(decided, Reply):
                            decided = await self.db.write(decided)
                    if isinstance(decided, Reply):
                        return decided
                    return decided()  # the reply is built after the commit
                except Conflict:
                    continue
                except OperationalError as exc:  # SQLite locked by another process
                    if "locked" not in str(exc):
                        raise
                    await asyncio.sleep(0.01 * (attempt + 1))
            raise SoloistError("The game is busy; try again in a moment.")

    def _change(self, ctx: Ctx, row: GameRecord, change: Change) -> Write:
        """The write phase of one command: plays to record, the CAS, the log entry, and a
        snapshot every SNAPSHOT_EVERY actions in force."""

        def write(conn: Connection) -> Finish:
            noted: list[str] = []
            confirms = None
            if change.seats is not None:
                finished_at, status = change.values["finished_at"], change.values["status"]
                said = None
                if row.challenge_id is not None:  # a server challenge's attempt ended
                    state = change.model
                    if state is None and "state" in change.values:
                        state = self.games[row.game_key].load(change.values["state"])
                    said = record_attempt(conn, row, change.seats, status, finished_at, state)
                    if said is not None:
                        noted.append(said.line)
                        confirms = said.confirms
                partner = partner_play(row, status, said)
                record_game(
                    conn, row, change.seats, finished_at, actor=ctx.user_id, partner=partner
                )
            version, stored, after = self._save(conn, row, ctx, change)
            if change.snapshot is not None:
                depth = change.values["depth"]
                conn.execute(
                    delete(SNAPSHOTS_TABLE).where(
                        SNAPSHOTS_TABLE.c.game_id == row.id, SNAPSHOTS_TABLE.c.depth >= depth
                    )
                )
                conn.execute(
                    SNAPSHOTS_TABLE.insert(),
                    {
                        "game_id": row.id,
                        "depth": depth,
                        "action_seq": version,
                        "state": change.snapshot,
                    },
                )

            def finish() -> Reply:  # committed: the next command starts from this model
                if change.model is not None:
                    dumped = change.values["state"]
                    self.states.put(row.id, Cached(version, stored, change.model, dumped))
                reply = change.reply(version)
                if noted:
                    reply.facts = [*reply.facts, *noted]
                reply.confirm_for = confirms
                if change.standing is not None:
                    reply.standing = Standing(after, functools.partial(change.standing, after))
                return reply

            return finish

        return write

    def _save(
        self, conn: Connection, row: GameRecord, ctx: Ctx, change: Change
    ) -> tuple[int, Any, GameRecord]:
        """Compare-and-swap the row to the next version and append the log entry; the new
        version, the state as now stored (what the state cache compares with), and the row
        as written."""
        version = row.version + 1
        now = utcnow()
        values = change.values
        pending = row.remind_after is not None or row.remind_at is not None
        if pending and "remind_at" not in values:
            # Any command answers the pending reminder; the next waits `remind_after` hours
            # (`/game remind` itself sets both columns).
            waits = row.remind_after is not None and values.get("status", row.status) == "active"
            values = values | {
                "remind_at": now + timedelta(hours=row.remind_after or 0) if waits else None
            }
        params = {"game": row.id, "expected": row.version, "version": version, "updated_at": now}
        entry = {
            "game_id": row.id,
            "seq": version,
            "user_id": ctx.user_id,
            "created_at": now,
            "command": change.command,
            "args": change.args,
            "facts": change.facts,
        }
        after = dataclasses.replace(row, version=version, updated_at=now, **values)
        stored = values.get("state")
        try:
            if DRIVER.applies(conn):  # SQLite: straight to the driver (bot/store/rows.py)
                ready = frozenset()
                if stored is not None:
                    stored = json.dumps(stored)  # as SQLAlchemy's JSON type writes it
                    values, ready = values | {"state": stored}, frozenset({"state"})
                cas = compare_and_swap(frozenset(values))
                changed = DRIVER.execute(conn, cas, params | values, ready).rowcount
                if changed == 1:
                    DRIVER.execute(conn, APPEND_LOG, entry)
            else:
                cas = compare_and_swap(frozenset(values))
                changed = conn.execute(cas, params | values).rowcount
                if changed == 1:
                    conn.execute(APPEND_LOG, entry)
        except (IntegrityError, sqlite3.IntegrityError):
            changed = 0
        if changed != 1:
            self.states.drop(row.id)  # another process got there first: read it anew
            raise Conflict
        return version, stored, after


def insert_log(
    conn: Connection,
    game_id: int,
    user_id: int,
    now: Any,
    entries: list[tuple[str, dict[str, Any], list[str]]],
) -> None:
    """A whole log at once (an import), numbered from 1, in the caller's transaction."""
    conn.execute(
        ACTIONS_TABLE.insert(),
        [
            {
                "game_id": game_id,
                "seq": seq,
                "user_id": user_id,
                "created_at": now,
                "command": command,
                "args": args,
                "facts": facts,
            }
            for seq, (command, args, facts) in enumerate(entries, start=1)
        ],
    )
