"""The pages beside a game's: a player's (their /stats with its chart, streaks, recent plays
linked to their games, their personal challenges with their grids), a campaign's (its plays
and games) and a server challenge's (terms, standings with the chart; after the close, every
ranked attempt's game and their replays side by side, on the same seed).

Each page is built once per change of what it shows (its plays, its challenge's entries) and
language, with its pictures, off the event loop where it is heavy."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import web

from bot.challenges.service import ChallengeService
from bot.i18n import tr
from bot.i18n.plural import count
from bot.logbook.base import play_line
from bot.logbook.service import LogbookService
from bot.table import contest_standings as contest
from bot.table.reply import Ctx, Reply
from bot.web.build import Ask, Column
from bot.web.markup import Names, inline, markup, plain
from bot.web.preview import preview_png
from bot.web.site import language

if TYPE_CHECKING:
    from bot.table.pages import Link
    from bot.web.site import Site

RECENT = 20  # a player's plays listed
SIDE = 4  # attempts side by side
KINDS = {"p": "player", "c": "campaign", "s": "challenge"}


@dataclass
class Bundle:
    """A page and its pictures, built together."""

    html: str
    title: str
    lines: list[str]
    chart: bytes | None = None
    grids: list[bytes] = field(default_factory=list)


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
        key = (link.kind, link.id, version, locale, chosen)
        bundle = self.bundles.get(key)
        if bundle is None:
            token = request.match_info["token"]
            base = f"/{kind}/{token}"
            og = f"{self.site.base_url()}{base}/preview.png"
            names = Names(link.names, locale)
            if link.kind == "player":
                bundle = await self.player(request, link, base, og, names)
            elif link.kind == "campaign":
                bundle = await self.campaign(request, link, base, og, names)
            else:
                bundle = await self.challenge(request, link, base, og, names, found)
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
        data = await asyncio.to_thread(preview_png, bundle.title, bundle.lines[:4], bundle.chart)
        return self.site.png(data)

    def _render(self, request: web.Request, template: str, **context: Any) -> str:
        return self.site.render(template, request, **context)

    # ------------------------------------------------------------------ a player
    async def player(
        self, request: web.Request, link: Link, base: str, og: str, names: Names
    ) -> Bundle:
        locale = names.locale
        user = link.user_id
        assert user is not None
        ctx = Ctx(link.guild_id, 0, user)
        logbook = LogbookService(self.site.db)
        stats = await logbook.stats(ctx, user, locale=locale)
        plays = await self.reads.recent_plays(user, RECENT)
        challenges = ChallengeService(self.site.db)
        grids: list[tuple[Reply, bytes]] = []
        for name in await challenges.names(user):
            shown = await challenges.show(ctx, name, locale=locale)
            grids.append((shown, shown.files[0][1] if shown.files else b""))
        chart = stats.files[0][1] if stats.files else None

        def build() -> Bundle:
            who = names(user)
            title = tr(f"{who} · plays and stats", locale)
            facts = [markup(tr(f, locale), names) for f in stats.facts[1:]]
            recent = [
                {
                    "line": inline(tr(play_line(p), locale), names),
                    "href": f"{base}/g/{p.game_id}"
                    if p.game_id is not None and p.guild_id == link.guild_id
                    else None,
                }
                for p in plays
            ]
            grid_views = [
                {
                    "title": tr(reply.title, locale),
                    "lines": [markup(tr(f, locale), names) for f in reply.facts],
                    "n": n,
                    "picture": bool(png),
                }
                for n, (reply, png) in enumerate(grids, start=1)
            ]
            lines = [plain(tr(f, locale), names) for f in stats.facts[1:3]]
            html = self._render(
                request,
                "player.html",
                title=title,
                description=" · ".join(lines)[:200],
                og_image=og,
                facts=facts,
                chart=chart is not None,
                recent=recent,
                grids=grid_views,
                base=base,
            )
            return Bundle(html, title, lines, chart, [png for _, png in grids])

        return await asyncio.to_thread(build)

    # ------------------------------------------------------------------ a campaign
    async def campaign(
        self, request: web.Request, link: Link, base: str, og: str, names: Names
    ) -> Bundle:
        locale = names.locale
        name = link.campaign or ""
        plays = await self.reads.campaign_plays(link.guild_id, name)

        def build() -> Bundle:
            title = tr(f'Campaign "{name}"', locale)
            players: dict[int, list[int]] = {}
            for p in plays:
                tally = players.setdefault(p.user_id, [0, 0])
                tally[0] += 1
                tally[1] += p.outcome == "win"
            totals = [
                tr(f"<@{user}> played {count(plays, 'play')}, with {count(wins, 'win')}", locale)
                for user, (plays, wins) in players.items()
            ]
            games = list(dict.fromkeys(p.game_id for p in plays if p.game_id is not None))
            lines = [plain(t, names) for t in totals]
            html = self._render(
                request,
                "campaign.html",
                title=title,
                description=" · ".join(lines)[:200],
                og_image=og,
                totals=[inline(t, names) for t in totals],
                plays=[
                    {
                        "line": inline(tr(play_line(p), locale), names),
                        "href": f"{base}/g/{p.game_id}" if p.game_id is not None else None,
                    }
                    for p in plays
                ],
                games=len(games),
            )
            return Bundle(html, title, lines)

        return await asyncio.to_thread(build)

    # ------------------------------------------------------------------ a server challenge
    async def challenge(
        self,
        request: web.Request,
        link: Link,
        base: str,
        og: str,
        names: Names,
        found: Any,
    ) -> Bundle:
        ch, entries = found
        locale = names.locale
        over = ch.status == "closed"  # a cancelled challenge keeps its secret for good

        def build() -> Bundle:
            from bot.contest_chart import standings_png

            announced = contest.announcement(ch)
            board = contest.board(ch, entries, None, final=ch.status == "closed")
            chart = None
            if board.picture is not None:
                data = dict(board.picture.data) | {"names": link.names, "locale": locale}
                chart = standings_png(data)
            ranked = contest.standings(entries) if over else []
            attempts = [
                {
                    "line": inline(tr(contest.result_line(rank, e), locale), names),
                    "href": f"{base}/g/{e.game_id}",
                }
                for rank, e in enumerate(ranked, start=1)
            ]
            reveal = contest.reveal(ch).facts if ch.status == "closed" else []
            title = tr(announced.title, locale)
            lines = [plain(tr(f, locale), names) for f in board.facts[:3]]
            html = self._render(
                request,
                "challenge.html",
                title=title,
                description=" · ".join(lines)[:200],
                og_image=og,
                terms=[markup(tr(f, locale), names) for f in announced.facts],
                standings=[markup(tr(f, locale), names) for f in board.facts],
                chart=chart is not None,
                attempts=attempts,
                side=f"{base}/side" if len(ranked) > 1 else None,
                reveal=[markup(tr(f, locale), names) for f in reveal],
                over=over,
                base=base,
            )
            return Bundle(html, title, lines, chart)

        return await asyncio.to_thread(build)

    async def side(self, request: web.Request) -> web.Response:
        """After the close: the best attempts' replays side by side, step by step."""
        link, _ = await self.bundle(request)
        assert link.challenge_id is not None
        found = await self.reads.challenge(link.challenge_id)
        if found is None or found[0].status != "closed":
            raise web.HTTPNotFound
        ch, entries = found
        token = request.match_info["token"]
        columns = [
            Column(e.game_id, rank, e.user_id, e.margin, f"/s/{token}/g/{e.game_id}")
            for rank, e in enumerate(contest.standings(entries)[:SIDE], start=1)
        ]
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
