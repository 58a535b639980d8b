"""The challenge's picture: a row of M cells per game, filled as far as it counts, the open
places of any games marked, its words and numbers the reader's, readable on a phone."""

from datetime import date

import pytest
from PIL import Image

from bot.challenges.picture import WIDTH, challenge_image, challenge_png
from bot.challenges.progress import Play, progress
from bot.challenges.terms import Terms
from bot.challenges.text import picture_data
from bot.logbook.timezones import EPOCH
from tests.golden import assert_golden
from tests.golden.drawn import drawn, english_left, fonts_with_every_letter

SAME = {"Great", "Western", "Trail", "Edition", "Glasgow", "Lords", "Waterdeep", "Solo", "Five"}
FILLED, FINISHED, EMPTY = (0, 114, 178), (0, 158, 115), (255, 255, 255)


def day(text: str) -> int:
    return (date.fromisoformat(text) - EPOCH).days


def five_by_five(today: str = "2026-07-02", solo: bool = True) -> dict:
    """Any 5 games × 5 plays, solo: Great Western Trail done, Glasgow 2, two places open."""
    terms = Terms("Five by five", 5, 5, day("2026-01-01"), day("2026-12-31"), None, solo)
    plays = [Play(day("2026-02-01"), "gwt", "Sam", "hard", False)] * 6
    plays += [Play(day("2026-03-01"), "glasgow", "Freddy II", None, False)] * 2
    plays += [Play(day("2026-03-02"), "waterdeep", "Pseudo", None, False)]
    return picture_data(progress(terms, plays, day(today)))


def cells(image: Image.Image, row: int, plays: int) -> list[tuple[int, int, int]]:
    """The colour in the middle of each cell of the `row`th game (one line of cells)."""
    y = 104 + row * (24 + 25 + 12) + 24 + 11
    step = (WIDTH - 40) / plays
    return [image.getpixel((int(20 + step * (i + 0.5)), y)) for i in range(plays)]


def test_each_game_fills_as_many_cells_as_count_and_a_finished_game_turns_green():
    image = challenge_image(five_by_five() | {"locale": "en"})
    assert cells(image, 0, 5) == [FINISHED] * 5  # six plays of Great Western Trail: capped
    assert cells(image, 1, 5) == [FILLED] * 2 + [EMPTY] * 3
    assert cells(image, 3, 5) == [EMPTY] * 5  # an open place


def test_the_picture_says_what_is_done_the_pace_and_names_the_open_places():
    said = [t.text for t in drawn(challenge_png, five_by_five() | {"locale": "en"})]
    assert said == [
        "Five by five",
        "plays: 8 of 25, 17 left · solo plays only",
        "pace: 0.7 plays a week to finish by 2026-12-31",  # 17 plays in 183 days
        "5/5 ✓",
        "Great Western Trail (2nd edition)",
        "2/5",
        "Glasgow",
        "1/5",
        "Lords of Waterdeep",
        "0/5",
        "any game",
        "0/5",
        "any game",
    ]


def test_the_german_picture_writes_german_words_and_numbers_in_a_font_with_every_letter():
    english = drawn(challenge_png, five_by_five() | {"locale": "en"})
    german = drawn(challenge_png, five_by_five() | {"locale": "de"})
    said = [t.text for t in german]
    assert said[1:3] == [
        "Partien: 8 von 25, 17 offen · nur Solo-Partien",
        "Tempo: 0,7 Partien pro Woche, um bis 2026-12-31 fertig zu werden",
    ]
    assert said.count("beliebiges Spiel") == 2 and "Great Western Trail (2nd edition)" in said
    assert english_left(german, english, SAME) == set()
    assert fonts_with_every_letter(german + english)


@pytest.mark.parametrize(
    ("today", "line"),
    [
        ("2025-12-01", "starts on 2026-01-01; then 0.4 plays a week"),
        ("2027-01-05", "ended on 2026-12-31, 17 plays short"),
    ],
)
def test_before_its_start_and_after_its_end_the_picture_says_so(today, line):
    said = [t.text for t in drawn(challenge_png, five_by_five(today) | {"locale": "en"})]
    assert said[2] == line


def test_a_long_name_is_cut_to_fit_and_many_plays_wrap_onto_lines_of_cells():
    data = five_by_five() | {"locale": "de", "name": "W" * 40, "plays": 60}
    texts = drawn(challenge_png, data)
    assert texts[0].text.endswith("…") and texts[0].box[2] <= WIDTH - 20
    assert all(t.box[2] <= WIDTH - 20 for t in texts)
    image = challenge_image(data)
    assert image.size == (WIDTH, 104 + 5 * (24 + 3 * 25 + 12) + 20)  # 60 cells: 3 lines of 20


@pytest.mark.parametrize("locale", ["en", "de"])
def test_five_games_any_two_open_look_as_they_did(locale):
    assert_golden(challenge_png(five_by_five() | {"locale": locale}), f"challenge-5x5-{locale}")
