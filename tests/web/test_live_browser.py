"""A running game followed live in a real browser (Debian's Chromium, driven by Playwright),
at 390 px and 1280 px: the page open at the newest step gets the step a command makes in
place (no navigation: a marker set on the window before survives), with no horizontal
scroll and no serious or critical axe-core finding on the updated page; a reader at an
older step stays there and is offered the new step (tests/web/test_live.py: the stream).
Skipped without a browser, as tests/web/test_browser.py is (failed under `make test`)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from bot.hosting.serve import listen
from bot.store.database import Database
from bot.table.service import TableService
from bot.web.app import LIVE, make_app
from bot.web.site import Site
from bot.web.workers import InProcesses, Pool
from tests.web.conftest import CONSOLE, german_in_workers
from tests.web.test_browser import BAD, GAH, TURNS, browser

pytestmark = pytest.mark.asyncio(loop_scope="module")
__all__ = ["browser"]  # test_browser.py's fixture, shared
WIDTHS = {390: 844, 1280: 800}
MORE = [
    {"command": "turn", "queue": "Y1 B2 R3 G0 B4"},
    {"command": "turn", "queue": "R0 G1 Y4 B3 R2"},
    {"command": "turn", "queue": "G2 Y3 B0 R4 Y1"},
]


@pytest_asyncio.fixture(loop_scope="module")
async def table(tmp_path, pool: Pool) -> AsyncIterator[tuple[str, TableService]]:
    """A running Grand Austria Hotel game (4 steps) and its page's address, served on
    127.0.0.1, with the service that moves it."""
    db = Database(f"sqlite+aiosqlite:///{tmp_path}/live.db")
    await db.create_all()
    service = TableService(db)
    await service.start(CONSOLE, "gah", GAH, 7)
    for turn in TURNS:
        await service.act(CONSOLE, "gah", turn)
    link = await service.game_page(CONSOLE, None, {1: "Ada"})
    site = Site(db, lambda: "http://127.0.0.1", InProcesses(db, pool, owned=False))
    app = make_app(site)
    app[LIVE].poll = 0.1
    runner, port = await listen(app, "127.0.0.1", 0)
    try:
        yield f"http://127.0.0.1:{port}/g/{link.token}", service
    finally:
        await runner.cleanup()
        await site.close()
        await db.close()
        await german_in_workers(pool)


async def _no_bad_axe_finding(page, name: str) -> None:
    from axe_playwright_python.async_playwright import Axe

    found = await Axe().run(page)
    bad = [
        f"{v['id']} ({v['impact']}): {v['help']}"
        for v in found.response["violations"]
        if v.get("impact") in BAD
    ]
    assert not bad, f"{name}: " + "; ".join(bad)


@pytest.mark.parametrize("width", list(WIDTHS))
async def test_the_newest_step_comes_in_place_when_a_command_is_made(browser, table, width):
    url, service = table
    context = await browser.new_context(viewport={"width": width, "height": WIDTHS[width]})
    page = await context.new_page()
    async with page.expect_response(lambda r: "/live" in r.url):  # the stream is open
        await page.goto(url + "?step=4")
    await page.evaluate("window.stillHere = 'yes'")  # lost by any navigation
    await service.act(CONSOLE, "gah", MORE[0])
    stepper = page.locator(".stepper .where")
    await stepper.filter(has_text="Step 5 of 5").wait_for(timeout=15_000)
    assert await page.evaluate("window.stillHere") == "yes"  # no navigation
    assert page.url.endswith("?step=5#step-5")  # a reload shows the same
    assert await page.locator("section.replay#step-5").count() == 1
    assert await page.locator('ol.toc li[value="5"] a[aria-current="step"]').count() == 1
    assert "step=5" in (await page.locator(".replay .picture img").get_attribute("src"))
    assert await page.locator('.stepper a[rel="prev"]').count() == 1
    assert await page.locator("#live-said").inner_text() == "Step 5 was played."
    scroll = await page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"the updated page at {width} px scrolls sideways ({scroll} px)"
    await _no_bad_axe_finding(page, f"the updated page at {width} px")
    await context.close()


async def test_a_reader_at_an_older_step_is_told_not_moved(browser, table):
    url, service = table
    context = await browser.new_context(viewport={"width": 390, "height": 844})
    page = await context.new_page()
    async with page.expect_response(lambda r: "/live" in r.url):
        await page.goto(url + "?step=2&lang=de")
    await service.act(CONSOLE, "gah", MORE[0])
    note = page.locator("#live-note")
    await note.wait_for(timeout=15_000)
    assert await note.inner_text() == "Schritt 5 wurde gespielt. Zeigen"
    assert "Schritt 2 von 4" in await page.locator(".stepper .where").inner_text()
    assert page.url.endswith("?step=2&lang=de")
    assert await page.locator("section.replay#step-2").count() == 1
    scroll = await page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= 390, scroll
    await _no_bad_axe_finding(page, "the notice at 390 px")
    async with page.expect_navigation():
        await note.locator("a").click()
    assert page.url.endswith("?step=5&lang=de#step-5")
    assert "Schritt 5 von 5" in await page.locator(".stepper .where").inner_text()
    await context.close()
