"""A loop-lag probe for a benched bot (BENCH_LOOP_LAG): how late a 20 ms timer fires on the
bot's event loop, the longest so far written to a file in seconds. A stall this long is a
time nothing else on the loop ran, the deadline watchdog included."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

TICK = 0.02


async def probe(path: Path) -> None:
    worst = 0.0
    while True:
        began = time.perf_counter()
        await asyncio.sleep(TICK)
        late = time.perf_counter() - began - TICK
        if late > worst:
            worst = late
            path.write_text(f"{worst:.4f}\n")


def install_probe(path: Path) -> None:
    """Every `asyncio.run` of the process (discord.py's `Client.run` among them) runs the
    probe beside its coroutine."""
    real_run = asyncio.run

    def run(main: Coroutine[Any, Any, Any], **kwargs: Any) -> Any:
        async def with_probe() -> Any:
            task = asyncio.ensure_future(probe(path))
            try:
                return await main
            finally:
                task.cancel()

        return real_run(with_probe(), **kwargs)

    asyncio.run = run  # type: ignore[assignment]
