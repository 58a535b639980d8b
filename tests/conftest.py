"""Every test that takes `db` runs twice: on SQLite and on PostgreSQL (skipped, and said so, when
no server answers at SOLOIST_TEST_POSTGRES_URL)."""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from bot.core.reply import Ctx
from bot.store.database import Database
from bot.store.models import Base
from bot.table.service import TableService
from tests.looks import looking

OWNER = Ctx(guild_id=10, channel_id=100, user_id=1)
POSTGRES_URL = os.environ.get(
    "SOLOIST_TEST_POSTGRES_URL", "postgresql+asyncpg://postgres@127.0.0.1:5432/test"
)
SCHEMA = f"soloist_test_{os.getpid()}"
_postgres: dict[str, str | None] = {}
_workers: dict[str, str | None] = {}  # under pytest-xdist: what the workers found


async def _prepare_postgres() -> str | None:
    """Create this run's schema and tables; None if it worked, else why not."""
    try:
        engine = create_async_engine(POSTGRES_URL, connect_args={"timeout": 3})
        async with engine.begin() as conn:
            await conn.execute(text(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE"))
            await conn.execute(text(f"CREATE SCHEMA {SCHEMA}"))
            await conn.execute(text(f"SET search_path TO {SCHEMA}"))
            await conn.run_sync(Base.metadata.create_all)
        await engine.dispose()
    except Exception as exc:  # no server, no driver, no rights: all mean "skip"
        return f"{type(exc).__name__}: {exc}"[:200]
    return None


def _run_apart(make_coroutine):  # type: ignore[no-untyped-def]
    """Run a coroutine on its own loop in a thread: callable from inside a running loop."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: asyncio.run(make_coroutine())).result()


def postgres_unavailable() -> str | None:
    if "why" not in _postgres:
        _postgres["why"] = _run_apart(_prepare_postgres)
    return _postgres["why"]


def pytest_sessionfinish(session, exitstatus):
    if hasattr(session.config, "workeroutput") and "why" in _postgres:  # an xdist worker
        session.config.workeroutput["postgres"] = _postgres["why"]
    if _postgres.get("why") is None and "why" in _postgres:

        async def drop() -> None:
            engine = create_async_engine(POSTGRES_URL)
            async with engine.begin() as conn:
                await conn.execute(text(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE"))
            await engine.dispose()

        _run_apart(drop)


def pytest_terminal_summary(terminalreporter):
    why = _postgres.get("why", _workers.get("why", "-"))
    if why == "-":
        return
    if why is None:
        terminalreporter.write_line(f"PostgreSQL: the suite also ran against {POSTGRES_URL}.")
    else:
        terminalreporter.write_line(f"PostgreSQL: SKIPPED, no server reachable ({why}).")


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    """pytest-xdist: a worker's PostgreSQL finding, for the summary line (a skip wins)."""
    found = getattr(node, "workeroutput", {}).get("postgres", "-")
    if found != "-" and _workers.get("why") is None:
        _workers["why"] = found


async def reset(db: Database) -> None:
    """Empty every table (and restart ids), so a test starts from nothing. On PostgreSQL one
    round trip that deletes the rows and restarts the sequences a test used: TRUNCATE makes
    new files for every table, ≈ 280 ms a test on a busy machine against ≈ 5 ms for this."""
    async with looking(db) as conn:
        if db.is_sqlite:
            for table in reversed(Base.metadata.sorted_tables):
                await conn.execute(table.delete())  # ids restart: no AUTOINCREMENT
        else:
            await conn.exec_driver_sql(_EMPTY_POSTGRES)


_EMPTY_POSTGRES = (
    "DO $$DECLARE s record; BEGIN "
    + "".join(f"DELETE FROM {t.name}; " for t in reversed(Base.metadata.sorted_tables))
    + "FOR s IN SELECT sequencename FROM pg_sequences WHERE schemaname = current_schema() "
    "AND last_value IS NOT NULL LOOP "
    "EXECUTE format('ALTER SEQUENCE %I RESTART', s.sequencename); END LOOP; END$$"
)


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory) -> Path:
    """The schema made once per worker; each test's database is a copy of it (a file copy
    takes ≈ 1 ms, making the schema ≈ 40 ms)."""
    path = tmp_path_factory.mktemp("template") / "schema.db"

    async def make() -> None:
        database = Database(f"sqlite+aiosqlite:///{path}")
        await database.create_all()
        await database.close()

    _run_apart(make)
    with sqlite3.connect(path) as conn:  # everything in the one file, nothing left in a WAL
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path


@pytest.fixture(params=["sqlite", "postgres"])
async def db(request, tmp_path) -> AsyncIterator[Database]:
    if request.param == "sqlite":
        shutil.copyfile(request.getfixturevalue("sqlite_template"), tmp_path / "test.db")
        database = Database(f"sqlite+aiosqlite:///{tmp_path}/test.db")
    else:
        why = postgres_unavailable()
        if why is not None:
            pytest.skip(f"PostgreSQL not reachable: {why}")
        database = Database(POSTGRES_URL, schema=SCHEMA)
        await reset(database)
    yield database
    await database.close()


@pytest.fixture
async def service(db: Database) -> TableService:
    return TableService(db)


@pytest.fixture
def owner() -> Ctx:
    return OWNER


@pytest.fixture(autouse=True)
def german_audit():
    """Every English text a front-end shows during a test must have German (docs/i18n.md); the
    test fails at teardown naming each line that has none. SOLOIST_I18N_AUDIT=0 turns it off."""
    if os.environ.get("SOLOIST_I18N_AUDIT", "1") != "1":
        yield
        return
    import bot.i18n

    bot.i18n.AUDIT = missing = set()
    try:
        yield
    finally:
        bot.i18n.AUDIT = None
    if missing:
        lines = "\n".join(f"  {line!r}" for line in sorted(missing)[:40])
        pytest.fail(f"{len(missing)} shown line(s) have no German:\n{lines}", pytrace=False)


@pytest.fixture(autouse=True)
def status_edits_at_once(monkeypatch):
    """The tests read the status message right after each command: here it is edited after
    every command, as it is after a quiet spell. Its pacing (at most one edit per game every
    few seconds) has tests of its own (tests/cogs/test_status_pacing_discord.py)."""
    monkeypatch.setattr("cogs.pace.STATUS_EVERY", 0.0)
