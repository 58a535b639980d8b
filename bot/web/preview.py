"""A link preview's picture (og:image): 1200×630 PNG, the size Discord and others show large
(`summary_large_image`). The page's title and lines on the left, its picture (the board, a
chart) fitted on the right. Drawn with Pillow, off the event loop."""

from __future__ import annotations

import io
import textwrap

from PIL import Image, ImageDraw

from bot.core.drawing import font, png

WIDTH, HEIGHT, PAD = 1200, 630, 48
PAPER, INK, SOFT, BAND = (255, 255, 255), (31, 35, 40), (87, 96, 106), (26, 95, 180)


def preview_png(title: str, lines: list[str], picture: bytes | None = None) -> bytes:
    image = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, 14), fill=BAND)
    text_right = WIDTH - PAD
    if picture is not None:
        board = Image.open(io.BytesIO(picture)).convert("RGB")
        room = (WIDTH // 2 - PAD, HEIGHT - 2 * PAD - 14)
        board.thumbnail(room)
        left = WIDTH - PAD - board.width
        image.paste(board, (left, 14 + PAD + (room[1] - board.height) // 2))
        text_right = left - PAD
    chars = max(16, (text_right - PAD) // 22)
    y = 14 + PAD
    draw.text((PAD, y), "Soloist", fill=SOFT, font=font(28, bold=True))
    y += 52
    for part in textwrap.wrap(title, width=max(12, chars * 3 // 4))[:3]:
        draw.text((PAD, y), part, fill=INK, font=font(48, bold=True))
        y += 60
    y += 12
    for line in lines:
        for part in textwrap.wrap(line, width=chars)[:2]:
            if y > HEIGHT - PAD - 34:
                break
            draw.text((PAD, y), part, fill=INK, font=font(30))
            y += 40
    return png(image)
