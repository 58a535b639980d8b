"""`/healthz`, `/readyz` and `/metrics`: what an orchestrator and Prometheus ask a process.

Liveness touches nothing (a process that answers is alive). Readiness asks the database a
`SELECT 1` (`Database.ping`) with a short timeout and, in `run`, whether every shard of this
process is READY.
Metrics are read at scrape time where they are cheap (gateway latency, the pool) and cached
a few seconds where they cost a query (active games)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, generate_latest

from bot.hosting import metrics

if TYPE_CHECKING:  # `run` makes its Health as it connects, while the database library loads
    from sqlalchemy import Connection  # in a worker thread (issue 22)

    from bot.store.database import Database

DB_TIMEOUT = 2.0  # seconds a readiness probe waits for `SELECT 1`
GAMES_EVERY = 5.0  # seconds the active-games count is kept between scrapes


def _active_games(conn: Connection) -> int:
    from sqlalchemy import func, select

    from bot.store.models import GameRow

    # status is active, finished or abandoned; `active` is also the partial index's condition
    query = select(func.count()).select_from(GameRow).where(GameRow.status == "active")
    return int(conn.execute(query).scalar_one())


class Health:
    """The three routes of one process. `db` may come later (`run` opens it while it logs
    in); `discord` says what keeps this process's shards from serving (empty: all READY),
    and is None where Discord plays no part (the console, `python -m bot web`)."""

    def __init__(
        self,
        db: Database | None = None,
        discord: Callable[[], list[str]] | None = None,
        *,
        latencies: Callable[[], list[tuple[int, float]]] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.db = db
        self.discord = discord
        self.latencies = latencies
        self.clock = clock
        self._games: tuple[float, int] | None = None  # (when counted, count)

    async def not_ready(self) -> list[str]:
        """What keeps this process from serving, one short phrase each; empty when ready."""
        problems = list(self.discord()) if self.discord is not None else []
        if self.db is None:
            problems.append("database: not open yet")
            return problems
        try:
            await asyncio.wait_for(self.db.ping(), DB_TIMEOUT)
        except TimeoutError:
            problems.append(f"database: no answer within {DB_TIMEOUT:g} s")
        except Exception as exc:
            problems.append(f"database: {type(exc).__name__}")
        return problems

    async def healthz(self, _request: web.Request) -> web.Response:
        return web.Response(text="ok\n")

    async def readyz(self, _request: web.Request) -> web.Response:
        problems = await self.not_ready()
        if problems:
            return web.json_response({"ready": False, "not_ready": problems}, status=503)
        return web.json_response({"ready": True})

    async def metrics(self, _request: web.Request) -> web.Response:
        await self.collect()
        response = web.Response(body=generate_latest(REGISTRY))
        response.headers["Content-Type"] = CONTENT_TYPE_LATEST
        response.headers["Cache-Control"] = "no-store"
        return response

    async def collect(self) -> None:
        """Set the gauges that are read rather than counted, just before a scrape."""
        if self.latencies is not None:
            for shard, seconds in self.latencies():
                metrics.GATEWAY_LATENCY.labels(str(shard)).set(seconds)
        if self.db is None:
            return
        metrics.DB_POOL_IN_USE.set(self.db.pool_in_use())
        now = self.clock()
        if self._games is None or now - self._games[0] >= GAMES_EVERY:
            try:
                count = await asyncio.wait_for(self.db.read(_active_games), DB_TIMEOUT)
            except Exception:  # a scrape still answers; the gauge keeps its last value
                return
            self._games = (now, count)
            metrics.ACTIVE_GAMES.set(count)

    def routes(self) -> list[web.RouteDef]:
        return [
            web.get("/healthz", self.healthz),
            web.get("/readyz", self.readyz),
            web.get("/metrics", self.metrics),
        ]
