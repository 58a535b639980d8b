"""What every response carries and every request passes: the headers that keep a page out of
search engines, referrers and other sites' frames, a rate limit per client, and an access log
that never writes a token."""

from __future__ import annotations

import logging
import re
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from ipaddress import ip_address

from aiohttp import web
from aiohttp.abc import AbstractAccessLogger

log = logging.getLogger("soloist.web")

HEADERS = {
    "X-Robots-Tag": "noindex, nofollow, noarchive",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": (
        "default-src 'none'; img-src 'self'; style-src 'self'; base-uri 'none'; "
        "form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Resource-Policy": "same-origin",
}
TOKEN_IN_PATH = re.compile(r"^/([gpcs])/[^/?]+")


def redacted(path: str) -> str:
    """A request's path as logs may keep it: the token replaced."""
    return TOKEN_IN_PATH.sub(r"/\1/…", path)


@dataclass
class Bucket:
    tokens: float
    at: float


class RateLimit:
    """A token bucket per client: `burst` requests at once, then `per_second`. Buckets are
    kept for the most recent `clients` clients only (memory stays bounded)."""

    def __init__(
        self,
        burst: float,
        per_second: float,
        clients: int = 10_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.burst, self.per_second, self.clients = burst, per_second, clients
        self.clock = clock
        self.buckets: OrderedDict[str, Bucket] = OrderedDict()

    def take(self, client: str) -> float:
        """0 when the request may go on, else the seconds until it may."""
        now = self.clock()
        bucket = self.buckets.pop(client, None) or Bucket(self.burst, now)
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.at) * self.per_second)
        bucket.at = now
        self.buckets[client] = bucket
        while len(self.buckets) > self.clients:
            self.buckets.popitem(last=False)
        if bucket.tokens >= 1:
            bucket.tokens -= 1
            return 0.0
        return (1 - bucket.tokens) / self.per_second


def client_of(request: web.Request) -> str:
    """Who is asking: the peer's address; behind a reverse proxy on this machine (the peer is
    a loopback address), the address the proxy appended last to X-Forwarded-For, the one
    part of that header a client cannot forge."""
    peer = request.remote or "?"
    forwarded = request.headers.get("X-Forwarded-For", "")
    try:
        loopback = ip_address(peer).is_loopback
    except ValueError:
        loopback = False
    if loopback and forwarded:
        return forwarded.split(",")[-1].strip()[:64] or peer
    return peer


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def guard(
    pages: RateLimit, misses: RateLimit, not_found: Callable[[web.Request], web.Response]
) -> Callable[[web.Request, Handler], Awaitable[web.StreamResponse]]:
    """The middleware: the rate limits (every request, and apart from it every 404, which
    is what guessing tokens makes), the headers on every answer, a 404 page for 404s."""

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        client = client_of(request)
        wait = max(pages.take(client), 0.0) if request.path != "/healthz" else 0.0
        if wait == 0.0 and misses.blocked(client):
            wait = misses.wait(client)
        if wait > 0:
            response: web.StreamResponse = web.Response(
                status=429, text="Too many requests; try again in a minute.\n"
            )
            response.headers["Retry-After"] = str(max(1, int(wait + 0.999)))
        else:
            try:
                response = await handler(request)
            except web.HTTPNotFound:
                response = not_found(request)
            except web.HTTPException as exc:
                exc.headers.update(HEADERS)
                raise
            except Exception:
                log.exception("web page %s failed", redacted(request.path))
                response = web.Response(status=500, text="Something went wrong; sorry.\n")
            if response.status == 404:
                misses.take(client)
        response.headers.update(HEADERS)
        return response

    return middleware


class Misses(RateLimit):
    """404s per client: a client that keeps asking for pages that do not exist (guessing
    tokens) is refused everything for a while."""

    def blocked(self, client: str) -> bool:
        return self.wait(client) > 0

    def wait(self, client: str) -> float:
        bucket = self.buckets.get(client)
        if bucket is None:
            return 0.0
        tokens = min(self.burst, bucket.tokens + (self.clock() - bucket.at) * self.per_second)
        return 0.0 if tokens >= 1 else (1 - tokens) / self.per_second


class AccessLog(AbstractAccessLogger):
    """One line per request, with the token left out of the path."""

    def log(self, request: web.BaseRequest, response: web.StreamResponse, time: float) -> None:
        self.logger.info(
            "%s %s %s %.0f ms",
            request.method,
            redacted(request.path),
            response.status,
            time * 1000,
        )

    @property
    def enabled(self) -> bool:
        return self.logger.isEnabledFor(logging.INFO)
