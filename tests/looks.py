"""Tests look into the database through the bot's one path (`Database.read` and `write`), a
statement at a time: `async with looking(db) as session:` reads as a session did, each call
its own transaction (so each read sees every commit before it)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable
from typing import Any

from sqlalchemy import Connection, Result
from sqlalchemy.orm import Session

from bot.store.database import Database, orm


class Look:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def execute(self, statement: Any, params: Any = None) -> Result[Any]:
        """Run one statement in a write transaction (a SELECT too): its rows, kept."""

        def job(session: Session) -> Result[Any]:
            result = session.execute(statement, params)
            return result.freeze()() if getattr(result, "returns_rows", True) else result

        return await self.db.write(orm(job))

    async def exec_driver_sql(self, sql: str, params: Any = None) -> Any:
        def job(conn: Connection) -> Any:
            result = conn.exec_driver_sql(sql, params)
            return result.freeze() if result.returns_rows else None

        kept = await self.db.write(job)
        return kept() if kept is not None else None

    async def scalar(self, statement: Any) -> Any:
        return await self.db.read(orm(lambda session: session.scalar(statement)))

    async def scalars(self, statement: Any) -> Any:
        kept = await self.db.read(orm(lambda session: session.execute(statement).freeze()))
        return kept().scalars()

    async def get(self, entity: Any, key: Any) -> Any:
        return await self.db.read(orm(lambda session: session.get(entity, key)))

    async def refresh(self, _row: Any) -> None:
        """Nothing to do: every read above is fresh."""

    async def commit(self) -> None:
        """Nothing to do: each statement committed on its own."""

    @contextlib.asynccontextmanager
    async def begin(self) -> AsyncIterator[Look]:
        yield self  # each statement commits on its own


@contextlib.asynccontextmanager
async def looking(db: Database) -> AsyncIterator[Look]:
    yield Look(db)


async def edit(db: Database, entity: Any, key: Any, change: Callable[[Any], None]) -> None:
    """Change one row's mapped object in one write transaction (as a test sets a scene)."""

    def job(session: Session) -> None:
        row = session.get(entity, key)
        assert row is not None, f"no {entity.__name__} {key}"
        change(row)
        session.flush()

    await db.write(orm(job))
