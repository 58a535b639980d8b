"""`python -m bot backup FILE` and `python -m bot restore FILE` (issue 40).

A backup is a consistent copy taken while the bot runs: on SQLite through sqlite3's online
backup API (all pages in one step, inside one read transaction, so commands written meanwhile
are either wholly in it or not at all); on PostgreSQL by `pg_dump --format=custom`, which reads
one snapshot. The file is written beside FILE and renamed into place when complete, so a
failed backup never leaves a half-written FILE behind.

A restore goes into an empty database only (one that holds no row of the bot's tables): it
never mixes two histories. SQLite files are restored with the same backup API, PostgreSQL dumps
with `pg_restore`. A backup is restored into the kind of database it came from."""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
from pathlib import Path

from sqlalchemy import Connection, func, inspect, select, text
from sqlalchemy.engine import URL, make_url

from bot.store.database import Database, sqlite_file
from bot.store.models import Base

SQLITE_MAGIC = b"SQLite format 3\x00"
PG_DUMP_MAGIC = b"PGDMP"
# the connection parameters libpq takes in a URL; asyncpg's own (and SQLAlchemy's) are dropped
_LIBPQ_PARAMETERS = {
    "sslmode",
    "sslrootcert",
    "sslcert",
    "sslkey",
    "sslpassword",
    "application_name",
    "connect_timeout",
    "options",
    "target_session_attrs",
    "passfile",
}


class BackupError(Exception):
    """A backup or restore that cannot be done: one line for the operator, nothing changed."""


async def backup(db: Database, target: Path) -> str:
    """Copy the whole database into `target`; returns the line that says so."""
    if not target.parent.is_dir():
        raise BackupError(f"Cannot write {target}: the folder {target.parent} does not exist.")
    if db.is_sqlite:
        source = _sqlite_file(db)
        await asyncio.to_thread(_sqlite_copy, source, target)
    else:
        await _pg_dump(db, target)
    return f"Backed up the database to {target} ({target.stat().st_size:,} bytes)."


async def restore(db: Database, source: Path) -> str:
    """Load `source` into the (empty) database; returns what it now holds. The caller then
    migrates it (an older backup) and runs verify."""
    kind = _kind(source)
    held = await holdings(db)
    if any(held.values()):
        counted = ", ".join(f"{n} {table}" for table, n in held.items() if n)
        raise BackupError(
            f"The database already holds data ({counted}): restore needs an empty database "
            "(a new DATABASE_URL, or a new SQLite file). Nothing was changed."
        )
    if db.is_sqlite:
        if kind != "sqlite":
            raise BackupError(
                f"{source} is a PostgreSQL dump and DATABASE_URL names SQLite: a backup is "
                "restored into the kind of database it came from."
            )
        target = _sqlite_file(db)
        await db.close()  # nothing of this process holds the file while it is replaced
        await asyncio.to_thread(_sqlite_copy, source, target)
    else:
        if kind != "postgresql":
            raise BackupError(
                f"{source} is an SQLite backup and DATABASE_URL names PostgreSQL: a backup is "
                "restored into the kind of database it came from."
            )
        await db.write(_drop_empty_tables)  # a database a start migrated, with no rows yet
        await db.close()
        await _pg_restore(db, source)
    return f"Restored {source} into the empty database."


async def holdings(db: Database) -> dict[str, int]:
    """Rows in each of the bot's tables that exist (none: an empty database)."""

    def count(conn: Connection) -> dict[str, int]:
        present = set(inspect(conn).get_table_names())
        return {
            table.name: int(conn.execute(select(func.count()).select_from(table)).scalar_one())
            for table in Base.metadata.sorted_tables
            if table.name in present
        }

    return await db.read(count)


def _drop_empty_tables(conn: Connection) -> None:
    Base.metadata.drop_all(conn, checkfirst=True)
    conn.execute(text("DROP TABLE IF EXISTS alembic_version"))


def _sqlite_file(db: Database) -> Path:
    path = sqlite_file(db.url)
    if path is None:
        raise BackupError("DATABASE_URL names an in-memory SQLite database: nothing to copy.")
    return path


def _sqlite_copy(source: Path, target: Path) -> None:
    """One database file into another, through SQLite's online backup API."""
    if not source.is_file():
        raise BackupError(f"No SQLite database at {source}.")
    partial = target.with_name(f".{target.name}.partial")
    partial.unlink(missing_ok=True)
    reader = sqlite3.connect(source, timeout=30)  # it exists: connecting creates nothing
    try:
        writer = sqlite3.connect(partial)
        try:
            reader.backup(writer)  # every page in one step: one consistent snapshot
            writer.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
        finally:
            writer.close()
    except sqlite3.DatabaseError as exc:
        partial.unlink(missing_ok=True)
        raise BackupError(f"Cannot copy {source}: {exc}.") from None
    finally:
        reader.close()
    for suffix in ("-wal", "-shm"):  # an old log beside the target is not this database's
        target.with_name(target.name + suffix).unlink(missing_ok=True)
    os.replace(partial, target)


def _kind(source: Path) -> str:
    try:
        with source.open("rb") as file:
            head = file.read(len(SQLITE_MAGIC))
    except OSError as exc:
        raise BackupError(f"Cannot read {source}: {exc.strerror}.") from None
    if head.startswith(SQLITE_MAGIC):
        return "sqlite"
    if head.startswith(PG_DUMP_MAGIC):
        return "postgresql"
    raise BackupError(
        f"{source} is not a Soloist backup (neither an SQLite file nor a pg_dump custom file)."
    )


def libpq(url: str) -> tuple[str, dict[str, str]]:
    """A SQLAlchemy URL (postgresql+asyncpg://…) as libpq takes it (postgresql://…), and the
    environment that carries its password (PGPASSWORD: never on a command line)."""
    parsed = make_url(url)
    query = {k: v for k, v in parsed.query.items() if k in _LIBPQ_PARAMETERS}
    ssl = parsed.query.get("ssl")
    if isinstance(ssl, str) and "sslmode" not in query:  # asyncpg's ssl=require
        query["sslmode"] = "require" if ssl in ("true", "1") else ssl
    plain = URL.create(
        "postgresql",
        username=parsed.username,
        host=parsed.host,
        port=parsed.port,
        database=parsed.database,
        query=query,
    )
    env = {"PGPASSWORD": parsed.password} if parsed.password else {}
    return plain.render_as_string(hide_password=False), env  # type: ignore[return-value]


async def _pg_dump(db: Database, target: Path) -> None:
    partial = target.with_name(f".{target.name}.partial")
    args = ["--format=custom", f"--file={partial}"]
    if db.schema:
        args.append(f"--schema={db.schema}")
    try:
        await _client("pg_dump", db.url, *args)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    os.replace(partial, target)


async def _pg_restore(db: Database, source: Path) -> None:
    await _client(
        "pg_restore",
        db.url,
        "--no-owner",
        "--no-privileges",
        "--exit-on-error",
        "--single-transaction",
        str(source),
        dbname_option=True,
    )


async def _client(tool: str, url: str, *args: str, dbname_option: bool = False) -> None:
    """Run a PostgreSQL client tool; its failure is one line."""
    found = shutil.which(tool)
    if found is None:
        raise BackupError(
            f"{tool} is not on PATH: install the PostgreSQL client tools (Debian/Ubuntu: "
            f"`apt install postgresql-client`, the server's major version or newer), "
            "then try again."
        )
    address, env = libpq(url)
    where = [f"--dbname={address}"] if dbname_option else [address]
    proc = await asyncio.create_subprocess_exec(
        found,
        *args,
        *where,
        env={**os.environ, **env},
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )
    _, err = await proc.communicate()
    if proc.returncode != 0:
        lines = err.decode(errors="replace").strip().splitlines() or ["no message"]
        raise BackupError(f"{tool} failed (exit {proc.returncode}): {lines[0][:300]}")
