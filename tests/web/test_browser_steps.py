"""A replay stepped on a phone (390 px) and a desktop (1280 px), in the real browser: a step's
link (`#step-N`) lands with the board in view, the board stays in view beside the story from
900 px while the story is read, keyboard stepping lands at the step with its board, nothing
scrolls sideways, and the score sheet's heads break between words only. The pages, browser
and fixtures are tests/web/test_browser.py's."""

from __future__ import annotations

import pytest

from tests.web.test_browser import WIDTHS, browser, german_from_the_worker, served

__all__ = ["browser", "german_from_the_worker", "served"]  # the fixtures, shared
pytestmark = pytest.mark.asyncio(loop_scope="module")

IN_VIEW = """(selector) => {
  const board = document.querySelector(selector);
  if (!board) return null;
  const box = board.getBoundingClientRect();
  const seen = Math.min(box.bottom, innerHeight) - Math.max(box.top, 0);
  return {top: box.top, height: box.height, seen: seen, screen: innerHeight};
}"""
BOARD = "section.replay .picture img, section.replay .boardtext"


async def board_in_view(page) -> None:
    await page.locator("section.replay .picture img").first.evaluate(
        "img => img.complete || new Promise(done => img.onload = done)"
    )
    found = await page.evaluate(IN_VIEW, "section.replay .picture img")
    assert found is not None, "no board picture"
    # all of it (or as much as the screen holds)
    assert found["seen"] >= min(found["height"], found["screen"]) - 1, found


@pytest.mark.parametrize("width", sorted(WIDTHS))
async def test_a_step_s_link_lands_at_the_step_with_its_board_in_view(browser, served, width):
    context = await browser.new_context(viewport={"width": width, "height": WIDTHS[width]})
    page = await context.new_page()
    for step in (1, 2, 3):
        await page.goto(f"{served.url}{served.game}?step={step}#step-{step}")
        heading = await page.evaluate(
            "document.getElementById('step-title').getBoundingClientRect().top"
        )
        assert 0 <= heading < WIDTHS[width] / 2, (step, heading)  # it landed at the step
        await board_in_view(page)
        scroll = await page.evaluate("document.documentElement.scrollWidth")
        assert scroll <= width, f"step {step} at {width} px scrolls sideways ({scroll} px)"
    # the list of steps' links land there too
    await page.goto(f"{served.url}{served.game}?step=1")
    async with page.expect_navigation():
        await page.locator('ol.toc a[href*="step=3#step-3"]').click()
    await board_in_view(page)
    await context.close()


async def test_from_900_px_the_board_stays_beside_the_story_while_it_is_read(browser, served):
    """Step 1 (the setup) tells more than a laptop's screen holds: read to its end, the
    board is still in view beside it."""
    context = await browser.new_context(viewport={"width": 1280, "height": 560})  # a laptop's
    page = await context.new_page()
    await page.goto(f"{served.url}{served.game}?step=1#step-1")
    box = "(s) => document.querySelector(s).getBoundingClientRect().toJSON()"
    story, board = await page.evaluate(box, ".told"), await page.evaluate(box, ".picture")
    assert story["right"] <= board["left"], (story, board)  # story left, board right
    assert story["bottom"] > 560 + 200, story  # the story goes on below the screen
    await page.evaluate(f"window.scrollBy(0, {story['bottom'] - 560})")  # to the story's end
    await board_in_view(page)  # sticky: still in view beside it
    await context.close()


async def test_keyboard_stepping_lands_with_the_board_in_view_on_a_phone(browser, served):
    context = await browser.new_context(viewport={"width": 390, "height": 844})
    page = await context.new_page()
    await page.goto(f"{served.url}{served.game}?step=1#step-1")
    for step in (2, 3):
        async with page.expect_navigation():
            await page.keyboard.press("ArrowRight")
        assert page.url.endswith(f"#step-{step}")
        await board_in_view(page)
    await context.close()


BROKEN_WORDS = """() => {
  const broken = [];
  for (const cell of document.querySelectorAll('table.sheet th')) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const found of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, found.index);
        range.setEnd(node, found.index + found[0].length);
        const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
        if (lines.size > 1) broken.push(found[0]);
      }
    }
  }
  return broken;
}"""


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_the_score_sheet_s_heads_never_break_mid_word_on_a_phone(browser, served, lang):
    context = await browser.new_context(viewport={"width": 390, "height": 844})
    page = await context.new_page()
    await page.goto(f"{served.url}{served.finished}?lang={lang}")
    assert await page.locator("table.sheet th").count() > 3
    assert await page.evaluate(BROKEN_WORDS) == []
    scroll = await page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= 390, scroll
    await context.close()
