"""Game pages built in worker processes: `run`'s pages start one with themselves (warmed
up before the first page) and stop it with themselves (no process outlives them); a page
built there is the one built in threads; a worker that dies is started again; the
keyboard's next step is built from the step before, giving the state a replay gives."""

from __future__ import annotations

import asyncio
import os
import signal

import aiohttp

from bot.settings import Settings
from bot.store.database import Database
from bot.web.build import Ask, Builder
from bot.web.serve import Pages
from bot.web.workers import InProcesses, InThreads, Pool, builders
from tests.web.conftest import CONSOLE, game_link

GAH = {"difficulty": "hard", "emperor_vp_variant": "S2"}
TURN = {"command": "turn", "queue": "Y3 B0 R2 G4 Y0", "dice": "1:2 2:2 3:1 4:3 5:2"}


async def test_run_s_pages_start_their_worker_with_them_and_stop_it_with_them(service):
    await service.start(CONSOLE, "gah", GAH, 7)
    path = await game_link(service)
    pages = Pages(service.db, Settings(web_port=0, web_workers=1, web_base_url=None))
    assert isinstance(pages.site.builders, InProcesses)
    pool = pages.site.builders.pool
    assert pool.processes == []
    where = await pages.start()
    try:
        workers = pool.processes  # started with the pages, before any page is asked for
        assert len(workers) == 1 and workers[0].pid != os.getpid()
        await asyncio.wrap_future(pool.warmups[0])  # warming up at once, asked for nothing
        counts = await pages.site.builders.call("counts")
        assert counts["warmed"] == 1 and counts["logs"] == 0  # warm, and no page built yet
        async with aiohttp.ClientSession() as http, http.get(where + path) as response:
            assert response.status == 200
            assert "Grand Austria Hotel · game #1" in await response.text()
        assert pool.processes == workers  # the same worker built it
    finally:
        await pages.stop()
    assert pool.executor is None and all(not p.is_alive() for p in workers)


async def test_a_page_built_in_a_worker_is_the_page_built_in_threads(service, client, site):
    await service.start(CONSOLE, "gah", GAH, 7)
    await service.act(CONSOLE, "gah", TURN)
    path = await game_link(service)
    in_worker = await (await client.get(f"{path}?step=2&lang=de")).text()
    assert isinstance(site.builders, InProcesses)
    site.builders = InThreads(service.db)
    site.pages.entries.clear()
    in_threads = await (await client.get(f"{path}?step=2&lang=de")).text()
    assert in_worker == in_threads


async def test_a_worker_that_dies_is_started_again(service):
    await service.start(CONSOLE, "gah", GAH, 7)
    built = builders(service.db, 1)
    if not isinstance(built, InProcesses):  # SQLite in memory: threads only
        return
    ask = Ask(game_id=1, step=None, locale="en")
    try:
        first = await built.call("page", ask)
        (worker,) = built.pool.processes
        os.kill(worker.pid, signal.SIGKILL)
        worker.join(10)
        again = await built.call("page", ask)
        assert again == first
        assert [p.pid for p in built.pool.processes] != [worker.pid]
    finally:
        await built.close()
    assert built.pool.processes == []


async def test_the_next_step_is_built_from_the_step_before_as_a_replay_builds_it(service):
    await service.start(CONSOLE, "gah", GAH, 7)
    for _ in range(3):
        await service.act(CONSOLE, "gah", TURN)
    await service.undo(CONSOLE)  # step 5 takes back step 4
    await service.act(CONSOLE, "gah", TURN)
    stepping, fresh = Builder(service.db, inline=True), None
    log = await stepping.game_log(1)
    assert log is not None
    for step in range(1, 7):
        state = await stepping.state(log, step)
        fresh = Builder(service.db, inline=True)
        assert state == await fresh.state(log, step), step
    assert stepping.forward == 4  # steps 2 to 5 (step 6 is the game's own state)
    assert fresh is not None and fresh.forward == 0


async def test_a_database_in_memory_is_built_in_threads():
    db = Database("sqlite+aiosqlite://")
    try:
        assert isinstance(builders(db, 1), InThreads)
    finally:
        await db.close()
    assert isinstance(builders(Database("sqlite+aiosqlite:///x.db"), 0), InThreads)


def test_a_pool_never_started_stops_at_once():
    pool = Pool(2)
    pool.shutdown()
    assert pool.processes == []
