"""The board picture against Pseudo: agents this round, buildings in play and their owners,
Pseudo's quests taken and completed, the score; it comes with `/waterdeep board`, the start
and a reply that changed more than an agent's place; every word in the reader's language."""

from __future__ import annotations

import re

import pytest
from PIL import ImageDraw

from bot.games.waterdeep.data import waterdeep_data
from bot.games.waterdeep.pictures import waterdeep_board_png
from bot.games.waterdeep.spec import RULES, SPEC
from bot.games.waterdeep.state import WaterdeepState
from tests.golden import assert_golden

PLAN = [  # the player's spaces in order of preference, among the free ones
    "blackstaff_tower",
    "the_plinth",
    "field_of_triumph",
    "grinning_lion_tavern",
    "aurora_realms_shop",
    "castle_waterdeep",
    "cliffwatch_inn_1",
    "cliffwatch_inn_2",
    "cliffwatch_inn_3",
    "waterdeep_harbor_1",
]


def seeded_game(commands: int):
    """Seed 2026: the player places by PLAN, buys the Hall's first building with the sixth
    command and answers every question with its first choice. Each reply is kept."""
    data = waterdeep_data()
    st, out = RULES.new_game({"lord": "Durnan"}, 2026)
    replies = [out]
    for n in range(commands):
        ask = st.agenda.ask
        if ask is not None and ask.command == "answer":
            action = {"command": "answer", "pick": ask.choices[0].value}
        elif n == 5:
            first = data.space(st.hall[0].building).name
            action = {"command": "place", "space": "Builder's Hall", "building": first}
        else:
            free = next(s for s in PLAN if s not in st.occupied)
            action = {"command": "place", "space": data.space(free).label}
        st, out = RULES.apply(st, action)
        replies.append(out)
    return st, replies


def test_the_board_command_and_the_start_bring_the_picture():
    st, [started] = seeded_game(0)
    assert started.picture is not None and started.picture.kind == "waterdeep_board"
    board = RULES.show_board(st)
    assert board.picture is not None and SPEC.drawer(board.picture.kind) is not None
    assert board.facts  # the text board stays


def test_a_reply_brings_the_picture_only_when_more_than_an_agent_moved():
    _, replies = seeded_game(6)
    assert replies[1].picture is None  # you and Pseudo each placed an agent: nothing else
    bought = replies[6].picture  # you bought Tower of the Order in Builder's Hall
    assert bought is not None
    owners = {b["name"]: b["owner"] for b in bought.data["buildings"]}
    assert owners["Tower of the Order"] == "you"


def test_the_picture_shows_agents_owners_quests_and_pseudos_vp():
    st, _ = seeded_game(11)
    data = RULES.show_board(st).picture.data
    agents = {s["name"]: s["agent"] for s in data["spaces"] + data["buildings"] if s["agent"]}
    assert agents == {
        "Blackstaff Tower": "pseudo",
        "The Plinth": "you",
        "Field of Triumph": "pseudo",
        "The Grinning Lion Tavern": "you",
        "Tower of the Order": "pseudo",
    }
    assert [b["last"] for b in data["buildings"]] == [False, True]  # his last: your building
    assert [q["name"] for q in data["completed"]] == [
        "Ambush Artor Morlin",
        "Expose Red Wizards' Spies",
    ]
    assert data["pseudo_vp"] == st.pseudo_vp == 29 and data["track"] is None


@pytest.mark.parametrize("locale", ["en", "de"])
def test_the_board_picture_of_a_seeded_game_looks_as_before(locale):
    st, _ = seeded_game(11)
    data = RULES.show_board(st).picture.data
    assert_golden(waterdeep_board_png({**data, "locale": locale}), f"waterdeep-board-{locale}")


def drawn_text(monkeypatch, data: dict) -> list[str]:
    said: list[str] = []
    real = ImageDraw.ImageDraw.text

    def text(self, xy, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        said.append(str(text))
        return real(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    waterdeep_board_png(data)
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", real)
    return said


def printed_names() -> re.Pattern[str]:
    """Names as the cards print them (they stay as our data spells them in German too)."""
    data = waterdeep_data()
    names = {s.label for s in [*data.spaces, *data.buildings]} | {q.name for q in data.quests}
    names |= {"Builder's Hall", "Pseudo"}
    return re.compile("|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)))


ENGLISH = re.compile(
    r"\b(the|his|your|you|and|of|round|agents?|placement|board|buildings?|pile|quests?|taken|"
    r"top|first|completed|score|track|counts?|marker|every|subtracted|kept|tavern|fighter|"
    r"rogue|wizard|cleric|VP|none|for|sale)\b"
)


def test_every_word_of_the_picture_is_in_the_readers_language(monkeypatch):
    st, _ = seeded_game(11)
    finished: WaterdeepState = st.model_copy(deep=True)
    finished.pseudo_vp = 1234
    finished.result = {"score": 2345, "categories": {"score track": 61}, "outcome": "win"}
    data = RULES.show_board(finished).picture.data
    names = printed_names()
    english = drawn_text(monkeypatch, data)
    german = drawn_text(monkeypatch, data | {"locale": "de"})
    stray = [t for t in german if ENGLISH.search(names.sub("", t))]
    assert stray == []
    assert "Pseudos Gebäude · Stapel 2 Schurken" in german
    assert "Kriegsführung · 8 SP" in german and "deine Leiste 61" in german
    # numbers as the reader writes them
    assert "Pseudo 1.234" in german and "Deine Endwertung: 2.345" in german
    assert "Pseudo 1,234" in english and "Your final score: 2,345" in english
    assert not [t for t in english if re.search(r"[äöüß]|\bSP\b", t)]
