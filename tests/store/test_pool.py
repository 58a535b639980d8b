"""The server database's pool: sized by DB_POOL_SIZE and DB_MAX_OVERFLOW, pinged before use,
and its checked-out connections counted for /metrics (`Database.pool_in_use`)."""

from __future__ import annotations

import pytest

from bot.settings import get_settings
from bot.store.database import Database
from tests.store.fresh import fresh_postgres


@pytest.fixture
def settings_from(monkeypatch):
    def apply(**env: str) -> None:
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        get_settings.cache_clear()

    yield apply
    get_settings.cache_clear()


async def test_the_pool_is_sized_by_the_settings_and_pings_before_use(settings_from):
    import bot.__main__ as entry

    with fresh_postgres("pool") as url:
        settings_from(DATABASE_URL=url, DB_POOL_SIZE="3", DB_MAX_OVERFLOW="2")
        db = await entry._database(migrations="none")
        try:
            pool = db.engine.pool
            assert (pool.size(), pool._max_overflow, pool._pre_ping) == (3, 2, True)
        finally:
            await db.close()


async def test_pool_in_use_counts_the_connections_checked_out(db):
    assert db.pool_in_use() == 0
    assert await db.read(lambda _conn: db.pool_in_use()) == 1
    assert db.pool_in_use() == 0


async def test_sqlite_keeps_its_own_thread_and_no_server_pool(tmp_path):
    db = Database(f"sqlite+aiosqlite:///{tmp_path}/p.db", pool_size=1, max_overflow=0)
    try:
        await db.ping()
        assert db.engine is None  # one engine per database: no async one (and pool) beside it
        assert db.pool_in_use() == 0
    finally:
        await db.close()
