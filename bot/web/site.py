"""The web front-end: aiohttp routes over the table's reads (bot/table/page_reads.py).

A page is found by its link's token; an unknown, malformed or revoked token, a server with
pages off, a game that is gone or abandoned: all answer the same 404. A server challenge's
attempt answers 404 too while its challenge is open, saying when it opens. Pages are built
off the event loop (the replay, the pictures, the template) and kept per (page, version,
language, step), so the same page is built once per change of its game."""

from __future__ import annotations

import asyncio
import re
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from aiohttp import web
from jinja2 import Environment, FileSystemLoader
from pydantic import BaseModel

from bot.games.registry import spec_for
from bot.i18n import ENGLISH, LOCALE_NAMES, LOCALES, tr
from bot.pictures import drawer_for
from bot.store.database import Database
from bot.table.page_reads import GameLog, PageReads, in_force, state_at
from bot.table.pages import Link
from bot.web import game_page
from bot.web.guard import Misses, RateLimit
from bot.web.markup import Names, plain, when
from bot.web.preview import preview_png

HERE = Path(__file__).resolve().parent
PAGE_TYPE = "text/html"
KEEP = 256  # pages and pictures kept per process
LANGUAGE = re.compile(r"([a-zA-Z]{2})(?:-[a-zA-Z0-9]+)?\s*(?:;\s*q=([0-9.]+))?")


class Cache:
    """The newest `size` entries, least recently used out first."""

    def __init__(self, size: int = KEEP) -> None:
        self.size = size
        self.entries: OrderedDict[Any, Any] = OrderedDict()

    def get(self, key: Any) -> Any:
        value = self.entries.get(key)
        if value is not None:
            self.entries.move_to_end(key)
        return value

    def put(self, key: Any, value: Any) -> Any:
        self.entries[key] = value
        self.entries.move_to_end(key)
        while len(self.entries) > self.size:
            self.entries.popitem(last=False)
        return value


def language(request: web.Request) -> tuple[str, bool]:
    """The reader's language: `?lang=`, else the browser's Accept-Language (the first we
    speak, by weight), else English; and whether `?lang=` chose it (links keep it then)."""
    asked = request.query.get("lang", "").lower()
    if asked in LOCALES:
        return asked, True
    best, weight = ENGLISH, -1.0
    for part in request.headers.get("Accept-Language", "")[:200].split(","):
        found = LANGUAGE.fullmatch(part.strip())
        if found is None or found.group(1).lower() not in LOCALES:
            continue
        try:
            q = float(found.group(2)) if found.group(2) else 1.0
        except ValueError:
            continue
        if q > weight:
            best, weight = found.group(1).lower(), q
    return best, False


@dataclass(frozen=True)
class Target:
    """The game a request shows, and the path its page lives at."""

    link: Link
    game_id: int
    base: str


class Site:
    def __init__(self, db: Database, base_url: Callable[[], str]) -> None:
        self.db = db
        self.reads = PageReads(db)
        self.base_url = base_url
        self.env = Environment(
            loader=FileSystemLoader(HERE / "templates"), autoescape=True, auto_reload=False
        )
        self.pages = Cache()
        self.pictures = Cache()
        self.logs = Cache(16)
        self.states = Cache(64)
        self.limits = RateLimit(burst=120, per_second=4)
        self.misses = Misses(burst=20, per_second=0.2)

    async def health(self, _request: web.Request) -> web.Response:
        return web.Response(text="ok\n")

    async def css(self, _request: web.Request) -> web.Response:
        text = (HERE / "static" / "site.css").read_text(encoding="utf-8")
        response = web.Response(text=text, content_type="text/css")
        response.headers["Cache-Control"] = "public, max-age=3600"
        return response

    # ------------------------------------------------------------------ pages in general
    def render(self, template: str, request: web.Request, **context: Any) -> str:
        locale, chosen = language(request)
        base_query = {k: v for k, v in request.query.items() if k in ("step",)}

        def lang_query(code: str) -> str:
            return urlencode({**base_query, "lang": code})

        def step_query(step: int) -> str:
            return urlencode({"step": step, **({"lang": locale} if chosen else {})})

        return self.env.get_template(template).render(
            t=lambda text: tr(text, locale),
            lang=locale,
            languages=[(code, LOCALE_NAMES[code]) for code in LOCALES],
            lang_query=lang_query,
            step_query=step_query,
            **context,
        )

    @staticmethod
    def html(body: str, status: int = 200) -> web.Response:
        response = web.Response(text=body, content_type=PAGE_TYPE, status=status)
        response.headers["Cache-Control"] = "private, no-store"
        return response

    @staticmethod
    def png(data: bytes) -> web.Response:
        response = web.Response(body=data, content_type="image/png")
        response.headers["Cache-Control"] = "private, max-age=300"
        return response

    def not_found(self, request: web.Request, lines: list[str] | None = None) -> web.Response:
        """The one answer to a page that does not exist or is not to be seen."""
        locale, _ = language(request)
        heading = tr("No page here", locale)
        said = lines or [
            "This link opens nothing: it may be mistyped, revoked, or its server "
            "may have turned web pages off."
        ]
        body = self.render(
            "message.html",
            request,
            title=heading,
            heading=heading,
            description="",
            lines=[tr(line, locale) for line in said],
            og_image=None,
        )
        return self.html(body, status=404)

    async def link(self, request: web.Request, kind: str) -> Link:
        link = await self.reads.link(request.match_info["token"])
        if link is None or not link.on or link.kind != kind:
            raise web.HTTPNotFound
        return link

    # ------------------------------------------------------------------ a game
    async def target(self, request: web.Request) -> Target:
        """The game a request shows: the game link's own, or one that the player's, the
        campaign's or the server challenge's link opens."""
        kind = request.match_info.get("kind", "g")
        token = request.match_info["token"]
        names = {"g": "game", "p": "player", "c": "campaign", "s": "challenge"}
        link = await self.link(request, names[kind])
        if kind == "g":
            assert link.game_id is not None
            return Target(link, link.game_id, f"/g/{token}")
        game_id = int(request.match_info["game"])
        row = await self.reads.game_in_guild(game_id, link.guild_id)
        opens = row is not None and (
            (kind == "c" and row.campaign == link.campaign)
            or (kind == "s" and row.challenge_id == link.challenge_id)
            or (
                kind == "p"
                and link.user_id is not None
                and await self.reads.player_game(game_id, link.user_id, link.guild_id)
            )
        )
        if not opens:
            raise web.HTTPNotFound
        return Target(link, game_id, f"/{kind}/{token}/g/{game_id}")

    async def checked(self, request: web.Request, target: Target) -> int:
        """The game's version, once it is seen to be one a page may show."""
        found = await self.reads.game_version(target.game_id)
        if found is None or found[1] not in ("active", "finished"):
            raise web.HTTPNotFound
        version, _, secret = found
        if secret is not None:  # a challenge's attempt: closed while its secret is kept
            stamp = None if secret.cancelled else int(secret.closes_at.timestamp())
            raise web.HTTPNotFound if request.path.endswith(".png") else Closed(stamp)
        return version

    @staticmethod
    def step_of(request: web.Request, version: int) -> int:
        raw = request.query.get("step", "")
        if not raw:
            return version
        if not raw.isascii() or not raw.isdigit() or len(raw) > 7 or not 1 <= int(raw) <= version:
            raise web.HTTPNotFound
        return int(raw)

    async def game_log(self, game_id: int, version: int) -> GameLog:
        log = self.logs.get((game_id, version))
        if log is None:
            log = await self.reads.game_log(game_id)
            if log is None:
                raise web.HTTPNotFound
            self.logs.put((game_id, log.row.version), log)
        return log  # type: ignore[no-any-return]

    async def state(self, log: GameLog, step: int) -> BaseModel:
        rules = spec_for(log.row.game_key).rules
        key = (log.row.id, log.row.version, step)
        found = self.states.get(key)
        if found is not None:
            return found  # type: ignore[no-any-return]
        if step >= log.row.version:
            state = rules.load(log.row.state)
        else:
            actions = in_force(log.steps, rules, step)
            snapshots = await self.reads.snapshots(log.row.id, len(actions))
            state = await asyncio.to_thread(state_at, rules, log.row, actions, snapshots)
        return self.states.put(key, state)  # type: ignore[no-any-return]

    async def game(self, request: web.Request) -> web.Response:
        target = await self.target(request)
        try:
            version = await self.checked(request, target)
        except Closed as closed:
            return self.closed(request, closed.stamp)
        step = self.step_of(request, version)
        locale, chosen = language(request)
        key = ("game", target.base, version, locale, chosen, step)
        body = self.pages.get(key)
        if body is None:
            log = await self.game_log(target.game_id, version)
            state = await self.state(log, step)
            final = await self.state(log, log.row.version)
            og = f"{self.base_url()}{target.base}/preview.png?v={log.row.version}"

            def build() -> str:
                names = Names(target.link.names, locale)
                context = game_page.build(log, step, state, final, locale, names, target.base, "")
                return self.render("game.html", request, og_image=og, **context)

            body = self.pages.put(key, await asyncio.to_thread(build))
        return self.html(body)

    def closed(self, request: web.Request, stamp: int | None) -> web.Response:
        line = (
            "This game is an attempt in a server challenge: its page opens after the "
            f"challenge closes, <t:{stamp}:f>."
            if stamp is not None
            else "This game was an attempt in a cancelled server challenge: its page stays closed."
        )
        locale, _ = language(request)
        return self.not_found(request, [plain(tr(line, locale), Names({}, locale))])

    async def board(self, request: web.Request) -> web.Response:
        target = await self.target(request)
        try:
            version = await self.checked(request, target)
        except Closed:
            raise web.HTTPNotFound from None
        step = self.step_of(request, version)
        locale, _ = language(request)
        key = ("board", target.game_id, version, step, locale)
        data = self.pictures.get(key)
        if data is None:
            log = await self.game_log(target.game_id, version)
            state = await self.state(log, step)

            def draw() -> bytes | None:
                picture = game_page.board_picture(log.row.game_key, state)
                drawer = drawer_for(picture.kind) if picture is not None else None
                if picture is None or drawer is None:
                    return None
                return drawer({**picture.data, "locale": locale})

            data = await asyncio.to_thread(draw)
            if data is None:
                raise web.HTTPNotFound
            self.pictures.put(key, data)
        return self.png(data)

    async def preview(self, request: web.Request) -> web.Response:
        """The game's link preview: its name, opponent, where it stands, and its board."""
        target = await self.target(request)
        try:
            version = await self.checked(request, target)
        except Closed:
            raise web.HTTPNotFound from None
        locale, _ = language(request)
        key = ("preview", target.game_id, version, locale)
        data = self.pictures.get(key)
        if data is None:
            log = await self.game_log(target.game_id, version)
            final = await self.state(log, log.row.version)

            def draw() -> bytes:
                names = Names(target.link.names, locale)
                context = game_page.build(
                    log, log.row.version, final, final, locale, names, target.base, ""
                )
                picture = game_page.board_picture(log.row.game_key, final)
                drawer = drawer_for(picture.kind) if picture is not None else None
                board = drawer({**picture.data, "locale": locale}) if drawer and picture else None
                lines = [
                    f"{context['opponent']}"
                    + (f" · {context['level']}" if context["level"] else ""),
                    *(plain(str(line), names) for line in context["status"]),
                    tr(f"Step {context['total']} · started {when(log.row.created_at)}", locale),
                ]
                return preview_png(context["title"], lines, board)

            data = self.pictures.put(key, await asyncio.to_thread(draw))
        return self.png(data)


class Closed(Exception):
    """A server challenge's attempt, asked for before its challenge closes."""

    def __init__(self, stamp: int | None) -> None:
        super().__init__(stamp)
        self.stamp = stamp  # when it opens; None: never (a cancelled challenge)


__all__ = ["Site", "language"]
