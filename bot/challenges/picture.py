"""A challenge as a picture (Pillow): one row per game, its name above a line of M cells, the
plays so far filled in (a finished game's in green), and over it how far the challenge is and
the pace it needs. 640 pixels wide with 15–24 px text, so a phone shows it readably; words and
numbers in the reader's language (`data["locale"]`)."""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from bot.core.drawing import font, png
from bot.i18n import tr
from bot.i18n.numbers import number
from bot.i18n.plural import count

WIDTH, MARGIN = 640, 20
TOP = 104  # the first row's name
LABEL, CELL, CELL_GAP, GROUP_GAP, ROW_GAP = 24, 22, 3, 7, 12
PER_LINE = 25  # more plays per game wrap onto further lines of cells
INK, MUTED, PAPER = (40, 40, 40), (110, 110, 110), (250, 247, 240)
# Okabe-Ito blue and bluish green: told apart with any colour vision, and from the empty cells
FILLED, FINISHED, EMPTY, EDGE = (0, 114, 178), (0, 158, 115), (255, 255, 255), (190, 190, 190)


def _layout(plays: int) -> tuple[int, int]:
    """(lines of cells per game, cells per line)."""
    lines = math.ceil(plays / PER_LINE)
    return lines, math.ceil(plays / lines)


def _fit(draw: ImageDraw.ImageDraw, text: str, size: int, width: float, bold: bool = False) -> str:
    """`text` cut with … to fit `width` pixels."""
    face = font(size, bold)
    if draw.textlength(text, font=face) <= width:
        return text
    while text and draw.textlength(text + "…", font=face) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _label(row: dict[str, Any], locale: str) -> str:
    if row["game"] is None:
        return tr("any game", locale)
    parts = [row["game"] if row.get("free") else tr(row["game"], locale), row["opponent"]]
    if row["level"]:
        parts.append(tr(row["level"], locale))
    return " · ".join(part for part in parts if part)


def _header(data: dict[str, Any], locale: str) -> tuple[str, str]:
    done, total = number(data["done"], locale), number(data["total"], locale)
    left = number(data["total"] - data["done"], locale)
    counted = tr(f"plays: {done} of {total}, {left} left", locale)
    if data["solo"]:
        counted += " · " + tr("solo plays only", locale)
    state = data["state"]
    if state == "finished":
        pace = f"finished on {data['finished']}"
    elif state == "ended":
        pace = f"ended on {data['end']}, {count(data['total'] - data['done'], 'play')} short"
    elif state == "waiting":
        per_week = count(data["per_week"], "play")  # the catalog writes the number
        pace = f"starts on {data['start']}; then {per_week} a week"
    else:
        per_week = count(data["per_week"], "play")
        pace = f"pace: {per_week} a week to finish by {data['end']}"
    return counted, tr(pace, locale)


def _cells(
    draw: ImageDraw.ImageDraw, y: int, plays: int, filled: int, colour: tuple[int, int, int]
) -> int:
    """One game's cells from `y`; returns the y below them."""
    lines, per_line = _layout(plays)
    groups = (per_line - 1) // 5
    width = (WIDTH - 2 * MARGIN - (per_line - 1) * CELL_GAP - groups * GROUP_GAP) / per_line
    for i in range(plays):
        line, place = divmod(i, per_line)
        x = MARGIN + place * (width + CELL_GAP) + (place // 5) * GROUP_GAP
        top = y + line * (CELL + CELL_GAP)
        fill = colour if i < filled else EMPTY
        draw.rectangle((x, top, x + width, top + CELL), fill=fill, outline=EDGE, width=1)
    return y + lines * (CELL + CELL_GAP)


def challenge_image(data: dict[str, Any]) -> Image.Image:
    locale = data.get("locale", "en")
    plays, rows = int(data["plays"]), data["rows"]
    lines, _ = _layout(plays)
    height = TOP + len(rows) * (LABEL + lines * (CELL + CELL_GAP) + ROW_GAP) + MARGIN
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    name = _fit(draw, data["name"], 24, WIDTH - 2 * MARGIN, bold=True)
    draw.text((MARGIN, 14), name, fill=INK, font=font(24, bold=True))
    counted, pace = _header(data, locale)
    draw.text((MARGIN, 50), _fit(draw, counted, 16, WIDTH - 2 * MARGIN), fill=INK, font=font(16))
    draw.text((MARGIN, 74), _fit(draw, pace, 16, WIDTH - 2 * MARGIN), fill=INK, font=font(16))
    y = TOP
    for row in rows:
        done = row["count"] >= plays
        count = f"{number(row['count'], locale)}/{number(plays, locale)}" + (" ✓" if done else "")
        right = WIDTH - MARGIN
        draw.text((right, y), count, fill=INK, font=font(16, bold=True), anchor="ra")
        room = right - MARGIN - draw.textlength(count, font=font(16, bold=True)) - 12
        shade = MUTED if row["game"] is None else INK
        draw.text((MARGIN, y), _fit(draw, _label(row, locale), 16, room), fill=shade, font=font(16))
        y = _cells(draw, y + LABEL, plays, row["count"], FINISHED if done else FILLED)
        y += ROW_GAP
    return image


def challenge_png(data: dict[str, Any]) -> bytes:
    return png(challenge_image(data))
