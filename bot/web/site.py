"""The web front-end: aiohttp routes over the table's reads (bot/table/page_reads.py).

A page is found by its link's token; an unknown, malformed or revoked token, a server with
pages off, a game that is gone or abandoned: all answer the same 404. A server challenge's
attempt answers 404 too while its challenge is open, saying when it opens. A game's pages
are built by a worker process once this front has decided the request may see them
(bot/web/workers.py; the replay, the page model, the template, the pictures) and kept here
per (page, version, language, step), so the same page is built once per change of its game."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from aiohttp import web

from bot.i18n import ENGLISH, LOCALES, tr
from bot.store.database import Database
from bot.table.page_reads import PageReads
from bot.table.pages import Link
from bot.web.build import Ask, Cache, environment, render
from bot.web.limits import Budgets, SharedLimit
from bot.web.markup import Names, plain
from bot.web.workers import InProcesses, InThreads

HERE = Path(__file__).resolve().parent
PAGE_TYPE = "text/html"
KEEP = 256  # pages and pictures kept per process
SCALES = {"1": 1, "2": 2}  # a board's `?scale=`: its pixel ratio (bot.core.drawing.SCALES)
# RFC 9110 §12.5.4: a language range (`de`, `de-AT`, `*`) and its weight (`q=0` to `q=1`,
# three decimals at most; `q=0`: not this one)
RANGE = re.compile(r"(\*|[a-zA-Z]{1,8}(?:-[a-zA-Z0-9]{1,8})*)\s*(?:;\s*[qQ]\s*=\s*([0-9.]{1,5}))?")
WEIGHT = re.compile(r"0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?")


def accepted(header: str) -> str | None:
    """The language we speak that an Accept-Language header prefers (RFC 9110 §12.5.4):
    each of ours weighs what its own range says (`de`), else the heaviest of its regional
    ones (`de-AT`, `de-CH`: German too), else `*`'s; `q=0` means "not this". The heaviest
    above 0 wins, the first listed of equal weight; None when none of ours is accepted. A
    part that is not a range with a valid weight is left out."""
    ranges: list[tuple[str, bool, float]] = []  # (primary subtag, regional, weight)
    for part in header[:400].split(","):
        found = RANGE.fullmatch(part.strip())
        if found is None:
            continue
        q = found.group(2)
        if q is not None and not WEIGHT.fullmatch(q):
            continue
        tag = found.group(1).lower()
        ranges.append((tag.split("-")[0], "-" in tag, float(q or 1)))
    best, weight, order = None, 0.0, len(ranges)
    for code in LOCALES:
        own = [(i, q) for i, (primary, regional, q) in enumerate(ranges) if primary == code]
        exact = [(i, q) for i, q in own if not ranges[i][1]]
        anyone = [(i, q) for i, (primary, _, q) in enumerate(ranges) if primary == "*"]
        naming = exact[:1] or own or anyone[:1]
        if not naming:
            continue
        at, q = max(naming, key=lambda found: (found[1], -found[0]))
        if q > weight or (q == weight and q > 0 and at < order):
            best, weight, order = code, q, at
    return best


def language(request: web.Request) -> tuple[str, bool]:
    """The reader's language: `?lang=`, else the browser's Accept-Language (`accepted`),
    else English; and whether `?lang=` chose it (links keep it then)."""
    asked = request.query.get("lang", "").lower()
    if asked in LOCALES:
        return asked, True
    return accepted(request.headers.get("Accept-Language", "")) or ENGLISH, False


@dataclass(frozen=True)
class Target:
    """The game a request shows, and the path its page lives at."""

    link: Link
    game_id: int
    base: str


class Site:
    """The front: links, privacy, rate limits and the built pages kept; `builders` build
    game pages (bot/web/workers.py: worker processes, or threads of this one)."""

    def __init__(
        self,
        db: Database,
        base_url: Callable[[], str],
        builders: InThreads | InProcesses | None = None,
    ) -> None:
        self.db = db
        self.reads = PageReads(db)
        self.base_url = base_url
        self.builders = builders or InThreads(db)
        self.env = environment()
        self.pages = Cache(KEEP)
        self.pictures = Cache(KEEP)
        # kept in the database, one budget over every process (bot/web/limits.py): every
        # request, and apart from it every 404, which is what guessing tokens makes (over
        # its limit a miss answers 429; a link that opens still opens)
        self.budgets = Budgets(db)
        self.limits = SharedLimit(self.budgets, "pages", burst=120, per_second=4)
        self.misses = SharedLimit(self.budgets, "misses", burst=20, per_second=0.2)

    async def css(self, _request: web.Request) -> web.Response:
        return self.static("site.css", "text/css")

    async def script(self, _request: web.Request) -> web.Response:
        """The pages' one script (dates in the reader's time zone, a copy button)."""
        return self.static("time.js", "text/javascript")

    async def steps_script(self, _request: web.Request) -> web.Response:
        """The replays' script: the arrow keys follow the stepper's links."""
        return self.static("steps.js", "text/javascript")

    async def live_script(self, _request: web.Request) -> web.Response:
        """A running game's script: it follows the game's live stream (bot/web/live.py)."""
        return self.static("live.js", "text/javascript")

    @staticmethod
    def static(name: str, kind: str) -> web.Response:
        text = (HERE / "static" / name).read_text(encoding="utf-8")
        response = web.Response(text=text, content_type=kind)
        response.headers["Cache-Control"] = "public, max-age=3600"
        return response

    # ------------------------------------------------------------------ pages in general
    def render(self, template: str, request: web.Request, **context: Any) -> str:
        locale, chosen = language(request)
        raw = request.query.get("step", "")
        step = int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 7 else None
        return render(self.env, template, locale, chosen, step, **context)

    async def close(self) -> None:
        """Stop the page builders (their worker processes)."""
        await self.builders.close()

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
            raise NoStep(version)
        return int(raw)

    def no_step(self, request: web.Request, base: str, total: int) -> web.Response:
        """A step the game does not have: the 404, with links to its first and last step."""
        locale, chosen = language(request)
        keep = {"lang": locale} if chosen else {}
        links = [
            (f"{base}?{urlencode({'step': 1, **keep})}#step-1", tr("First step", locale)),
            (f"{base}?{urlencode({'step': total, **keep})}#step-{total}", tr("Last step", locale)),
        ]
        heading = tr("No page here", locale)
        body = self.render(
            "message.html",
            request,
            title=heading,
            heading=heading,
            description="",
            lines=[tr(f"This game has no such step: its steps go from 1 to {total}.", locale)],
            links=links,
            og_image=None,
        )
        return self.html(body, status=404)

    def ask(self, request: web.Request, target: Target, step: int | None, scale: int = 1) -> Ask:
        locale, chosen = language(request)
        return Ask(
            game_id=target.game_id,
            step=step,
            locale=locale,
            chosen=chosen,
            names=dict(target.link.names),
            base=target.base,
            og=f"{self.base_url()}{target.base}/preview.png",
            scale=scale,
        )

    async def game(self, request: web.Request) -> web.Response:
        target = await self.target(request)
        try:
            version = await self.checked(request, target)
        except Closed as closed:
            return self.closed(request, closed.stamp)
        try:
            step = self.step_of(request, version)
        except NoStep as missing:
            return self.no_step(request, target.base, missing.total)
        locale, chosen = language(request)
        key = ("game", target.base, version, locale, chosen, step)
        body = self.pages.get(key)
        if body is None:
            asked = step if request.query.get("step") else None
            built = await self.builders.call("page", self.ask(request, target, asked))
            if built is None:
                raise web.HTTPNotFound
            seen, body = built
            at = step if asked is not None else seen
            self.pages.put(("game", target.base, seen, locale, chosen, at), body)
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

    async def export(self, request: web.Request) -> web.Response:
        """The game's log as `/game import` reads it (the file `/game export` writes), to
        anyone the page opens for: the same link, revocation and challenge secret."""
        target = await self.target(request)
        try:
            await self.checked(request, target)
        except Closed:
            raise web.HTTPNotFound from None
        found = await self.builders.call("export", target.game_id)
        if found is None:
            raise web.HTTPNotFound
        name, data = found
        response = web.Response(body=data, content_type="application/json")
        response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
        response.headers["Cache-Control"] = "private, no-store"
        return response

    async def board(self, request: web.Request) -> web.Response:
        return await self.picture(request, "board")

    async def preview(self, request: web.Request) -> web.Response:
        """The game's link preview: its name, opponent, where it stands, the step and its
        board then."""
        return await self.picture(request, "preview")

    async def picture(self, request: web.Request, kind: str) -> web.Response:
        """A game's board or its link preview, at the step asked for (else its last) and
        in the reader's language (`?lang=`: a crawler sends no Accept-Language), a board at
        the pixel ratio asked for (`?scale=`: 1, the default, or 2; anything else is the
        same 404 as any bad link), kept per (picture, version, step, language, scale)."""
        target = await self.target(request)
        try:
            version = await self.checked(request, target)
        except Closed:
            raise web.HTTPNotFound from None
        step = self.step_of(request, version) if request.query.get("step") else None
        scale = 1
        if kind == "board" and "scale" in request.query:
            scale = SCALES.get(request.query["scale"], 0)
            if not scale:
                raise web.HTTPNotFound
        locale, _ = language(request)
        data = self.pictures.get((kind, target.game_id, version, step, locale, scale))
        if data is None:
            built = await self.builders.call(kind, self.ask(request, target, step, scale))
            if built is None:
                raise web.HTTPNotFound
            seen, data = built
            self.pictures.put((kind, target.game_id, seen, step, locale, scale), data)
        return self.png(data)


class NoStep(web.HTTPNotFound):
    """A `?step=` the game does not have (past its end, or not a number)."""

    def __init__(self, total: int) -> None:
        super().__init__()
        self.total = total


class Closed(Exception):
    """A server challenge's attempt, asked for before its challenge closes."""

    def __init__(self, stamp: int | None) -> None:
        super().__init__(stamp)
        self.stamp = stamp  # when it opens; None: never (a cancelled challenge)


__all__ = ["Site", "language"]
