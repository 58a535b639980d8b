"""The pages' routes: one application over a `Site` (a game's pages) and `Others` (a
player's, a campaign's, a server challenge's), behind the guard (bot/web/guard.py)."""

from __future__ import annotations

from aiohttp import web

from bot.hosting.health import Health
from bot.web.guard import LOOPBACK, Network, guard
from bot.web.live import Live
from bot.web.more import Others
from bot.web.site import Site

GAME = "{game:[0-9]{1,10}}"
LIVE = web.AppKey("live", Live)  # the app's live streams (bot/web/live.py)


def make_app(
    site: Site,
    health: Health | None = None,
    trusted: tuple[Network, ...] = LOOPBACK,
    live: Live | None = None,
) -> web.Application:
    """The pages, and `/healthz`, `/readyz`, `/metrics` (`health`: without one, readiness is
    the pages' database answering); `trusted`: the proxies whose X-Forwarded-For counts;
    `live`: the game pages' live streams (default limits without one)."""
    app = web.Application(middlewares=[guard(site.limits, site.misses, site.not_found, trusted)])
    others = Others(site)
    live = live or Live(site, trusted=trusted)
    app[LIVE] = live
    app.on_shutdown.append(live.close)
    app.add_routes((health or Health(site.db)).routes())
    app.add_routes(
        [
            web.get("/static/site.css", site.css),
            web.get("/static/time.js", site.script),
            web.get("/static/steps.js", site.steps_script),
            web.get("/static/live.js", site.live_script),
            web.get("/g/{token}", site.game),
            web.get("/g/{token}/board.png", site.board),
            web.get("/g/{token}/preview.png", site.preview),
            web.get("/g/{token}/export.json", site.export),
            web.get("/g/{token}/live", live.stream),
            web.get("/{kind:[pcs]}/{token}/g/" + GAME, site.game),
            web.get("/{kind:[pcs]}/{token}/g/" + GAME + "/board.png", site.board),
            web.get("/{kind:[pcs]}/{token}/g/" + GAME + "/export.json", site.export),
            web.get("/{kind:[pcs]}/{token}/g/" + GAME + "/live", live.stream),
            web.get("/{kind:[pcs]}/{token}", others.page),
            web.get("/{kind:[pcs]}/{token}/preview.png", others.preview),
            web.get("/{kind:[ps]}/{token}/chart.png", others.chart),
            web.get("/p/{token}/grid/{n:[0-9]{1,2}}.png", others.grid),
            web.get("/s/{token}/side", others.side),
        ]
    )
    return app
