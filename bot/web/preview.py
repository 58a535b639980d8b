"""A link preview's picture (og:image): 1200×630 PNG, the size Discord and others show large
(`summary_large_image`). The page's title and lines on the left, its picture (the board, a
chart) fitted on the right. Drawn with Pillow, off the event loop.

Its text is plain (the caller passes lines without marks: bot/web/markup.py `plain`), wrapped
at word boundaries by the width the font really draws; a line that does not fit in its room
ends at a word with an ellipsis, and a word too long for a line makes its line's type
smaller: nothing is cut mid-word."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw, ImageFont

from bot.core.drawing import font, png

WIDTH, HEIGHT, PAD = 1200, 630, 48
PAPER, INK, SOFT, BAND = (255, 255, 255), (31, 35, 40), (87, 96, 106), (26, 95, 180)
ELLIPSIS = "…"
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


def width_of(text: str, face: Font) -> float:
    return ImageDraw.Draw(Image.new("RGB", (1, 1))).textlength(text, font=face)


def wrap(text: str, room: float, face: Font, most: int) -> list[str] | None:
    """`text` in at most `most` lines no wider than `room`, broken between words; its last
    line ends with an ellipsis after a whole word when the rest does not fit. None when a
    single word is wider than `room` (the caller takes a smaller type)."""
    words = text.split()
    lines: list[str] = []
    current = ""
    for word in words:
        if width_of(word, face) > room:
            return None
        tried = f"{current} {word}" if current else word
        if width_of(tried, face) <= room:
            current = tried
            continue
        lines.append(current)
        current = word
        if len(lines) == most:  # no room for the rest: end the last line with an ellipsis
            last = lines[-1].split()
            while last and width_of(" ".join(last) + ELLIPSIS, face) > room:
                last.pop()
            lines[-1] = " ".join(last) + ELLIPSIS if last else ELLIPSIS
            return lines
    if current:
        lines.append(current)
    return lines


def fitted(
    text: str, room: float, size: int, most: int, bold: bool = False
) -> tuple[Font, list[str]]:
    """The largest type from `size` down (to half of it) in which `text` wraps with no word
    cut, and its lines."""
    smallest = max(10, size // 2)
    for at in range(size, smallest - 1, -2):
        face = font(at, bold=bold)
        lines = wrap(text, room, face, most)
        if lines is not None:
            return face, lines
    face = font(smallest, bold=bold)
    return face, [text]  # a word wider than the picture even so: shown whole, running off


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
    room_x = text_right - PAD
    y = 14 + PAD
    draw.text((PAD, y), "Soloist", fill=SOFT, font=font(28, bold=True))
    y += 52
    face, parts = fitted(title, room_x, 48, 2, bold=True)
    for part in parts:
        draw.text((PAD, y), part, fill=INK, font=face)
        y += int(getattr(face, "size", 48) * 1.25)
    y += 12
    bottom = HEIGHT - PAD
    for line in lines:
        face, parts = fitted(line, room_x, 30, 3)
        step = int(getattr(face, "size", 30) * 1.33)
        room_lines = (bottom - y) // step
        if room_lines <= 0:
            break
        if len(parts) > room_lines:  # the picture's foot: the rest of the line after a word
            parts = wrap(line, room_x, face, room_lines) or parts[:room_lines]
        for part in parts:
            draw.text((PAD, y), part, fill=INK, font=face)
            y += step
        y += 6
    return png(image)
