"""A PostgreSQL restart costs no command (issue 40): the pool pings a connection before handing
it out (pool_pre_ping), so the first command after the restart reconnects and answers. And a
start waits for a database that is still starting. Against a cluster this test starts itself
(tests/store/own_postgres.py), never the machine's own server."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from bot.core.reply import Ctx
from bot.ops import verify
from bot.store.database import Database
from bot.store.migrate import upgrade
from bot.store.waiting import wait_until_reachable
from bot.table.service import TableService
from tests.looks import looking
from tests.store.own_postgres import Cluster

OPTS = {"difficulty": "hard", "emperor_vp_variant": "S2"}
TURN = {"command": "turn", "queue": "Y3 B0 R2 G4 Y0", "dice": "1:2 2:2 3:1 4:3 5:2"}


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    own = Cluster()
    try:
        own.start()
        upgrade(own.url)
        yield own
    finally:
        own.remove()


async def _backends(db: Database) -> set[int]:
    async def one() -> int:
        async with looking(db) as conn:
            pid = (await conn.exec_driver_sql("SELECT pg_backend_pid()")).scalar()
            await asyncio.sleep(0.05)  # held a moment, so that the pool opens several
            return int(pid)

    return set(await asyncio.gather(*(one() for _ in range(3))))


async def test_the_first_commands_after_a_postgres_restart_answer(cluster):
    db = Database(cluster.url)
    service = TableService(db)
    players = [Ctx(guild_id=1, channel_id=channel, user_id=1) for channel in (11, 12, 13)]
    try:
        for seed, ctx in enumerate(players):
            await service.start(ctx, "gah", OPTS, seed)
        before = await asyncio.gather(*(service.act(ctx, "gah", dict(TURN)) for ctx in players))
        pooled = await _backends(db)
        assert len(pooled) >= 2  # the pool holds several connections, all about to die

        await asyncio.to_thread(cluster.restart)

        after = await asyncio.gather(*(service.act(ctx, "gah", dict(TURN)) for ctx in players))
        assert [r.version for r in after] == [r.version + 1 for r in before]
        assert (await _backends(db)).isdisjoint(pooled)  # new connections, none stale
        assert (await service.status(players[0])).game_id == before[0].game_id
        assert await verify(db) == (3, [])
    finally:
        await db.close()


async def test_a_start_waits_for_a_database_that_is_still_starting(cluster):
    """The server is down when the bot starts; it comes up during the first wait."""
    await asyncio.to_thread(cluster.stop)
    slept: list[float] = []

    async def sleep(seconds: float) -> None:  # the wait, during which the server starts
        slept.append(seconds)
        if len(slept) == 1:
            await asyncio.to_thread(cluster.start)

    db = Database(cluster.url)
    try:
        await wait_until_reachable(db, 60, sleep=sleep)
        assert slept == [0.5]
        ctx = Ctx(guild_id=2, channel_id=21, user_id=1)
        started = await TableService(db).start(ctx, "gah", OPTS, 5)
        assert started.version == 1
    finally:
        await db.close()
