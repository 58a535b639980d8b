"""The async engine for reads, and one way to run a write transaction on any database.

SQLite has one writer at a time, so this process talks to it through one thread with its own
(synchronous) connections: a whole read or write transaction is one hop off the event loop,
and writers queue in order instead of in SQLite's sleeping busy handler. Other databases run
the same functions over their async connections.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine

T = TypeVar("T")
CONNECT_TIMEOUT = 10.0  # seconds for one connection attempt to a server database


class Database:
    def __init__(
        self,
        url: str,
        *,
        schema: str | None = None,
        pool_size: int = 5,
        max_overflow: int = 10,
    ) -> None:
        """`schema` (PostgreSQL only) puts every table in that schema: the tests use one each.
        `pool_size` and `max_overflow` (DB_POOL_SIZE, DB_MAX_OVERFLOW) size the pool of a
        server database; SQLite has its own thread instead."""
        self.url, self.schema = url, schema
        parsed = make_url(url)
        self.is_sqlite = parsed.get_backend_name() == "sqlite"
        kwargs: dict[str, Any] = {}
        if not self.is_sqlite:
            # A pooled connection is pinged before use: a database that restarted since
            # costs a reconnect, not the command (SQLAlchemy's "pessimistic" handling).
            kwargs.update(pool_pre_ping=True, pool_size=pool_size, max_overflow=max_overflow)
            args: dict[str, Any] = {}
            if parsed.get_driver_name() == "asyncpg":
                # a connect that hangs (a firewall that drops) ends, so start-up can retry
                args["timeout"] = CONNECT_TIMEOUT
            if schema is not None:
                args["server_settings"] = {"search_path": schema}
            kwargs["connect_args"] = args
        if self.is_sqlite:
            file = sqlite_file(url)
            if file is not None:  # SQLite makes the file, never its folder
                file.parent.mkdir(parents=True, exist_ok=True)
            kwargs["connect_args"] = {"timeout": 30}
        self.engine: AsyncEngine = create_async_engine(url, **kwargs)
        if self.is_sqlite:
            # SQLAlchemy's documented aiosqlite recipe: let SQLAlchemy, not the driver,
            # begin transactions, so that one session is one real transaction.
            event.listen(self.engine.sync_engine, "connect", _sqlite_connect)
            event.listen(self.engine.sync_engine, "begin", _sqlite_begin)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        self._writer: ThreadPoolExecutor | None = None
        self._readers: ThreadPoolExecutor | None = None
        self._sync_engines: list[Engine] = []
        if self.is_sqlite:
            sync_url = parsed.set(drivername="sqlite")
            args = {"timeout": 30, "check_same_thread": False}
            # One thread talks to SQLite, for reads and writes alike: measured faster than
            # separate reader threads, which only fight over the GIL (docs/performance.md).
            # One connection serves both, one transaction at a time: one page cache, not two.
            self._sqlite = create_engine(sync_url, connect_args=args)
            event.listen(self._sqlite, "connect", _sqlite_connect)
            self._sync_engines.append(self._sqlite)
            self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite")
            self._readers = self._writer

    async def read(self, job: Callable[[Connection], T]) -> T:
        """Run `job` with a connection for reading (one hop off the event loop on SQLite)."""
        if self._readers is not None:
            engine = self._sqlite

            def run() -> T:
                with engine.connect() as conn:
                    _begin(conn, "BEGIN")
                    return job(conn)  # ended by the connection's return to the pool

            return await asyncio.get_running_loop().run_in_executor(self._readers, run)
        async with self.engine.connect() as conn:
            return await conn.run_sync(job)

    async def write(self, job: Callable[[Connection], T]) -> T:
        """Run `job` in one write transaction: committed if it returns, rolled back if not."""
        if self._writer is not None:
            engine = self._sqlite

            def run() -> T:
                with engine.begin() as conn:
                    _begin(conn, "BEGIN IMMEDIATE")  # a writer takes the lock up front
                    return job(conn)

            return await asyncio.get_running_loop().run_in_executor(self._writer, run)
        async with self.engine.begin() as conn:
            return await conn.run_sync(job)

    def pool_in_use(self) -> int:
        """Connections checked out of the pool right now (the /metrics gauge)."""
        pools = [self.engine.pool, *(engine.pool for engine in self._sync_engines)]
        return sum(getattr(pool, "checkedout", lambda: 0)() for pool in pools)

    async def ping(self) -> None:
        """One round trip to the database: raises whatever connecting raises."""
        if self._readers is not None:
            await self.read(lambda conn: conn.exec_driver_sql("SELECT 1").scalar())
            return
        async with self.engine.connect() as conn:
            await conn.exec_driver_sql("SELECT 1")

    async def create_all(self) -> None:
        """Tests only: the schema straight from the models (production uses migrations)."""
        from bot.store.models import Base

        async with self.engine.begin() as conn:
            await conn.run_sync(Base.metadata.create_all)

    async def close(self) -> None:
        await self.engine.dispose()
        for engine in self._sync_engines:
            engine.dispose()


def sqlite_file(url: str) -> Path | None:
    """The SQLite file a database URL names (None: a server database, or SQLite in memory)."""
    parsed = make_url(url)
    name = parsed.database
    if parsed.get_backend_name() != "sqlite" or not name or name == ":memory:":
        return None
    return Path(name)


def _sqlite_connect(dbapi_conn: Any, _record: Any) -> None:
    dbapi_conn.isolation_level = None
    cursor = dbapi_conn.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _sqlite_begin(conn: Any) -> None:
    conn.exec_driver_sql("BEGIN")


def _begin(conn: Connection, sql: str) -> None:
    """Begin the SQLite thread's transaction on the driver's connection. SQLAlchemy's pysqlite
    dialect begins none itself (the connection is in autocommit mode, see `_sqlite_connect`),
    and doing it in a "begin" event, as the async engine does, would make every statement
    consult the engine's events and send BEGIN through the whole execute path: about a tenth
    of a command's database time (issue 22). COMMIT and ROLLBACK stay SQLAlchemy's."""
    try:
        conn.connection.driver_connection.execute(sql)  # type: ignore[union-attr]
    except sqlite3.OperationalError as exc:  # "database is locked": the write path retries
        raise OperationalError(sql, None, exc) from exc
