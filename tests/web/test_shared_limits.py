"""The rate limits hold across `web` processes behind one proxy: they are kept in the database
(bot/web/limits.py), so a client's requests spread over two processes are refused at the same
total as over one. Real processes, over the suite's SQLite file and PostgreSQL schema; the
client is the address the (loopback) proxy forwards."""

from __future__ import annotations

import asyncio
import json
import logging
import subprocess
import sys
import time
from collections.abc import Iterator

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.store.database import Database
from bot.table.pages import new_token
from bot.web.app import make_app
from bot.web.site import Site
from tests.conftest import SCHEMA
from tests.procs.test_processes import ROOT

PAGES, MISSES = (120, 4.0), (20, 0.2)  # the limits as served: burst, per second


@pytest.fixture
def servers(db) -> Iterator[list[str]]:
    """Two `web` processes over the test's database: where each listens."""
    args = [sys.executable, "-m", "tests.web.pages_process", "--url", db.url]
    args += [] if db.is_sqlite else ["--schema", SCHEMA]
    procs = [
        subprocess.Popen(args, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        for _ in "ab"
    ]
    try:
        found = []
        for proc in procs:
            assert proc.stdout is not None
            line = proc.stdout.readline()
            assert line, f"a web process did not start ({proc.poll()})"
            found.append(json.loads(line)["at"])
        yield found
    finally:
        for proc in procs:
            proc.communicate(timeout=60)  # closing its stdin stops it
            assert proc.returncode == 0


async def asked(
    http: aiohttp.ClientSession, servers: list[str], path, client: str, most: int
) -> tuple[list[int], float]:
    """Requests from `client` taking turns over `servers`, until the first 429 (or `most`):
    their answers, and how long they took (the buckets refill meanwhile)."""
    answers: list[int] = []
    started = time.monotonic()
    for n in range(most):
        url = servers[n % len(servers)] + path(n)
        async with http.get(url, headers={"X-Forwarded-For": client}) as response:
            answers.append(response.status)
        if answers[-1] == 429:
            break
    return answers, time.monotonic() - started


def allowed(limit: tuple[int, float], took: float) -> int:
    burst, per_second = limit
    return burst + int(took * per_second)


async def test_two_processes_refuse_a_clients_misses_and_pages_at_the_same_total_as_one(servers):
    """Both limits over the same two processes (each client its own budget: starting the two
    processes is most of the test's time, so they are started once for both limits)."""
    async with aiohttp.ClientSession() as http:
        for client, over in (("203.0.113.1", servers[:1]), ("203.0.113.2", servers)):
            answers, took = await asked(http, over, lambda _: "/g/" + new_token(), client, 60)
            assert answers[-1] == 429, (len(over), answers)
            assert set(answers[:-1]) == {404}
            assert MISSES[0] <= len(answers) - 1 <= allowed(MISSES, took), (len(over), answers)
        # a client's page budget, shared by the two processes
        answers, took = await asked(http, servers, lambda _: "/static/site.css", "203.0.113.3", 400)
    assert answers[-1] == 429 and set(answers[:-1]) == {200}
    assert PAGES[0] <= len(answers) - 1 <= allowed(PAGES, took), (took, len(answers))


async def test_a_database_that_does_not_answer_lets_the_pages_through_and_is_logged_once(caplog):
    db = Database("postgresql+asyncpg://postgres@127.0.0.1:1/none")  # nothing listens there
    site = Site(db, lambda: "http://pages.test")
    clock = [1000.0]
    site.budgets.clock = lambda: clock[0]
    try:
        async with TestClient(TestServer(make_app(site), host="127.0.0.1", port=0)) as client:
            with caplog.at_level(logging.WARNING, logger="soloist.web"):
                for _ in range(3):
                    assert (await client.get("/static/site.css")).status == 200
                    clock[0] += 60  # past the pause: the database is asked again, and fails
                assert (await client.get("/g/" + new_token())).status in (404, 500)
        said = [r.getMessage() for r in caplog.records if "rate limits" in r.getMessage()]
        assert len(said) == 1 and "without limits" in said[0], said
    finally:
        await site.close()
        await db.close()


async def test_a_database_busy_past_the_wait_is_logged_as_busy_not_as_down(monkeypatch, caplog):
    """A limit that waits past WAIT behind a long write lets the page through, and the log says
    the database was busy, not that it did not answer."""
    from bot.web import limits

    class Busy:  # a database whose writer is held by a long write
        async def write(self, job):
            await asyncio.sleep(5)

    monkeypatch.setattr(limits, "WAIT", 0.05)
    budgets = limits.Budgets(Busy(), clock=lambda: 1000.0)  # type: ignore[arg-type]
    with caplog.at_level(logging.WARNING, logger="soloist.web"):
        assert await budgets.take("pages", "10.0.0.1", 120, 4.0) == 0.0
    said = [r.getMessage() for r in caplog.records if "rate limits" in r.getMessage()]
    assert len(said) == 1 and "busy for over 0.05 s" in said[0], said
    assert "did not answer" not in said[0]
