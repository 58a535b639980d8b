"""The standings chart of a server challenge (Pillow): a bar per player from a zero line, the
reader's own bar marked, its words and numbers in the reader's language; golden images."""

import io

import pytest
from PIL import Image

from bot.challenges.chart import standings_image, standings_png
from tests.golden import assert_golden

DATA = {
    "id": 3,
    "title": "Winter in Vienna",
    "rows": [[1, 1250, 1300], [2, 3, 70], [3, -7, 60]],
    "you": 2,
    "names": {"1": "alice", "2": "bob", "3": "a very long name that will not fit at all"},
}


@pytest.mark.parametrize("locale", ["en", "de"])
def test_the_standings_chart_matches_its_golden_image(locale):
    assert_golden(standings_png(DATA | {"locale": locale}), f"challenge-standings-{locale}")


def test_bars_go_right_for_a_lead_left_for_a_deficit_and_mark_the_reader():
    image = standings_image(DATA | {"locale": "en"}).convert("RGB")
    row = lambda rank: 64 + (rank - 1) * 30 + 15  # noqa: E731  (the middle of a row)
    ahead, behind, band = (0, 114, 178), (213, 94, 0), (250, 222, 160)
    first = [image.getpixel((x, row(1))) for x in range(image.width)]
    third = [image.getpixel((x, row(3))) for x in range(image.width)]
    assert first.count(ahead) > 200 and behind not in first  # +1250: a long bar, right
    assert third.count(behind) > 0 and ahead not in third  # −7: a short bar, left
    assert image.getpixel((16, row(2))) == band and image.getpixel((16, row(1))) != band


def test_the_chart_has_a_row_per_player():
    small = Image.open(io.BytesIO(standings_png(DATA | {"rows": DATA["rows"][:1]})))
    big = Image.open(io.BytesIO(standings_png(DATA)))
    assert big.height - small.height == 2 * 30
