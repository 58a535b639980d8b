"""Grand Austria Hotel pictures, drawn with Pillow: the opponent's hotel board and the stars track.

Rules hand over a `Picture` (plain data); this module turns it into PNG bytes, off the event
loop, its words and numbers in the reader's language (`data["locale"]`). The layout follows the
night-side board so a player can hold it against the table: top floor at the top, columns 1 to
5 from the left, each space tinted with its room colour."""

from __future__ import annotations

from functools import cache
from typing import Any

from PIL import Image

from bot.core.drawing import Canvas, canvas, font, png
from bot.core.said import say, unstored
from bot.games.grand_austria.data import gah_data
from bot.i18n import tr
from bot.i18n.numbers import number

CELL_W, CELL_H, MARGIN, TOP = 96, 72, 34, 40
INK, PAPER, EMPTY_EDGE = (40, 40, 40), (250, 247, 240), (170, 170, 170)
ROOM = {"blue": (58, 110, 190), "red": (196, 60, 52), "yellow": (226, 180, 40)}
TINT = {"blue": (214, 226, 245), "red": (246, 214, 210), "yellow": (250, 238, 200)}
ON_ROOM = {"blue": (255, 255, 255), "red": (255, 255, 255), "yellow": INK}  # labels stay legible
GREEN = (70, 150, 80)
COG = (120, 120, 120)


def _cog(draw: Canvas, x: int, y: int, r: int) -> None:
    draw.regular_polygon((x, y, r), 8, fill=COG, outline=INK)
    draw.ellipse((x - r // 3, y - r // 3, x + r // 3, y + r // 3), fill=PAPER)


def _cell(space: Any) -> tuple[int, int, int, int]:
    x0 = MARGIN + (space.column - 1) * CELL_W
    y0 = TOP + (4 - space.floor) * CELL_H
    return (x0 + 3, y0 + 3, x0 + CELL_W - 3, y0 + CELL_H - 3)


def _label(
    draw: Canvas,
    space: Any,
    box: tuple[int, int, int, int],
    locale: str,
    ink: tuple[int, int, int] = INK,
) -> None:
    draw.text((box[0] + 5, box[1] + 3), space.label, fill=ink, font=font(12))
    if space.vp:
        vp = f"+{number(space.vp, locale)}"
        draw.text((box[2] - 6, box[1] + 3), vp, fill=ink, font=font(12), anchor="ra")


@cache
def _empty_board(with_stars: bool, locale: str, scale: int) -> Image.Image:
    """The parts that never change: empty tinted spaces, labels, VP, floor and column numbers."""
    board_w = MARGIN + 5 * CELL_W + 10
    width = board_w + (3 * 46 + 90 if with_stars else 0)
    # few colours: fast PNG
    image, draw = canvas("P", (width, TOP + 4 * CELL_H + 30), PAPER, scale)
    for space in gah_data().spaces:
        box = _cell(space)
        draw.rectangle(box, fill=TINT[space.colour], outline=EMPTY_EDGE)
        _label(draw, space, box, locale)
    for floor in range(1, 5):
        y = TOP + (4 - floor) * CELL_H + CELL_H // 2 - 8
        draw.text((10, y), str(floor), fill=INK, font=font(14))
    for column in range(1, 6):
        x = MARGIN + (column - 1) * CELL_W + CELL_W // 2 - 4
        draw.text((x, TOP + 4 * CELL_H + 6), str(column), fill=INK, font=font(14))
    if with_stars:
        draw.text((board_w + 10, TOP - 26), tr(say("Stars track"), locale), fill=INK, font=font(14))
        _stars_track(draw, board_w + 10, TOP, 0, locale)
    return image


def gah_board(data: dict[str, Any]) -> Image.Image:
    hotel, vacant = data["hotel"], data["vacant"]
    cogwheels, stars = set(data["cogwheels"]), data.get("stars")
    locale = data.get("locale", "en")
    scale = int(data.get("scale", 1))
    image = _empty_board(stars is not None, locale, scale).copy()
    draw = Canvas(image, scale)
    draw.text((MARGIN, 10), tr(unstored(data["title"]), locale), fill=INK, font=font(16))
    for space in gah_data().spaces:
        box, label = _cell(space), space.label
        if label in hotel:
            draw.rectangle(box, fill=ROOM[space.colour], outline=INK, width=2)
            cx, cy = (box[0] + box[2]) // 2, (box[1] + box[3]) // 2 + 4
            draw.ellipse((cx - 13, cy - 13, cx + 13, cy + 13), fill=PAPER, outline=INK)
            if hotel[label] == "green":
                draw.ellipse((cx - 8, cy - 8, cx + 8, cy + 8), fill=GREEN)
            _label(draw, space, box, locale, ON_ROOM[space.colour])
        elif label in vacant:
            draw.rectangle(box, fill=TINT[space.colour], outline=ROOM[space.colour], width=4)
            reserved = tr(say("reserved"), locale)
            draw.text((box[0] + 8, box[3] - 22), reserved, fill=INK, font=font(12))
            _label(draw, space, box, locale)
        if label in cogwheels:
            _cog(draw, box[2] - 16, box[3] - 16, 11)
    if stars:
        _stars_track(draw, MARGIN + 5 * CELL_W + 20, TOP, stars, locale)
    return image


def _stars_track(draw: Canvas, x0: int, y0: int, tokens: int, locale: str) -> None:
    facts = gah_data().waltz.entrances["nine_stars_inn"]
    per = facts["spaces_per_row"]
    for row, name in enumerate(facts["rows"]):
        y = y0 + row * 60
        draw.text((x0, y + 18), name, fill=INK, font=font(14))
        for col in range(per):
            x = x0 + 30 + col * 46
            box = (x, y + 8, x + 40, y + 48)
            draw.rectangle(box, outline=INK, fill=(255, 255, 255) if col != 1 else (235, 228, 210))
            if row * per + col < tokens:
                _cog(draw, x + 20, y + 28, 15)
        vp = number(facts["row_vp"][name], locale)
        draw.text((x0 + 30 + per * 46 + 6, y + 18), vp, fill=INK, font=font(14))


def gah_board_png(data: dict[str, Any]) -> bytes:
    return png(gah_board(data))
