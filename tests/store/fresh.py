"""A fresh PostgreSQL database for one test (created on the test server, dropped after it), and
a whole database's contents as data, to compare two of them. Both callable from a test that
runs in an event loop (they run on a loop of their own in a thread)."""

from __future__ import annotations

import contextlib
import itertools
import os
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine

from bot.store.models import Base
from tests.conftest import POSTGRES_URL, _run_apart, postgres_unavailable

_numbers = itertools.count()


def _admin(*statements: str) -> None:
    async def run() -> None:
        engine = create_async_engine(POSTGRES_URL, isolation_level="AUTOCOMMIT")
        async with engine.connect() as conn:
            for sql in statements:
                await conn.execute(text(sql))
        await engine.dispose()

    _run_apart(run)


@contextlib.contextmanager
def fresh_postgres(tag: str) -> Iterator[str]:
    """The URL of a new, empty database on the test server (skips when there is none)."""
    why = postgres_unavailable()
    if why is not None:
        pytest.skip(f"PostgreSQL not reachable: {why}")
    name = f"soloist_{tag}_{os.getpid()}_{next(_numbers)}"
    _admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)", f"CREATE DATABASE {name}")
    try:
        yield make_url(POSTGRES_URL).set(database=name).render_as_string(hide_password=False)
    finally:
        _admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def contents(url: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every table's rows (the models' tables and Alembic's), in a stable order."""

    async def run() -> dict[str, list[tuple[Any, ...]]]:
        engine = create_async_engine(url)
        found = {}
        async with engine.connect() as conn:
            for table in Base.metadata.sorted_tables:
                rows = (await conn.execute(table.select())).all()
                found[table.name] = sorted((tuple(row) for row in rows), key=repr)
            version = await conn.execute(text("SELECT version_num FROM alembic_version"))
            found["alembic_version"] = [tuple(row) for row in version]
        await engine.dispose()
        return found

    return _run_apart(run)  # type: ignore[no-any-return]
