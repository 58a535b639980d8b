"""The pages' routes: one application over a `Site` (a game's pages) and `Others` (a
player's, a campaign's, a server challenge's), behind the guard (bot/web/guard.py)."""

from __future__ import annotations

from aiohttp import web

from bot.web.guard import guard
from bot.web.more import Others
from bot.web.site import Site

GAME = "{game:[0-9]{1,10}}"


def make_app(site: Site) -> web.Application:
    app = web.Application(middlewares=[guard(site.limits, site.misses, site.not_found)])
    others = Others(site)
    app.add_routes(
        [
            web.get("/healthz", site.health),
            web.get("/static/site.css", site.css),
            web.get("/g/{token}", site.game),
            web.get("/g/{token}/board.png", site.board),
            web.get("/g/{token}/preview.png", site.preview),
            web.get("/{kind:[pcs]}/{token}/g/" + GAME, site.game),
            web.get("/{kind:[pcs]}/{token}/g/" + GAME + "/board.png", site.board),
            web.get("/{kind:[pcs]}/{token}", others.page),
            web.get("/{kind:[pcs]}/{token}/preview.png", others.preview),
            web.get("/{kind:[ps]}/{token}/chart.png", others.chart),
            web.get("/p/{token}/grid/{n:[0-9]{1,2}}.png", others.grid),
            web.get("/s/{token}/side", others.side),
        ]
    )
    return app
