"""Start-up waits for a database that is not up yet (compose starts the bot beside PostgreSQL,
a host reboots both at once): it tries again after 0.5, 1, 2, 4 … seconds, each wait logged in
one line, and gives up once DB_WAIT_SECONDS have gone by."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

from bot.store.database import Database

FIRST_WAIT = 0.5
LONGEST_WAIT = 8.0
log = logging.getLogger("soloist.database")

# What a server that is still starting (or not yet resolvable, or refusing) raises, by class
# name so that the check needs no driver imported: asyncpg's "the database system is starting
# up", too many connections, a connection lost while connecting.
_STARTING = {"CannotConnectNowError", "TooManyConnectionsError", "ConnectionDoesNotExistError"}


def waits(total: float) -> Iterator[float]:
    """0.5, 1, 2, 4, 8, 8 … seconds, the last one cut so that they add up to `total`."""
    delay, left = FIRST_WAIT, total
    while left > 0:
        step = min(delay, left)
        yield step
        left -= step
        delay = min(LONGEST_WAIT, delay * 2)


def is_transient(exc: BaseException) -> bool:
    """Could trying again later help? A refused or unresolvable address, a timeout, a server
    that is starting: yes. A wrong password, a missing database, a bad URL: no."""
    seen: set[int] = set()
    stack: list[Any] = [exc]
    while stack:
        found = stack.pop()
        if found is None or id(found) in seen:
            continue
        seen.add(id(found))
        if isinstance(found, OSError | TimeoutError) or type(found).__name__ in _STARTING:
            return True
        stack += [getattr(found, "orig", None), found.__cause__, found.__context__]
    return False


async def wait_until_reachable(
    db: Database,
    seconds: float,
    *,
    sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
) -> None:
    """Return once the database answers; raise its last error when it has not answered
    within `seconds` (or at once, for an error that waiting cannot mend)."""
    waited = 0.0
    schedule = waits(seconds)
    while True:
        try:
            await db.ping()
            return
        except Exception as exc:
            if db.is_sqlite or not is_transient(exc):
                raise
            delay = next(schedule, None)
            if delay is None:
                raise
            log.warning(
                "The database does not answer yet (%s: %s); trying again in %.1f s "
                "(%.1f of DB_WAIT_SECONDS=%g s waited)",
                type(exc).__name__,
                _one_line(exc),
                delay,
                waited,
                seconds,
            )
        await sleep(delay)
        waited += delay


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())[:200]
