"""A picture of Sam's board (Pillow): three worker rows of six spaces with the specialization
marked, then his buildings, stations, deliveries and the tiles and cards he took. Its words are
in `data["locale"]` when a front-end passes the reader's language (English otherwise)."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from bot.drawing import font, png
from bot.i18n import ENGLISH, tr

W, ROW_H, CELL, MARGIN = 560, 44, 40, 16
INK, PAPER, EMPTY = (40, 30, 20), (246, 238, 222), (200, 190, 170)
COLOURS = {"cowboy": (196, 120, 52), "builder": (70, 120, 190), "engineer": (90, 90, 90)}
SPEC = (210, 170, 40)
VP = {"de": "4SP"}  # a scoring space's mark (Siegpunkte)


def gwt_board_png(data: dict[str, Any]) -> bytes:
    locale = str(data.get("locale") or ENGLISH)
    lines = _lines(data, locale)
    height = MARGIN * 2 + 30 + 3 * ROW_H + 8 + 22 * len(lines)
    image = Image.new("RGB", (W, height), PAPER)
    draw = ImageDraw.Draw(image)
    title = tr(str(data.get("title", "Sam")), locale)
    draw.text((MARGIN, MARGIN), title, fill=INK, font=font(18))
    top = MARGIN + 30
    for i, worker in enumerate(("cowboy", "builder", "engineer")):
        y = top + i * ROW_H
        count = int(data["workers"].get(worker, 0))
        label = tr(f"{worker}s", locale)
        if data.get("specialization") == worker:
            draw.rounded_rectangle((MARGIN - 4, y - 2, MARGIN + 104, y + CELL + 2), 6, fill=SPEC)
        draw.text((MARGIN, y + 12), label, fill=INK, font=font(14))
        for space in range(6):
            x = MARGIN + 110 + space * (CELL + 6)
            box = (x, y, x + CELL, y + CELL)
            if space < count:
                draw.rounded_rectangle(box, 6, fill=COLOURS[worker], outline=INK)
            else:
                draw.rounded_rectangle(box, 6, outline=EMPTY, width=2)
            if space >= 4:
                draw.text((x + 10, y + CELL - 14), VP.get(locale, "4VP"), fill=INK, font=font(10))
        draw.text((MARGIN + 110 + 6 * (CELL + 6) + 6, y + 12), str(count), fill=INK, font=font(14))
    y = top + 3 * ROW_H + 8
    for line in lines:
        draw.text((MARGIN, y), line, fill=INK, font=font(14))
        y += 22
    return png(image)


def _lines(data: dict[str, Any], locale: str = ENGLISH) -> list[str]:
    def listed(values: list[Any], prefix: str = "") -> str:
        return ", ".join(f"{prefix}{v}" for v in values) or "none"

    outlaws = list(data["outlaws"])
    counted = ", ".join(f"{outlaws.count(c)} {c}" for c in ("green", "orange") if c in outlaws)
    lines = [
        f"Buildings: {listed(data['buildings'], '#')}",
        f"Stations: {listed(data['stations'])}   discs in supply: {data['discs']}",
        f"Deliveries: {listed(data['deliveries'])}",
        f"Objectives: {data['objectives']}   outlaws: {counted or 'none'}",
        f"Hazards (VP): {listed(data['hazards'])}   cattle (VP): {listed(data['cattle'])}",
    ]
    return [tr(line, locale) for line in lines]
