"""A picture of the city, drawn with Pillow: your buildings blue, Freddy's orange, each with
its type; the city's bounding box outlined and its corners marked (a shop there scores the
corner bonus). Rules hand over plain data; this module turns it into PNG bytes, its words in
the reader's language (`data["locale"]`, data/locales/<locale>/glasgow.yaml)."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from bot.drawing import font, png
from bot.games.glasgow.city import COLUMNS, SIZE
from bot.i18n import ENGLISH, catalog, tr

CELL, MARGIN, TOP = 70, 30, 74
INK, PAPER, GRID = (40, 40, 40), (250, 247, 240), (205, 200, 190)
FILL = {"you": (92, 140, 210), "freddy": (230, 150, 70)}
CORNER = (212, 170, 40)
LEGEND = "blue: yours · orange: Freddy's · gold: corners"


def _detail(text: str, locale: str) -> str:
    """A factory's or bank's good, or a landmark's `7 VP` (`VP` has no word `tr` would look
    up, so the catalog is asked for it directly)."""
    number, _, unit = text.partition(" ")
    if unit == "VP" and number.isdigit():
        said = catalog(locale).line(unit) if locale != ENGLISH else None
        return f"{number} {said or unit}"
    return tr(text, locale)


def _fit(draw: ImageDraw.ImageDraw, text: str, size: int) -> Any:
    """The font at `size`, or smaller until `text` fits inside a cell (German is longer)."""
    while size > 8 and draw.textlength(text, font=font(size)) > CELL - 12:
        size -= 1
    return font(size)


def city_image(data: dict[str, Any]) -> Image.Image:
    locale = data.get("locale", "en")
    cells = data["cells"]
    rows = [r for r, *_ in cells]
    cols = [c for _, c, *_ in cells]
    top, left = max(0, min(rows) - 1), max(0, min(cols) - 1)
    bottom, right = min(SIZE - 1, max(rows) + 1), min(SIZE - 1, max(cols) + 1)
    width = MARGIN * 2 + (right - left + 1) * CELL
    height = TOP + MARGIN + (bottom - top + 1) * CELL
    image = Image.new("P", (max(width, 360), height), PAPER)
    draw = ImageDraw.Draw(image)
    draw.text((MARGIN, 10), tr(data.get("title", "Glasgow"), locale), fill=INK, font=font(16))
    draw.text((MARGIN, 32), tr(LEGEND, locale), fill=INK, font=font(12))

    def box(r: int, c: int) -> tuple[int, int, int, int]:
        x0 = MARGIN + (c - left) * CELL
        y0 = TOP + (r - top) * CELL
        return x0, y0, x0 + CELL, y0 + CELL

    for r in range(top, bottom + 1):
        draw.text((6, box(r, left)[1] + CELL // 2 - 7), str(r + 1), fill=INK, font=font(13))
        for c in range(left, right + 1):
            draw.rectangle(box(r, c), outline=GRID)
    for c in range(left, right + 1):
        draw.text((box(top, c)[0] + CELL // 2 - 4, TOP - 16), COLUMNS[c], fill=INK, font=font(13))
    for r, c, kind, owner, good in cells:
        x0, y0, x1, y1 = box(r, c)
        draw.rectangle((x0 + 3, y0 + 3, x1 - 3, y1 - 3), fill=FILL.get(owner, GRID), outline=INK)
        name = tr(kind, locale)
        draw.text((x0 + 7, y0 + 8), name, fill=INK, font=_fit(draw, name, 12))
        if good:
            detail = _detail(good, locale)
            draw.text((x0 + 7, y0 + 26), detail, fill=INK, font=_fit(draw, detail, 12))
        whose = tr("yours", locale) if owner == "you" else "Freddy"
        draw.text((x0 + 7, y1 - 20), whose, fill=INK, font=font(11))
    t, le, b, ri = min(rows), min(cols), max(rows), max(cols)
    x0, y0, _, _ = box(t, le)
    _, _, x1, y1 = box(b, ri)
    draw.rectangle((x0, y0, x1, y1), outline=INK, width=2)
    for r, c in {(t, le), (t, ri), (b, le), (b, ri)}:
        cx0, cy0, cx1, cy1 = box(r, c)
        xs = cx0 if c == le else cx1
        ys = cy0 if r == t else cy1
        dx = 22 if c == le else -22
        dy = 22 if r == t else -22
        draw.polygon([(xs, ys), (xs + dx, ys), (xs, ys + dy)], fill=CORNER, outline=INK)
    return image


def city_png(data: dict[str, Any]) -> bytes:
    return png(city_image(data))
