"""What every response carries and every request passes: the headers that keep a page out of
search engines, referrers and other sites' frames, the rate limits per client (kept in the
database: bot/web/limits.py; `RateLimit` here is the same bucket in this process's memory,
the bench's reference), and an access log that never writes a token."""

from __future__ import annotations

import logging
import re
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from ipaddress import IPv4Network, IPv6Address, IPv6Network, ip_address, ip_network
from typing import Protocol

from aiohttp import web
from aiohttp.abc import AbstractAccessLogger

log = logging.getLogger("soloist.web")

HEADERS = {
    "X-Robots-Tag": "noindex, nofollow, noarchive",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": (
        "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; "
        "connect-src 'self'; "
        "base-uri 'none'; "
        "form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Resource-Policy": "same-origin",
}
# Asked every few seconds by an orchestrator and Prometheus: never rate-limited (a 429 would
# read as "not ready"), logged only when they fail.
PROBES = ("/healthz", "/readyz", "/metrics")
TOKEN_IN_PATH = re.compile(r"^/([gpcs])/[^/?]+")


def redacted(path: str) -> str:
    """A request's path as logs may keep it: the token replaced."""
    return TOKEN_IN_PATH.sub(r"/\1/…", path)


@dataclass
class Bucket:
    tokens: float
    at: float


class Limit(Protocol):
    """A rate limit per client: `take` answers 0 when a request may go on, else the seconds
    until it may."""

    burst: float
    per_second: float

    async def take(self, client: str) -> float: ...


class RateLimit:
    """A token bucket per client in this process's memory: `burst` requests at once, then
    `per_second`. Buckets are kept for the most recent `clients` clients only (memory stays
    bounded). The pages keep theirs in the database (bot/web/limits.py); this one counts
    what one process sees (the bench's reference)."""

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

    async def take(self, client: str) -> float:
        """0 when the request may go on, else the seconds until it may."""
        return self.take_now(client)

    def take_now(self, client: str) -> float:
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


Network = IPv4Network | IPv6Network
LOOPBACK: tuple[Network, ...] = (ip_network("127.0.0.0/8"), ip_network("::1/128"))


def networks(cidrs: Iterable[str]) -> tuple[Network, ...]:
    """TRUSTED_PROXIES as networks; none given: loopback only (a proxy on this machine)."""
    found = tuple(ip_network(cidr.strip(), strict=False) for cidr in cidrs if cidr.strip())
    return found or LOOPBACK


def _trusted(address: str, trusted: tuple[Network, ...]) -> bool:
    try:
        ip = ip_address(address)
    except ValueError:
        return False
    if isinstance(ip, IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return any(ip in network for network in trusted)


def client_of(request: web.BaseRequest, trusted: tuple[Network, ...] = LOOPBACK) -> str:
    """Who is asking: the peer's address; when the peer is a trusted proxy, the right-most
    address of X-Forwarded-For that is not itself a trusted proxy: each proxy appends the
    address it was reached from, so everything left of the last untrusted one may be forged."""
    peer = request.remote or "?"
    forwarded = request.headers.get("X-Forwarded-For", "")
    if not forwarded or not _trusted(peer, trusted):
        return peer
    hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
    for hop in reversed(hops):
        if not _trusted(hop, trusted):
            return hop[:64]
    return hops[0][:64] if hops else peer  # every hop a proxy of ours: the first is the client


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def guard(
    pages: Limit,
    misses: Limit,
    not_found: Callable[[web.Request], web.Response],
    trusted: tuple[Network, ...] = LOOPBACK,
) -> Callable[[web.Request, Handler], Awaitable[web.StreamResponse]]:
    """The middleware: the rate limits (every request; and apart from it every 404, which
    is what guessing tokens makes: over its limit a miss answers 429, a page still 200: a
    stale link must not blank the previews Discord's crawler fetches from the same shared
    address), the headers on every answer, a 404 page for 404s."""

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        client = client_of(request, trusted)
        wait = max(await pages.take(client), 0.0) if request.path not in PROBES else 0.0
        if wait > 0:
            response: web.StreamResponse = refused(wait)
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
                missed = await misses.take(client)
                if missed > 0:  # misses are limited apart: a good link still opens
                    response = refused(missed)
        response.headers.update(HEADERS)
        return response

    return middleware


def refused(wait: float) -> web.Response:
    response = web.Response(status=429, text="Too many requests; try again in a minute.\n")
    response.headers["Retry-After"] = str(max(1, int(wait + 0.999)))
    return response


class AccessLog(AbstractAccessLogger):
    """One line per request, with the token left out of the path."""

    def log(self, request: web.BaseRequest, response: web.StreamResponse, time: float) -> None:
        if request.path in PROBES and response.status < 400:
            return
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
