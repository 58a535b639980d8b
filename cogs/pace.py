"""Pacing work that only has to show the latest state: at most one run per key every few
seconds, off the caller's path.

The first request after a quiet spell runs at once; requests during the spell wait for its end,
and only the latest of them runs then (the others are dropped: what they would show is out of
date). Runs of one key never overlap, so an older one never lands after a newer one. The
status message uses it: a burst of commands in one game gives two edits, not one per command.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")
log = logging.getLogger("soloist.pace")
# Seconds: a game's status message is edited at most once in that time. It lives here, not in
# cogs/status.py, because discord.py loads an extension as a fresh module object: a value
# patched on the imported cogs.status would not reach the loaded cog (the tests set it to 0).
STATUS_EVERY = 3.0
MAX_KEYS = 50_000  # keys whose last run is remembered; older ones are forgotten first


def _monotonic() -> float:
    return time.monotonic()  # looked up per call: a test's simulated clock replaces it


class Pace(Generic[K, V]):
    def __init__(
        self,
        run: Callable[[K, V], Awaitable[None]],
        every: float,
        *,
        clock: Callable[[], float] = _monotonic,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
        spawn: Callable[[Coroutine[Any, Any, None]], asyncio.Task[None]] = asyncio.ensure_future,
    ) -> None:
        self.every = every
        self._run, self._clock, self._sleep, self._spawn = run, clock, sleep, spawn
        self._latest: dict[K, V] = {}  # what waits to run, per key
        self._pumps: dict[K, asyncio.Task[None]] = {}  # the one task running a key's work
        self._last: dict[K, float] = {}  # when a key last ran

    def request(self, key: K, value: V) -> None:
        """Run `value` for `key` now, or when the key's spell ends if it ran lately (then
        unless a newer request replaces it first)."""
        self._latest[key] = value
        if key not in self._pumps:
            self._pumps[key] = self._spawn(self._pump(key))

    async def _pump(self, key: K) -> None:
        try:
            while key in self._latest:
                wait = self._last.get(key, float("-inf")) + self.every - self._clock()
                if wait > 0:
                    await self._sleep(wait)
                value = self._latest.pop(key)
                self._remember(key)
                try:
                    await self._run(key, value)
                except Exception:
                    log.exception("paced work for %s failed", key)
        finally:  # in the same step as the last check: a request after it starts a new pump
            if self._pumps.get(key) is asyncio.current_task():
                del self._pumps[key]

    def _remember(self, key: K) -> None:
        now = self._clock()
        if len(self._last) >= MAX_KEYS:
            self._last = {k: t for k, t in self._last.items() if t + self.every > now}
        self._last[key] = now
