"""The hot path of the store: a game's row read, and its new state and log entry written, on the
driver's connection, without SQLAlchemy's execution machinery or ORM objects; and a per-game
cache of the state model, keyed by what the database holds.

A command reads its game's row every time (the database is the only truth). The state in it
is turned into a model only when the cache holds none for exactly that stored value: the
cache entry is used when the row's version AND its stored state are the ones the entry was
made from (on SQLite the stored JSON text, compared as a string), so a state changed by
another process, by an undo or by anything else is never served from the cache; a
compare-and-swap that fails drops the entry. What a command writes is the model the rules
just made (validated when the rules built it), so the next command starts from it without
parsing or validating it again. A state read from the database for the first time is
validated (`rules.load`, with the upgrades of an older shape), as imports and migrations are.

The statements are SQLAlchemy Core ones, compiled once per dialect; only their execution goes
straight to the driver's cursor, with the column types' own conversions. On SQLite (the
bot's default, one thread) that is the whole path; other databases run the same statements
through SQLAlchemy Core (their async drivers need its adaptation)."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel
from sqlalchemy import Connection, Dialect, Table
from sqlalchemy.sql import ClauseElement
from sqlalchemy.types import TypeEngine

from bot.store.models import GameRecord, GameRow

GAMES_TABLE: Table = GameRow.__table__  # type: ignore[assignment]
MAX_CACHED = 5_000  # games whose state model is kept (the least recently used go first)
STATE = "state"


@dataclass(frozen=True)
class Cached:
    version: int
    stored: Any  # the state as the database holds it (SQLite: its JSON text)
    state: BaseModel  # never changed: the rules copy a state before they change it
    dumped: dict[str, Any]  # the state as JSON-ready data, equal to what is stored


class StateCache:
    """game id → its last state model, valid only for the exact stored value it came from."""

    def __init__(self, limit: int = MAX_CACHED) -> None:
        self.limit = limit
        self._entries: OrderedDict[int, Cached] = OrderedDict()
        self._lock = threading.Lock()  # the SQLite thread and the event loop both use it
        self.hits = self.misses = self.dropped = 0

    def get(self, game_id: int, version: int, stored: Any) -> Cached | None:
        with self._lock:
            entry = self._entries.get(game_id)
            if entry is None:
                self.misses += 1
                return None
            if entry.version != version or entry.stored != stored:
                del self._entries[game_id]  # the database moved on without this process
                self.dropped += 1
                self.misses += 1
                return None
            self._entries.move_to_end(game_id)
            self.hits += 1
            return entry

    def put(self, game_id: int, entry: Cached) -> None:
        with self._lock:
            self._entries[game_id] = entry
            self._entries.move_to_end(game_id)
            while len(self._entries) > self.limit:
                self._entries.popitem(last=False)

    def drop(self, game_id: int) -> None:
        with self._lock:
            if self._entries.pop(game_id, None) is not None:
                self.dropped += 1

    def __contains__(self, game_id: int) -> bool:
        return game_id in self._entries

    def entries(self) -> list[tuple[int, Cached]]:
        with self._lock:
            return list(self._entries.items())


@dataclass(frozen=True)
class _Compiled:
    sql: str
    names: tuple[str, ...]  # the bound parameters, in the driver's order
    binds: tuple[Callable[[Any], Any] | None, ...]
    fixed: dict[str, Any]  # the values the statement itself holds (`status == "active"`)


class Driver:
    """Core statements executed on the driver's cursor (SQLite's sqlite3), compiled once."""

    def __init__(self) -> None:
        # keyed by the statement itself (hashed by identity), which the entry keeps alive
        self._compiled: dict[ClauseElement, _Compiled] = {}
        self._results: list[Callable[[Any], Any] | None] | None = None

    @staticmethod
    def applies(conn: Connection) -> bool:
        return conn.dialect.name == "sqlite"

    def _compile(self, conn: Connection, statement: ClauseElement) -> _Compiled:
        found = self._compiled.get(statement)
        if found is not None:
            return found
        dialect = conn.dialect
        compiled = statement.compile(dialect=dialect)
        names = tuple(compiled.positiontup or ())
        binds = tuple(_bind(compiled.binds[name].type, dialect) for name in names)
        fixed = {
            name: bind.value
            for name, bind in compiled.binds.items()
            if name in names and not bind.required and bind.value is not None
        }
        made = _Compiled(compiled.string, names, binds, fixed)
        self._compiled[statement] = made
        return made

    def execute(
        self,
        conn: Connection,
        statement: ClauseElement,
        params: dict[str, Any],
        ready: frozenset[str] = frozenset(),
    ) -> Any:
        """The driver's cursor after running `statement` with `params` (Python values,
        converted by the columns' types as SQLAlchemy would; those named in `ready` are
        given as the driver takes them, e.g. a state already as its JSON text)."""
        compiled = self._compile(conn, statement)
        if compiled.fixed:
            params = compiled.fixed | params
        values = [
            params[name] if convert is None or name in ready else convert(params[name])
            for name, convert in zip(compiled.names, compiled.binds, strict=True)
        ]
        driver = conn.connection.driver_connection
        return driver.execute(compiled.sql, values)  # type: ignore[union-attr]

    def game(
        self, conn: Connection, statement: ClauseElement, params: dict[str, Any]
    ) -> tuple[GameRecord, Any] | None:
        """A games row (all its columns, in the table's order) as a record whose `state` is
        left empty, and the state as stored (its JSON text): `load` makes the model."""
        found = self.execute(conn, statement, params).fetchone()
        if found is None:
            return None
        convert = self._row_processors(conn)
        fields = {}
        stored = None
        for column, value, process in zip(GAMES_TABLE.columns, found, convert, strict=True):
            if column.name == STATE:
                stored = value
                continue
            fields[column.name] = value if process is None or value is None else process(value)
        return GameRecord(state={}, **fields), stored

    def _row_processors(self, conn: Connection) -> list[Callable[[Any], Any] | None]:
        if self._results is None:
            dialect = conn.dialect
            self._results = [
                column.type.dialect_impl(dialect).result_processor(dialect, None)
                for column in GAMES_TABLE.columns
            ]
        return self._results


def _bind(kind: TypeEngine[Any], dialect: Dialect) -> Callable[[Any], Any] | None:
    """What SQLAlchemy does to a value of this type before the driver gets it (public API:
    the type as this dialect implements it, and its bind processor)."""
    return kind.dialect_impl(dialect).bind_processor(dialect)


DRIVER = Driver()


def load(
    cache: StateCache,
    rules: Any,
    game_id: int,
    version: int,
    stored: Any,
    decode: Callable[[Any], dict[str, Any]] | None = None,
) -> Cached:
    """The state model of a stored state: the cached one when it came from exactly this
    stored value, else the stored value validated (and cached)."""
    hit = cache.get(game_id, version, stored)
    if hit is not None:
        return hit
    dumped = decode(stored) if decode is not None else stored
    entry = Cached(version, stored, rules.load(dumped), dumped)
    cache.put(game_id, entry)
    return entry


def decode_text(stored: Any) -> dict[str, Any]:
    """A state as SQLite stores it (JSON text), as data."""
    return json.loads(stored) if isinstance(stored, str | bytes) else stored  # type: ignore[no-any-return]
