"""The pages beside a game's: a player's (their /stats with its chart, streaks, recent plays
linked to their games, their personal challenges with their grids), a campaign's (its plays
and games) and a server challenge's (terms, standings with the chart; after the close, every
ranked attempt's game and their replays side by side, on the same seed).

Each page is built once per change of what it shows (its plays, its challenge's entries) and
language, with its pictures, by the page builders (bot/web/other_pages.py, in a worker
process) once this front has found its link; kept here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aiohttp import web

from bot.i18n import tr
from bot.table import contest_standings as contest
from bot.web.build import Ask, Column
from bot.web.other_pages import Bundle
from bot.web.site import language

if TYPE_CHECKING:
    from bot.table.pages import Link
    from bot.web.site import Site

SIDE = 4  # attempts side by side
KINDS = {"p": "player", "c": "campaign", "s": "challenge"}


class Others:
    def __init__(self, site: Site) -> None:
        self.site = site
        self.reads = site.reads
        self.bundles = site.pages

    async def bundle(self, request: web.Request) -> tuple[Link, Bundle]:
        kind = request.match_info.get("kind", request.path[1])
        link = await self.site.link(request, KINDS[kind])
        locale, chosen = language(request)
        if link.kind == "challenge":
            assert link.challenge_id is not None
            found = await self.reads.challenge(link.challenge_id)
            if found is None:
                raise web.HTTPNotFound
            version: Any = (found[0].status, tuple(found[1]))
        else:
            version = await self.reads.plays_version(link.user_id, link.guild_id, link.campaign)
        links = await self.reads.links_version(link.guild_id)  # which games it may link
        key = (link.kind, link.id, version, links, locale, chosen)
        bundle = self.bundles.get(key)
        if bundle is None:
            token = request.match_info["token"]
            base = f"/{kind}/{token}"
            og = f"{self.site.base_url()}{base}/preview.png"
            bundle = await self.site.builders.call("other", link, base, og, locale, chosen)
            if bundle is None:
                raise web.HTTPNotFound
            self.bundles.put(key, bundle)
        return link, bundle

    async def page(self, request: web.Request) -> web.Response:
        _, bundle = await self.bundle(request)
        return self.site.html(bundle.html)

    async def chart(self, request: web.Request) -> web.Response:
        _, bundle = await self.bundle(request)
        if bundle.chart is None:
            raise web.HTTPNotFound
        return self.site.png(bundle.chart)

    async def grid(self, request: web.Request) -> web.Response:
        _, bundle = await self.bundle(request)
        n = int(request.match_info["n"])
        if not 1 <= n <= len(bundle.grids):
            raise web.HTTPNotFound
        return self.site.png(bundle.grids[n - 1])

    async def preview(self, request: web.Request) -> web.Response:
        _, bundle = await self.bundle(request)
        if bundle.preview is None:  # drawn once per bundle kept, not per request
            bundle.preview = await self.site.builders.call(
                "preview_picture", bundle.title, bundle.lines[:4], bundle.chart
            )
        return self.site.png(bundle.preview)

    async def side(self, request: web.Request) -> web.Response:
        """After the close: the best attempts' replays side by side, step by step."""
        link = await self.site.link(request, "challenge")
        assert link.challenge_id is not None
        found = await self.reads.challenge(link.challenge_id)
        if found is None or found[0].status != "closed":
            raise web.HTTPNotFound
        ch, entries = found
        token = request.match_info["token"]
        ranked = list(enumerate(contest.standings(entries), start=1))
        hidden = await self.reads.revoked([e.game_id for _, e in ranked])
        columns = [
            Column(e.game_id, rank, e.user_id, e.margin, f"/s/{token}/g/{e.game_id}")
            for rank, e in ranked
            if e.game_id not in hidden
        ][:SIDE]
        if not columns:
            raise web.HTTPNotFound
        raw = request.query.get("step", "")
        if raw and not (raw.isascii() and raw.isdigit() and len(raw) <= 7):
            raise web.HTTPNotFound
        locale, chosen = language(request)
        ask = Ask(0, int(raw) if raw else None, locale, chosen, dict(link.names))
        title = tr(f"{contest.title(ch)} · side by side", locale)
        built = await self.site.builders.call("side", ask, columns, title, f"/s/{token}")
        if built is None:
            raise web.HTTPNotFound
        return self.site.html(built[1])
