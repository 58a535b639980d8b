"""A picture of the city, drawn with Pillow: your buildings blue, Freddy's orange, each with
its type; the city's bounding box outlined and its corners marked outside it, where no label
is (a shop there scores the corner bonus). Rules hand over plain data; this module turns it
into PNG bytes, its words in the reader's language (`data["locale"]`,
data/locales/<locale>/glasgow.yaml)."""

from __future__ import annotations

from typing import Any

from PIL import Image

from bot.core.drawing import Canvas, canvas, font, png
from bot.core.said import say, unstored
from bot.games.glasgow.city import COLUMNS, SIZE
from bot.i18n import ENGLISH, catalog, tr
from bot.i18n.numbers import number

CELL, RING, MARGIN, TOP = 88, 44, 34, 78  # RING: the empty cells around the city, narrower
PAD = 7  # a label's distance from the cell's edge (the building is drawn 3 px inside it)
SMALLEST = 11  # a long German word shrinks to this size, no further
BRACKET, GAP = 22, 5  # a corner mark's legs and its distance outside the city's box
INK, PAPER, GRID = (40, 40, 40), (250, 247, 240), (205, 200, 190)
FILL = {"you": (92, 140, 210), "freddy": (230, 150, 70)}
CORNER = (212, 170, 40)
LEGEND = "blue: yours · orange: Freddy's · gold: corners"


def _detail(text: str, locale: str) -> str:
    """A factory's or bank's good, or a landmark's `7 VP` (`VP` has no word `tr` would look
    up, so the catalog is asked for it directly)."""
    amount, _, unit = text.partition(" ")
    if unit == "VP" and amount.isdigit():
        said = catalog(locale).line(unit) if locale != ENGLISH else None
        return f"{number(int(amount), locale)} {said or unit}"
    return tr(say(text), locale)  # a good: a word the catalog says


def _fit(draw: Canvas, text: str, size: int) -> Any:
    """The font at `size`, or smaller until `text` fits inside a cell (German is longer)."""
    while size > SMALLEST and draw.textlength(text, font=font(size)) > CELL - 2 * PAD:
        size -= 1
    return font(size)


def _edges(first: int, last: int, low: int, high: int) -> dict[int, int]:
    """Where each row (column) from `first` to `last` starts, in pixels from the board's
    top (left): the city's own from `low` to `high` a whole cell, the ring around them less."""
    edges, at = {}, 0
    for i in range(first, last + 2):
        edges[i] = at
        at += CELL if low <= i <= high else RING
    return edges


def city_image(data: dict[str, Any]) -> Image.Image:
    locale = data.get("locale", "en")
    cells = data["cells"]
    rows = [r for r, *_ in cells]
    cols = [c for _, c, *_ in cells]
    t, le, b, ri = min(rows), min(cols), max(rows), max(cols)
    top, left = max(0, t - 1), max(0, le - 1)
    bottom, right = min(SIZE - 1, b + 1), min(SIZE - 1, ri + 1)
    ys = {r: TOP + y for r, y in _edges(top, bottom, t, b).items()}
    xs = {c: MARGIN + x for c, x in _edges(left, right, le, ri).items()}
    size = (max(xs[right + 1] + MARGIN, 420), ys[bottom + 1] + MARGIN)
    image, draw = canvas("P", size, PAPER, int(data.get("scale", 1)))
    draw.text(
        (MARGIN, 10), tr(unstored(data.get("title", "Glasgow")), locale), fill=INK, font=font(17)
    )
    draw.text((MARGIN, 36), tr(say(LEGEND), locale), fill=INK, font=font(13))

    def box(r: int, c: int) -> tuple[int, int, int, int]:
        return xs[c], ys[r], xs[c + 1], ys[r + 1]

    for r in range(top, bottom + 1):
        middle = (ys[r] + ys[r + 1]) // 2
        draw.text((MARGIN // 2, middle), str(r + 1), fill=INK, font=font(14), anchor="mm")
        for c in range(left, right + 1):
            draw.rectangle(box(r, c), outline=GRID)
    for c in range(left, right + 1):
        middle = (xs[c] + xs[c + 1]) // 2
        draw.text((middle, TOP - 12), COLUMNS[c], fill=INK, font=font(14), anchor="mm")
    for r, c, kind, owner, good in cells:
        x0, y0, x1, y1 = box(r, c)
        draw.rectangle((x0 + 3, y0 + 3, x1 - 3, y1 - 3), fill=FILL.get(owner, GRID), outline=INK)
        name = tr(say(kind), locale)
        draw.text((x0 + PAD, y0 + PAD), name, fill=INK, font=_fit(draw, name, 14))
        if good:
            detail = _detail(good, locale)
            draw.text((x0 + PAD, y0 + PAD + 21), detail, fill=INK, font=_fit(draw, detail, 13))
        whose = tr(say("yours"), locale) if owner == "you" else "Freddy"
        draw.text((x0 + PAD, y1 - PAD - 14), whose, fill=INK, font=font(12))
    x0, y0, x1, y1 = xs[le], ys[t], xs[ri + 1], ys[b + 1]
    draw.rectangle((x0, y0, x1, y1), outline=INK, width=2)
    for x, y, dx, dy in ((x0, y0, -1, -1), (x1, y0, 1, -1), (x0, y1, -1, 1), (x1, y1, 1, 1)):
        # an angle around the corner, outside the box: it hides no label
        x, y = x + dx * GAP, y + dy * GAP
        draw.line([(x, y - dy * BRACKET), (x, y), (x - dx * BRACKET, y)], fill=CORNER, width=6)
    return image


def city_png(data: dict[str, Any]) -> bytes:
    return png(city_image(data))
