"""Every game's board in a real browser (Debian's Chromium, Playwright) on a 390 px phone and
at 1280 px: the text on it is at least 11 CSS px on the phone (its width shown over its 1×
width, times the smallest font drawn on it at 1×), the page does not scroll sideways, the
2× picture is the one a 2× screen loads, and no board is shown larger than it was drawn.

The board on a phone keeps its 1× size and pans sideways in its frame (bot/web/static/
site.css): no board (GWT's is 640 px wide, its smallest text 11 px) could be shrunk to the
phone's width and keep its text readable."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
from PIL import Image

from bot.core.drawing import smallest_font
from bot.hosting.serve import listen
from bot.store.database import Database
from bot.table.service import TableService
from bot.web.app import make_app
from bot.web.site import Site
from bot.web.workers import InProcesses, Pool
from tests.web.conftest import german_in_workers
from tests.web.test_board_scale import GAMES, SMALLEST
from tests.web.test_browser import BAD, browser

pytestmark = pytest.mark.asyncio(loop_scope="module")
__all__ = ["browser"]  # test_browser.py's fixture, shared


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def boards(tmp_path_factory, pool: Pool) -> AsyncIterator[tuple[str, dict[str, str]]]:
    """A game of each with a board, each in its own channel; the pages' address, and each
    game's page."""
    from bot.core.reply import Ctx

    db = Database(f"sqlite+aiosqlite:///{tmp_path_factory.mktemp('boards')}/boards.db")
    await db.create_all()
    service = TableService(db)
    pages = {}
    try:
        for channel, (game, (options, actions, extra)) in enumerate(sorted(GAMES.items()), 2):
            ctx = Ctx(guild_id=0, channel_id=channel, user_id=1, console=True)
            await service.start(ctx, game, options, 3, **extra)
            for action in actions:
                await service.act(ctx, game, action)
            pages[game] = f"/g/{(await service.game_page(ctx, None, {1: 'Ada'})).token}"
        app = make_app(Site(db, lambda: "http://127.0.0.1", InProcesses(db, pool, owned=False)))
        runner, port = await listen(app, "127.0.0.1", 0)
        yield f"http://127.0.0.1:{port}", pages
        await runner.cleanup()
    finally:
        await german_in_workers(pool)
        await db.close()


SHOWN = """() => {
    const img = document.querySelector('main .picture img');
    return {shown: img.getBoundingClientRect().width - 2,  // less its 1 px border each side
            src: img.getAttribute('src'), current: img.currentSrc,
            natural: img.naturalWidth, complete: img.complete,
            scroll: document.documentElement.scrollWidth};
}"""


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_board_text_is_at_least_11_css_px_on_a_phone(browser, boards, game):
    from axe_playwright_python.async_playwright import Axe

    url, pages = boards
    for width, ratio in ((390, 1), (390, 2), (1280, 1), (1280, 2)):
        context = await browser.new_context(
            viewport={"width": width, "height": 844}, device_scale_factor=ratio
        )
        page = await context.new_page()
        await page.goto(url + pages[game])
        await page.wait_for_function("document.querySelector('main .picture img').complete")
        seen = await page.evaluate(SHOWN)
        one = await (await context.request.get(url + seen["src"])).body()
        drawn = Image.open(io.BytesIO(one)).width  # the 1× picture's width
        smallest = smallest_font(one)
        assert smallest is not None
        where = f"{game} at {width} px, {ratio}×"
        assert seen["scroll"] <= width, f"{where}: the page scrolls sideways"
        # the picture the screen loaded: 2× on a 2× screen, its pixels never stretched
        assert seen["current"].endswith("&scale=2") == (ratio == 2), (where, seen["current"])
        loaded = await (await context.request.get(seen["current"])).body()
        assert Image.open(io.BytesIO(loaded)).width == drawn * ratio, where
        assert seen["natural"] == drawn, where  # its density taken into account: 1× size
        assert seen["shown"] <= drawn + 0.5, f"{where}: shown {seen['shown']} > drawn {drawn}"
        if width == 390:
            css_px = seen["shown"] / drawn * smallest
            assert css_px >= SMALLEST, f"{where}: its smallest text is {css_px!r} CSS px, {seen}"
            if ratio == 1:
                found = await Axe().run(page)
                bad = [v["id"] for v in found.response["violations"] if v.get("impact") in BAD]
                assert not bad, f"{where}: {bad}"
        await context.close()
