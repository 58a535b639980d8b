"""The Canvas: a picture laid out in 1× pixels, drawn at 1× exactly as ImageDraw draws it and
at 2× twice as large; it notes the smallest font drawn, which the PNG carries."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageDraw

from bot.core.drawing import SCALES, Canvas, canvas, font, png, smallest_font


def _draw(draw) -> None:
    draw.rectangle((4, 4, 60, 30), fill=(200, 220, 240), outline=(0, 0, 0), width=2)
    draw.text((8, 8), "Zug 7", fill=(0, 0, 0), font=font(14))
    draw.text((8, 34), "klein", fill=(0, 0, 0), font=font(11, bold=True))
    draw.line([(0, 50), (80, 50)], fill=(0, 0, 0), width=3)
    draw.ellipse((60, 30, 76, 46), fill=(255, 0, 0))


def test_at_1x_it_draws_what_imagedraw_draws_and_at_2x_twice_as_large():
    plain = Image.new("RGB", (80, 60), "white")
    _draw(ImageDraw.Draw(plain))
    one, draw = canvas("RGB", (80, 60), "white")
    _draw(draw)
    assert ImageChops.difference(plain, one).getbbox() is None
    two, draw = canvas("RGB", (80, 60), "white", 2)
    _draw(draw)
    assert two.size == (160, 120)
    assert draw.textlength("Zug 7", font=font(14)) == ImageDraw.Draw(plain).textlength(
        "Zug 7", font=font(14)
    )  # measured at 1×: the layout is the same at every scale


def test_the_smallest_font_drawn_travels_in_the_png():
    for scale in SCALES:
        image, draw = canvas("RGB", (80, 60), "white", scale)
        _draw(draw)
        assert smallest_font(png(image)) == 11
    assert smallest_font(png(Image.new("RGB", (4, 4)))) is None


def test_only_the_known_scales():
    with pytest.raises(ValueError):
        Canvas(Image.new("RGB", (4, 4)), 3)


def test_the_pages_accept_the_scales_the_drawers_draw():
    from bot.web.site import SCALES as ASKED

    assert tuple(sorted(ASKED.values())) == SCALES
