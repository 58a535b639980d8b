"""A server challenge's standings as a picture (Pillow): one bar per player, the margin over the
opponent drawn from a zero line (right for more than the opponent, left for less), rank and
name before it, the reader's own bar marked. The table service hands over plain data (user ids,
margins, scores); the front-end adds the players' names and the reader's language before it is
drawn off the event loop (bot/table/pictures.py)."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from bot.core.drawing import font, png
from bot.i18n import tr
from bot.i18n.numbers import number

WIDTH, MARGIN, ROW, TOP = 640, 20, 30, 64
NAMES = 220  # room for "12. name" left of the bars
INK, PAPER, AXIS, BAND = (40, 40, 40), (250, 247, 240), (120, 120, 120), (250, 222, 160)
# Okabe-Ito: blue ahead of the opponent, vermilion behind, told apart by lightness too
AHEAD, BEHIND = (0, 114, 178), (213, 94, 0)
NAME_CHARS = 24


def _signed(value: int, locale: str) -> str:
    return ("+" if value > 0 else "−" if value < 0 else "±") + number(abs(value), locale)


def standings_image(data: dict[str, Any]) -> Image.Image:
    locale = data.get("locale", "en")
    rows = data["rows"]
    names = {str(k): str(v) for k, v in (data.get("names") or {}).items()}
    you = data.get("you")
    height = TOP + ROW * len(rows) + 40
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    draw.text((MARGIN, 12), str(data.get("title", "")), fill=INK, font=font(18, bold=True))
    caption = tr("margin over the opponent, best attempt of each player", locale)
    draw.text((MARGIN, 38), caption, fill=INK, font=font(13))
    margins = [int(margin) for _, margin, _ in rows]
    low, high = min(0, *margins), max(0, *margins)
    span = (high - low) or 1
    left, right = MARGIN + NAMES, WIDTH - MARGIN - 56
    zero = left + (0 - low) / span * (right - left)
    for rank, (user, margin, _score) in enumerate(rows, start=1):
        y = TOP + (rank - 1) * ROW
        if you is not None and int(user) == int(you):
            draw.rectangle((MARGIN - 6, y, WIDTH - MARGIN + 6, y + ROW - 2), fill=BAND)
        name = names.get(str(user), f"#{rank}")
        name = name if len(name) <= NAME_CHARS else name[: NAME_CHARS - 1] + "…"
        bold = you is not None and int(user) == int(you)
        draw.text(
            (MARGIN, y + ROW // 2), f"{rank}. {name}", fill=INK, font=font(14, bold), anchor="lm"
        )
        end = left + (int(margin) - low) / span * (right - left)
        x0, x1 = sorted((zero, end))
        draw.rectangle(
            (x0, y + 6, max(x1, x0 + 2), y + ROW - 8), fill=AHEAD if margin >= 0 else BEHIND
        )
        label_at = (max(x1, zero) + 6, y + ROW // 2)
        draw.text(label_at, _signed(int(margin), locale), fill=INK, font=font(13), anchor="lm")
    bottom = TOP + ROW * len(rows)
    draw.line((zero, TOP - 4, zero, bottom), fill=AXIS, width=1)
    draw.text((zero, bottom + 4), "0", fill=INK, font=font(12), anchor="ma")
    return image


def standings_png(data: dict[str, Any]) -> bytes:
    return png(standings_image(data))
