"""The web pages' speed (SQLite, one process, pages served over loopback as `run` serves them):

    python -m bench.web [--runs 20] [--commands 300] [--rate 20] [--pace 50] [--workers 1]

1. A game of 2,000 steps (the most a game holds: bot/table/importing.py), built through the
   table service (turns, each followed by an undo most of the time, as a player who
   hesitates does), its page in server time (the handler, from the request's arrival to the
   body: the database reads, the replay, the template), cold (nothing cached), at a step in
   the middle (the replay from the nearest snapshot), and warm (the same page again).
2. A link preview as Discord's crawler fetches it: the page, then its og:image, cold,
   measured at the client (loopback HTTP included).
3. A command's latency (the table service, as a cog calls it; `--pace` commands a second)
   alone, then while pages are fetched at `--rate` requests per second, each a step of the
   2,000-step game not seen before (no cache hit), served in the same event loop as
   `python -m bot run` serves them: built in `--workers` worker processes (WEB_WORKERS), and
   in the same run built in threads of the bot's process (WEB_WORKERS=0), for comparison;
   the three in turn, `--rounds` times, so a drift of the machine's load touches all three.

Pages 1 and 2 are measured with `--workers` processes (the first page, which starts them,
apart).
"""

from __future__ import annotations

import argparse
import asyncio
import platform
import tempfile
import time
from pathlib import Path

import aiohttp
from aiohttp import web

from bench.games import QUEUES, percentile
from bot.core.reply import Ctx
from bot.on_discord.client import settle_heap
from bot.store.database import Database
from bot.store.migrate import upgrade
from bot.table.service import TableService
from bot.web.app import make_app
from bot.web.site import Site
from bot.web.workers import InThreads, builders

CONSOLE = Ctx(guild_id=0, channel_id=1, user_id=1, can_manage=True, console=True)
OPTIONS = {"difficulty": "hard", "emperor_vp_variant": "S2"}
STEPS = 2_000


async def long_game(service: TableService, steps: int) -> None:
    """Turns and undos until the log holds `steps` entries, without finishing the game."""
    reply = await service.start(CONSOLE, "gah", OPTIONS, 11)
    i = 0
    while (reply.version or 0) < steps:
        state = reply.state or {}
        if state.get("pending_card") is not None:
            action = {"command": "turn", "queue": QUEUES[i % 4]}
        elif state.get("turns_this_round", 0) < 2:
            action = {"command": "turn", "queue": QUEUES[i % 4], "dice": "1:2 2:2 3:1 4:3 5:2"}
        else:
            action = {"command": "round_end"}
        keep = i % 40 == 0 and state.get("round", 1) < 6  # most turns are taken back
        reply = await service.act(CONSOLE, "gah", action)
        if not keep and (reply.version or 0) < steps and reply.state.get("phase") == "play":
            reply = await service.undo(CONSOLE, 1)
        i += 1


def timed_handler(times: list[float]):  # type: ignore[no-untyped-def]
    @web.middleware
    async def middleware(request: web.Request, handler):  # type: ignore[no-untyped-def]
        started = time.perf_counter()
        response = await handler(request)
        times.append(time.perf_counter() - started)
        return response

    return middleware


def ms(values: list[float]) -> str:
    shown = [v * 1000 for v in values]
    return (
        f"p50 {percentile(shown, 0.5):.1f} ms  p99 {percentile(shown, 0.99):.1f} ms  "
        f"max {max(shown):.1f} ms  (n={len(shown)})"
    )


async def main(
    path: Path, runs: int, commands: int, rate: float, pace: float, workers: int, rounds: int
) -> None:
    url = f"sqlite+aiosqlite:///{path}"
    await asyncio.to_thread(upgrade, url)
    db = Database(url)
    service = TableService(db)
    started = time.perf_counter()
    await long_game(service, STEPS)
    built = time.perf_counter() - started
    link = await service.game_page(CONSOLE)
    settle_heap()
    server_times: list[float] = []
    site = Site(db, lambda: "http://127.0.0.1", builders(db, workers))
    app = make_app(site)
    app.middlewares.insert(0, timed_handler(server_times))
    site.limits.burst = site.limits.per_second = 1e9  # the bench is one client
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    tcp = web.TCPSite(runner, "127.0.0.1", 0)
    await tcp.start()
    port = tcp._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    base = f"http://127.0.0.1:{port}/g/{link.token}"
    print(f"machine: {platform.processor() or platform.machine()}, {platform.python_version()}")
    print(f"a game of {STEPS} steps built in {built:.1f} s; pages built by {site.builders!r}")

    async def cold() -> None:
        site.pages.entries.clear()
        site.pictures.entries.clear()
        await site.builders.call("forget")

    async with aiohttp.ClientSession() as http:

        async def get(path: str) -> bytes:
            async with http.get(base + path) as response:
                assert response.status == 200, (path, response.status)
                return await response.read()

        t = time.perf_counter()
        await get("?step=3")
        print(f"first page (starts the workers): {(time.perf_counter() - t) * 1000:.0f} ms")
        last, middle, warm, forward, crawler = [], [], [], [], []
        for run in range(runs):
            await cold()
            server_times.clear()
            await get("")
            last.append(server_times[-1])
            await get(f"?step={STEPS // 2 + 7 * run}")
            middle.append(server_times[-1])
            await get("")
            warm.append(server_times[-1])
            await get(f"?step={STEPS // 2 + 7 * run + 1}")  # the keyboard's next step
            forward.append(server_times[-1])
            await cold()
            t = time.perf_counter()
            await get("")
            await get(f"/preview.png?v={STEPS}")
            crawler.append(time.perf_counter() - t)
        print(f"page of the last step, cold:  {ms(last)}")
        print(f"page of a middle step, cold:  {ms(middle)}")
        print(f"page again (cached):          {ms(warm)}")
        print(f"the next step after it:       {ms(forward)}")
        print(f"crawler, page + og:image:     {ms(crawler)}  (client side)")
        print(f"builder: {await site.builders.call('counts')}")

        # commands alone, then with pages fetched beside them
        async def play(n: int, channel: int) -> list[float]:
            ctx = Ctx(guild_id=0, channel_id=channel, user_id=1, console=True)
            latencies = []
            reply = await service.start(ctx, "gah", OPTIONS, channel)
            for i in range(n):
                state = reply.state or {}
                if state.get("phase") != "play":
                    reply = await service.start(
                        Ctx(0, channel + 1000 * (i + 1), 1, console=True), "gah", OPTIONS, i
                    )
                    ctx = Ctx(0, channel + 1000 * (i + 1), 1, console=True)
                    continue
                if state.get("pending_card") is not None:
                    action = {"command": "turn", "queue": QUEUES[i % 4]}
                elif state.get("turns_this_round", 0) < 2:
                    action = {
                        "command": "turn",
                        "queue": QUEUES[i % 4],
                        "dice": "1:2 2:2 3:1 4:3 5:2",
                    }
                else:
                    action = {"command": "round_end"}
                t = time.perf_counter()
                reply = await service.act(ctx, "gah", action)
                latencies.append(time.perf_counter() - t)
                await asyncio.sleep(1 / pace)  # commands arrive paced, as players send them
            return latencies

        async def beside(channel: int, first: int) -> tuple[list[float], int, list[float]]:
            """Commands while uncached pages are fetched (steps 7 apart: none kept)."""
            await cold()
            stop = asyncio.Event()
            fetched = 0

            async def pages() -> None:
                nonlocal fetched
                step = first
                while not stop.is_set():
                    await get(f"?step={step}")
                    fetched += 1
                    step = step % (STEPS - 1) + 7
                    await asyncio.sleep(1 / rate)

            load = asyncio.ensure_future(pages())
            served_from = len(server_times)
            busy = await play(commands, channel)
            stop.set()
            await load
            return busy, fetched, server_times[served_from:]

        # the three in turn, `rounds` times: a machine whose load drifts drifts for all three
        alone: list[float] = []
        pool = site.builders
        threads = InThreads(db)
        conditions: dict[str, tuple[list[float], list[int], list[float]]] = {
            f"{workers} worker process(es)": ([], [], []),
            "threads of this process": ([], [], []),
        }
        await play(30, 9999)  # warm: the first commands of a process are slower
        for n in range(rounds):
            alone += await play(commands, 10 * n + 2)
            for i, (busy, fetched, each) in enumerate(conditions.values()):
                site.builders = pool if i == 0 else threads
                got, count, times = await beside(10 * n + 3 + i, 1 + 3 * n + i)
                busy += got
                fetched.append(count)
                each += times
        site.builders = pool
        print(f"commands alone:               {ms(alone)}")
        for name, (busy, fetched, each) in conditions.items():
            print(
                f"commands beside pages built in {name}: {ms(busy)}\n"
                f"    ({sum(fetched)} pages fetched meanwhile, each {ms(each)} server time)"
            )
    await site.close()
    await runner.cleanup()
    await db.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--commands", type=int, default=300)
    parser.add_argument("--rate", type=float, default=20.0)
    parser.add_argument("--pace", type=float, default=50.0, help="commands per second")
    parser.add_argument("--db", type=Path, default=None)
    parser.add_argument("--workers", type=int, default=1, help="page worker processes")
    parser.add_argument("--rounds", type=int, default=3, help="alone / processes / threads")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(
            main(
                args.db or Path(tmp) / "web.db",
                args.runs,
                args.commands,
                args.rate,
                args.pace,
                args.workers,
                args.rounds,
            )
        )
