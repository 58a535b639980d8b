"""The one way to run a transaction, on one engine (one pool) per database.

Every read and every write is a job: a function of a connection (SQLAlchemy Core), run by
`Database.read` or `Database.write` in one transaction; a job that works with mapped objects
opens a `Session` on that connection (`orm`), inside the same transaction.

SQLite has one writer at a time, so this process talks to it through one thread with its own
(synchronous) connections: a whole read or write transaction is one hop off the event loop,
and writers queue in order instead of in SQLite's sleeping busy handler. A server database
(PostgreSQL) runs the same jobs over its async engine's pooled connections.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import Connection, Dialect, Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.orm import Session

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
        # exactly one of the two: the async engine of a server database, or SQLite's thread
        self.engine: AsyncEngine | None = None
        self._sqlite: Engine | None = None
        self._thread: ThreadPoolExecutor | None = None
        if self.is_sqlite:
            file = sqlite_file(url)
            if file is not None:  # SQLite makes the file, never its folder
                file.parent.mkdir(parents=True, exist_ok=True)
            # One thread talks to SQLite, for reads and writes alike: measured faster than
            # separate reader threads, which only fight over the GIL (docs/performance.md).
            # One connection serves both, one transaction at a time: one page cache, not two.
            sync_url = parsed.set(drivername="sqlite")
            args = {"timeout": 30, "check_same_thread": False}
            self._sqlite = create_engine(sync_url, connect_args=args)
            event.listen(self._sqlite, "connect", _sqlite_connect)
            self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite")
            return
        # A pooled connection is pinged before use: a database that restarted since costs a
        # reconnect, not the command (SQLAlchemy's "pessimistic" handling).
        connect: dict[str, Any] = {}
        if parsed.get_driver_name() == "asyncpg":
            # a connect that hangs (a firewall that drops) ends, so start-up can retry
            connect["timeout"] = CONNECT_TIMEOUT
        if schema is not None:
            connect["server_settings"] = {"search_path": schema}
        self.engine = create_async_engine(
            url,
            pool_pre_ping=True,
            pool_size=pool_size,
            max_overflow=max_overflow,
            connect_args=connect,
        )

    async def read(self, job: Callable[[Connection], T]) -> T:
        """Run `job` in one transaction that is rolled back after it (nothing it did stays)."""
        if self._sqlite is not None:
            engine = self._sqlite

            def run() -> T:
                with engine.connect() as conn:
                    _begin(conn, "BEGIN")
                    return job(conn)  # ended by the connection's return to the pool

            return await asyncio.get_running_loop().run_in_executor(self._thread, run)
        assert self.engine is not None
        async with self.engine.connect() as conn:
            return await conn.run_sync(job)

    async def write(self, job: Callable[[Connection], T]) -> T:
        """Run `job` in one write transaction: committed if it returns, rolled back if not."""
        if self._sqlite is not None:
            engine = self._sqlite

            def run() -> T:
                with engine.begin() as conn:
                    _begin(conn, "BEGIN IMMEDIATE")  # a writer takes the lock up front
                    return job(conn)

            return await asyncio.get_running_loop().run_in_executor(self._thread, run)
        assert self.engine is not None
        async with self.engine.begin() as conn:
            return await conn.run_sync(job)

    @property
    def dialect(self) -> Dialect:
        """The database's SQL dialect (to compile a statement as it is sent)."""
        engine = self._sqlite if self._sqlite is not None else self.engine
        assert engine is not None
        return engine.dialect

    def pool_in_use(self) -> int:
        """Connections checked out of the pool right now (the /metrics gauge)."""
        pool = self._sqlite.pool if self._sqlite is not None else self.engine.pool  # type: ignore[union-attr]
        return getattr(pool, "checkedout", lambda: 0)()  # type: ignore[no-any-return]

    async def ping(self) -> None:
        """One round trip to the database: raises whatever connecting raises."""
        await self.read(lambda conn: conn.exec_driver_sql("SELECT 1").scalar())

    async def create_all(self) -> None:
        """Tests only: the schema straight from the models (production uses migrations)."""
        from bot.store.models import Base

        await self.write(Base.metadata.create_all)

    async def close(self) -> None:
        if self.engine is not None:
            await self.engine.dispose()
        if self._sqlite is not None:
            self._sqlite.dispose()


def orm(job: Callable[[Session], T]) -> Callable[[Connection], T]:
    """A job on mapped objects as a `Database.read` or `Database.write` job: the session joins
    the transaction of the connection it is given, and the objects it returns stay readable."""

    def run(conn: Connection) -> T:
        with Session(bind=conn, expire_on_commit=False) as session:
            return job(session)

    return run


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
