"""Serving the pages: inside a running event loop (the bot's, the console's) beside what
already runs there, or alone (`python -m bot web`), reading the database only."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys

from aiohttp import web

from bot.hosting.health import Health
from bot.hosting.serve import listen, start_health
from bot.settings import Settings, get_settings
from bot.store.database import Database
from bot.web import links
from bot.web.app import make_app
from bot.web.guard import AccessLog, networks
from bot.web.live import Live
from bot.web.site import Site
from bot.web.workers import builders

log = logging.getLogger("soloist.web")


class Pages:
    """The pages served in this event loop, until `stop`, with `/healthz`, `/readyz` and
    `/metrics` (`health`: what readiness asks besides the database, e.g. the bot's shards)."""

    def __init__(
        self, db: Database, settings: Settings | None = None, health: Health | None = None
    ) -> None:
        self.settings = settings or get_settings()
        self.health = health or Health(db)
        self.site = Site(db, self.base_url, builders(db, self.settings.web_workers))
        self.runner: web.AppRunner | None = None
        self.bound: str | None = None  # http://host:port actually listened on
        self.warm = True  # start the page workers with the pages (bench.web_start: off too)

    def base_url(self) -> str:
        return self.settings.web_base_url or self.bound or links.base_url(self.settings)

    async def start(self) -> str:
        """Listen on WEB_HOST:WEB_PORT; returns the address served (the local one). An
        OSError (the port in use) is raised with everything started here stopped."""
        trusted = networks(self.settings.trusted_proxies)
        live = Live(
            self.site,
            per_client=self.settings.web_live_per_client,
            most=self.settings.web_live_streams,
            trusted=trusted,
        )
        app = make_app(self.site, self.health, trusted, live)
        try:
            self.runner, port = await listen(
                app,
                self.settings.web_host,
                self.settings.web_port,
                access_log_class=AccessLog,
                access_log=log,
            )
        except OSError:
            await self.site.close()
            raise
        host = self.settings.web_host
        shown = "127.0.0.1" if host in ("0.0.0.0", "") else (f"[{host}]" if ":" in host else host)
        self.bound = f"http://{shown}:{port}"
        links.SERVED[:] = [self.bound]
        if self.warm:  # the workers start now, not with the first page (issue 42)
            self.site.builders.start()
        return self.bound

    async def stop(self) -> None:
        if self.runner is not None:
            await self.runner.cleanup()
            self.runner = None
        await self.site.close()  # the worker processes end with the pages
        links.SERVED.clear()


async def start_pages(db: Database, health: Health | None = None) -> Pages | None:
    """The pages beside the bot or the console; a port in use is one line, not a stop.
    WEB_ENABLED=false: none (`run` then answers its probes on HEALTH_PORT)."""
    if not get_settings().web_enabled:
        return None
    pages = Pages(db, health=health)
    try:
        where = await pages.start()
    except OSError as exc:
        settings = pages.settings
        print(
            f"Web pages not served: {settings.web_host}:{settings.web_port} cannot be used "
            f"({exc.strerror or exc}); set WEB_PORT to another port.",
            file=sys.stderr,
        )
        return None
    log.info("web pages at %s (links say %s)", where, pages.base_url())
    return pages


async def serve_alone(db: Database) -> int:
    """`python -m bot web`: the pages (and the probes, also on HEALTH_PORT if set) and
    nothing else, until SIGINT or SIGTERM."""
    pages = Pages(db)
    try:
        where = await pages.start()
    except OSError as exc:
        settings = pages.settings
        print(
            f"Cannot listen on {settings.web_host}:{settings.web_port} "
            f"({exc.strerror or exc}): set WEB_HOST and WEB_PORT.",
            file=sys.stderr,
        )
        return 2
    print(f"Soloist web pages at {where} (links say {pages.base_url()}); Ctrl+C stops.")
    probes = await start_health(pages.health, pages.settings)
    stopped = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stopped.set)
    try:
        await stopped.wait()
    finally:
        if probes is not None:
            await probes.stop()
        await pages.stop()
    return 0
