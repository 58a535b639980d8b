"""Following a running game live: a game's page opens a stream of Server-Sent Events
(`<page>/live`) from the pages' own server, which says when the game moves; the page's
script (static/live.js) then fetches the newest step's page and swaps its parts in place.

The stream is served from the database, not from this process's memory: a game's row
version is what moves, so every `python -m bot web` process behind a proxy follows a game
that another process (the bot) changed. What it costs grows with neither the streams nor the
games: each process reads the versions of every game it follows in one read of the database
once per `poll` seconds (`Live.poll_all`; a `Watch` per game, shared by every stream of that
game, let go after its last stream). A game revoked (or abandoned) is seen by that read, and
its streams close at once; a link's own access (the link turned off, a
server's pages turned off, a player no longer in the game) is checked again once per
`recheck` seconds, shared by the streams that came through that link (meanwhile an event
says only that a step was played: the page it points to is checked as any page is). A
stream answers a comment every `beat` seconds when nothing else was sent, so proxies keep it
open and a reader gone is noticed.

A stream is refused as its page is: the same link, revocation, privacy and challenge secret
(404), behind the same guard (bot/web/guard.py: its rate limits and headers); and past
`per_client` open streams from one client (429) or `most` in this process (503)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import Counter
from collections.abc import Callable, Coroutine
from typing import Any
from urllib.parse import urlencode

from aiohttp import web

from bot.i18n import tr
from bot.web.guard import HEADERS, LOOPBACK, Network, client_of
from bot.web.site import Closed, Site, Target, language

log = logging.getLogger("soloist.web")

STREAM_TYPE = "text/event-stream"
RUNNING = "active"
RETRY_MS = 5_000  # how long a browser waits before it opens a dropped stream again
Key = tuple[str, str, str]  # (kind, token, game): the link a stream came through


class Watch:
    """One game this process follows for its streams: its (version, status), read by the
    process's one poll (`Live.poll_all`) for all of them; None once no page may show it
    (revoked, gone, abandoned)."""

    def __init__(self, live: Live, game_id: int) -> None:
        self.live = live
        self.game_id = game_id
        self.state: tuple[int, str] | None = None
        self.ready = asyncio.Event()  # the first read is in
        self.moved = asyncio.Event()  # set (and replaced) when the state changes
        self.streams = 0
        self.checks: dict[Key, asyncio.Task[bool]] = {}  # access, per link, this round
        self.round = 0  # rounds of access checks (one per `recheck` seconds)
        self.checked_at = time.monotonic()
        self.events: dict[tuple[Any, ...], bytes] = {}  # an event as sent, per page and language
        self.reads = 0  # the polls that read it (tests and the bench read it)

    def changed(self) -> None:
        self.events.clear()
        moved, self.moved = self.moved, asyncio.Event()
        moved.set()

    def seen(self, found: tuple[int, str, Any] | None) -> None:
        """What a poll read of this game."""
        self.reads += 1
        state = None if found is None or found[2] is not None else found[:2]
        due = time.monotonic() - self.checked_at >= self.live.recheck
        if due:
            self.checked_at = time.monotonic()
            self.round += 1
            self.checks.clear()
        if state != self.state or due or not self.ready.is_set():
            self.state = state
            self.ready.set()
            self.changed()

    async def allowed(self, key: Key, check: Callable[[], Coroutine[Any, Any, bool]]) -> bool:
        """Whether the link `key` still opens the game: asked once per round of checks for
        all the streams that came through it."""
        task = self.checks.get(key)
        if task is None:
            task = self.checks[key] = asyncio.get_running_loop().create_task(check())
        return await asyncio.shield(task)


class Live:
    """The live streams of one process's pages."""

    def __init__(
        self,
        site: Site,
        *,
        per_client: int = 20,
        most: int = 500,
        poll: float = 1.0,
        beat: float = 20.0,
        recheck: float = 20.0,
        trusted: tuple[Network, ...] = LOOPBACK,
    ) -> None:
        self.site = site
        self.per_client, self.most = per_client, most
        self.poll, self.beat, self.recheck = poll, beat, recheck
        self.trusted = trusted
        self.watches: dict[int, Watch] = {}
        self.clients: Counter[str] = Counter()
        self.open = 0
        self.stopping = asyncio.Event()
        self.woken = asyncio.Event()  # a new game to read, or the server stopping
        self.poller: asyncio.Task[None] | None = None

    async def close(self, _app: web.Application | None = None) -> None:
        """End every stream (the server is stopping: aiohttp's on_shutdown); a browser
        opens its stream again, on this process once it is back or on another one."""
        self.stopping.set()
        self.woken.set()
        for watch in list(self.watches.values()):
            watch.changed()

    def watch(self, game_id: int) -> Watch:
        found = self.watches.get(game_id)
        if found is None:
            found = self.watches[game_id] = Watch(self, game_id)
        found.streams += 1
        if self.poller is None or self.poller.done():
            self.poller = asyncio.get_running_loop().create_task(self.poll_all())
        else:
            self.woken.set()  # a new game: read it now, not at the next poll
        return found

    async def poll_all(self) -> None:
        """Read every followed game's version once per `poll` seconds, in one read of the
        database for all of them (so the cost grows with neither streams nor games), until
        no stream is left."""
        try:
            while not self.stopping.is_set():
                for game_id, watch in list(self.watches.items()):
                    if watch.streams <= 0:
                        del self.watches[game_id]
                        watch.changed()
                if not self.watches:
                    return
                self.woken.clear()
                try:
                    found = await self.site.reads.game_versions(list(self.watches))
                except Exception:  # the database away a moment: the streams wait
                    log.warning("live: reading the followed games failed", exc_info=True)
                else:
                    for game_id, state in found.items():
                        watch = self.watches.get(game_id)
                        if watch is not None:
                            watch.seen(state)
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(self.poll):
                        await self.woken.wait()
        finally:
            for watch in self.watches.values():
                watch.changed()  # a stream still waiting looks again (and finds the hub stopped)
            self.watches.clear()

    def full(self, client: str) -> web.Response | None:
        """The answer to one stream too many, if this one is."""
        if self.open >= self.most:
            return busy(503, "Too many live pages on this server; reload the page later.")
        if self.clients[client] >= self.per_client:
            return busy(429, "Too many live pages open from here; close some.")
        return None

    async def access(self, request: web.Request) -> tuple[Target, int]:
        """The game the stream follows and its version, checked as its page is."""
        target = await self.site.target(request)
        try:
            version = await self.site.checked(request, target)
        except Closed:
            raise web.HTTPNotFound from None
        return target, version

    async def stream(self, request: web.Request) -> web.StreamResponse:
        """`<page>/live[?step=N][&lang=de]`: the game's moves after step N, the newest the
        page knows (else after its version now), as events, until it ends or no page may
        show it."""
        client = client_of(request, self.trusted)
        refused = self.full(client)
        if refused is not None:
            return refused
        target, version = await self.access(request)
        refused = self.full(client)  # others may have come in while it was checked
        if refused is not None:
            return refused
        raw = request.query.get("step", "")
        known = int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 7 else version
        self.open += 1
        self.clients[client] += 1
        watch = self.watch(target.game_id)
        response = web.StreamResponse(headers={**HEADERS, **STREAM_HEADERS})
        try:
            await response.prepare(request)
            await response.write(f"retry: {RETRY_MS}\n\n".encode())
            await self.follow(request, response, target, watch, known)
        except ConnectionError:
            pass  # the reader went away
        except Exception:
            log.exception("live stream of game %s failed", target.game_id)
        finally:
            self.open -= 1
            self.clients[client] -= 1
            if self.clients[client] <= 0:
                del self.clients[client]
            watch.streams -= 1
        return response

    async def follow(
        self,
        request: web.Request,
        response: web.StreamResponse,
        target: Target,
        watch: Watch,
        known: int,
    ) -> None:
        key: Key = (
            request.match_info.get("kind", "g"),
            request.match_info["token"],
            request.match_info.get("game", ""),
        )

        async def check() -> bool:
            try:
                await self.access(request)
            except web.HTTPException:
                return False
            return True

        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(self.beat):
                await watch.ready.wait()
        written = time.monotonic()
        checked = watch.round  # access was checked as the stream opened
        while not self.stopping.is_set():
            moved = watch.moved
            state = watch.state if watch.ready.is_set() else (known, RUNNING)
            if checked != watch.round:
                checked = watch.round
                allowed = await watch.allowed(key, check)
            else:
                allowed = True
            if state is None or not allowed:
                await response.write(b"event: gone\ndata: {}\n\n")
                return
            version, status = state
            ended = status != RUNNING
            if version != known or ended:
                await response.write(self.event(watch, request, target, version, ended))
                known, written = version, time.monotonic()
                if ended:
                    return
            wait = self.beat - (time.monotonic() - written)
            if wait > 0:
                try:  # (a timeout, not wait_for: no task made per wait of each stream)
                    async with asyncio.timeout(wait):
                        await moved.wait()
                    continue
                except TimeoutError:
                    pass
            await response.write(b": beat\n\n")
            written = time.monotonic()

    def event(
        self, watch: Watch, request: web.Request, target: Target, version: int, ended: bool
    ) -> bytes:
        """The event saying the game is at `version`, written once per change for all the
        streams of the same page in the same language."""
        key = (target.base, *language(request), version, ended)
        found = watch.events.get(key)
        if found is None:
            data = json.dumps(self.said(request, target, version, not ended))
            found = watch.events[key] = (
                f"event: {'end' if ended else 'step'}\ndata: {data}\n\n".encode()
            )
        return found

    @staticmethod
    def said(request: web.Request, target: Target, step: int, running: bool) -> dict[str, Any]:
        """An event's data: the newest step, its page (`page`: to fetch and swap in; `url`:
        to show), and the notice for a reader at an older step, in the page's language."""
        locale, chosen = language(request)
        query = urlencode({"step": step, **({"lang": locale} if chosen else {})})
        return {
            "step": step,
            "version": step,
            "running": running,
            "page": f"{target.base}?{query}",
            "url": f"{target.base}?{query}#step-{step}",
            "played": tr(f"Step {step} was played.", locale),
            "show": tr("Show it", locale),
        }


STREAM_HEADERS = {
    "Content-Type": STREAM_TYPE,
    "Cache-Control": "no-cache",
    "X-Accel-Buffering": "no",  # nginx: pass each event on at once
}


def busy(status: int, text: str) -> web.Response:
    response = web.Response(status=status, text=text + "\n")
    response.headers["Retry-After"] = "30"
    return response


__all__ = ["Live", "Watch"]
