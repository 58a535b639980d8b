"""What the probes and the metrics cost (SQLite, one process, over loopback):

    python -m bench.health [--calls 20000] [--requests 300] [--games 200]

1. A command's bookkeeping: the `command_logged` wrapper around a method that does nothing,
   against the bare method (microseconds per call): its metrics (a counter and a histogram),
   and its log line written through the token filter to /dev/null, as text and as JSON.
2. `/healthz`, `/readyz` (a `SELECT 1`) and `/metrics` (every metric; active games counted
   at most every 5 s) at the client, over loopback, `--games` active games in the database.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import platform
import tempfile
import time
from pathlib import Path

import aiohttp

from bench.games import percentile
from bot.core.reply import Ctx
from bot.hosting.health import Health
from bot.hosting.logs import JsonLines, RedactToken, command_logged
from bot.hosting.serve import listen
from bot.store.database import Database
from bot.store.migrate import upgrade
from bot.table.service import TableService
from bot.web.app import make_app
from bot.web.site import Site

OPTIONS = {"difficulty": "hard", "emperor_vp_variant": "S2"}


class Target:
    async def bare(self, ctx: Ctx) -> None:
        return None

    @command_logged("bench")
    async def logged(self, ctx: Ctx) -> None:
        return None


async def per_call(calls: int, fmt: str) -> float:
    """Microseconds a wrapped call costs beyond the bare one."""
    root = logging.getLogger()
    handler = logging.StreamHandler(open(os.devnull, "w"))  # noqa: SIM115
    handler.addFilter(RedactToken("MTIz.token"))
    if fmt == "json":
        handler.setFormatter(JsonLines())
    root.handlers[:] = [handler]
    root.setLevel(logging.INFO)
    target, ctx = Target(), Ctx(guild_id=1, channel_id=2, user_id=3)
    times = {}
    for name in ("bare", "logged", "bare", "logged"):  # the second round counts
        method = getattr(target, name)
        started = time.perf_counter()
        for _ in range(calls):
            await method(ctx)
        times[name] = (time.perf_counter() - started) / calls * 1e6
    return times["logged"] - times["bare"]


async def probes(requests: int, games: int, folder: Path) -> dict[str, list[float]]:
    url = f"sqlite+aiosqlite:///{folder}/bench.db"
    await asyncio.to_thread(upgrade, url)
    db = Database(url)
    service = TableService(db)
    for n in range(games):
        await service.start(Ctx(guild_id=1, channel_id=100 + n, user_id=1), "gah", OPTIONS, n)
    logging.getLogger().setLevel(logging.WARNING)
    site = Site(db, lambda: "http://bench")
    runner, port = await listen(make_app(site, Health(db)), "127.0.0.1", 0)
    found: dict[str, list[float]] = {}
    async with aiohttp.ClientSession() as session:
        for path in ("/healthz", "/readyz", "/metrics"):
            found[path] = []
            for _ in range(requests):
                started = time.perf_counter()
                async with session.get(f"http://127.0.0.1:{port}{path}") as answer:
                    await answer.read()
                    assert answer.status == 200, path
                found[path].append((time.perf_counter() - started) * 1000)
    await runner.cleanup()
    await site.close()
    await db.close()
    return found


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=20_000)
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    print(f"{platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores")
    for fmt in ("text", "json"):
        cost = await per_call(args.calls, fmt)
        print(f"command_logged ({fmt} log line, metrics): +{cost:.1f} µs a call")
    with tempfile.TemporaryDirectory() as folder:
        found = await probes(args.requests, args.games, Path(folder))
    for path, times in found.items():
        print(
            f"{path:9} p50 {percentile(times, 0.5):.2f} ms  p99 {percentile(times, 0.99):.2f} ms"
            f"  ({len(times)} requests, {args.games} active games)"
        )


if __name__ == "__main__":
    asyncio.run(main())
