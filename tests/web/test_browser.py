"""Every page in a real browser (Debian's Chromium, driven by Playwright), at 390 px (a phone)
and 1280 px: no horizontal scroll on the phone, the first screen as its golden picture (within
a tolerance), no serious or critical axe-core finding, the page read whole with JavaScript
off, and a game's replay stepped through from the keyboard alone.

The pages are served on 127.0.0.1 at a port the system picks, from a SQLite database filled
through the table service with the clock held still (dates on the pages stay the same).
Without a browser these tests are skipped, except under `make test`, which installs one and
sets SOLOIST_REQUIRE_BROWSER=1: there a missing browser fails them."""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import pytest
import pytest_asyncio

from bot.core.reply import Ctx
from bot.core.secrecy import SECRET_FLOOR
from bot.hosting.serve import listen
from bot.store import models
from bot.store.database import Database
from bot.table.contests import Contests
from bot.table.service import TableService
from bot.web.app import make_app
from bot.web.site import Site
from bot.web.workers import InProcesses, Pool
from tests.golden import assert_golden
from tests.web.conftest import CONSOLE, GWT, HOST, end, german_in_workers

CHROMIUM = os.environ.get("SOLOIST_CHROMIUM") or "/usr/bin/chromium"  # `make test CHROMIUM=…`
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--font-render-hinting=none",
]
WIDTHS = {390: 844, 1280: 800}
TOLERANCE = 0.02  # share of pixels a screenshot may differ by (anti-aliasing)
BAD = ("serious", "critical")
NOW = datetime(2026, 11, 20, 18, 0, tzinfo=UTC)
GAH = {"difficulty": "hard", "emperor_vp_variant": "S2"}
TURNS = [
    {"command": "turn", "queue": "Y3 B0 R2 G4 Y0", "dice": "1:2 2:2 3:1 4:3 5:2"},
    {"command": "turn", "queue": "B5 R1 Y0 G2 R4"},
    {"command": "turn", "queue": "G0 G3 Y2 B1 R0"},
]
pytestmark = pytest.mark.asyncio(loop_scope="module")


def _browser_or_skip() -> None:
    if shutil.which(CHROMIUM) or os.path.exists(CHROMIUM):
        return
    why = f"no browser at {CHROMIUM} (`apt-get install chromium` as root, or SOLOIST_CHROMIUM)"
    if os.environ.get("SOLOIST_REQUIRE_BROWSER") == "1":
        pytest.fail(why, pytrace=False)
    pytest.skip(why)


class Held:
    """The clock, still: each command a minute after the last."""

    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


@dataclass
class Served:
    url: str
    game: str  # a running game of Grand Austria Hotel
    finished: str  # a finished game of Great Western Trail, with its score sheet
    player: str
    campaign: str
    challenge: str
    open_challenge: str


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def served(tmp_path_factory, pool: Pool) -> AsyncIterator[Served]:
    import bot.table.contests
    from bot.games.great_western_trail import spec as gwt_spec

    kept = gwt_spec.DELIVERIES
    drawn = bot.table.contests.secret_seed
    bot.table.contests.secret_seed = lambda: SECRET_FLOOR + 2026  # the same page every run
    gwt_spec.DELIVERIES = 0  # ended at once, yet ranked: the pages are what is looked at here
    models.NOW[0] = Held()
    db = Database(f"sqlite+aiosqlite:///{tmp_path_factory.mktemp('web')}/pages.db")
    await db.create_all()
    service = TableService(db)
    try:
        await service.start(CONSOLE, "gah", GAH, 7)
        for turn in TURNS:
            await service.act(CONSOLE, "gah", turn)
        game = await service.game_page(CONSOLE, None, {1: "Ada"})
        there = Ctx(guild_id=0, channel_id=2, user_id=1, console=True)
        await service.start(there, "gwt", GWT, 3)
        await service.campaign(there, "Winter league")
        await service.act(there, "gwt", end(30))
        finished = await service.game_page(there, None, {1: "Ada"})
        player = await service.player_page(there, {1: "Ada"})
        campaign = await service.campaign_page(there, "Winter league", {1: "Ada"})
        await service.set_web_pages(HOST, "on")
        contests = Contests(service)
        await contests.open(HOST, "gwt", GWT, name="Spring", days=3)
        for user, you in ((5, 30), (6, 20)):
            ctx = Ctx(guild_id=10, channel_id=1000 + user, user_id=user)
            await contests.join(ctx, 1)
            await service.act(ctx, "gwt", end(you))
        await contests.close(HOST, 1)
        challenge = await service.challenge_page(HOST, 1, {5: "Ada", 6: "Bea"})
        await contests.open(HOST, "gwt", GWT, name="Summer", days=3)
        still_open = await service.challenge_page(HOST, 2)
        builders = InProcesses(db, pool, owned=False)  # game pages built as `run` builds them
        app = make_app(Site(db, lambda: "http://127.0.0.1", builders))
        runner, port = await listen(app, "127.0.0.1", 0)
        yield Served(
            f"http://127.0.0.1:{port}",
            f"/g/{game.token}",
            f"/g/{finished.token}",
            f"/p/{player.token}",
            f"/c/{campaign.token}",
            f"/s/{challenge.token}",
            f"/s/{still_open.token}",
        )
        await runner.cleanup()
    finally:
        models.NOW[0] = models._system_now
        bot.table.contests.secret_seed = drawn
        gwt_spec.DELIVERIES = kept
        await db.close()


@pytest_asyncio.fixture(autouse=True, loop_scope="module")
async def german_from_the_worker(pool: Pool) -> AsyncIterator[None]:
    """The lines the page worker showed in this test without German fail this test."""
    yield
    await german_in_workers(pool)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def browser() -> AsyncIterator[object]:
    _browser_or_skip()
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        chromium = await playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        await chromium.close()


async def _check_page(browser, url: str, name: str, must_read: list[str]) -> None:
    from axe_playwright_python.async_playwright import Axe

    for width, height in WIDTHS.items():
        context = await browser.new_context(
            viewport={"width": width, "height": height}, device_scale_factor=1
        )
        page = await context.new_page()
        response = await page.goto(url)
        assert response is not None and response.status == 200, url
        scroll = await page.evaluate("document.documentElement.scrollWidth")
        assert scroll <= width, f"{name} at {width} px scrolls sideways ({scroll} px)"
        found = await Axe().run(page)
        bad = [
            f"{v['id']} ({v['impact']}): {v['help']}"
            for v in found.response["violations"]
            if v.get("impact") in BAD
        ]
        assert not bad, f"{name} at {width} px: " + "; ".join(bad)
        shot = await page.screenshot(animations="disabled", caret="hide")
        assert_golden(shot, f"web-{name}-{width}", tolerance=TOLERANCE)
        await context.close()
    plain = await browser.new_context(
        java_script_enabled=False, viewport={"width": 390, "height": 844}
    )
    page = await plain.new_page()
    await page.goto(url)
    text = await page.locator("main").inner_text()
    for words in must_read:
        assert words in text, f"{name} without JavaScript lacks {words!r}"
    images = page.locator("main img")
    for i in range(await images.count()):
        loaded = await images.nth(i).evaluate("img => img.complete && img.naturalWidth > 0")
        assert loaded, f"{name}: picture {i + 1} did not load"
    await plain.close()


async def test_a_running_game_page_in_the_browser(browser, served):
    await _check_page(
        browser,
        served.url + served.game,
        "game-en",
        ["Grand Austria Hotel · game #1", "Step 4 of 4", "What the opponent did, and why"],
    )


async def test_a_running_game_page_in_german(browser, served):
    await _check_page(
        browser,
        served.url + served.game + "?lang=de&step=2",
        "game-de",
        ["Grand Austria Hotel · Spiel #1", "Schritt 2 von 4", "Was der Gegner tat, und warum"],
    )


async def test_a_finished_game_page_with_its_score_sheet(browser, served):
    await _check_page(
        browser, served.url + served.finished, "finished-en", ["Score sheet", "Step 3 of 3"]
    )


async def test_the_player_campaign_and_challenge_pages(browser, served):
    await _check_page(browser, served.url + served.player, "player-en", ["Recent plays"])
    await _check_page(browser, served.url + served.campaign, "campaign-en", ["Winter league"])
    await _check_page(
        browser, served.url + served.challenge, "challenge-en", ["Standings", "The seed"]
    )
    await _check_page(
        browser, served.url + served.challenge + "/side?step=1", "side-en", ["Step 1 of 2"]
    )


async def test_the_replay_steps_through_from_the_keyboard(browser, served):
    """Tab to "Next step", Enter, and again to the end; then back with "Previous step"."""
    context = await browser.new_context(viewport={"width": 390, "height": 844})
    page = await context.new_page()
    await page.goto(served.url + served.game + "?step=1")

    async def press(rel: str) -> None:
        for _ in range(40):
            await page.keyboard.press("Tab")
            focused = await page.evaluate("document.activeElement.getAttribute('rel')")
            if focused == rel:
                break
        else:
            raise AssertionError(f"no {rel} link reached with Tab")
        async with page.expect_navigation():
            await page.keyboard.press("Enter")

    for step in (2, 3, 4):
        await press("next")
        assert page.url.endswith(f"step={step}#step-{step}")
        assert f"Step {step} of 4" in await page.locator(".stepper").inner_text()
    assert await page.locator('a[rel="next"]').count() == 0  # the last step
    await press("prev")
    assert page.url.endswith("step=3#step-3")
    await context.close()


async def test_the_arrow_keys_step_through_the_replay(browser, served):
    """Right goes to the next step, left to the previous, landing at the step; at the last
    step right does nothing; on the side-by-side page too. Without JavaScript the keys do
    nothing and the stepper's links remain (the page reads whole: _check_page)."""
    context = await browser.new_context(viewport={"width": 390, "height": 844})
    page = await context.new_page()
    await page.goto(served.url + served.game + "?step=2")
    for key, step in (("ArrowRight", 3), ("ArrowRight", 4), ("ArrowLeft", 3)):
        async with page.expect_navigation():
            await page.keyboard.press(key)
        assert page.url.endswith(f"step={step}#step-{step}"), page.url
        assert f"Step {step} of 4" in await page.locator(".stepper").inner_text()
    async with page.expect_navigation():
        await page.keyboard.press("ArrowRight")
    await page.keyboard.press("ArrowRight")  # step 4: no next step
    await page.wait_for_timeout(200)
    assert page.url.endswith("step=4#step-4"), page.url
    assert await page.evaluate("location.hash") == "#step-4"
    await page.keyboard.press("Shift+ArrowLeft")  # a modifier held: the browser's own
    await page.wait_for_timeout(200)
    assert page.url.endswith("step=4#step-4"), page.url
    await page.goto(served.url + served.challenge + "/side?step=1")
    async with page.expect_navigation():
        await page.keyboard.press("ArrowRight")
    assert "Step 2 of 2" in await page.locator(".stepper").inner_text()
    await context.close()
    plain = await browser.new_context(
        java_script_enabled=False, viewport={"width": 390, "height": 844}
    )
    page = await plain.new_page()
    await page.goto(served.url + served.game + "?step=2")
    await page.keyboard.press("ArrowRight")
    await page.wait_for_timeout(200)
    assert page.url.endswith("?step=2")
    assert await page.locator('.stepper a[rel="next"]').count() == 1
    await plain.close()


async def test_a_challenge_s_date_in_the_reader_s_time_zone_and_its_join_line_to_copy(
    browser, served
):
    """The page's script writes the close in the browser's time zone (UTC without it), and
    shows the button that copies the join line."""
    url = served.url + served.open_challenge
    context = await browser.new_context(
        viewport={"width": 390, "height": 844}, timezone_id="Asia/Kolkata", locale="en-US"
    )
    page = await context.new_page()
    await page.goto(url)
    closes = page.locator("main time")
    assert await closes.count() == 1
    shown = await closes.inner_text()
    assert "GMT+5:30" in shown and "UTC" not in shown, shown
    assert (await closes.get_attribute("title")).endswith(" UTC")
    assert await page.locator("button[data-copy]").is_visible()
    await context.close()
    plain = await browser.new_context(java_script_enabled=False, timezone_id="Asia/Kolkata")
    page = await plain.new_page()
    await page.goto(url)
    assert (await page.locator("main time").inner_text()).endswith(" UTC")
    assert not await page.locator("button[data-copy]").is_visible()  # nothing to copy with
    assert "/challenge join challenge:2" in await page.locator("#join-line").inner_text()
    await plain.close()
