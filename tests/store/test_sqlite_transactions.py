"""SQLite's transactions through `Database`: a write holds the write lock from its start, a read
sees one snapshot, and neither sends its statements through engine events (issue 22)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import Connection, text

from bot.store.database import Database
from bot.store.migrate import upgrade


@pytest.fixture
async def sqlite_db(tmp_path: Path):
    url = f"sqlite+aiosqlite:///{tmp_path}/t.db"
    await asyncio.to_thread(upgrade, url)
    db = Database(url)
    yield db, tmp_path / "t.db"
    await db.close()


def _other(path: Path) -> sqlite3.Connection:
    """Another process's connection, which waits for no lock."""
    return sqlite3.connect(path, timeout=0, isolation_level=None, check_same_thread=False)


async def test_a_write_holds_the_write_lock_before_it_writes(sqlite_db) -> None:
    db, path = sqlite_db
    other = _other(path)

    def job(conn: Connection) -> str:
        conn.execute(text("SELECT count(*) FROM games")).scalar()  # only read so far
        try:
            other.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            return str(exc)
        other.execute("ROLLBACK")
        return "another writer got in"

    assert await db.write(job) == "database is locked"
    other.execute("BEGIN IMMEDIATE")  # and lets it go when done
    other.execute("ROLLBACK")
    other.close()


async def test_a_read_sees_one_snapshot(sqlite_db) -> None:
    db, path = sqlite_db
    other = _other(path)
    other.execute("CREATE TABLE counter (n INTEGER)")
    other.execute("INSERT INTO counter VALUES (1)")

    def job(conn: Connection) -> tuple[int, int]:
        first = conn.execute(text("SELECT n FROM counter")).scalar_one()
        other.execute("UPDATE counter SET n = 2")  # committed meanwhile
        return first, conn.execute(text("SELECT n FROM counter")).scalar_one()

    assert await db.read(job) == (1, 1)
    assert await db.read(lambda conn: conn.execute(text("SELECT n FROM counter")).scalar()) == 2
    other.close()


async def test_a_failed_write_leaves_nothing(sqlite_db) -> None:
    db, _ = sqlite_db

    def job(conn: Connection) -> None:
        conn.execute(text("CREATE TABLE scratch (n INTEGER)"))
        raise RuntimeError("changed my mind")

    with pytest.raises(RuntimeError):
        await db.write(job)
    names = await db.read(
        lambda conn: conn.execute(text("SELECT name FROM sqlite_master")).scalars().all()
    )
    assert "scratch" not in names


async def test_statements_skip_engine_events(sqlite_db) -> None:
    """A "begin" listener would make every statement consult the engine's events."""
    db, _ = sqlite_db
    assert not db._sqlite._has_events


async def test_reads_and_writes_share_one_connection(sqlite_db) -> None:
    """SQLite's one thread runs one transaction at a time: one connection, one page cache."""
    db, _ = sqlite_db
    ids = set()
    for run in (db.write, db.read, db.write, db.read):
        ids.add(await run(lambda conn: id(conn.connection.driver_connection)))
    assert len(ids) == 1
