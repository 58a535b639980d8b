"""Pictures print German (and every other letter the catalogs use) with a font that has it:
Pillow's own default font drew 'Lokführer' as 'Lokf?hrer'."""

from __future__ import annotations

from fontTools.ttLib import TTFont
from PIL import ImageFont

from bot.core.drawing import BOLD_FONT_FILE, font, font_path

GERMAN = "ÄÖÜäöüß„“–€·×"


def test_the_font_is_a_real_truetype_file():
    assert font_path() is not None
    assert isinstance(font(14), ImageFont.FreeTypeFont)


def test_the_font_has_every_german_letter():
    for name in (None, BOLD_FONT_FILE):
        path = font_path() if name is None else font_path(name)
        assert path is not None
        cmap = TTFont(str(path)).getBestCmap()
        missing = [letter for letter in GERMAN if ord(letter) not in cmap]
        assert not missing, f"{path.name} lacks {missing}"
