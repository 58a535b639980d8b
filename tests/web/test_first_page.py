"""The first page after a start waits for no worker's warm-up (issue 42): while the workers
start and warm up, a page asked for is built in threads of the serving process; once one
has warmed up, pages are built by the workers again."""

from __future__ import annotations

import asyncio
from functools import partial

from aiohttp.test_utils import TestClient, TestServer

from bot.web.app import make_app
from bot.web.site import Site
from bot.web.workers import InProcesses, Pool
from tests.web.conftest import CONSOLE, GWT, end, game_link
from tests.web.held_warmup import held

HANG = 60  # seconds: only so that a page waiting for the held warm-up fails, not hangs


async def test_a_page_asked_while_the_workers_warm_up_is_answered_without_waiting(
    service, tmp_path
):
    await service.start(CONSOLE, "gwt", GWT, 3)
    await service.act(CONSOLE, "gwt", end(30))
    path = await game_link(service)
    gate = tmp_path / "warm"
    pool = Pool(1, warm=partial(held, gate=str(gate)))  # the warm-up waits for `gate`
    builders = InProcesses(service.db, pool)
    site = Site(service.db, lambda: "http://pages.test", builders)
    builders.start()
    try:
        async with TestClient(TestServer(make_app(site), host="127.0.0.1", port=0)) as client:
            first = await asyncio.wait_for(client.get(f"{path}?step=1"), HANG)
            assert first.status == 200 and "Great Western Trail" in await first.text()
            board = await asyncio.wait_for(client.get(f"{path}/board.png?step=1"), HANG)
            assert board.status == 200
            assert pool.warming  # still: the page was built here, in threads
            assert builders.here is not None and builders.here.builder.states.entries
            gate.touch()
            await asyncio.wrap_future(pool.warmups[0])
            assert not pool.warming
            second = await client.get(f"{path}?step=2")
            assert second.status == 200
            counts = await builders.call("counts")  # the worker's: warmed up, built step 2
            assert counts["warmed"] == 1 and counts["states"] >= 1
            assert builders.here is None  # what was kept here for the warm-up went
            assert (await client.get(f"{path}?step=1")).status == 200  # kept by the front
    finally:
        gate.touch()
        await site.close()
    assert pool.executor is None
