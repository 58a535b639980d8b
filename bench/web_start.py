"""The first page after the pages start (`Pages.start`, as `run`, `console` and `web` start
them), over loopback, with one worker process (WEB_WORKERS=1), SQLite:

    python -m bench.web_start [--runs 5] [--after 0 2] [--lazy]

Each run starts the pages anew (a new worker process), waits `--after` seconds (0: the
request comes at once; 2: as a reader's first click comes, after the bot has connected),
and times one request for a game's page at a step not built yet (client side: loopback HTTP,
the front's reads, the worker's replay, template and the bytes back). `--lazy`: the worker
starts with the first page instead (how it was before issue 42), for comparison."""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

import aiohttp

from bot.core.reply import Ctx
from bot.settings import Settings
from bot.store.database import Database
from bot.store.migrate import upgrade
from bot.table.service import TableService
from bot.web.serve import Pages

CONSOLE = Ctx(guild_id=0, channel_id=1, user_id=1, can_manage=True, console=True)
GAH = {"difficulty": "hard", "emperor_vp_variant": "S2"}
TURN = {"command": "turn", "queue": "Y3 B0 R2 G4 Y0", "dice": "1:2 2:2 3:1 4:3 5:2"}


async def main(path: Path, runs: int, after: list[float], lazy: bool) -> None:
    url = f"sqlite+aiosqlite:///{path}"
    await asyncio.to_thread(upgrade, url)
    db = Database(url)
    service = TableService(db)
    await service.start(CONSOLE, "gah", GAH, 7)
    for _ in range(3):
        await service.act(CONSOLE, "gah", TURN)
    link = await service.game_page(CONSOLE)
    settings = Settings(web_host="127.0.0.1", web_port=0, web_workers=1, web_base_url=None)
    for wait in after:
        times = []
        for run in range(runs):
            pages = Pages(db, settings)
            if lazy:
                pages.warm = False
            where = await pages.start()
            await asyncio.sleep(wait)
            async with aiohttp.ClientSession() as http:
                t = time.perf_counter()
                async with http.get(f"{where}/g/{link.token}?step={1 + run % 4}") as response:
                    assert response.status == 200, response.status
                    await response.read()
                times.append((time.perf_counter() - t) * 1000)
            await pages.stop()
        print(
            f"{'lazy' if lazy else 'warm'} worker, request {wait:g} s after the start: "
            f"median {statistics.median(times):.0f} ms, max {max(times):.0f} ms "
            f"(n = {runs}: {', '.join(f'{t:.0f}' for t in times)})"
        )
    await db.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--after", type=float, nargs="+", default=[0.0, 2.0])
    parser.add_argument("--lazy", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(main(Path(folder) / "bench.db", args.runs, args.after, args.lazy))
