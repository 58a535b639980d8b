"""A picture of the city, drawn with Pillow: your buildings blue, Freddy's orange, each with
its type; the city's bounding box outlined and its corners marked (a shop there scores the
corner bonus). Rules hand over plain data; this module turns it into PNG bytes."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from bot.drawing import font, png
from bot.games.glasgow.city import COLUMNS, SIZE

CELL, MARGIN, TOP = 70, 30, 74
INK, PAPER, GRID = (40, 40, 40), (250, 247, 240), (205, 200, 190)
FILL = {"you": (92, 140, 210), "freddy": (230, 150, 70)}
CORNER = (212, 170, 40)
SHORT = {
    "factory": "factory",
    "park": "park",
    "tenement": "tenement",
    "landmark": "landmark",
    "bank": "bank",
    "station": "station",
    "shop": "shop",
}


def city_image(data: dict[str, Any]) -> Image.Image:
    cells = data["cells"]
    rows = [r for r, *_ in cells]
    cols = [c for _, c, *_ in cells]
    top, left = max(0, min(rows) - 1), max(0, min(cols) - 1)
    bottom, right = min(SIZE - 1, max(rows) + 1), min(SIZE - 1, max(cols) + 1)
    width = MARGIN * 2 + (right - left + 1) * CELL
    height = TOP + MARGIN + (bottom - top + 1) * CELL
    image = Image.new("P", (max(width, 360), height), PAPER)
    draw = ImageDraw.Draw(image)
    draw.text((MARGIN, 10), data.get("title", "Glasgow"), fill=INK, font=font(16))
    draw.text(
        (MARGIN, 32), "blue: yours · orange: Freddy's · gold: corners", fill=INK, font=font(12)
    )

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
        draw.text((x0 + 7, y0 + 8), SHORT.get(kind, kind), fill=INK, font=font(12))
        if good:
            draw.text((x0 + 7, y0 + 26), good, fill=INK, font=font(12))
        draw.text((x0 + 7, y1 - 20), "you" if owner == "you" else "Freddy", fill=INK, font=font(11))
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
