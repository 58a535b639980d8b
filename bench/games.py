"""Play N seeded Leopold games through the table service on SQLite; print latency and throughput.

    python -m bench.games [--games 20] [--concurrency 1] [--db PATH]

Each game is a whole game (start, every turn with queue and dice, every round end, final),
driven the way the console drives it. Latency is per service call, measured around it.
"""

from __future__ import annotations

import argparse
import asyncio
import platform
import statistics
import tempfile
import time
from pathlib import Path

from bot.core.reply import Ctx, Reply
from bot.on_discord.client import settle_heap
from bot.store.database import Database
from bot.store.migrate import upgrade
from bot.table.service import TableService

QUEUES = ["Y3 B0 R2 G4 Y0", "B5 R1 Y0 G2 R4", "G0 G3 Y2 B1 R0", "R2 Y4 B4 G1 B0"]
DICE = "1:2 2:2 3:1 4:3 5:2"
OPTIONS = {"difficulty": "hard", "emperor_vp_variant": "S2"}


async def play_game(
    service: TableService,
    channel: int,
    seed: int,
    latencies: list[float],
    shown: list[Reply] | None = None,
) -> int:
    """One whole game; each call's latency goes to `latencies`, each reply to `shown`."""
    ctx = Ctx(guild_id=1, channel_id=channel, user_id=1)

    async def timed(call):  # type: ignore[no-untyped-def]
        start = time.perf_counter()
        reply = await call
        latencies.append(time.perf_counter() - start)
        if shown is not None:
            shown.append(reply)
        return reply

    reply = await timed(service.start(ctx, "gah", OPTIONS, seed))
    i = 0
    while reply.state["phase"] == "play":
        if reply.state["pending_card"] is not None:
            action = {"command": "turn", "queue": QUEUES[i % 4]}
        elif reply.state["turns_this_round"] < 2:
            action = {"command": "turn", "queue": QUEUES[i % 4], "dice": DICE}
        else:
            action = {"command": "round_end"}
        reply = await timed(service.act(ctx, "gah", action))
        i += 1
    await timed(
        service.act(ctx, "gah", {"command": "final", "player_score": 90, "player_staff": "none"})
    )
    return i + 2


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def main(games: int, concurrency: int, path: Path) -> None:
    url = f"sqlite+aiosqlite:///{path}"
    await asyncio.to_thread(upgrade, url)
    db = Database(url)
    service = TableService(db)
    settle_heap()  # as the bot does once it has started
    latencies: list[float] = []
    queue = list(range(games))

    async def worker(channel: int) -> int:
        done = 0
        while queue:
            seed = queue.pop()
            done += await play_game(service, 1000 * channel + seed, seed, latencies)
        return done

    started = time.perf_counter()
    commands = sum(await asyncio.gather(*(worker(c) for c in range(concurrency))))
    elapsed = time.perf_counter() - started
    await db.close()
    ms = [v * 1000 for v in latencies]
    print(f"machine: {platform.processor() or platform.machine()}, {platform.python_version()}")
    print(f"games {games}, concurrency {concurrency}, commands {commands}, {elapsed:.2f} s")
    print(
        f"p50 {percentile(ms, 0.50):.2f} ms  p99 {percentile(ms, 0.99):.2f} ms  "
        f"mean {statistics.fmean(ms):.2f} ms  throughput {commands / elapsed:.0f} commands/s"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--concurrency", type=int, default=1)
    parser.add_argument("--db", type=Path, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(main(args.games, args.concurrency, args.db or Path(tmp) / "bench.db"))
