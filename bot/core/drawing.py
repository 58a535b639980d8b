"""What every picture drawer shares (Pillow): a font that has every letter the bot prints
(DejaVu Sans, which matplotlib ships — found without importing matplotlib), PNG bytes, and a
`Canvas` that draws a picture laid out in 1× pixels at a pixel ratio (1× or 2×).

Imported only by drawers, which the front-ends import on first use, off the event loop."""

from __future__ import annotations

import importlib.util
import io
from functools import cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont
from PIL.PngImagePlugin import PngInfo

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
    """The picture as PNG bytes, with the smallest font its `Canvas` drew (if any)."""
    buffer = io.BytesIO()
    info = None
    if SMALLEST_FONT in image.info:
        info = PngInfo()
        info.add_text(SMALLEST_FONT, str(image.info[SMALLEST_FONT]))
    image.save(buffer, format="PNG", compress_level=1, pnginfo=info)  # speed over kilobytes
    return buffer.getvalue()


# ------------------------------------------------------------------ drawing at a pixel ratio
SCALES = (1, 2)  # the pixel ratios a picture is drawn at: 1×, and 2× for sharp high-DPI screens
SMALLEST_FONT = "soloist-smallest-font"  # the PNG text chunk: the smallest font drawn, 1× px


def canvas(
    mode: str, size: tuple[int, int], colour: Any, scale: int = 1
) -> tuple[Image.Image, Canvas]:
    """A new picture of `size` 1× pixels drawn at `scale`, and its `Canvas`."""
    image = Image.new(mode, (size[0] * scale, size[1] * scale), colour)
    return image, Canvas(image, scale)


class Canvas:
    """Pillow's ImageDraw, given every size in 1× pixels and drawing at `scale` (2: twice the
    pixels each way, the same layout). Coordinates, line widths, radii and fonts are
    multiplied; `textlength` measures at 1×, so a layout decided from it (a wrapped line, a
    shrunk font, a width) is the same at every scale and the picture exactly `scale` times
    the 1× one. At scale 1 it draws exactly what ImageDraw would.

    It notes the smallest font it drew, in 1× pixels, in the image's `info` (`png` writes it
    into the file as a text chunk: `smallest_font` reads it back)."""

    def __init__(self, image: Image.Image, scale: int = 1) -> None:
        if scale not in SCALES:
            raise ValueError(f"scale {scale!r}: not one of {SCALES}")
        self.image = image
        self.scale = scale
        self.draw = ImageDraw.Draw(image)

    def _xy(self, xy: Any) -> Any:
        s = self.scale
        if s == 1:
            return xy
        if xy and isinstance(xy[0], (int, float)):
            return tuple(v * s for v in xy)
        return [tuple(v * s for v in point) for point in xy]

    def _font(self, used: Any) -> Any:
        if used is None:
            return None
        size = getattr(used, "size", None)
        if size is not None:
            known = self.image.info.get(SMALLEST_FONT)
            self.image.info[SMALLEST_FONT] = size if known is None else min(int(known), size)
        return used if self.scale == 1 or size is None else _variant(used, size * self.scale)

    def text(self, xy: Any, text: str, fill: Any = None, font: Any = None, **kw: Any) -> None:
        self.draw.text(self._xy(xy), text, fill=fill, font=self._font(font), **kw)

    def textlength(self, text: str, font: Any = None) -> float:
        return self.draw.textlength(text, font=font)

    def rectangle(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        self.draw.rectangle(self._xy(xy), fill=fill, outline=outline, width=width * self.scale)

    def rounded_rectangle(
        self, xy: Any, radius: float = 0, fill: Any = None, outline: Any = None, width: int = 1
    ) -> None:
        self.draw.rounded_rectangle(
            self._xy(xy), radius * self.scale, fill=fill, outline=outline, width=width * self.scale
        )

    def ellipse(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        self.draw.ellipse(self._xy(xy), fill=fill, outline=outline, width=width * self.scale)

    def line(self, xy: Any, fill: Any = None, width: int = 0) -> None:
        self.draw.line(self._xy(xy), fill=fill, width=width * self.scale)

    def polygon(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        self.draw.polygon(self._xy(xy), fill=fill, outline=outline, width=width * self.scale)

    def regular_polygon(
        self, circle: tuple[float, float, float], sides: int, fill: Any = None, outline: Any = None
    ) -> None:
        self.draw.regular_polygon(self._xy(circle), sides, fill=fill, outline=outline)


@cache
def _variant(used: Any, size: int) -> Any:
    """`used` (one of `font`'s, kept for good) at `size` pixels."""
    return used.font_variant(size=size)


def smallest_font(data: bytes) -> int | None:
    """The smallest font a picture's `Canvas` drew, in 1× pixels, from its PNG bytes."""
    with Image.open(io.BytesIO(data)) as image:
        found = image.info.get(SMALLEST_FONT)
    return int(found) if found is not None else None
