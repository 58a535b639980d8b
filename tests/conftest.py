from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.store.database import Database
from bot.table.reply import Ctx
from bot.table.service import TableService

OWNER = Ctx(guild_id=10, channel_id=100, user_id=1)


@pytest.fixture
async def db(tmp_path) -> AsyncIterator[Database]:
    database = Database(f"sqlite+aiosqlite:///{tmp_path}/test.db")
    await database.create_all()
    yield database
    await database.close()


@pytest.fixture
async def service(db: Database) -> TableService:
    return TableService(db)


@pytest.fixture
def owner() -> Ctx:
    return OWNER
