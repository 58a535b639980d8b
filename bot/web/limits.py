"""The pages' rate limits, kept in the database (bot/store/limits.py), the one place every
`python -m bot web` process behind a proxy (and the bot's own pages) reads and writes: a
client gets one budget however its requests are spread over the processes. Each request costs
one statement (an atomic upsert, through `Database.write`); once a minute a process also drops
the buckets that have filled up again.

The limits never keep a page from answering: when the database does not answer (down,
unreachable, too slow), a request passes unlimited, this is logged once, and the database is
asked again only after a pause (a page then costs no wait for it)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from functools import partial

from bot.store import limits
from bot.store.database import Database

log = logging.getLogger("soloist.web")

WAIT = 2.0  # seconds a limit waits for the database before the request passes unlimited
PAUSE = 10.0  # seconds the limits are not asked of a database that did not answer
PRUNE_EVERY = 60.0  # seconds between a process's pruning of full buckets, per kind


class Budgets:
    """The database's side of a site's limits: its clock, whether the database answers,
    when buckets were last pruned."""

    def __init__(self, db: Database, clock: Callable[[], float] = time.time) -> None:
        self.db = db
        self.clock = clock  # the wall clock: the processes sharing the buckets share it
        self.paused_until = 0.0
        self.failing = False  # said so in the log, not yet said that it answers again
        self.pruned: dict[str, float] = {}

    async def take(self, kind: str, client: str, burst: float, per_second: float) -> float:
        """0 when the request may go on, else the seconds until it may (a whole token's
        time: the refused statement returns nothing to be more precise with)."""
        now = self.clock()
        if now < self.paused_until:
            return 0.0
        prune = now - self.pruned.get(kind, 0.0) >= PRUNE_EVERY
        job = partial(limits.take, kind=kind, client=client, burst=burst, now=now, prune=prune)
        try:
            left = await asyncio.wait_for(self.db.write(partial(job, per_second=per_second)), WAIT)
        except Exception as exc:  # whatever it is, the page still answers
            self.paused_until = self.clock() + PAUSE
            if not self.failing:
                self.failing = True
                log.warning(*_unkept(exc))
            return 0.0
        if self.failing:
            self.failing = False
            log.warning("rate limits kept again: the database answers")
        if prune:
            self.pruned[kind] = now
        return 0.0 if left is not None else 1 / per_second


class SharedLimit:
    """A token bucket per client, kept in the database: `burst` requests at once, then
    `per_second`; `kind` names it there (pages, misses)."""

    def __init__(self, budgets: Budgets, kind: str, burst: float, per_second: float) -> None:
        self.budgets, self.kind = budgets, kind
        self.burst, self.per_second = burst, per_second

    async def take(self, client: str) -> float:
        """0 when the request may go on, else the seconds until it may."""
        return await self.budgets.take(self.kind, client, self.burst, self.per_second)


def _unkept(exc: BaseException) -> tuple[str, ...]:
    """What the log says when a limit could not be kept: a database that answered too late is
    busy (a long write ahead of this one), not down."""
    if isinstance(exc, TimeoutError):
        return (
            "rate limits not kept: the database was busy for over %s s (a long write ahead of "
            "the limit's); pages are served without limits for %s s, then it is asked again",
            f"{WAIT:g}",
            f"{PAUSE:g}",
        )
    return (
        "rate limits not kept: the database did not answer (%s); pages are served without "
        "limits until it does",
        f"{type(exc).__name__}: {exc}"[:200],
    )
