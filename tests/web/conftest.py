"""The web pages served to aiohttp's test client, over the suite's databases (SQLite and
PostgreSQL), on 127.0.0.1 at a port the system picks."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.core.reply import Ctx
from bot.table.service import TableService
from bot.web.app import make_app
from bot.web.site import Site
from bot.web.workers import InProcesses, Pool, without_german

CONSOLE = Ctx(guild_id=0, channel_id=1, user_id=1, can_manage=True, console=True)
HOST = Ctx(guild_id=10, channel_id=100, user_id=1, can_manage=True)
GWT = {"difficulty": "hard"}


def end(you: int) -> dict:
    """Sam scores 8 in a Great Western Trail game ended at once."""
    return {"command": "end", "you": you, "cities": 5, "objectives": 3, "job_token": "you"}


@pytest.fixture(scope="session")
def pool() -> Iterator[Pool]:
    """One worker process builds the pages of every test's database, as `run`'s does."""
    shared = Pool(1, audit=os.environ.get("SOLOIST_I18N_AUDIT", "1") == "1")
    yield shared
    shared.shutdown()
    assert not shared.processes


@pytest.fixture
async def site(service: TableService, pool: Pool) -> AsyncIterator[Site]:
    builders = InProcesses(service.db, pool, owned=False)
    built = Site(service.db, lambda: "http://pages.test", builders)
    yield built
    await built.close()
    await german_in_workers(pool)


async def german_in_workers(pool: Pool) -> None:
    """The lines the worker showed without German join the test's own (tests/conftest.py)."""
    import bot.i18n

    if pool.executor is None:
        return
    missing = await pool.submit(without_german)
    if bot.i18n.AUDIT is not None:
        bot.i18n.AUDIT.update(missing)


@pytest.fixture
async def client(site: Site) -> AsyncIterator[TestClient]:
    server = TestServer(make_app(site), host="127.0.0.1", port=0)
    async with TestClient(server) as client:
        yield client


async def game_link(service: TableService, ctx: Ctx = CONSOLE, game_id: int | None = None) -> str:
    link = await service.game_page(ctx, game_id)
    return f"/g/{link.token}"
