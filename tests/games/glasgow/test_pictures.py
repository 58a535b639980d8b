"""The city's picture: it comes when the city changed and on `/glasgow board`, not with every
answer; its corner marks hide no label; its words are the reader's; golden images in English
and German of a whole seeded game's city."""

import pytest

from bot.games.glasgow.pictures import CORNER, city_png
from bot.games.glasgow.spec import RULES
from tests.games.glasgow.test_game import play_whole_game
from tests.golden import assert_golden
from tests.golden.drawn import capturing, drawn, english_left, fonts_with_every_letter, overlaps

SMALL_CITY = {
    "cells": [
        [3, 4, "bank", "freddy", "gold"],
        [4, 4, "landmark", "you", "7 VP"],
        [4, 5, "factory", "freddy", "whisky"],
    ],
    "title": "Glasgow · round 1, turn 2 · Freddy II",
}
# names, and words German spells as English does
SAME = {"Glasgow", "Freddy", "Park", "Bank", "Gold", "Whisky", "orange"}


def replies(monkeypatch, freddy: str) -> list[tuple[int, int, object]]:
    """Every reply of a whole seeded game: the buildings before and after, and its picture."""
    seen = []
    apply = RULES.apply

    def counting(state, action):
        new, out = apply(state, action)
        seen.append((len(state.city), len(new.city), out.picture))
        return new, out

    with monkeypatch.context() as patched:
        patched.setattr(RULES, "apply", counting)
        play_whole_game(freddy=freddy)
    return seen


@pytest.mark.parametrize("freddy", ["I", "II"])
def test_the_city_picture_comes_with_each_change_of_the_city_and_with_no_other_answer(
    monkeypatch, freddy
):
    seen = replies(monkeypatch, freddy)
    changed = [before != after for before, after, _ in seen]
    pictured = [picture is not None for _, _, picture in seen]
    assert pictured == changed  # each changed city gets one; a contract or a row gets none
    # 20 and 17 pictures; before, every one of the 48 and 43 replies brought one
    assert 15 <= sum(pictured) <= 20 and len(seen) >= 40


def test_the_board_command_draws_the_city_and_the_status_does_not():
    state, _, _ = play_whole_game()
    board = RULES.show_board(state)
    assert board.picture is not None and len(board.picture.data["cells"]) == 20
    assert RULES.describe(state).picture is None


@pytest.mark.parametrize("data", [SMALL_CITY, "whole game"], ids=["small", "whole"])
def test_the_corner_marks_hide_no_label(data):
    if data == "whole game":
        state, _, _ = play_whole_game()
        data = RULES.picture(state).data
    for locale in ("en", "de"):
        with capturing() as (texts, shapes):
            city_png({**data, "locale": locale})
        corners = [s for s in shapes if s.fill == CORNER]
        assert len(corners) >= 4  # one mark (a triangle, an angle's two legs) at each corner
        covered = [t.text for t in texts for c in corners if overlaps(t.box, c.box)]
        assert covered == []


def test_the_german_picture_has_no_english_word_and_a_font_with_every_letter():
    state, _, _ = play_whole_game()
    data = RULES.picture(state).data
    english = drawn(city_png, {**data, "locale": "en"})
    german = drawn(city_png, {**data, "locale": "de"})
    assert {"Wahrzeichen", "Wohnhaus", "deins", "9 SP"} <= {t.text for t in german}
    assert english_left(german, english, SAME) == set()
    assert fonts_with_every_letter(german + english)
    assert min(t.font.size for t in german) >= 11  # the longest German word still reads


@pytest.mark.parametrize("locale", ["en", "de"])
def test_the_city_of_a_whole_seeded_game_looks_as_it_did(locale):
    state, _, _ = play_whole_game()
    assert_golden(
        city_png({**RULES.picture(state).data, "locale": locale}), f"glasgow-city-{locale}"
    )


@pytest.mark.parametrize("locale", ["en", "de"])
def test_a_small_city_looks_as_it_did(locale):
    assert_golden(city_png({**SMALL_CITY, "locale": locale}), f"glasgow-small-city-{locale}")
