"""`/healthz`, `/readyz` and `/metrics` on a port of their own (HEALTH_PORT): a bot process
without pages (WEB_ENABLED=false) still answers its orchestrator and Prometheus."""

from __future__ import annotations

import logging
import sys
from typing import Any

from aiohttp import web

from bot.hosting.health import Health
from bot.settings import Settings

log = logging.getLogger("soloist.health")


async def listen(
    app: web.Application, host: str, port: int, **runner_options: Any
) -> tuple[web.AppRunner, int]:
    """Serve `app` on host:port (port 0: any free one): its runner and the port actually
    bound. An OSError (the port in use) is raised with nothing left running."""
    runner = web.AppRunner(app, handle_signals=False, **runner_options)
    await runner.setup()
    try:
        await web.TCPSite(runner, host, port).start()
    except OSError:
        await runner.cleanup()
        raise
    addresses = runner.addresses  # (host, port, ...) of each socket listened on
    return runner, addresses[0][1] if addresses else port


def health_app(health: Health) -> web.Application:
    """The three routes alone: a bot process without pages (WEB_ENABLED=false)."""
    app = web.Application()
    app.add_routes(health.routes())
    return app


class HealthServer:
    """The three routes on HEALTH_PORT, until `stop`."""

    def __init__(self, health: Health, host: str, port: int) -> None:
        self.health, self.host, self.port = health, host, port
        self.runner: web.AppRunner | None = None
        self.bound: tuple[str, int] | None = None

    async def start(self) -> tuple[str, int]:
        """Listen; an OSError (the port in use) is raised with nothing left running."""
        # no access log: a probe every few seconds would drown what the logs are for
        self.runner, port = await listen(
            health_app(self.health), self.host, self.port, access_log=None
        )
        self.bound = (self.host, port)
        return self.bound

    async def stop(self) -> None:
        if self.runner is not None:
            await self.runner.cleanup()
            self.runner = None


async def start_health(health: Health, settings: Settings) -> HealthServer | None:
    """HEALTH_PORT's listener (on WEB_HOST), or None: no HEALTH_PORT, or the port cannot be
    used (one line; the bot serves on without it)."""
    if settings.health_port is None:
        if not settings.web_enabled:
            log.warning("WEB_ENABLED=false and no HEALTH_PORT: no /healthz, /readyz, /metrics")
        return None
    if settings.web_enabled and settings.health_port == settings.web_port:
        return None  # the pages carry the three routes on that port
    server = HealthServer(health, settings.web_host, settings.health_port)
    try:
        host, port = await server.start()
    except OSError as exc:
        print(
            f"Health not served: {settings.web_host}:{settings.health_port} cannot be used "
            f"({exc.strerror or exc}); set HEALTH_PORT to another port.",
            file=sys.stderr,
        )
        return None
    log.info("/healthz, /readyz and /metrics at http://%s:%d", host, port)
    return server
