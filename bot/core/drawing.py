"""What every picture drawer shares (Pillow): a font that has every letter the bot prints
(DejaVu Sans, which matplotlib ships — found without importing matplotlib), PNG bytes.

Imported only by drawers, which the front-ends import on first use, off the event loop."""

from __future__ import annotations

import importlib.util
import io
from functools import cache
from pathlib import Path

from PIL import Image, ImageFont

FONT_FILE = "DejaVuSans.ttf"
BOLD_FONT_FILE = "DejaVuSans-Bold.ttf"


@cache
def font_path(name: str = FONT_FILE) -> Path | None:
    """DejaVu Sans from matplotlib's data folder (a dependency already), or None."""
    spec = importlib.util.find_spec("matplotlib")
    for folder in (spec.submodule_search_locations or []) if spec else []:
        path = Path(folder) / "mpl-data" / "fonts" / "ttf" / name
        if path.is_file():
            return path
    return None


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    path = font_path(BOLD_FONT_FILE if bold else FONT_FILE)
    if path is not None:
        return ImageFont.truetype(str(path), size)
    try:  # Pillow's own font lacks letters such as ü: only when DejaVu is missing
        return ImageFont.load_default(size=size)
    except (TypeError, OSError):  # a Pillow without FreeType: the small bitmap font
        return ImageFont.load_default()


def png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=1)  # speed over a few kilobytes
    return buffer.getvalue()
