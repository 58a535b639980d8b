"""The first page after the pages start (`Pages.start`, as `run`, `console` and `web` start
them), over loopback, with one worker process (WEB_WORKERS=1), SQLite:

    python -m bench.web_start [--runs 5] [--after 0 1 5] [--modes lazy wait here]

Each run starts the pages anew in a new serving process (as `python -m bot web` starts: its
imports done, no game's rules loaded) with a new worker process, waits `--after` seconds (0: the
request comes at once; 1 or 5: as a reader's first click comes, after the bot has
connected), and times one request for a game's page at a step not built yet (client side:
loopback HTTP, the front's reads, the replay, template and the bytes back). The modes, in
turn for each run (so a drift of the machine's load touches all of them):

- `lazy`: the worker starts with the first page (how it was before issue 42);
- `wait`: the worker starts with the pages and warms up (every game's rules, the catalogs,
  the templates), and the first page waits in its queue for the warm-up (before this
  change);
- `here`: as served now: while the worker warms up, the page is built in threads of the
  serving process, loading only what it needs.

Then, in a new process each, the CPU time of that first page built here (what the wall time
comes to on an idle core)."""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

from bot.core.reply import Ctx
from bot.settings import Settings
from bot.store.database import Database
from bot.store.migrate import upgrade
from bot.table.service import TableService
from bot.web.build import Ask
from bot.web.serve import Pages
from bot.web.workers import InThreads

CONSOLE = Ctx(guild_id=0, channel_id=1, user_id=1, can_manage=True, console=True)
GAH = {"difficulty": "hard", "emperor_vp_variant": "S2"}
TURN = {"command": "turn", "queue": "Y3 B0 R2 G4 Y0", "dice": "1:2 2:2 3:1 4:3 5:2"}


async def serve(url: str, mode: str) -> None:
    """One serving process (`--serve`): the pages started in `mode`, their address printed
    once `start` returned; stopped when stdin closes."""
    db = Database(url)
    settings = Settings(web_host="127.0.0.1", web_port=0, web_workers=1, web_base_url=None)
    pages = Pages(db, settings)
    pages.warm = mode != "lazy"
    pages.site.builders.here_while_warming = mode == "here"  # type: ignore[union-attr]
    where = await pages.start()
    sys.stdout.write(where + "\n")
    sys.stdout.flush()
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    await pages.stop()
    await db.close()


async def cpu(url: str) -> None:
    """`--cpu`: in this new process, the first page built in threads here, as `here` builds
    it while the worker warms up, with no worker beside it: its wall and CPU time."""
    db = Database(url)
    builder = InThreads(db)
    c, t = time.process_time(), time.perf_counter()
    assert await builder.call("page", Ask(game_id=1, step=2, locale="en")) is not None
    wall, used = (time.perf_counter() - t) * 1000, (time.process_time() - c) * 1000
    sys.stdout.write(f"{wall:.0f} {used:.0f}\n")
    await db.close()


async def first_cpu(url: str, runs: int) -> None:
    found = []
    for _ in range(runs):
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bench.web_start", "--cpu", url, stdout=asyncio.subprocess.PIPE
        )
        out, _ = await proc.communicate()
        found.append([float(x) for x in out.split()])
    walls, used = [f[0] for f in found], [f[1] for f in found]
    print(
        f"first page built here in a new process, no worker: wall median "
        f"{statistics.median(walls):.0f} ms, CPU median {statistics.median(used):.0f} ms "
        f"(n = {runs}: CPU {', '.join(f'{u:.0f}' for u in used)})"
    )


async def first_page(url: str, mode: str, wait: float, path: str) -> float:
    """Start a serving process, wait `wait` s after its pages started, time one request."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bench.web_start", "--serve", url, "--mode", mode,
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
    )  # fmt: skip
    assert proc.stdout is not None and proc.stdin is not None
    where = (await proc.stdout.readline()).decode().strip()
    await asyncio.sleep(wait)
    async with aiohttp.ClientSession() as http:
        t = time.perf_counter()
        async with http.get(where + path) as response:
            assert response.status == 200, response.status
            await response.read()
        took = (time.perf_counter() - t) * 1000
    proc.stdin.close()
    await proc.wait()
    return took


async def main(path: Path, runs: int, after: list[float], modes: list[str]) -> None:
    url = f"sqlite+aiosqlite:///{path}"
    await asyncio.to_thread(upgrade, url)
    db = Database(url)
    service = TableService(db)
    await service.start(CONSOLE, "gah", GAH, 7)
    for _ in range(3):
        await service.act(CONSOLE, "gah", TURN)
    link = await service.game_page(CONSOLE)
    await db.close()
    print(f"{os.cpu_count()} CPUs, load before {os.getloadavg()}")
    for wait in after:
        times: dict[str, list[float]] = {mode: [] for mode in modes}
        for run in range(runs):
            for mode in modes:
                step = f"/g/{link.token}?step={1 + run % 4}"
                times[mode].append(await first_page(url, mode, wait, step))
        for mode, found in times.items():
            print(
                f"{mode:>4}: request {wait:g} s after the start: "
                f"median {statistics.median(found):.0f} ms, max {max(found):.0f} ms "
                f"(n = {runs}: {', '.join(f'{t:.0f}' for t in found)})"
            )
    await first_cpu(url, runs)
    print(f"load after {os.getloadavg()}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--after", type=float, nargs="+", default=[0.0, 1.0, 5.0])
    parser.add_argument(
        "--modes", nargs="+", choices=["lazy", "wait", "here"], default=["wait", "here"]
    )
    parser.add_argument("--serve", help=argparse.SUPPRESS)  # a serving process: its database
    parser.add_argument("--mode", default="here", help=argparse.SUPPRESS)
    parser.add_argument("--cpu", help=argparse.SUPPRESS)  # the first page's CPU: its database
    args = parser.parse_args()
    if args.cpu:
        asyncio.run(cpu(args.cpu))
        sys.exit(0)
    if args.serve:
        asyncio.run(serve(args.serve, args.mode))
        sys.exit(0)
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(main(Path(folder) / "bench.db", args.runs, args.after, args.modes))
