"""A game's link preview as a crawler meets it: the page's og:image names the step and the
language it shows (and the game's version), and the picture, read back with Debian's
Tesseract OCR, says the game, its opponent, who won and the score, the step, in the page's
language, in plain text: no markup. Without Tesseract these tests are skipped, except under
`make test` (SOLOIST_REQUIRE_OCR=1), which installs it."""

from __future__ import annotations

import html
import os
import re
import shutil
import subprocess

import pytest

from bot.core.drawing import font
from bot.web.preview import ELLIPSIS, fitted, preview_png, wrap
from tests.web.conftest import CONSOLE, GWT, end, game_link

MARKUP = ("<", ">", "class=", "span", "strong", "&lt;", "**")


@pytest.fixture(autouse=True)
def gwt_ends_at_once(monkeypatch):
    monkeypatch.setattr("bot.games.great_western_trail.spec.DELIVERIES", 0)


def ocr(png: bytes, language: str = "eng") -> str:
    if shutil.which("tesseract") is None:
        why = "no tesseract (apt-get install tesseract-ocr tesseract-ocr-deu, as root)"
        if os.environ.get("SOLOIST_REQUIRE_OCR") == "1":
            pytest.fail(why, pytrace=False)
        pytest.skip(why)
    done = subprocess.run(
        ["tesseract", "stdin", "stdout", "-l", language, "--psm", "4"],
        input=png,
        capture_output=True,
        timeout=60,
        check=True,
    )
    return " ".join(done.stdout.decode("utf-8", "replace").split())


def og_image(page: str) -> str:
    found = re.search(r'<meta property="og:image" content="([^"]+)">', page)
    assert found is not None
    return html.unescape(found.group(1)).removeprefix("http://pages.test")


async def test_the_preview_says_the_game_who_won_and_the_score_in_plain_text(service, client):
    await service.start(CONSOLE, "gwt", GWT, 3)
    await service.act(CONSOLE, "gwt", end(30))
    path = await game_link(service)
    page = await (await client.get(path)).text()
    image = og_image(page)
    assert image == f"{path}/preview.png?step=2&lang=en&v=2"
    response = await client.get(image)
    assert response.status == 200 and response.content_type == "image/png"
    text = ocr(await response.read())
    for said in ("Great Western Trail", "Sam", "won", "30", "Step 2 of 2"):
        assert said in text, (said, text)
    for mark in MARKUP:
        assert mark not in text, (mark, text)


async def test_each_step_and_language_has_its_own_preview(service, client):
    await service.start(CONSOLE, "gwt", GWT, 3)
    await service.act(CONSOLE, "gwt", end(30))
    path = await game_link(service)
    page = await (await client.get(f"{path}?step=1&lang=de")).text()
    image = og_image(page)
    assert image == f"{path}/preview.png?step=1&lang=de&v=2"
    german = ocr(await (await client.get(image)).read(), "deu")
    assert "Schritt 1 von 2" in german and "Gegner" not in german, german
    assert "gewonnen" in german and "30 zu 8" in german, german
    assert not re.search(r"\b(Step|won|Game|hard)\b", german), german
    # a German reader's browser (no ?lang=) gets the German preview's address too
    asked = await client.get(path, headers={"Accept-Language": "de-DE,de;q=0.9"})
    assert og_image(await asked.text()).endswith("step=2&lang=de&v=2")
    first = await (await client.get(f"{path}/preview.png?step=1&lang=en")).read()
    last = await (await client.get(f"{path}/preview.png?step=2&lang=en")).read()
    assert first != last  # the board and status of each step
    assert "Step 1 of 2" in ocr(first)
    assert (await client.get(f"{path}/preview.png?step=3")).status == 404


def test_preview_text_wraps_between_words_and_ends_with_an_ellipsis():
    face = font(30)
    line = "Leopold takes the yellow guest worth three victory points " * 4
    lines = wrap(line, 400, face, 3)
    assert lines is not None and len(lines) == 3 and lines[-1].endswith(ELLIPSIS)
    words = set(line.split())
    for part in lines:
        assert all(word in words for word in part.removesuffix(ELLIPSIS).split()), part
    assert wrap("Wasserstoffbetankungsinfrastrukturmaßnahmen", 200, face, 2) is None
    face, parts = fitted("Wasserstoffbetankung ist lang", 360, 30, 2)
    assert parts and all(face.getlength(p) <= 360 for p in parts)
    assert preview_png("A title", ["x" * 300])  # a word wider than the picture still draws
