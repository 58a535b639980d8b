"""What German costs: every reply of seeded Leopold games translated line by line.

    python -m bench.i18n [--games 10]

Plays whole games through the table service (as bench.games does), keeps every reply, then
times `localize(reply, "de")` per reply: cold (the line cache empty, every line matched against
the templates) and warm (lines seen before, as in a long-running bot). Also reports how many of
the shown lines have German.
"""

from __future__ import annotations

import argparse
import asyncio
import platform
import tempfile
import time
from pathlib import Path

import bot.i18n as i18n
from bench.games import percentile, play_game
from bot.core.reply import Reply
from bot.i18n import localize, needs_translation
from bot.store.database import Database
from bot.store.migrate import upgrade
from bot.table.service import TableService


async def replies(games: int, path: Path) -> list[Reply]:
    url = f"sqlite+aiosqlite:///{path}"
    await asyncio.to_thread(upgrade, url)
    service = TableService(Database(url))
    out: list[Reply] = []
    for seed in range(games):
        await play_game(service, seed + 1, seed, [], out)
    await service.db.close()
    return out


def timed(shown: list[Reply]) -> list[float]:
    latencies = []
    for reply in shown:
        start = time.perf_counter()
        localize(reply, "de")
        latencies.append(time.perf_counter() - start)
    return latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        shown = asyncio.run(replies(args.games, Path(tmp) / "bench.db"))
    i18n.catalog("de")  # loading the catalogs is start-up work, not a command's
    i18n._german_line.cache_clear()
    cold = timed(shown)
    warm = timed(shown)
    lines = [
        line
        for reply in shown
        for text in (reply.title, *reply.facts, reply.prompt, reply.board or "")
        for line in text.split("\n")
        if needs_translation(line)
    ]
    german = sum(i18n._german_line(line) is not None for line in lines)
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print(f"{len(shown)} replies, {len(lines)} lines to translate, {german} have German")
    for name, values in (("cold", cold), ("warm", warm)):
        p50, p99 = percentile(values, 0.5) * 1e3, percentile(values, 0.99) * 1e3
        rate = len(values) / sum(values)
        print(f"{name}: p50 {p50:.3f} ms, p99 {p99:.3f} ms per reply, {rate:,.0f} replies/s")


if __name__ == "__main__":
    main()
