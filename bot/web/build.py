"""Building a game's pages from the database: its log, the state at a step, the page's HTML,
its board picture, its link preview, and a closed challenge's attempts side by side.

A `Builder` decides nothing about access: the front (bot/web/site.py) has checked the link,
the server's pages, privacy and a challenge's close before it asks for a page, and passes
only the game's number and how to show it. A builder runs in a worker process
(bot/web/workers.py), which reads the database itself, so the replay, the page model, the
template and the pictures hold the bot's interpreter lock for none of their time; or in
threads of the serving process (`WEB_WORKERS=0`, a database only this process can open).

States are kept per game and step, and the next step is built from the step before it by
one action (the keyboard's "next step"), not by a replay from the nearest snapshot."""

from __future__ import annotations

import asyncio
import io
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlencode

from jinja2 import Environment, FileSystemLoader
from markupsafe import Markup
from pydantic import BaseModel

from bot.core.game import Outcome
from bot.games.registry import spec_for
from bot.i18n import LOCALE_NAMES, LOCALES, tr
from bot.store.database import Database
from bot.table.page_reads import GameLog, PageReads, in_force, state_at
from bot.table.pages import Link
from bot.table.pictures import drawer_for
from bot.table.replay import replay_from
from bot.web import game_page
from bot.web.markup import Names, who
from bot.web.other_pages import Bundle, OtherPages
from bot.web.preview import preview_png

HERE = Path(__file__).resolve().parent
FORWARD = 24  # a step is built from a kept earlier step when at most this many actions follow
T = TypeVar("T")


class Cache:
    """The newest `size` entries, least recently used out first."""

    def __init__(self, size: int) -> None:
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


def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(HERE / "templates"), autoescape=True, auto_reload=False
    )
    env.filters["who"] = who  # a display name: escaped, isolated (<bdi>)
    return env


def render(
    env: Environment,
    template: str,
    locale: str,
    chosen: bool,
    asked: int | None,
    /,
    **context: Any,
) -> str:
    """A page in `locale`; `chosen`: `?lang=` chose it (links keep it then); `asked`: the
    step the request asked for (the language links keep it)."""
    base_query = {"step": asked} if asked is not None else {}

    def lang_query(code: str) -> str:
        return urlencode({**base_query, "lang": code})

    def step_query(at: int) -> str:
        return urlencode({"step": at, **({"lang": locale} if chosen else {})})

    return env.get_template(template).render(
        t=lambda text: tr(text, locale),
        lang=locale,
        languages=[(code, LOCALE_NAMES[code]) for code in LOCALES],
        lang_query=lang_query,
        step_query=step_query,
        **context,
    )


def board_png(game_key: str, state: BaseModel, locale: str, scale: int = 1) -> bytes | None:
    """The board picture of a game's state in `locale`, drawn at `scale` (1×, or 2× for a
    high-DPI screen: the same layout, twice the pixels each way); None if its game draws
    none."""
    picture = game_page.board_picture(game_key, state)
    drawer = drawer_for(picture.kind) if picture is not None else None
    if picture is None or drawer is None:
        return None
    return drawer({**picture.data, "locale": locale, "scale": scale})


def shown_size(data: bytes) -> dict[str, int | None]:
    """What a page's `<img>` needs of a 1× board: its size, which is its size in CSS px
    (`width`, `height`: the browser never upscales it), and the smallest font drawn on it."""
    from PIL import Image

    from bot.core.drawing import smallest_font

    with Image.open(io.BytesIO(data)) as image:
        width, height = image.size
    return {"width": width, "height": height, "smallest": smallest_font(data)}


@dataclass(frozen=True)
class Ask:
    """How to show a game: what the front passes to a builder (picklable)."""

    game_id: int
    step: int | None  # None: the step the game is at
    locale: str
    chosen: bool = False  # `?lang=` chose the language
    names: dict[str, str] = field(default_factory=dict)  # the link's known names
    base: str = ""  # the page's path, e.g. /g/<token>
    og: str = ""  # the preview picture's address, without its `?v=`
    scale: int = 1  # a board picture's pixel ratio (bot.core.drawing.SCALES)


@dataclass(frozen=True)
class Column:
    """One ranked attempt on a closed challenge's side-by-side page."""

    game_id: int
    rank: int
    user_id: int
    margin: int
    base: str


@dataclass
class Kept:
    """A state at a step, with the actions in force then (what the next step builds on)."""

    actions: list[tuple[int, dict[str, Any]]]
    state: BaseModel


class Builder:
    """A game's pages from one database. `inline`: run the work here (a worker process);
    else in a thread, off the serving event loop."""

    def __init__(self, db: Database, *, inline: bool) -> None:
        self.db = db
        self.reads = PageReads(db)
        self.inline = inline
        self.env = environment()
        self.logs = Cache(16)
        self.states = Cache(64)
        self.boards = Cache(32)  # drawn boards: a page draws its 1× board for its size
        self.forward = 0  # steps built from the step before (tests and the bench read it)
        self.warmed = False  # `warm` ran (tests read it)
        self.others = OtherPages(db, self.env, self.run, render)

    async def run(self, job: Callable[..., T], *args: Any) -> T:
        if self.inline:
            return job(*args)
        return await asyncio.to_thread(job, *args)

    # ------------------------------------------------------------------ reads
    async def game_log(self, game_id: int) -> GameLog | None:
        """The game's log, read again only when the game has moved (or is another game of
        the same number: a test's database emptied and filled again)."""
        row = await self.reads.game_row(game_id)
        if row is None:
            return None
        key = (game_id, row.version, row.created_at, row.seed)
        log = self.logs.get(key)
        if log is None:
            log = await self.reads.game_log(game_id)
            if log is None:
                return None
            self.logs.put((game_id, log.row.version, log.row.created_at, log.row.seed), log)
        if log.secret is not None:  # the front never asks for one; a page shows none
            return None
        return log  # type: ignore[no-any-return]

    async def log_at(self, ask: Ask) -> tuple[GameLog, int] | None:
        """The game's log and the step asked for (its last when none was), None if the game
        is not there or the step is past its end."""
        log = await self.game_log(ask.game_id)
        if log is None:
            return None
        step = log.row.version if ask.step is None else ask.step
        if not 1 <= step <= log.row.version:
            return None
        return log, step

    async def state(self, log: GameLog, step: int) -> BaseModel:
        """The state after `step`: the game's own at its last step; else built from a kept
        state of an earlier step whose actions are the first ones in force now (one action
        on for the keyboard's next step, none after an undo back to a kept step); else
        replayed from the nearest snapshot."""
        rules = spec_for(log.row.game_key).rules
        game = (log.row.id, log.row.created_at, log.row.seed)
        found: Kept | None = self.states.get((game, step))
        if found is not None:
            return found.state
        actions = in_force(log.steps, rules, step)
        if step >= log.row.version:
            return self.keep(game, step, actions, rules.load(log.row.state)).state
        for earlier in range(step - 1, max(0, step - FORWARD) - 1, -1):
            kept: Kept | None = self.states.get((game, earlier))
            if kept is None:
                continue
            if self.builds_on(kept.actions, actions):
                rest = [action for _, action in actions[len(kept.actions) :]]
                state = (await self.run(replay_from, rules, kept.state, Outcome(), rest))[0]
                self.forward += 1
                return self.keep(game, step, actions, state).state
        snapshots = await self.reads.snapshots(log.row.id, len(actions))
        state = await self.run(state_at, rules, log.row, actions, snapshots)
        return self.keep(game, step, actions, state).state

    @staticmethod
    def builds_on(
        earlier: list[tuple[int, dict[str, Any]]], now: list[tuple[int, dict[str, Any]]]
    ) -> bool:
        """Whether the actions in force at an earlier step are the first ones now, with at
        most FORWARD after them. An undo takes back the latest actions, so an action in
        force at the same place in both has the same ones below it: comparing the last
        one's log entry is enough."""
        n = len(earlier)
        if not n <= len(now) <= n + FORWARD:
            return False
        return n == 0 or now[n - 1][0] == earlier[-1][0]

    def keep(
        self, game: Any, step: int, actions: list[tuple[int, dict[str, Any]]], state: BaseModel
    ) -> Kept:
        return self.states.put((game, step), Kept(actions, state))  # type: ignore[no-any-return]

    async def warm(self) -> None:
        """What a first page would do once, done before it comes: the database opened, every
        game's rules and the catalogs loaded, the templates compiled (a worker process runs
        this as it starts, with the pages: bot/web/workers.py)."""
        await self.reads.game_row(0)

        def load() -> None:
            from bot.games.registry import SPECS
            from bot.i18n import catalog

            for spec in SPECS.values():
                spec.rules  # noqa: B018  (loaded: its data read and checked)
            for locale in LOCALES:
                catalog(locale)
            for name in self.env.list_templates():
                self.env.get_template(name)
            preview_png("", [])

        await self.run(load)
        self.warmed = True

    async def forget(self) -> None:
        """Drop the kept logs and states (the bench measures cold pages)."""
        self.logs.entries.clear()
        self.states.entries.clear()
        self.boards.entries.clear()

    async def counts(self) -> dict[str, int]:
        """What this builder keeps, how often it stepped forward, whether it warmed up
        (tests, the bench)."""
        return {
            "logs": len(self.logs.entries),
            "states": len(self.states.entries),
            "forward": self.forward,
            "warmed": int(self.warmed),
        }

    # ------------------------------------------------------------------ pages
    async def other(
        self, link: Link, base: str, og: str, locale: str, chosen: bool
    ) -> Bundle | None:
        """A player's, a campaign's or a server challenge's page, with its pictures."""
        return await self.others.build(link, base, og, locale, chosen)  # type: ignore[no-any-return]

    async def preview_picture(self, title: str, lines: list[str], chart: bytes | None) -> bytes:
        return await self.run(preview_png, title, lines, chart)

    async def page(self, ask: Ask) -> tuple[int, str] | None:
        """(the game's version, the page's HTML), None if it is not there (or the step
        is past its end)."""
        found = await self.log_at(ask)
        if found is None:
            return None
        log, step = found
        state = await self.state(log, step)
        final = await self.state(log, log.row.version)
        # the preview of this step in this language, a new address when the game moves
        og = f"{ask.og}?{urlencode({'step': step, 'lang': ask.locale, 'v': log.row.version})}"

        def build() -> str:
            names = Names(ask.names, ask.locale)
            context = game_page.build(log, step, state, final, ask.locale, names, ask.base, "")
            if context["picture"]:
                drawn = self.drawn(log, step, state, ask.locale, 1)
                context["picture"] = shown_size(drawn) if drawn is not None else None
            return render(
                self.env, "game.html", ask.locale, ask.chosen, ask.step, og_image=og, **context
            )

        return log.row.version, await self.run(build)

    async def export(self, game_id: int) -> tuple[str, bytes] | None:
        """The game's file for `/game import` (the table's export), read here, off the
        serving process."""
        return await self.reads.export(game_id)

    async def board(self, ask: Ask) -> tuple[int, bytes] | None:
        found = await self.log_at(ask)
        if found is None:
            return None
        log, step = found
        state = await self.state(log, step)
        data = await self.run(self.drawn, log, step, state, ask.locale, ask.scale)
        return (log.row.version, data) if data is not None else None

    def drawn(
        self, log: GameLog, step: int, state: BaseModel, locale: str, scale: int
    ) -> bytes | None:
        """The board at a step, drawn once for its page (its size) and its picture."""
        key = (log.row.id, log.row.created_at, log.row.seed, step, locale, scale)
        data = self.boards.get(key)
        if data is None:
            data = board_png(log.row.game_key, state, locale, scale)
            if data is not None:
                self.boards.put(key, data)
        return data

    async def preview(self, ask: Ask) -> tuple[int, bytes] | None:
        """The link preview of the game at a step (its last when none is asked), in the
        asker's language: the game and its opponent, who won and the score (or that it
        runs), the step and what it did, and the board then. Plain text only."""
        found = await self.log_at(ask)
        if found is None:
            return None
        log, step = found
        state = await self.state(log, step)
        final = await self.state(log, log.row.version)

        def draw() -> bytes:
            locale = ask.locale
            names = Names(ask.names, locale)
            context = game_page.build(log, step, state, final, locale, names, ask.base, "")
            board = board_png(log.row.game_key, state, locale)
            lines = [
                f"{context['opponent']}" + (f" · {context['level']}" if context["level"] else ""),
                *context["status_text"],
                tr(f"Step {step} of {context['total']}", locale),
                *context["step_text"][:1],
            ]
            return preview_png(context["title"], [line for line in lines if line], board)

        return log.row.version, await self.run(draw)

    async def side(
        self, ask: Ask, columns: list[Column], title: str, back: str
    ) -> tuple[int, str] | None:
        """A closed challenge's best attempts, side by side at one step (`ask.step`)."""
        logs = []
        for column in columns:
            log = await self.game_log(column.game_id)
            if log is None:
                return None
            logs.append(log)
        longest = max((log.row.version for log in logs), default=1)
        step = longest if ask.step is None else ask.step
        if not 1 <= step <= longest:
            return None
        names = Names(ask.names, ask.locale)
        shown = []
        for column, log in zip(columns, logs, strict=True):
            at = min(step, log.row.version)
            state = await self.state(log, at)
            final = await self.state(log, log.row.version)
            context = await self.run(
                game_page.build, log, at, state, final, ask.locale, names, column.base, ""
            )
            context["rank"] = column.rank
            context["who"] = names(column.user_id)
            context["margin"] = f"{column.margin:+d}"
            shown.append(context)

        def build() -> str:
            return render(
                self.env,
                "side.html",
                ask.locale,
                ask.chosen,
                ask.step,
                title=title,
                description="",
                og_image=None,
                columns=shown,
                step=step,
                total=longest,
                prev=step - 1 if step > 1 else None,
                next=step + 1 if step < longest else None,
                back=back,
                plain=Markup,
            )

        return longest, await self.run(build)
