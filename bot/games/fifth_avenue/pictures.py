"""Fifth Avenue's pictures, drawn with Pillow. The chart of Alea's next bid: one bar per
possible bid with its chance, the bars above the bid asked about dark, and the bid he made in
the latest auction marked by a labelled band. The board: each district's line with Alea's
skyscrapers drawn beside it, a building stop greyed, the open auction's district framed.
`view.odds_picture` and `view.board_picture` hand over plain data; the words and numbers are
the reader's (`data["locale"]`)."""

from __future__ import annotations

from typing import Any

from PIL import Image

from bot.core.drawing import Canvas, canvas, font, png
from bot.core.said import say, unstored
from bot.i18n import tr
from bot.i18n.numbers import number, percent

WIDTH, HEIGHT, MARGIN = 640, 380, 24
LINE, PLOT_BOTTOM = 24, 326  # a legend line's height; the bars stand on PLOT_BOTTOM
INK, PAPER, AXIS = (40, 40, 40), (250, 247, 240), (120, 120, 120)
# Okabe-Ito colours: told apart with any colour vision, and by lightness alone
ABOVE, REST = (0, 114, 178), (170, 180, 190)
BAND, BAND_EDGE = (250, 222, 160), (230, 159, 0)


def _swatch(draw: Canvas, y: int, fill: tuple[int, ...], edge: Any = None) -> None:
    draw.rectangle((MARGIN, y + 2, MARGIN + 14, y + 16), fill=fill, outline=edge, width=2)


def odds_image(data: dict[str, Any]) -> Image.Image:
    locale = data.get("locale", "en")
    bars = {int(b): float(p) for b, p in data["bars"]}
    above, last = data.get("above"), data.get("last")
    marked = int(last["total"]) if last else None
    values = [*bars, *([marked] if marked is not None else [])]
    low, high = min(values), max(values)
    image, draw = canvas("RGB", (WIDTH, HEIGHT), PAPER, int(data.get("scale", 1)))
    draw.text((MARGIN, 12), tr("Alea's next bid", locale), fill=INK, font=font(18, bold=True))
    y = 44
    if above is not None:
        _swatch(draw, y, ABOVE)
        chance = percent(data["chance"], locale)
        line = f"dark bars: more than {number(above, locale)}, together {chance}"
        draw.text((MARGIN + 22, y), tr(line, locale), fill=INK, font=font(14))
        y += LINE
    if last:
        _swatch(draw, y, BAND, BAND_EDGE)
        line = f"orange band: his last bid, {number(marked, locale)} in {last['district']}"
        draw.text((MARGIN + 22, y), tr(line, locale), fill=INK, font=font(14))
        y += LINE
    plot_top = y + 36  # room for the band's label and the tallest bar's

    slot = (WIDTH - 2 * MARGIN) / (high - low + 1)
    tallest = max(bars.values(), default=0) or 1
    for value in range(low, high + 1):
        x0 = MARGIN + (value - low) * slot
        middle = x0 + slot / 2
        if value == marked:
            draw.rectangle(
                (x0 + 1, plot_top - 22, x0 + slot - 1, PLOT_BOTTOM),
                fill=BAND,
                outline=BAND_EDGE,
                width=2,
            )
            label = tr("last bid", locale)
            draw.text((middle, plot_top - 26), label, fill=INK, font=font(13), anchor="md")
        if value in bars:
            top = PLOT_BOTTOM - bars[value] / tallest * (PLOT_BOTTOM - plot_top)
            fill = ABOVE if above is None or value > above else REST
            draw.rectangle((x0 + slot * 0.18, top, x0 + slot * 0.82, PLOT_BOTTOM), fill=fill)
            shown = number(bars[value] * 100, locale, 1)
            draw.text((middle, top - 3), shown, fill=INK, font=font(12), anchor="md")
        draw.text(
            (middle, PLOT_BOTTOM + 6), number(value, locale), fill=INK, font=font(14), anchor="ma"
        )
    draw.line((MARGIN, PLOT_BOTTOM, WIDTH - MARGIN, PLOT_BOTTOM), fill=AXIS, width=1)
    caption = tr("Alea's bid; above each bar its chance in %", locale)
    draw.text((WIDTH // 2, HEIGHT - 12), caption, fill=INK, font=font(13), anchor="md")
    return image


def odds_png(data: dict[str, Any]) -> bytes:
    return png(odds_image(data))


# ---------------------------------------------------------------------------------- the board
BOARD_WIDTH, ROW_GAP, TOWER = 520, 10, 18
TOWER_FILL, STOPPED, FRAME = (60, 60, 70), (225, 222, 215), (230, 159, 0)


def _wrapped(draw: Canvas, text: str, size: int, width: int) -> list[str]:
    """`text` in lines no wider than `width` at `size`, broken between words only."""
    lines: list[str] = []
    for word in text.split(" "):
        tried = f"{lines[-1]} {word}" if lines else word
        if lines and draw.textlength(tried, font=font(size)) <= width:
            lines[-1] = tried
        else:
            lines.append(word)
    return lines


def board_image(data: dict[str, Any]) -> Image.Image:
    locale = data.get("locale", "en")
    scale = int(data.get("scale", 1))
    measure = Canvas(Image.new("RGB", (1, 1)))
    inner = BOARD_WIDTH - 2 * MARGIN - 16
    title = _wrapped(measure, tr(say("Fifth Avenue: Alea, the third bidder"), locale), 20, inner)
    header = _wrapped(measure, tr(unstored(data["header"]), locale), 16, inner)
    rows = []
    for name, towers, stopped, line in data["districts"]:
        text = _wrapped(measure, tr(unstored(line), locale), 16, inner)
        rows.append((name, int(towers), bool(stopped), text))
    row_heights = [
        len(text) * 21 + (TOWER + 8 if towers else 0) + 12 for _, towers, _, text in rows
    ]
    top = 12 + len(title) * 26 + len(header) * 21 + 12
    height = top + sum(row_heights) + ROW_GAP * len(rows) + MARGIN
    image, draw = canvas("RGB", (BOARD_WIDTH, height), PAPER, scale)
    y = 12
    for part in title:
        draw.text((MARGIN, y), part, fill=INK, font=font(20, bold=True))
        y += 26
    for part in header:
        draw.text((MARGIN, y), part, fill=INK, font=font(16))
        y += 21
    y = top
    for (name, towers, stopped, text), row_height in zip(rows, row_heights, strict=True):
        box = (MARGIN, y, BOARD_WIDTH - MARGIN, y + row_height)
        framed = name == data.get("auction")
        draw.rectangle(
            box,
            fill=STOPPED if stopped else (255, 255, 255),
            outline=FRAME if framed else AXIS,
            width=4 if framed else 1,
        )
        at = y + 6
        for part in text:
            draw.text((MARGIN + 8, at), part, fill=INK, font=font(16))
            at += 21
        for n in range(towers):  # one square per skyscraper of Alea's
            x = MARGIN + 8 + n * (TOWER + 5)
            draw.rectangle((x, at + 4, x + TOWER, at + 4 + TOWER), fill=TOWER_FILL)
        y += row_height + ROW_GAP
    return image


def board_png(data: dict[str, Any]) -> bytes:
    return png(board_image(data))
