"""What every picture drawer shares (Pillow): a font that works everywhere, PNG bytes.

Imported only by drawers, which the front-ends import on first use, off the event loop."""

from __future__ import annotations

import io
from functools import cache

from PIL import Image, ImageFont


@cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    try:
        return ImageFont.load_default(size=size)
    except (TypeError, OSError):  # a Pillow without FreeType: the small bitmap font
        return ImageFont.load_default()


def png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=1)  # speed over a few kilobytes
    return buffer.getvalue()
