"""Load: N channels × M commands through the table service, concurrently.

    python -m bench.load [--db sqlite|postgres] [--channels 200] [--commands 10]
                         [--processes 1|2] [--rate R]

Every channel holds a Leopold game; its commands (turns with queue and dice, and round ends
when both turns are taken) run one after another, all channels at once. Without --rate the
load is closed (each channel sends its next command when the last is answered: the most the
service can do). With --rate R the commands arrive at R per second in total, spread over the
channels (open load: the latency a player sees at that traffic). --processes 2 splits the
channels between two processes sharing the database.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from bot.core.reply import Ctx
from bot.on_discord.client import settle_heap
from bot.store.database import Database
from bot.store.migrate import upgrade
from bot.table.service import TableService

POSTGRES = os.environ.get(
    "SOLOIST_BENCH_POSTGRES_URL", "postgresql+asyncpg://postgres@127.0.0.1:5432/test"
)
SCHEMA = "soloist_bench"
OPTS = {"difficulty": "hard", "emperor_vp_variant": "S2"}
QUEUES = ["Y3 B0 R2 G4 Y0", "B5 R1 Y0 G2 R4", "G0 G3 Y2 B1 R0"]


def next_action(state: dict, i: int) -> dict:
    if state.get("phase") == "final":
        return {"command": "final", "player_score": 80, "player_staff": "none"}
    if state.get("pending_card") is not None:
        return {"command": "turn", "queue": QUEUES[i % 3]}
    if state.get("turns_this_round", 0) < 2:
        return {"command": "turn", "queue": QUEUES[i % 3], "dice": "1:2 2:2 3:1 4:3 5:2"}
    return {"command": "round_end"}


async def run_channels(
    url: str,
    schema: str | None,
    channels: list[int],
    commands: int,
    rate: float | None,
    share: float,
) -> dict:
    db = Database(url, schema=schema)
    service = TableService(db)
    states = {}
    for channel in channels:
        reply = await service.start(Ctx(1, channel, 1), "gah", OPTS, channel)
        states[channel] = reply.state
    latencies: list[float] = []
    turns = 0
    settle_heap()  # as the bot does once it has started

    async def play(channel: int, offset: float) -> None:
        nonlocal turns
        ctx = Ctx(1, channel, 1)
        interval = len(channels) / (rate * share) if rate else 0.0
        due = time.perf_counter() + offset
        for i in range(commands):
            if interval:
                await asyncio.sleep(max(0.0, due - time.perf_counter()))
                due += interval
            begin = time.perf_counter()
            if states[channel].get("status") == "finished":  # a whole game played: next one
                action = {"command": "start"}
                reply = await service.start(ctx, "gah", OPTS, channel + i)
            else:
                action = next_action(states[channel], i)
                reply = await service.act(ctx, "gah", action)
            latencies.append((time.perf_counter() - begin) * 1000)
            states[channel] = reply.state
            turns += action["command"] == "turn"

    rng = random.Random(7)
    spread = len(channels) / (rate * share) if rate else 0.0
    started = time.perf_counter()
    await asyncio.gather(*(play(c, rng.uniform(0, spread)) for c in channels))
    elapsed = time.perf_counter() - started
    await db.close()
    return {"latencies": latencies, "elapsed": elapsed, "turns": turns}


def child(
    url: str,
    schema: str | None,
    channels: list[int],
    commands: int,
    rate: float | None,
    share: float,
    out: str,
) -> None:
    result = asyncio.run(run_channels(url, schema, channels, commands, rate, share))
    Path(out).write_text(json.dumps(result))


async def prepare(backend: str, folder: Path, schema: str = SCHEMA) -> tuple[str, str | None]:
    """A migrated database for a benchmark: a SQLite file in `folder`, or a fresh PostgreSQL
    schema; its (url, schema)."""
    if backend == "sqlite":
        url = f"sqlite+aiosqlite:///{folder}/bench.db"
        await asyncio.to_thread(upgrade, url)
        return url, None
    engine = create_async_engine(POSTGRES)
    async with engine.begin() as conn:
        await conn.execute(text(f"DROP SCHEMA IF EXISTS {schema} CASCADE"))
        await conn.execute(text(f"CREATE SCHEMA {schema}"))
    await engine.dispose()
    await asyncio.to_thread(upgrade, POSTGRES, schema=schema)
    return POSTGRES, schema


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--channels", type=int, default=200)
    parser.add_argument("--commands", type=int, default=10)
    parser.add_argument("--processes", type=int, choices=[1, 2], default=1)
    parser.add_argument("--rate", type=float, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        url, schema = asyncio.run(prepare(args.db, folder))
        groups = [
            list(range(1 + p, args.channels + 1, args.processes)) for p in range(args.processes)
        ]
        share = 1 / args.processes
        procs = []
        for p, group in enumerate(groups):
            out = str(folder / f"result{p}.json")
            proc = multiprocessing.get_context("spawn").Process(
                target=child, args=(url, schema, group, args.commands, args.rate, share, out)
            )
            proc.start()
            procs.append((proc, out))
        results = []
        for proc, out in procs:
            proc.join()
            if proc.exitcode != 0:
                sys.exit(f"a bench process failed with exit code {proc.exitcode}")
            results.append(json.loads(Path(out).read_text()))
    latencies = sorted(v for r in results for v in r["latencies"])
    elapsed = max(r["elapsed"] for r in results)
    turns = sum(r["turns"] for r in results)
    load = f"open, {args.rate:.0f}/s offered" if args.rate else "closed"
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    )
    print(
        f"{args.db}, {args.processes} process(es), {args.channels} channels × "
        f"{args.commands} commands, {load}"
    )
    print(
        f"throughput {len(latencies) / elapsed:.0f} commands/s ({turns / elapsed:.0f} turns/s)"
        f"  p50 {statistics.median(latencies):.1f} ms"
        f"  p99 {latencies[int(0.99 * len(latencies))]:.1f} ms"
    )


if __name__ == "__main__":
    main()
