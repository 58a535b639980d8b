"""The Alembic migrations build exactly the schema the models describe, on both databases."""

import asyncio
import os

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from bot.store.migrate import upgrade
from bot.store.models import Base
from tests.conftest import POSTGRES_URL, postgres_unavailable

SCHEMA = f"soloist_migrations_{os.getpid()}"


def _diff(url: str, schema: str | None) -> list:
    async def run() -> list:
        args = {"server_settings": {"search_path": schema}} if schema else {}
        engine = create_async_engine(url, connect_args=args)
        async with engine.connect() as conn:
            result = await conn.run_sync(
                lambda sync: compare_metadata(MigrationContext.configure(sync), Base.metadata)
            )
        await engine.dispose()
        return result

    return asyncio.run(run())


def _schema(*statements: str) -> None:
    async def run() -> None:
        engine = create_async_engine(POSTGRES_URL)
        async with engine.begin() as conn:
            for sql in statements:
                await conn.execute(text(sql))
        await engine.dispose()

    asyncio.run(run())


def test_migrations_apply_to_an_empty_sqlite_database_and_match_the_models(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path}/m.db"
    upgrade(url)
    upgrade(url)  # idempotent: `make run` applies them every time
    assert _diff(url, None) == []


def test_migrations_apply_to_an_empty_postgres_schema_and_match_the_models():
    why = postgres_unavailable()
    if why is not None:
        pytest.skip(f"PostgreSQL not reachable: {why}")
    _schema(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE", f"CREATE SCHEMA {SCHEMA}")
    try:
        upgrade(POSTGRES_URL, schema=SCHEMA)
        upgrade(POSTGRES_URL, schema=SCHEMA)
        assert _diff(POSTGRES_URL, SCHEMA) == []
    finally:
        _schema(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE")


def test_the_cheap_head_revision_is_alembics():
    from alembic.script import ScriptDirectory

    from bot.store.migrate import alembic_config, head_revision

    assert (
        head_revision()
        == ScriptDirectory.from_config(alembic_config("sqlite://")).get_current_head()
    )


async def test_opening_a_database_migrates_only_when_something_is_pending(tmp_path):
    from bot.store.database import Database
    from bot.store.migrate import current_revision, ensure_current, head_revision

    db = Database(f"sqlite+aiosqlite:///{tmp_path}/e.db")
    try:
        assert await current_revision(db) is None
        assert "migrated from empty" in (await ensure_current(db) or "")
        assert await current_revision(db) == head_revision()
        assert await ensure_current(db) is None  # at head: Alembic is not run at all
    finally:
        await db.close()


def _seed_round_trip(url: str, schema: str | None) -> None:
    """A game stored under 0007 (a BIGINT seed) keeps its seed through 0008, and the new
    column holds a challenge's 128-bit secret exactly."""
    upgrade(url, "0007", schema=schema)
    secret = 2**127 + 12345678901234567890

    async def run() -> list[int]:
        args = {"server_settings": {"search_path": schema}} if schema else {}
        engine = create_async_engine(url, connect_args=args)
        row = (
            "(guild_id, channel_id, game_key, options, seed, owner_id, players, status, "
            "state, version, created_at, updated_at)"
        )
        now = "CURRENT_TIMESTAMP"
        old = f"(1, 2, 'gah', '{{}}', 123, 3, '[]', 'done', '{{}}', 1, {now}, {now})"
        async with engine.begin() as conn:
            await conn.execute(text(f"INSERT INTO games {row} VALUES {old}"))
        await engine.dispose()
        await asyncio.to_thread(upgrade, url, schema=schema)
        engine = create_async_engine(url, connect_args=args)
        from bot.store.models import GameRow

        async with engine.begin() as conn:
            await conn.execute(
                GameRow.__table__.insert().values(
                    guild_id=1,
                    channel_id=2,
                    game_key="gah",
                    options={},
                    seed=secret,
                    owner_id=3,
                    players=[],
                    status="done",
                    state={},
                    version=1,
                )
            )
            rows = await conn.execute(GameRow.__table__.select().order_by(GameRow.id))
            found = [r.seed for r in rows]
        await engine.dispose()
        return found

    assert asyncio.run(run()) == [123, secret]


def test_a_stored_seed_survives_0008_and_a_128_bit_secret_round_trips_on_sqlite(tmp_path):
    _seed_round_trip(f"sqlite+aiosqlite:///{tmp_path}/s.db", None)


def test_a_stored_seed_survives_0008_and_a_128_bit_secret_round_trips_on_postgres():
    why = postgres_unavailable()
    if why is not None:
        pytest.skip(f"PostgreSQL not reachable: {why}")
    schema = f"{SCHEMA}_seed"
    _schema(f"DROP SCHEMA IF EXISTS {schema} CASCADE", f"CREATE SCHEMA {schema}")
    try:
        _seed_round_trip(POSTGRES_URL, schema)
    finally:
        _schema(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
