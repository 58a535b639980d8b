"""The odds chart of Alea's next bid: the bid he made in the latest auction is marked and
labelled; its words and numbers are the reader's (67,5 % in German); golden images."""

import re

import pytest

from bot.games.fifth_avenue.pictures import board_png, odds_png
from bot.games.fifth_avenue.spec import SPEC
from tests.golden import assert_golden
from tests.golden.drawn import drawn, english_left, fonts_with_every_letter

from .test_alea import RULES, new, play

SAME = {"Alea", "Times", "Square", "Central", "Park", "Chance"}  # names, a German word


def after_an_auction(result: str = "overbid"):
    """Alea bids 19 (4 5 6 4) for Times Square, and is overbid (or wins and builds)."""
    state = new("physical")
    state, _ = play(state, command="auction", district="Times Square", high_bid=9, cards="4 5 6 4")
    state, _ = play(state, command="result", outcome=result)
    return state


def centre(text) -> float:
    return (text.box[0] + text.box[2]) / 2


def test_the_chart_marks_the_bid_alea_made_in_the_last_auction_above_its_value():
    picture = RULES.odds(after_an_auction(), 12, None).picture
    assert picture.kind == "alea_odds"
    assert picture.data["last"] == {"district": "Times Square", "total": 19}
    texts = drawn(odds_png, {**picture.data, "locale": "en"})
    said = {t.text: t for t in texts}
    assert "orange band: his last bid, 19 in Times Square" in said
    [tick] = [t for t in texts if t.text == "19" and t.box[1] > said["last bid"].box[1]]
    assert abs(centre(said["last bid"]) - centre(tick)) <= 1


def test_the_next_auction_moves_the_mark_and_a_new_game_has_none():
    state = new("virtual", seed=3)
    assert RULES.odds(state, None, None).picture.data["last"] is None
    texts = {t.text for t in drawn(odds_png, RULES.odds(state, None, None).picture.data)}
    assert "last bid" not in texts
    state, out = play(state, command="auction", district="Central Park", high_bid=30)
    bid = int(re.search(r"bids \*\*(\d+)\*\*", "\n".join(out.facts))[1])
    assert RULES.odds(state, None, None).picture.data["last"] == {
        "district": "Central Park",
        "total": bid,
    }


def test_the_german_chart_writes_german_words_and_numbers_in_a_font_with_every_letter():
    data = RULES.odds(after_an_auction(), 12, None).picture.data
    english = drawn(odds_png, {**data, "locale": "en"})
    german = drawn(odds_png, {**data, "locale": "de"})
    assert "dark bars: more than 12, together 67.5%" in {t.text for t in english}
    said = {t.text for t in german}
    assert {"dunkle Balken: mehr als 12, zusammen 67,5\u00a0%", "letztes Gebot", "14,8"} <= said
    assert not [t for t in said if re.search(r"\d\.\d", t)]
    assert english_left(german, english, SAME) == set()
    assert fonts_with_every_letter(german + english)


@pytest.mark.parametrize("locale", ["en", "de"])
def test_the_odds_after_an_auction_look_as_they_did(locale):
    data = RULES.odds(after_an_auction(), 12, None).picture.data
    assert_golden(odds_png({**data, "locale": locale}), f"alea-odds-{locale}")


# ------------------------------------------------------------------ the board
def after_alea_builds():
    """Alea wins Times Square with 19 (4 5 6 4) and builds there."""
    state = after_an_auction("passed")
    while state.agenda.ask is not None and "plots" in state.agenda.ask.text():
        state, _ = play(state, command="build", plots="3 2")
    return state


def test_the_board_picture_is_a_png_of_each_district_with_alea_s_skyscrapers():
    state = after_alea_builds()
    out = RULES.show_board(state)
    assert out.picture.kind == "alea_board"
    [times] = [d for d in out.picture.data["districts"] if d[0] == "Times Square"]
    towers = state.districts["Times Square"].alea_skyscrapers
    assert towers > 0 and times[1] == towers
    png = SPEC.drawer("alea_board")({**out.picture.data, "locale": "en"})
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    texts = {t.text for t in drawn(SPEC.drawer("alea_board"), out.picture.data)}
    assert f"Alea in Times Square: {towers}" in texts
    assert len([t for t in texts if t.startswith("Alea in ")]) == len(state.districts)


def test_the_german_board_picture_writes_german():
    data = RULES.show_board(after_alea_builds()).picture.data
    english = drawn(board_png, {**data, "locale": "en"})
    german = drawn(board_png, {**data, "locale": "de"})
    assert "Fifth Avenue: Alea, der dritte Bieter" in {t.text for t in german}
    assert english_left(german, english, SAME | {"Fifth", "Avenue", "St", "West", "East"}) == set()
    assert fonts_with_every_letter(german + english)
