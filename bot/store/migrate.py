"""Apply Alembic migrations from code: `python -m bot migrate`, and at every entry point."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from alembic.config import Config
    from sqlalchemy import Connection

    from bot.store.database import Database

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
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

    async with db.engine.connect() as conn:
        return await conn.run_sync(read)


async def ensure_current(db: Database) -> str | None:
    """Apply pending migrations, if any (nothing runs when the database is at head).
    Returns a line saying what was applied, or None."""
    current = await current_revision(db)
    head = head_revision()
    if current == head:
        return None
    await asyncio.to_thread(upgrade, db.url, schema=db.schema)
    return f"Database migrated from {current or 'empty'} to {head}."


def make_revision(url: str, message: str) -> None:
    from alembic import command

    command.revision(alembic_config(url), message=message, autogenerate=True)
