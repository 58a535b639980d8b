"""Apply Alembic migrations from code: `python -m bot migrate`, and at every entry point.

Migrating is done once, whoever asks: a process takes a lock first (a PostgreSQL advisory lock,
or a file lock beside an SQLite file), then looks at the revision again, since another process
may have migrated while it waited. Any number of processes may start together on a fresh
database."""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from alembic.config import Config
    from sqlalchemy import Connection

    from bot.store.database import Database

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
# pg_advisory_lock's key for "migrating Soloist's schema" (any fixed number; this one spells
# "soloist" in ASCII, as a bigint)
ADVISORY_KEY = 0x736F6C6F697374
_ASSIGNMENT = re.compile(r'^(revision|down_revision)\b[^=]*=\s*"([^"]*)"', re.MULTILINE)


def alembic_config(url: str, schema: str | None = None) -> Config:
    from alembic.config import Config

    cfg = Config()
    cfg.attributes["schema"] = schema
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def upgrade(url: str, revision: str = "head", *, schema: str | None = None) -> None:
    """Blocking (Alembic runs its own event loop): call from sync code or a thread.
    `schema` (PostgreSQL) migrates the tables of that schema instead of the default one."""
    from alembic import command

    command.upgrade(alembic_config(url, schema), revision)


def head_revision() -> str | None:
    """The newest revision, read from the version files' `revision`/`down_revision` lines
    rather than through Alembic, whose import alone costs ~80 ms of every start."""
    revisions: dict[str, str | None] = {}
    for path in (MIGRATIONS / "versions").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        found = {k: v for k, v in _ASSIGNMENT.findall(text)}
        if "revision" in found:
            revisions[found["revision"]] = found.get("down_revision")
    heads = set(revisions) - set(revisions.values())
    return heads.pop() if len(heads) == 1 else None


async def current_revision(db: Database) -> str | None:
    """The database's revision: one small query, no Alembic."""
    from sqlalchemy import inspect, text

    def read(conn: Connection) -> str | None:
        if not inspect(conn).has_table("alembic_version"):
            return None
        return conn.execute(text("SELECT version_num FROM alembic_version")).scalar()

    return await db.read(read)


async def ensure_current(db: Database) -> str | None:
    """Apply pending migrations, if any (nothing runs, and no lock is taken, when the
    database is at head). Returns a line saying what was applied, or None."""
    head = head_revision()
    if await current_revision(db) == head:
        return None
    async with migration_lock(db):
        current = await current_revision(db)  # another process may have done it meanwhile
        if current == head:
            return None
        await asyncio.to_thread(upgrade, db.url, schema=db.schema)
    return f"Database migrated from {current or 'empty'} to {head}."


@contextlib.asynccontextmanager
async def migration_lock(db: Database) -> AsyncIterator[None]:
    """Held by one process at a time, across processes: the others wait for it."""
    if db.is_sqlite:
        from bot.store.database import sqlite_file

        path = sqlite_file(db.url)
        if path is None:  # an in-memory database belongs to this process alone
            yield
            return
        with await asyncio.to_thread(_FileLock, path.with_name(path.name + ".migrate-lock")):
            yield
        return
    from sqlalchemy import text

    # A connection of its own, in autocommit, so that holding the lock holds no transaction
    # (and no table lock) while Alembic migrates on its connection.
    assert db.engine is not None  # a server database
    async with db.engine.connect() as conn:
        conn = await conn.execution_options(isolation_level="AUTOCOMMIT")
        await conn.execute(text("SELECT pg_advisory_lock(:key)"), {"key": ADVISORY_KEY})
        try:
            yield
        finally:
            await conn.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": ADVISORY_KEY})


class _FileLock:
    """An exclusive `flock` on a file beside the database (in the folder Database made),
    released when closed (and by the kernel if the process dies holding it, so a crash never
    leaves it stuck)."""

    def __init__(self, path: Path) -> None:
        import fcntl

        self._file = open(path, "a+b")  # noqa: SIM115 - held until __exit__
        try:
            fcntl.flock(self._file.fileno(), fcntl.LOCK_EX)  # waits while another holds it
        except BaseException:
            self._file.close()
            raise

    def __enter__(self) -> _FileLock:
        return self

    def __exit__(self, *_: object) -> None:
        self._file.close()  # closing releases the lock


def make_revision(url: str, message: str) -> None:
    from alembic import command

    command.revision(alembic_config(url), message=message, autogenerate=True)
