"""Apply Alembic migrations from code: `python -m bot migrate`."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def alembic_config(url: str, schema: str | None = None) -> Config:
    cfg = Config()
    cfg.attributes["schema"] = schema
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def upgrade(url: str, revision: str = "head", *, schema: str | None = None) -> None:
    """Blocking (Alembic runs its own event loop): call from sync code or a thread.
    `schema` (PostgreSQL) migrates the tables of that schema instead of the default one."""
    command.upgrade(alembic_config(url, schema), revision)


def make_revision(url: str, message: str) -> None:
    command.revision(alembic_config(url), message=message, autogenerate=True)
