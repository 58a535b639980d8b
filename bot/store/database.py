"""The async engine and session factory; SQLite gets WAL mode and a busy timeout."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine


class Database:
    def __init__(self, url: str, *, schema: str | None = None) -> None:
        """`schema` (PostgreSQL only) puts every table in that schema: the tests use one each."""
        self.url = url
        parsed = make_url(url)
        self.is_sqlite = parsed.get_backend_name() == "sqlite"
        kwargs: dict[str, Any] = {}
        if schema is not None and not self.is_sqlite:
            kwargs["connect_args"] = {"server_settings": {"search_path": schema}}
        if self.is_sqlite:
            if parsed.database and parsed.database != ":memory:":
                Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
            kwargs["connect_args"] = {"timeout": 30}
        self.engine: AsyncEngine = create_async_engine(url, **kwargs)
        if self.is_sqlite:
            # SQLAlchemy's documented aiosqlite recipe: let SQLAlchemy, not the driver,
            # begin transactions, so that one session is one real transaction.
            event.listen(self.engine.sync_engine, "connect", _sqlite_connect)
            event.listen(self.engine.sync_engine, "begin", _sqlite_begin)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        # SQLite has one writer at a time: queue this process's writers here instead of in
        # SQLite's sleeping busy handler (which makes tail latency jump under load).
        self._sqlite_writer = asyncio.Lock() if self.is_sqlite else None

    def write_lock(self) -> contextlib.AbstractAsyncContextManager[object]:
        return self._sqlite_writer or contextlib.nullcontext()

    async def create_all(self) -> None:
        """Tests only: the schema straight from the models (production uses migrations)."""
        from bot.store.models import Base

        async with self.engine.begin() as conn:
            await conn.run_sync(Base.metadata.create_all)

    async def close(self) -> None:
        await self.engine.dispose()


def _sqlite_connect(dbapi_conn: Any, _record: Any) -> None:
    dbapi_conn.isolation_level = None
    cursor = dbapi_conn.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _sqlite_begin(conn: Any) -> None:
    conn.exec_driver_sql("BEGIN")
