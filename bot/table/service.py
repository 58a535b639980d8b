"""Start, act, status, undo, abandon, history, export and import: one code path for all fronts.

Every command that changes a game is one transaction under a per-channel lock, with a version
compare-and-swap as the second guard (which is what protects a game across processes).
"""

from __future__ import annotations

import asyncio
import functools
import json
import re
import secrets
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from pydantic import BaseModel
from sqlalchemy import Connection, bindparam, delete, func, insert, select
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.ext.asyncio import AsyncSession

from bot.core.errors import InputError, RuleError, SoloistError
from bot.core.game import NextStep, Outcome, Rules, SeatResult
from bot.games.registry import GAMES, rules_for, spec_for
from bot.i18n import english_action
from bot.logbook.records import IMPORTED, logged_game, record_game, took_part
from bot.logs import command_logged
from bot.store.database import Database
from bot.store.models import ActionRow, GameRecord, GameRow, SnapshotRow, utcnow
from bot.table import finish, reminders
from bot.table.errors import Conflict, NoGame, NotAllowed, StaleButton
from bot.table.importing import EXPORT_FORMAT, MAX_SEED, MAX_STEPS, ImportPlan, check_export
from bot.table.replay import SNAPSHOT_EVERY, UNDO, effective_entries, replay_from
from bot.table.reply import Ctx, Reply

GAMES_TABLE = GameRow.__table__
ACTIONS_TABLE = ActionRow.__table__
SNAPSHOTS_TABLE = SnapshotRow.__table__
# Statements built once: building them per command cost more than running them.
FIND_ACTIVE = select(GAMES_TABLE).where(
    GAMES_TABLE.c.guild_id == bindparam("guild"),
    GAMES_TABLE.c.channel_id == bindparam("channel"),
    GAMES_TABLE.c.status == "active",
)
FIND_GAME = select(GAMES_TABLE).where(GAMES_TABLE.c.id == bindparam("game"))


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


def no_game() -> str:
    starts = ", ".join(f"`/{key} start`" for key in GAMES)
    return f"No game is running in this channel. Start one: {starts}."


HISTORY_PAGE = 10
MAX_RETRIES = 8
MAX_PLAYERS = 10


CAMPAIGN_CHARS = 60
_CAMPAIGN = re.compile(r"[\w '’.,:;!?&+()/#-]+")


def campaign_name(text: str) -> str | None:
    """A campaign's name, trimmed (inner spaces collapsed), or None for `off`."""
    name = " ".join(text.split())
    if name.lower() == reminders.OFF:
        return None
    if not 1 <= len(name) <= CAMPAIGN_CHARS or _CAMPAIGN.fullmatch(name) is None:
        raise InputError(
            f"A campaign name is 1 to {CAMPAIGN_CHARS} letters, digits, spaces and simple "
            "punctuation (no Discord formatting), or `off` to leave the campaign."
        )
    return name


def _next_steps(outcome: Outcome) -> list[NextStep]:
    """The buttons: the game's own, or the choices of the question it waits on."""
    if outcome.next_steps or outcome.ask is None:
        return outcome.next_steps
    return outcome.ask.next_steps()


class TableService:
    def __init__(self, db: Database, games: dict[str, Rules] | None = None) -> None:
        self.db = db
        self.games = games or GAMES
        self._locks: weakref.WeakValueDictionary[tuple[int, int], asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )
        self._closing = False
        self._inflight = 0
        self._idle = asyncio.Event()

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
        """Under the channel's lock: read and decide (`plan`), then write in one short
        transaction whose compare-and-swap on the version fails if another process got there
        first; then decide again from what is now stored."""
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
                decided = await self.db.read(plan)
                if isinstance(decided, Offload):
                    decided = await asyncio.to_thread(decided.work)
                if isinstance(decided, Reply):
                    return decided
                try:
                    finish = await self.db.write(decided)
                    return finish()  # the reply is built after the commit
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
            if change.seats is not None:
                finished_at = change.values["finished_at"]
                record_game(conn, row, change.seats, finished_at, actor=ctx.user_id)
            version = self._save(conn, row, ctx, change)
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
            return lambda: change.reply(version)

        return write

    @staticmethod
    def _not_recorded(
        conn: Connection, row: GameRecord, seats: list[SeatResult], ctx: Ctx
    ) -> list[str]:
        """Who will not find this play in their logbook: a partner who took no part."""
        partner = row.players[0] if row.players else None
        if partner is None or partner == ctx.user_id or all(s.seat != "partner" for s in seats):
            return []
        if took_part(conn, row.id, partner):
            return []
        return [
            f"<@{partner}> issued no command in this game, so it is not written into their "
            "logbook; they can add it with `/log play`."
        ]

    @staticmethod
    def _room(row: GameRecord) -> None:
        """A game holds at most MAX_STEPS log entries: replay, undo and export stay bounded."""
        if row.version >= MAX_STEPS:
            raise RuleError(
                f"Game #{row.id} has reached {MAX_STEPS:,} steps, the most one game can hold; "
                "`/game export` it if you like, then `/game abandon` it and start again."
            )

    @staticmethod
    def _find_active(conn: Connection, ctx: Ctx) -> GameRecord | None:
        row = conn.execute(FIND_ACTIVE, {"guild": ctx.guild_id, "channel": ctx.channel_id})
        found = row.one_or_none()
        return GameRecord.from_row(found) if found is not None else None

    @staticmethod
    def _game(conn: Connection, game_id: int) -> GameRecord | None:
        found = conn.execute(FIND_GAME, {"game": game_id}).one_or_none()
        return GameRecord.from_row(found) if found is not None else None

    def _active(self, conn: Connection, ctx: Ctx) -> GameRecord:
        row = self._find_active(conn, ctx)
        if row is None:
            raise NoGame(no_game())
        return row

    @staticmethod
    def _save(conn: Connection, row: GameRecord, ctx: Ctx, change: Change) -> int:
        """Compare-and-swap the row to the next version and append the log entry."""
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
        result = conn.execute(
            compare_and_swap(frozenset(values)),
            {
                "game": row.id,
                "expected": row.version,
                "version": version,
                "updated_at": now,
                **values,
            },
        )
        if result.rowcount != 1:
            raise Conflict
        try:
            conn.execute(
                ACTIONS_TABLE.insert(),
                {
                    "game_id": row.id,
                    "seq": version,
                    "user_id": ctx.user_id,
                    "created_at": now,
                    "command": change.command,
                    "args": change.args,
                    "facts": change.facts,
                },
            )
        except IntegrityError:
            raise Conflict from None
        return version

    def _reply(
        self,
        rules: Rules,
        row: GameRecord | GameRow,
        state: BaseModel,
        outcome: Outcome,
        version: int,
    ) -> Reply:
        return Reply(
            title=f"{rules.name} · game #{row.id}",
            facts=outcome.facts,
            prompt=outcome.prompt,
            colour=rules.colour,
            game_id=row.id,
            version=version,
            state={"status": row.status, "game": row.game_key, **rules.summary(state)},
            board=rules.board(state),
            next_steps=[] if row.status != "active" else _next_steps(outcome),
            picture=outcome.picture,
            chart=outcome.chart,
            ask=outcome.ask if row.status == "active" else None,
        )

    @staticmethod
    def _note(
        row: GameRecord | GameRow, facts: list[str], heading: str = "", version: int | None = None
    ) -> Reply:
        """A reply about the game rather than a move in it (abandon, players, history, export)."""
        rules = rules_for(row.game_key)
        return Reply(
            title=f"{rules.name} · game #{row.id}{heading}",
            facts=facts,
            colour=rules.colour,
            game_id=row.id,
            version=version,
        )

    @staticmethod
    def _check_player(row: GameRecord, ctx: Ctx) -> None:
        if ctx.user_id != row.owner_id and ctx.user_id not in row.players:
            raise NotAllowed(
                "Only this game's owner and the players they added can change it; "
                "anyone may look with `/game status`."
            )

    # ------------------------------------------------------------------ commands
    @command_logged("start", lambda _self, _ctx, game_key, *a, **k: f"{game_key}:start")
    async def start(
        self,
        ctx: Ctx,
        game_key: str,
        options: dict[str, Any],
        seed: int | None = None,
        players: list[int] | None = None,
        *,
        parent_id: int | None = None,
        locale: str | None = None,
    ) -> Reply:
        """Start a game in ctx's channel; `parent_id` is the channel a thread game was opened
        from, `locale` the language of its public posts (status message, reminders)."""
        spec = spec_for(game_key)
        rules = spec.rules
        options = spec.start_options(options)
        players = [p for p in dict.fromkeys(players or []) if p != ctx.user_id]
        if seed is None:
            seed = secrets.randbelow(MAX_SEED)
        elif not 0 <= seed <= MAX_SEED:
            raise InputError(f"The seed must be between 0 and {MAX_SEED}.")
        state, outcome = rules.new_game(options, seed)

        def plan(conn: Connection) -> Write:
            existing = self._find_active(conn, ctx)
            if existing is not None:
                raise RuleError(
                    f"Game #{existing.id} ({rules_for(existing.game_key).name}) is already "
                    "running here: finish it, `/game abandon` it, or start in a thread."
                )
            return write

        def write(conn: Connection) -> Finish:
            now = utcnow()
            fields = {
                "guild_id": ctx.guild_id,
                "channel_id": ctx.channel_id,
                "game_key": game_key,
                "options": options,
                "seed": seed,
                "owner_id": ctx.user_id,
                "players": players,
                "status": "active",
                "state": state.model_dump(mode="json"),
                "version": 1,
                "depth": 0,
                "created_at": now,
                "updated_at": now,
                "parent_id": parent_id,
                "locale": locale,
            }
            try:
                game_id = conn.execute(
                    insert(GameRow).values(fields).returning(GameRow.id)
                ).scalar_one()
            except IntegrityError:
                raise RuleError("A game was just started in this channel.") from None
            conn.execute(
                ACTIONS_TABLE.insert(),
                {
                    "game_id": game_id,
                    "seq": 1,
                    "user_id": ctx.user_id,
                    "created_at": now,
                    "command": "start",
                    "args": {"options": options, "seed": seed, "players": players},
                    "facts": outcome.facts,
                },
            )
            row = GameRecord(id=game_id, finished_at=None, **fields)

            def finish() -> Reply:
                reply = self._reply(rules, row, state, outcome, 1)
                reply.facts = [spec.replay_hint(options, seed), *reply.facts]
                return reply

            return finish

        return await self._locked(ctx.guild_id, ctx.channel_id, plan)

    @command_logged("act", lambda _self, _ctx, _key, action, **k: str(action.get("command")))
    async def act(
        self,
        ctx: Ctx,
        game_key: str | None,
        action: dict[str, Any],
        *,
        game_id: int | None = None,
        expected_version: int | None = None,
    ) -> Reply:
        """Apply one rule command to the channel's game (or, from a button, to game_id)."""
        guild_id, channel_id = ctx.guild_id, ctx.channel_id
        if game_id is not None:
            guild_id, channel_id = await self._channel_of(game_id)

        def plan(conn: Connection) -> Reply | Write:
            if game_id is not None:
                row = self._game(conn, game_id)
                if row is None or row.status != "active":
                    raise StaleButton("This button is out of date: that game has ended.")
            else:
                row = self._active(conn, ctx)
            if expected_version is not None and row.version != expected_version:
                raise StaleButton(
                    "This button is out of date: the game has moved on. `/game status` shows "
                    "where it stands."
                )
            rules = rules_for(row.game_key)
            if game_key is not None and row.game_key != game_key:
                raise RuleError(f"The game in this channel is {rules.name}.")
            self._check_player(row, ctx)
            self._room(row)
            read = english_action(row.game_key, action)  # `laden:3` typed in German: `shop:3`
            command = str(read.get("command"))
            state, outcome = rules.apply(rules.load(row.state), read)
            args = {k: v for k, v in read.items() if k != "command" and v is not None}
            dumped = state.model_dump(mode="json")
            if dumped == row.state and not outcome.finished:  # nothing changed: nothing logged
                return self._reply(rules, row, state, outcome, row.version)
            values: dict[str, Any] = {"state": dumped}
            depth = None if row.depth is None else row.depth + 1
            if depth is not None:
                values["depth"] = depth
            seats = None
            if outcome.finished:
                values |= {"status": "finished", "finished_at": utcnow()}
                seats = rules.results(state)
                outcome.facts.append("The result is in your logbook: `/stats`, `/streak`.")
                outcome.facts += self._not_recorded(conn, row, seats, ctx)
                row.status = "finished"

            def reply(version: int) -> Reply:
                return self._reply(rules, row, state, outcome, version)

            snapshot = dumped if depth and depth % SNAPSHOT_EVERY == 0 else None
            change = Change(command, args, outcome.facts, values, reply, seats, snapshot)
            return self._change(ctx, row, change)

        return await self._locked(guild_id, channel_id, plan)

    async def _channel_of(self, game_id: int) -> tuple[int, int]:
        row = await self.db.read(lambda conn: self._game(conn, game_id))
        if row is None:
            raise StaleButton("This button is out of date: that game no longer exists.")
        return row.guild_id, row.channel_id

    @command_logged("status")
    async def status(self, ctx: Ctx) -> Reply:
        return await self.look(ctx)

    async def look(self, ctx: Ctx) -> Reply:
        """`status` without its log line: autocomplete reads it on every keystroke."""
        row = await self.db.read(lambda conn: self._active(conn, ctx))
        rules = rules_for(row.game_key)
        state = rules.load(row.state)
        return self._reply(rules, row, state, rules.describe(state), row.version)

    async def game_status(self, game_id: int) -> tuple[GameRecord, Reply]:
        """Where game `game_id` stands, as `/game status` shows it, with its row (for posts
        made without an interaction: the living status message, reminders)."""
        row = await self.db.read(lambda conn: self._game(conn, game_id))
        if row is None:
            raise NoGame(f"Game #{game_id} does not exist.")
        rules = rules_for(row.game_key)
        state = rules.load(row.state)
        return row, self._reply(rules, row, state, rules.describe(state), row.version)

    @command_logged("query")
    async def query(self, ctx: Ctx, game_key: str, name: str, **args: Any) -> Reply:
        """A read-only question to the channel's game (e.g. Alea's odds): no lock, no log."""
        row = await self.db.read(lambda conn: self._active(conn, ctx))
        spec = spec_for(row.game_key)
        if row.game_key != game_key:
            raise RuleError(f"The game in this channel is {spec.name}.")
        query = spec.query(name)
        state = spec.rules.load(row.state)
        outcome = query(state, **args)
        reply = self._reply(spec.rules, row, state, outcome, row.version)
        reply.next_steps, reply.board, reply.ask = [], None, None
        return reply

    @command_logged("undo")
    async def undo(self, ctx: Ctx, steps: int = 1) -> Reply:
        if not 1 <= steps <= 50:
            raise InputError("Undo between 1 and 50 steps.")

        def plan(conn: Connection) -> Offload:
            # Not bounded by MAX_STEPS: an undo must always work, and each takes back a step.
            row = self._find_active(conn, ctx)
            ended = row is None  # the channel's last game finished: its end may be undone
            if row is None:
                row = finish.latest_finished(conn, ctx.guild_id, ctx.channel_id, no_game())
            self._check_player(row, ctx)
            rules = rules_for(row.game_key)
            done, snapshot, above = self._in_force(conn, row, rules, steps)
            depth = done + len(above)
            if steps > depth:
                raise RuleError(finish.nothing_to_undo(conn, row, depth))
            keep = depth - steps

            def work() -> Write:  # the replay: at most SNAPSHOT_EVERY actions, in a thread
                if snapshot is None:
                    base, first = rules.new_game(row.options, row.seed)
                else:
                    base = rules.load(snapshot)
                    first = rules.describe(base)
                actions = [action for _, action in above[: keep - done]]
                state, outcome = replay_from(rules, base, first, actions)
                undone = ", ".join(a["command"] for _, a in above[keep - done :])
                facts = [f"Undone {steps} step(s): {undone}. The same cards will come again."]
                outcome.facts = facts
                values = {"state": state.model_dump(mode="json"), "depth": keep}
                if ended:
                    finish.reopening(row, values, facts)

                def reply(version: int) -> Reply:
                    return self._reply(rules, row, state, outcome, version)

                write = self._change(ctx, row, Change(UNDO, {"steps": steps}, facts, values, reply))
                return finish.unrecording(row, write) if ended else write

            return Offload(work)

        return await self._locked(ctx.guild_id, ctx.channel_id, plan)

    def _in_force(
        self, conn: Connection, row: GameRecord, rules: Rules, steps: int
    ) -> tuple[int, dict[str, Any] | None, list[tuple[int, dict[str, Any]]]]:
        """The actions in force as (depth of the snapshot they start from, its state or None
        for the seed, the (seq, action) above it), reading only the log after that snapshot:
        an undo costs the same in a long game as in a short one. A snapshot at depth d is in
        force while the game is deeper than d (any act at depth d replaces it). A game begun
        before snapshots (no depth) reads its whole log, once."""
        if row.depth is not None and row.depth >= steps:
            found = conn.execute(
                select(SnapshotRow.depth, SnapshotRow.action_seq, SnapshotRow.state)
                .where(SnapshotRow.game_id == row.id, SnapshotRow.depth <= row.depth - steps)
                .order_by(SnapshotRow.depth.desc())
                .limit(1)
            ).first()
            done, after, state = found if found is not None else (0, 1, None)
            above = effective_entries(self._log(conn, row.id, after), rules, above=True)
            if above is not None and done + len(above) == row.depth:
                return done, state, above
        return 0, None, effective_entries(self._log(conn, row.id), rules) or []

    @command_logged("abandon")
    async def abandon(self, ctx: Ctx) -> Reply:
        def plan(conn: Connection) -> Write:
            row = self._active(conn, ctx)
            if ctx.user_id != row.owner_id and not ctx.can_manage:
                raise NotAllowed(
                    "Only the game's owner or a member with Manage Server can abandon it."
                )
            facts = [
                f"Game #{row.id} abandoned (logged as abandoned, not as a loss). "
                "Start a new one whenever you like."
            ]
            rules = rules_for(row.game_key)
            seats = rules.results(rules.load(row.state), abandoned=True)
            values = {"status": "abandoned", "finished_at": utcnow()}

            def reply(version: int) -> Reply:
                return self._note(row, facts, version=version)

            return self._change(ctx, row, Change("abandon", {}, facts, values, reply, seats))

        return await self._locked(ctx.guild_id, ctx.channel_id, plan)

    @command_logged("players")
    async def players(self, ctx: Ctx, add: int | None = None, remove: int | None = None) -> Reply:
        def plan(conn: Connection) -> Reply | Write:
            row = self._active(conn, ctx)
            players = list(row.players)
            facts: list[str] = []
            if add is not None or remove is not None:
                if ctx.user_id != row.owner_id:
                    raise NotAllowed("Only the game's owner can add or remove players.")
                if add is not None and add == remove:
                    raise InputError(f"Add or remove <@{add}>, not both; nothing changed.")
                if add is not None and add not in players and add != row.owner_id:
                    if len(players) >= MAX_PLAYERS:
                        raise RuleError(f"A game can have at most {MAX_PLAYERS} added players.")
                    players.append(add)
                    facts.append(f"<@{add}> may now play this game.")
                if remove is not None:
                    if remove not in players:
                        raise RuleError(f"<@{remove}> is not one of this game's players.")
                    players.remove(remove)
                    facts.append(f"<@{remove}> is no longer a player of this game.")
                if not facts:
                    raise RuleError("Nothing changed: that member can already play.")
            names = ", ".join(f"<@{p}>" for p in players) or "nobody else"
            shown = [*facts, f"Owner: <@{row.owner_id}>. Players: {names}."]
            if not facts:
                return self._note(row, shown)

            def reply(version: int) -> Reply:
                return self._note(row, shown, version=version)

            self._room(row)
            args = {"add": add, "remove": remove}
            change = Change("players", args, facts, {"players": players}, reply)
            return self._change(ctx, row, change)

        return await self._locked(ctx.guild_id, ctx.channel_id, plan)

    @command_logged("remind")
    async def remind(self, ctx: Ctx, after: int | None) -> Reply:
        """Ping the players when the game has waited `after` hours for a move (None: never).
        A table setting like `players`: logged, but not replayed, undone or imported."""
        if after is not None and not 1 <= after <= reminders.MAX_HOURS:
            raise InputError(f"Reminders wait 1 to {reminders.MAX_HOURS} hours, or `off`.")

        def plan(conn: Connection) -> Reply | Write:
            row = self._active(conn, ctx)
            self._check_player(row, ctx)
            if after is None and row.remind_after is None and row.remind_at is None:
                return self._note(row, ["Reminders are already off for this game."])
            if after is not None and after == row.remind_after and row.remind_at is not None:
                return self._note(row, reminders.already_on(after, row.remind_at))
            self._room(row)
            if after is None:
                due = None
                facts = ["Reminders off: nobody will be pinged about this game."]
            else:
                due = utcnow() + timedelta(hours=after)
                stamp = int(due.timestamp())
                facts = [
                    f"Reminder on: {reminders.waiting_text(after)}, "
                    "I ping this game's players here.",
                    f"The next one comes <t:{stamp}:f> (<t:{stamp}:R>) unless someone moves "
                    "first; every move starts the wait again.",
                ]
            values = {"remind_after": after, "remind_at": due}

            def reply(version: int) -> Reply:
                return self._note(row, facts, version=version)

            args = {"after": reminders.OFF if after is None else after}
            return self._change(ctx, row, Change("remind", args, facts, values, reply))

        return await self._locked(ctx.guild_id, ctx.channel_id, plan)

    @command_logged("campaign")
    async def campaign(self, ctx: Ctx, name: str) -> Reply:
        """Put the channel's game into a named campaign (`off`: out of it); the logbook copies
        the name onto the game's plays when its result is recorded."""
        wanted = campaign_name(name)

        def plan(conn: Connection) -> Reply | Write:
            row = self._active(conn, ctx)
            self._check_player(row, ctx)
            if wanted == row.campaign:
                if wanted is None:
                    return self._note(row, [f"Game #{row.id} is not part of a campaign."])
                return self._note(
                    row, [f"Game #{row.id} is already part of the campaign “{wanted}”."]
                )
            self._room(row)
            if wanted is None:
                facts = [f"Game #{row.id} is no longer part of the campaign “{row.campaign}”."]
            else:
                facts = [
                    f"Game #{row.id} is now part of the campaign “{wanted}”; "
                    "its result counts there when it ends."
                ]

            def reply(version: int) -> Reply:
                return self._note(row, facts, version=version)

            args = {"name": reminders.OFF if wanted is None else wanted}
            change = Change("campaign", args, facts, {"campaign": wanted}, reply)
            return self._change(ctx, row, change)

        return await self._locked(ctx.guild_id, ctx.channel_id, plan)

    async def campaign_names(self, guild_id: int, typed: str = "", limit: int = 24) -> list[str]:
        """The campaigns this server's games belong to, those starting with `typed` first
        (for autocomplete)."""
        typed = " ".join(typed.split()).lower()

        def names(conn: Connection) -> list[str]:
            found = conn.execute(
                select(GameRow.campaign)
                .where(GameRow.guild_id == guild_id, GameRow.campaign.is_not(None))
                .group_by(GameRow.campaign)
                .order_by(func.max(GameRow.id).desc())
                .limit(500)
            ).scalars()
            matching = [n for n in found if typed in n.lower()]
            matching.sort(key=lambda n: not n.lower().startswith(typed))
            return matching[:limit]

        return await self.db.read(names)

    @command_logged("history")
    async def history(self, ctx: Ctx, page: int = 1) -> Reply:
        async with self.db.sessions() as session:
            row = await self._latest(session, ctx)
            total = await session.scalar(
                select(func.count()).select_from(ActionRow).where(ActionRow.game_id == row.id)
            )
            pages = max(1, -(-int(total or 0) // HISTORY_PAGE))
            if not 1 <= page <= pages:
                raise InputError(f"Page {page} does not exist; there are {pages}.")
            entries = (
                await session.execute(
                    select(ActionRow)
                    .where(ActionRow.game_id == row.id)
                    .order_by(ActionRow.seq)
                    .offset((page - 1) * HISTORY_PAGE)
                    .limit(HISTORY_PAGE)
                )
            ).scalars()
            lines = []
            for entry in entries:
                summary = next((f for f in entry.facts if not f.startswith("Seed ")), "")
                args = " ".join(f"{k}:{v}" for k, v in entry.args.items() if k != "options")
                lines.append(f"**{entry.seq}.** {entry.command} {args} — {summary[:120]}")
        return self._note(row, lines, f" · history {page}/{pages}")

    async def _latest(self, session: AsyncSession, ctx: Ctx) -> GameRow:
        """The channel's active game, or else its most recent one."""
        row = (
            await session.execute(
                select(GameRow)
                .where(GameRow.guild_id == ctx.guild_id, GameRow.channel_id == ctx.channel_id)
                .order_by((GameRow.status == "active").desc(), GameRow.id.desc())
                .limit(1)
            )
        ).scalar_one_or_none()
        if row is None:
            raise NoGame("No game has been played in this channel yet.")
        return row

    @staticmethod
    def _log(
        conn: Connection, game_id: int, after: int = 1
    ) -> list[tuple[int, str, dict[str, Any]]]:
        """(seq, command, args) of every entry after `after` (by default, after the start)."""
        rows = conn.execute(
            select(ActionRow.seq, ActionRow.command, ActionRow.args)
            .where(ActionRow.game_id == game_id, ActionRow.seq > after)
            .order_by(ActionRow.seq)
        )
        return [(seq, command, args) for seq, command, args in rows]

    @command_logged("export")
    async def export(self, ctx: Ctx) -> Reply:
        async with self.db.sessions() as session:
            row = await self._latest(session, ctx)
            entries = (
                await session.execute(
                    select(ActionRow).where(ActionRow.game_id == row.id).order_by(ActionRow.seq)
                )
            ).scalars()
            log = [
                {
                    "seq": e.seq,
                    "user_id": e.user_id,
                    "at": e.created_at.isoformat(),
                    "command": e.command,
                    "args": e.args,
                }
                for e in entries
            ]
        document = {
            "format": EXPORT_FORMAT,
            "game": row.game_key,
            "game_id": row.id,
            "options": row.options,
            "seed": row.seed,
            "owner_id": row.owner_id,
            "players": row.players,
            "status": row.status,
            "log": log,
            "state": row.state,
        }
        data = json.dumps(document, indent=1, sort_keys=True).encode()
        reply = self._note(
            row,
            [f"{len(log)} log entries, seed {row.seed}. `/game import` replays it anywhere."],
            " · export",
        )
        reply.files = [(f"soloist-game-{row.id}.json", data)]
        return reply

    @command_logged("import_game")
    async def import_game(
        self, ctx: Ctx, raw: bytes | str, progress: Progress | None = None
    ) -> Reply:
        """Replay an export into this channel as a new game owned by the importer: checked by
        replay in memory first (in a worker thread), then the game row and its whole log are
        written in one transaction, so an interrupted import leaves nothing."""
        checked = await asyncio.to_thread(check_export, raw)
        if progress is not None:
            await progress(f"Replayed {len(checked.actions):,} step(s); writing the game…")

        def plan(conn: Connection) -> Write:
            existing = self._find_active(conn, ctx)
            if existing is not None:
                raise RuleError(
                    f"Game #{existing.id} ({rules_for(existing.game_key).name}) is already "
                    "running here: finish it, `/game abandon` it, or import in a thread."
                )
            return lambda conn: self._write_import(conn, ctx, checked)

        return await self._locked(ctx.guild_id, ctx.channel_id, plan)

    def _write_import(self, conn: Connection, ctx: Ctx, checked: ImportPlan) -> Finish:
        rules, now = checked.rules, utcnow()
        steps = len(checked.actions)
        state = checked.state.model_dump(mode="json")
        if checked.finished:  # in the write transaction, next to the play it would add
            same = logged_game(conn, ctx.user_id, rules.key, checked.seed, checked.options, state)
            if same is not None:
                raise RuleError(
                    f"Game #{same} is this game (same seed and moves) and is already in your "
                    "logbook: it counts once. Nothing was imported."
                )
        fields = {
            "guild_id": ctx.guild_id,
            "channel_id": ctx.channel_id,
            "game_key": rules.key,
            "options": checked.options,
            "seed": checked.seed,
            "owner_id": ctx.user_id,
            "players": [],
            "status": "finished" if checked.finished else "active",
            "state": state,
            "version": 1 + steps,
            "depth": steps,
            "created_at": now,
            "updated_at": now,
            "finished_at": now if checked.finished else None,
        }
        try:
            game_id = conn.execute(
                insert(GameRow).values(fields).returning(GameRow.id)
            ).scalar_one()
        except IntegrityError:
            raise RuleError("A game was just started in this channel.") from None
        start = {"options": checked.options, "seed": checked.seed, "players": []}
        entries = [("start", start, checked.start_facts)] + [
            (action["command"], {k: v for k, v in action.items() if k != "command"}, facts)
            for action, facts in checked.actions
        ]
        insert_log(conn, game_id, ctx.user_id, now, entries)
        if checked.snapshots:
            conn.execute(
                SNAPSHOTS_TABLE.insert(),
                [
                    {"game_id": game_id, "depth": depth, "action_seq": depth + 1, "state": state}
                    for depth, state in checked.snapshots.items()
                ],
            )
        row = GameRecord(id=game_id, **fields)
        if checked.finished:  # replayed from a file, not played here: marked imported
            record_game(conn, row, rules.results(checked.state), now, source=IMPORTED)

        def finish() -> Reply:
            reply = self._reply(rules, row, checked.state, checked.outcome, row.version)
            reply.facts = [
                f"Imported: {steps:,} step(s) replayed from seed {checked.seed}.",
                *reply.facts[-3:],
            ]
            return reply

        return finish


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
