"""The hotel picture: every word in the reader's language, labels legible on an occupied room,
golden images in English and German of seeded games halfway through."""

import pytest

from bot.games.grand_austria import pictures
from bot.games.grand_austria.data import gah_data
from bot.games.grand_austria.pictures import ROOM, gah_board_png
from tests.golden import assert_golden
from tests.golden.drawn import contrast, drawn, english_left, fonts_with_every_letter

from .helpers import DICE, QUEUES, RULES, new_with

SAME = {"Leopold", "Elisabeth", "III"}  # names, the stars track's row III


def halfway(entrance: str) -> dict:
    """The picture's data after three rounds of a seeded game with this entrance."""
    state = new_with("3", entrance, seed=11)
    i = 0
    while state.round < 4:
        i += 1
        if state.pending is None and state.turns_this_round == 2:
            state, _ = RULES.apply(state, {"command": "round_end"})
        else:
            action = {"command": "turn", "queue": QUEUES[i % 4]}
            if state.pending is None or state.pending.dice is None:
                action["dice"] = DICE
            state, _ = RULES.apply(state, action)
    return RULES.picture(state).data


def draw(data: dict, locale: str):
    pictures._empty_board.cache_clear()  # the empty board's words are drawn once per language
    return drawn(gah_board_png, {**data, "locale": locale})


@pytest.mark.parametrize("entrance", ["nine_stars_inn", "hautel_couture"])
def test_the_german_hotel_picture_has_no_english_word_and_a_font_with_every_letter(entrance):
    data = halfway(entrance)
    english, german = draw(data, "en"), draw(data, "de")
    said = {t.text for t in german}
    assert ("Sterneleiste" in said) == (entrance == "nine_stars_inn")
    assert ("reserviert" in said) == (entrance == "hautel_couture")
    assert english_left(german, english, SAME) == set()
    assert fonts_with_every_letter(german + english)


def test_an_occupied_room_s_labels_read_on_its_colour():
    data = halfway("nine_stars_inn")
    gah_board_png(data)  # the empty board is drawn now, so what is captured is drawn on it
    texts = drawn(gah_board_png, data)
    rooms = [s for s in gah_data().spaces if s.label in data["hotel"]]
    assert {s.colour for s in rooms} == {"blue", "red", "yellow"}
    for space in rooms:
        x0, y0, x1, y1 = pictures._cell(space)
        inside = [t for t in texts if x0 <= t.box[0] and t.box[2] <= x1 and y0 <= t.box[1] <= y1]
        assert space.label in {t.text for t in inside}
        for text in inside:
            assert contrast(text.fill, ROOM[space.colour]) >= 4.5, (space.label, text.text)


@pytest.mark.parametrize("locale", ["en", "de"])
@pytest.mark.parametrize("entrance", ["nine_stars_inn", "hautel_couture", "sushi_resort"])
def test_the_hotel_halfway_looks_as_it_did(entrance, locale):
    png = gah_board_png({**halfway(entrance), "locale": locale})
    assert_golden(png, f"gah-{entrance.replace('_', '-')}-{locale}")
