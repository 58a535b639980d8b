"""What pinging pooled connections before use (pool_pre_ping, issue 40) costs a command on
PostgreSQL: one command after another (a turn, then its undo, so the game stays the same size)
with the ping on and off, in alternating rounds on the same database.

    python -m bench.pool [--commands 100] [--rounds 5]

The schema comes from the migrations (schema `soloist_bench_pool`, dropped and rebuilt).
Printed: the median latency of a command in each setting, and the difference.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import statistics
import time

from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from bot.core.reply import Ctx
from bot.store.database import Database
from bot.store.migrate import upgrade
from bot.table.service import TableService

POSTGRES = os.environ.get(
    "SOLOIST_BENCH_POSTGRES_URL", "postgresql+asyncpg://postgres@127.0.0.1:5432/test"
)
SCHEMA = "soloist_bench_pool"
OPTS = {"difficulty": "hard", "emperor_vp_variant": "S2"}
TURN = {"command": "turn", "queue": "Y3 B0 R2 G4 Y0", "dice": "1:2 2:2 3:1 4:3 5:2"}


async def _schema() -> None:
    engine = create_async_engine(POSTGRES)
    async with engine.begin() as conn:
        await conn.execute(text(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE"))
        await conn.execute(text(f"CREATE SCHEMA {SCHEMA}"))
    await engine.dispose()


async def _round(service: TableService, ctx: Ctx, commands: int) -> list[float]:
    took = []
    for i in range(commands):
        started = time.perf_counter()
        if i % 2:
            await service.undo(ctx)
        else:
            await service.act(ctx, "gah", dict(TURN))
        took.append((time.perf_counter() - started) * 1000)
    return took


async def main(commands: int, rounds: int) -> None:
    await _schema()
    await asyncio.to_thread(upgrade, POSTGRES, schema=SCHEMA)
    db = Database(POSTGRES, schema=SCHEMA)
    service = TableService(db)
    ctx = Ctx(guild_id=1, channel_id=1, user_id=1)
    await service.start(ctx, "gah", OPTS, 7)
    await _round(service, ctx, 20)  # warm: the pool, the caches
    found: dict[bool, list[float]] = {True: [], False: []}
    for _ in range(rounds):
        for ping in (True, False):
            db.engine.pool._pre_ping = ping  # the setting Database() gives, on and off
            found[ping] += await _round(service, ctx, commands)
    await db.close()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, {platform.python_version()}")
    print(f"postgres, {rounds} rounds × {commands} commands each way, one after another")
    on, off = statistics.median(found[True]), statistics.median(found[False])
    print(f"pre_ping on  median {on:.2f} ms/command")
    print(f"pre_ping off median {off:.2f} ms/command  (the ping: {on - off:+.2f} ms)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--commands", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    asyncio.run(main(args.commands, args.rounds))
