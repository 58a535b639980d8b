"""Sam's board picture: the trail (reconstructed) with his herder where his steps can have
taken him, the railroad with his engine and stations, his buildings; every word in the
reader's language and numbers in its format."""

from __future__ import annotations

import re

import pytest
from PIL import ImageDraw

from bot.games.great_western_trail.data import gwt_data
from bot.games.great_western_trail.pictures import gwt_board_png
from bot.games.great_western_trail.spec import RULES, SPEC
from bot.games.great_western_trail.trail import HAZARD_SPACES
from tests.games.great_western_trail.helpers import Play, start
from tests.golden import assert_golden


def seeded_game() -> Play:
    """Five turns of a seeded game: engine to station 1, a building, Kansas City (herder back
    at the start), #15 to station 3, another building, a hire; your engine last said `S2`."""
    p = Play(start("medium", "engineer", seed=5))
    p("turn", card=6, engine="2")
    p("turn", herder="trail", table="same", card=4)
    p("turn", herder="trail", table="same", card=12, buildings=2)
    p("turn", herder="kansas_city")
    p("turn", card=15, engine="S2")
    p("turn", herder="trail", table="same", card=11)
    p("turn", herder="trail", table="same", card=1, jobs="6:CB 6:E 7:BB", token=3)
    return p


def test_sams_herder_counts_his_steps_and_goes_back_to_the_start_in_kansas_city():
    p = Play(start("medium", "engineer", seed=5))
    assert p.st.board.herder == 0
    p("turn", card=6, engine="2")  # #6 moves 2 steps
    assert p.st.board.herder == 2
    p("turn", herder="trail", table="same", card=4)  # #4 moves 2 more
    assert p.st.board.herder == 4
    p("turn", herder="trail", table="same", card=12, buildings=2)  # your 2 buildings: 2 steps
    assert p.st.board.herder == 6
    p("turn", herder="kansas_city")  # delivered, then back to the start of the trail
    assert p.st.board.herder == 0 and p.st.board.deliveries == ["Bloomington"]


def test_the_trail_passes_every_neutral_building_but_d_on_the_way_to_kansas_city():
    trail = gwt_data().trail
    assert trail.uncertain  # reconstructed, and the picture says so
    kinds = [s.kind for s in trail.spaces]
    assert [s.id for s in trail.spaces if s.kind == "neutral"] == list("ABCDEFG")
    for hazard in ("flood", "drought", "rockfall"):
        assert [s.hazard for s in trail.spaces].count(hazard) == HAZARD_SPACES
    assert kinds.count("start") == kinds.count("kansas_city") == 1
    # D has a way round it (C's private spaces), so only six neutral buildings are on every route
    assert trail.passes() == ["start", "A", "B", "C", "E", "F", "G", "kansas_city"]


def test_after_one_step_the_herder_stands_on_a_and_never_past_the_next_neutral_building():
    trail = gwt_data().trail
    column = trail.columns()
    assert trail.herder_columns(0) == (0, 0)
    assert trail.herder_columns(1) == (column["A"], column["A"])
    # 2 steps: at least 2 locations on, at most on B (A and B always count as a step)
    assert trail.herder_columns(2) == (2, column["B"])
    assert trail.herder_columns(4) == (4, column["E"])  # past C, not D: C1-C2 may be empty
    assert trail.herder_columns(30)[1] == column["kansas_city"]


def test_the_picture_data_holds_the_herder_the_engines_and_the_buildings():
    p = seeded_game()
    data = RULES.show_board(p.st).picture.data
    assert data["herder"] == 5 and data["buildings"] == [1, 2]
    assert (data["engine_station"], data["stations"]) == (3, [1, 3])
    assert data["your_engine"] == {"space": gwt_data().station(2).space, "station": 2}


@pytest.mark.parametrize("locale", ["en", "de"])
def test_the_board_picture_of_a_seeded_game_looks_as_before(locale):
    data = RULES.show_board(seeded_game().st).picture.data
    drawer = SPEC.drawer("gwt_board")
    assert drawer is not None
    assert_golden(drawer({**data, "locale": locale}), f"gwt-board-{locale}")


def drawn_text(monkeypatch, data: dict) -> list[str]:
    said: list[str] = []
    real = ImageDraw.ImageDraw.text

    def text(self, xy, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        said.append(str(text))
        return real(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    gwt_board_png(data)
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", real)
    return said


NAMES = re.compile(r"Kansas City|KC|Sam|Bloomington|#\d+")
ENGLISH = re.compile(
    r"\b(the|his|and|of|since|steps?|space|station|engine|railroad|herder|buildings?|builders?|"
    r"engineers?|hazards?|outlaws?|risk|discs?|supply|deliveries|objectives|cattle|none|yours?|"
    r"VP|marked|stretch|number|placed|replaced|reconstructed|turn|medium)\b"
)


def test_every_word_of_the_picture_is_in_the_readers_language(monkeypatch):
    data = RULES.show_board(seeded_game().st).picture.data | {"objectives": 1234}
    english = drawn_text(monkeypatch, data)
    german = drawn_text(monkeypatch, data | {"locale": "de"})
    stray = [t for t in german if ENGLISH.search(NAMES.sub("", t))]
    assert stray == []
    assert "Sams Viehtreiber: 5 Schritte seit dem Anfang, im markierten Abschnitt" in german
    assert "Sams Lok: Bahnhof 3 · deine: Bahnhof 2 (wie zuletzt gemeldet)" in german
    assert "Lokführer" in german and "4SP" in german and "9 SP" in german
    # numbers as the reader writes them
    assert "Aufträge: 1.234   Banditen: keine" in german
    assert "Objectives: 1,234   outlaws: none" in english
    assert not [t for t in english if re.search(r"[äöüß]|\bSP\b", t)]
