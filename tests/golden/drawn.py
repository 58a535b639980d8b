"""What a picture drawer writes, captured at `ImageDraw.text`: each string with its box and font,
so a test can ask whether the words are the reader's, whether the font has their letters and
whether anything is drawn over them."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from unittest.mock import patch

from PIL import ImageDraw

from bot.core.drawing import BOLD_FONT_FILE, FONT_FILE

Box = tuple[float, float, float, float]
WORD = re.compile(r"[^\W\d_]{3,}")


@dataclass
class Drawn:
    text: str
    box: Box
    font: Any
    fill: Any


@dataclass
class Shape:
    """A polygon or a line's segment drawn in `fill`, by its bounding box."""

    kind: str
    fill: Any
    box: Box


@contextmanager
def capturing() -> Iterator[tuple[list[Drawn], list[Shape]]]:
    texts: list[Drawn] = []
    shapes: list[Shape] = []
    text, polygon, line = (
        ImageDraw.ImageDraw.text,
        ImageDraw.ImageDraw.polygon,
        ImageDraw.ImageDraw.line,
    )

    def on_text(self: ImageDraw.ImageDraw, xy: Any, string: str, *args: Any, **kw: Any) -> None:
        box = self.textbbox(xy, string, font=kw.get("font"), anchor=kw.get("anchor"))
        texts.append(Drawn(string, box, kw.get("font"), kw.get("fill")))
        text(self, xy, string, *args, **kw)

    def outline(kind: str, points: Any, fill: Any, width: int = 0) -> None:
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        pad = width / 2
        shapes.append(
            Shape(kind, fill, (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad))
        )

    def on_polygon(
        self: ImageDraw.ImageDraw, xy: Any, fill: Any = None, *a: Any, **kw: Any
    ) -> None:
        outline("polygon", xy, fill)
        polygon(self, xy, fill, *a, **kw)

    def on_line(
        self: ImageDraw.ImageDraw, xy: Any, fill: Any = None, width: int = 0, **kw: Any
    ) -> None:
        points = xy if isinstance(xy[0], tuple) else list(zip(xy[::2], xy[1::2], strict=True))
        for segment in itertools.pairwise(points):  # an angle is two segments
            outline("line", segment, fill, width)
        line(self, xy, fill, width, **kw)

    with (
        patch.object(ImageDraw.ImageDraw, "text", on_text),
        patch.object(ImageDraw.ImageDraw, "polygon", on_polygon),
        patch.object(ImageDraw.ImageDraw, "line", on_line),
    ):
        yield texts, shapes


def drawn(drawer: Callable[[dict[str, Any]], Any], data: dict[str, Any]) -> list[Drawn]:
    """The strings `drawer` writes for `data`."""
    with capturing() as (texts, _):
        drawer(data)
    return texts


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """The WCAG contrast ratio of two sRGB colours (1 to 21; 4.5 reads as body text)."""

    def luminance(colour: tuple[int, int, int]) -> float:
        linear = [
            c / 255 / 12.92 if c <= 10 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in colour
        ]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def words(texts: list[Drawn]) -> set[str]:
    return {w.casefold() for t in texts for w in WORD.findall(t.text)}


def english_left(german: list[Drawn], english: list[Drawn], same: set[str]) -> set[str]:
    """Words of the English picture that the German one still prints, but for `same` (names
    and words both languages spell alike: `Park`, `Freddy`)."""
    return (words(german) & words(english)) - {w.casefold() for w in same}


def fonts_with_every_letter(texts: list[Drawn]) -> bool:
    """Every string is drawn in DejaVu Sans (bot.core.drawing.font), not Pillow's own font."""
    names = {FONT_FILE, BOLD_FONT_FILE}
    return all(Path(getattr(t.font, "path", "")).name in names for t in texts)
