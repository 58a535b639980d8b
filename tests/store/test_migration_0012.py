"""0012 (issue 43): plays and user settings stored before it keep every value, and gain an
empty `plays.bgg_id` and `user_settings.import_name` that the exchange then writes."""

import asyncio
import os

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from bot.store.migrate import upgrade
from tests.conftest import POSTGRES_URL, postgres_unavailable

SCHEMA = f"soloist_m0012_{os.getpid()}"


def _through_0012(url: str, schema: str | None) -> tuple[list, list]:
    upgrade(url, "0011", schema=schema)
    args = {"server_settings": {"search_path": schema}} if schema else {}

    async def before() -> None:
        engine = create_async_engine(url, connect_args=args)
        async with engine.begin() as conn:
            await conn.execute(
                text(
                    "INSERT INTO plays (user_id, guild_id, channel_id, game_key, game_name, "
                    "opponent, modules, score, opponent_score, outcome, played_at, local_day, "
                    "source, created_at) VALUES (7, 1, 2, '~spirit island', 'Spirit Island', "
                    "'Level 3', '', 30, NULL, 'win', CURRENT_TIMESTAMP, 20000, 'manual', "
                    "CURRENT_TIMESTAMP)"
                )
            )
            await conn.execute(
                text("INSERT INTO user_settings (user_id, timezone) VALUES (7, 'Europe/Vienna')")
            )
        await engine.dispose()

    async def after() -> tuple[list, list]:
        engine = create_async_engine(url, connect_args=args)
        async with engine.begin() as conn:
            plays = (await conn.execute(text("SELECT game_name, score, bgg_id FROM plays"))).all()
            await conn.execute(text("UPDATE user_settings SET import_name = 'Zoë'"))
            users = (
                await conn.execute(text("SELECT timezone, import_name FROM user_settings"))
            ).all()
        await engine.dispose()
        return [tuple(r) for r in plays], [tuple(r) for r in users]

    asyncio.run(before())
    upgrade(url, schema=schema)
    return asyncio.run(after())


def test_0012_keeps_plays_and_settings_on_sqlite(tmp_path):
    plays, users = _through_0012(f"sqlite+aiosqlite:///{tmp_path}/m.db", None)
    assert plays == [("Spirit Island", 30, None)]
    assert users == [("Europe/Vienna", "Zoë")]


def test_0012_keeps_plays_and_settings_on_postgres():
    why = postgres_unavailable()
    if why is not None:
        pytest.skip(f"PostgreSQL not reachable: {why}")

    async def run(*statements: str) -> None:
        engine = create_async_engine(POSTGRES_URL)
        async with engine.begin() as conn:
            for sql in statements:
                await conn.execute(text(sql))
        await engine.dispose()

    asyncio.run(run(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE", f"CREATE SCHEMA {SCHEMA}"))
    try:
        plays, users = _through_0012(POSTGRES_URL, SCHEMA)
        assert plays == [("Spirit Island", 30, None)]
        assert users == [("Europe/Vienna", "Zoë")]
    finally:
        asyncio.run(run(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE"))
