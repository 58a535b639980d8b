"""Who a request comes from: X-Forwarded-For is believed only from a trusted proxy
(TRUSTED_PROXIES; loopback when unset), and then only its right-most address that is not a
proxy of ours, the one part of the header a client cannot forge."""

from __future__ import annotations

from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer, make_mocked_request
from sqlalchemy import delete, select

from bot.store.models import WebLimitRow
from bot.web.app import make_app
from bot.web.guard import LOOPBACK, client_of, networks

PROXIES = networks(["10.0.0.0/8", "fd00::/8"])


class Peer:
    """The one thing a request asks its transport: the address it came from."""

    def __init__(self, address: str) -> None:
        self.address = address

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return (self.address, 50000) if name == "peername" else default


def asked(peer: str, forwarded: str | None) -> Any:
    headers = {"X-Forwarded-For": forwarded} if forwarded is not None else {}
    return make_mocked_request("GET", "/", headers=headers, transport=Peer(peer))


@pytest.mark.parametrize(
    ("peer", "forwarded", "client"),
    [
        ("127.0.0.1", "203.0.113.7", "203.0.113.7"),  # a proxy on this machine
        ("::1", "203.0.113.7", "203.0.113.7"),
        ("127.0.0.1", "1.2.3.4, 203.0.113.7", "203.0.113.7"),  # the left part is the client's
        ("198.51.100.9", "203.0.113.7", "198.51.100.9"),  # not a proxy: the header is a claim
        ("127.0.0.1", None, "127.0.0.1"),
        ("127.0.0.1", "", "127.0.0.1"),
    ],
)
def test_by_default_only_a_loopback_peer_is_believed(peer, forwarded, client):
    assert client_of(asked(peer, forwarded)) == client


@pytest.mark.parametrize(
    ("peer", "forwarded", "client"),
    [
        ("10.1.2.3", "203.0.113.7", "203.0.113.7"),
        ("10.1.2.3", "6.6.6.6, 203.0.113.7, 10.9.9.9", "203.0.113.7"),  # two proxies of ours
        ("10.1.2.3", "10.5.5.5, 10.9.9.9", "10.5.5.5"),  # all ours: the first is the client
        ("fd00::5", "2001:db8::1", "2001:db8::1"),
        ("::ffff:10.1.2.3", "203.0.113.7", "203.0.113.7"),  # IPv4 seen through an IPv6 socket
        ("127.0.0.1", "203.0.113.7", "127.0.0.1"),  # loopback is no longer a proxy of ours
        ("10.1.2.3", "203.0.113.7, not-an-address", "not-an-address"),  # cannot look past it
    ],
)
def test_trusted_proxies_replace_loopback_and_the_rightmost_untrusted_hop_is_the_client(
    peer, forwarded, client
):
    assert client_of(asked(peer, forwarded), PROXIES) == client


def test_no_trusted_proxies_given_means_loopback_and_cidrs_may_name_a_host():
    assert networks([]) == LOOPBACK
    assert networks(["", " "]) == LOOPBACK
    assert [str(n) for n in networks(["192.168.1.5", "10.0.0.0/8"])] == [
        "192.168.1.5/32",
        "10.0.0.0/8",
    ]


async def test_the_rate_limit_counts_the_forwarded_client_only_behind_a_trusted_proxy(site):
    """Over the real server: the rate limit's buckets (kept in the database) are kept per
    client as judged."""
    for trusted, bucket in ((LOOPBACK, "203.0.113.7"), (PROXIES, "127.0.0.1")):
        await site.db.write(lambda conn: conn.execute(delete(WebLimitRow)))
        server = TestServer(make_app(site, trusted=trusted), host="127.0.0.1", port=0)
        async with TestClient(server) as client:
            forwarded = {"X-Forwarded-For": "203.0.113.7"}
            assert (await client.get("/static/site.css", headers=forwarded)).status == 200
        rows = await site.db.read(
            lambda conn: conn.execute(select(WebLimitRow.kind, WebLimitRow.client)).all()
        )
        assert [tuple(row) for row in rows] == [("pages", bucket)]
