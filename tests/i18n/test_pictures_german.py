"""Pictures speak the reader's language too: a drawer gets the reply's locale with its data."""

import os
import sys
from collections import Counter
from typing import Any
from unittest.mock import patch

import pytest

from bot.core.said import Said, unstored
from bot.games.registry import rules_for
from bot.i18n import needs_translation, tr


def test_the_hotel_picture_s_title_has_german():
    rules = rules_for("gah")
    state, _ = rules.new_game({"difficulty": "hard", "emperor_vp_variant": "S2"}, 7)
    picture = rules.picture(state)
    assert picture.kind == "gah_board"
    title = unstored(picture.data["title"])  # a message in its stored form
    assert " round 1 " in title
    assert tr(title, "de") == title.replace("round", "Runde").replace("VP", "SP")


# ------------------------------------------------ a picture's labels said from messages (issue 45)
def _gwt() -> tuple[Any, dict[str, Any]]:
    from bot.games.great_western_trail import pictures
    from bot.games.great_western_trail.spec import RULES
    from tests.games.great_western_trail.test_pictures import seeded_game

    return pictures.gwt_board_png, RULES.show_board(seeded_game().st).picture.data


def _waterdeep() -> tuple[Any, dict[str, Any]]:
    from bot.games.waterdeep import pictures
    from bot.games.waterdeep.spec import RULES
    from tests.games.waterdeep.test_pictures import seeded_game

    st, _ = seeded_game(11)
    return pictures.waterdeep_board_png, RULES.show_board(st).picture.data


def _alea() -> tuple[Any, dict[str, Any]]:
    from bot.games.fifth_avenue import pictures
    from tests.games.fifth_avenue.test_pictures import RULES, after_alea_builds

    state = after_alea_builds()
    district = next(iter(state.districts.values()))
    district.stopped_by, district.removed = "player", 2  # a stop's line too
    return pictures.board_png, RULES.show_board(state).picture.data


def _elisabeth() -> tuple[Any, dict[str, Any]]:
    from bot.games.grand_austria import pictures
    from tests.games.grand_austria.test_pictures import halfway

    return pictures.gah_board_png, halfway("hautel_couture")  # reserved rooms too


def _freddy() -> tuple[Any, dict[str, Any]]:
    from bot.games.glasgow import pictures
    from bot.games.glasgow.spec import RULES
    from tests.games.glasgow.test_game import play_whole_game

    state, _, _ = play_whole_game()
    return pictures.city_png, RULES.picture(state).data


PICTURES = {
    "Sam": _gwt,
    "Pseudo": _waterdeep,
    "Alea": _alea,
    "Elisabeth": _elisabeth,
    "Freddy": _freddy,
}
AS_MESSAGES = set(PICTURES)  # pictures whose every label is said from a message


def labels(opponent: str) -> Counter[Any]:
    """A German picture's labels, as the drawer has them said (`tr`): from a message (`said`)
    or a plain English label matched (`matched`, and which)."""
    drawer, data = PICTURES[opponent]()
    module = sys.modules[drawer.__module__]
    counted: Counter[Any] = Counter()

    def counting(text: str, locale: str) -> str:
        if isinstance(text, Said):
            counted["said"] += 1
        elif needs_translation(str(text)):
            counted["matched"] += 1
            counted[("matched", str(text))] += 1
        return tr(text, locale)

    with patch.object(module, "tr", counting):
        drawer({**data, "locale": "de"})
    return counted


@pytest.mark.parametrize("opponent", list(PICTURES))
def test_a_picture_s_labels_are_said_from_messages(opponent, capsys):
    counted = labels(opponent)
    with capsys.disabled():
        print(f"\n{opponent} picture: {counted['said']} labels said, {counted['matched']} matched")
        if os.environ.get("SOLOIST_SHOW_MATCHED"):
            print("\n".join(f"  {k[1]}" for k in counted if isinstance(k, tuple)))
    assert counted["said"] + counted["matched"] > 1
    if opponent in AS_MESSAGES:
        assert [k[1] for k in counted if isinstance(k, tuple)] == []
