"""What the pages' rate limit costs a request (issue 42: kept in the database so that every
`web` process behind a proxy counts one budget):

    python -m bench.web_limits [--takes 2000] [--clients 500] [--rounds 4] [--requests 500]

1. One `take` of the pages' limit, as the guard does it for every request: the bucket in
   this process's memory (the reference: how it was), and kept in the database (one upsert
   through `Database.write`) on SQLite (a file, WAL, as `run` and `web` use it) and on
   PostgreSQL (127.0.0.1:5432 database `test`, a schema of its own; left out when none
   answers). Each take is for one of `--clients` clients in turn (the table holds that many
   buckets); one at a time, then 8 at once (requests arriving together). For scale, one
   read job (SELECT 1) on each database: what each of a page's own reads costs at least.
   The kinds take turns `--rounds` times, so a drift of the machine's load touches all.
2. A whole request for the stylesheet (the cheapest page: the guard and a static file) over
   loopback, measured at the client, with each kind of limit in the guard.

Pruning (once a minute per process) is left out; it runs in the same transaction as one take.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import tempfile
import time
from pathlib import Path

import aiohttp
from aiohttp import web
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from bench.games import percentile
from bot.store.database import Database
from bot.store.migrate import upgrade
from bot.web.app import make_app
from bot.web.guard import Limit, RateLimit
from bot.web.limits import Budgets, SharedLimit
from bot.web.site import Site

POSTGRES = os.environ.get(
    "SOLOIST_TEST_POSTGRES_URL", "postgresql+asyncpg://postgres@127.0.0.1:5432/test"
)
SCHEMA = f"bench_limits_{os.getpid()}"
BIG = 1e12  # no request is refused: every take writes


async def postgres() -> Database | None:
    try:
        engine = create_async_engine(POSTGRES, connect_args={"timeout": 3})
        async with engine.begin() as conn:
            await conn.execute(text(f"CREATE SCHEMA {SCHEMA}"))
        await engine.dispose()
    except Exception as exc:  # no server: measured without it, and said so
        print(f"PostgreSQL left out: {type(exc).__name__}: {exc}"[:200])
        return None
    await asyncio.to_thread(upgrade, POSTGRES, schema=SCHEMA)
    return Database(POSTGRES, schema=SCHEMA)


async def drop_postgres() -> None:
    engine = create_async_engine(POSTGRES)
    async with engine.begin() as conn:
        await conn.execute(text(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE"))
    await engine.dispose()


class Ping:
    """For scale: one read job (`Database.ping`, SELECT 1), what each of a page's reads costs
    at least."""

    burst = per_second = BIG

    def __init__(self, db: Database) -> None:
        self.db = db

    async def take(self, client: str) -> float:
        await self.db.ping()
        return 0.0


def limits(dbs: dict[str, Database]) -> dict[str, Limit]:
    found: dict[str, Limit] = {"memory (reference)": RateLimit(burst=BIG, per_second=BIG)}
    for name, db in dbs.items():
        found[f"database, {name}"] = SharedLimit(Budgets(db), "pages", BIG, BIG)
        found[f"(a read, {name})"] = Ping(db)
    return found


async def takes(limit: Limit, n: int, clients: int, together: int) -> list[float]:
    times: list[float] = []

    async def one(i: int) -> None:
        t = time.perf_counter()
        assert await limit.take(f"198.51.{i % clients // 250}.{i % 250}") == 0
        times.append((time.perf_counter() - t) * 1000)

    for start in range(0, n, together):
        await asyncio.gather(*(one(i) for i in range(start, min(n, start + together))))
    return times


async def requests(site: Site, limit: Limit, n: int) -> list[float]:
    site.limits = limit
    runner = web.AppRunner(make_app(site), access_log=None)
    await runner.setup()
    tcp = web.TCPSite(runner, "127.0.0.1", 0)
    await tcp.start()
    port = tcp._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    times = []
    async with aiohttp.ClientSession() as http:
        for _ in range(n):
            t = time.perf_counter()
            async with http.get(f"http://127.0.0.1:{port}/static/site.css") as response:
                assert response.status == 200
                await response.read()
            times.append((time.perf_counter() - t) * 1000)
    await runner.cleanup()
    return times


def line(name: str, times: list[float]) -> str:
    return (
        f"  {name:<22} p50 {percentile(times, 0.5):6.3f} ms  p99 {percentile(times, 0.99):6.3f} ms"
        f"  (n = {len(times)})"
    )


async def main(folder: Path, args: argparse.Namespace) -> None:
    url = f"sqlite+aiosqlite:///{folder / 'bench.db'}"
    await asyncio.to_thread(upgrade, url)
    dbs = {"SQLite": Database(url)}
    pg = await postgres()
    if pg is not None:
        dbs["PostgreSQL"] = pg
    kinds = limits(dbs)
    print(f"{platform.python_version()}, {os.cpu_count()} CPUs, load {os.getloadavg()}")
    try:
        for together in (1, 8):
            found: dict[str, list[float]] = {name: [] for name in kinds}
            await takes(next(iter(kinds.values())), 100, 100, together)  # warm
            for limit in kinds.values():
                await takes(limit, 200, args.clients, together)  # connections open, rows made
            for _ in range(args.rounds):
                for name, limit in kinds.items():
                    found[name] += await takes(
                        limit, args.takes // args.rounds, args.clients, together
                    )
            print(f"1. one take of the pages' limit, {together} at once:")
            for name, times in found.items():
                print(line(name, times))
        site = Site(dbs["SQLite"], lambda: "http://bench.test")
        whole: dict[str, list[float]] = {name: [] for name in kinds}
        for limit in kinds.values():
            await requests(site, limit, 50)  # warm
        for _ in range(args.rounds):
            for name, limit in kinds.items():
                whole[name] += await requests(site, limit, args.requests // args.rounds)
        print("2. a whole request for /static/site.css over loopback (client side):")
        for name, times in whole.items():
            print(line(name, times))
        await site.close()
        print(f"load after: {os.getloadavg()}")
    finally:
        for db in dbs.values():
            await db.close()
        if pg is not None:
            await drop_postgres()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--takes", type=int, default=2000)
    parser.add_argument("--clients", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--requests", type=int, default=500)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(main(Path(folder), args))
