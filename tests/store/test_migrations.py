"""The Alembic migrations build exactly the schema the models describe."""

import asyncio

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy.ext.asyncio import create_async_engine

from bot.store.migrate import upgrade
from bot.store.models import Base


def test_migrations_apply_to_an_empty_database_and_match_the_models(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path}/m.db"
    upgrade(url)
    upgrade(url)  # idempotent: `make run` applies them every time

    async def diff():
        engine = create_async_engine(url)
        async with engine.connect() as conn:
            result = await conn.run_sync(
                lambda sync: compare_metadata(MigrationContext.configure(sync), Base.metadata)
            )
        await engine.dispose()
        return result

    assert asyncio.run(diff()) == []
