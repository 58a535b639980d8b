"""Pseudo's refusals are built as messages (issue 45, Deliver 1): each keeps its key, the German
catalog's exact English template, and is said from it; English unchanged."""

from __future__ import annotations

import pytest

from bot.core.errors import SoloistError, said_as
from bot.games.waterdeep.lookup import find_intrigue, find_quest
from bot.i18n import tr


@pytest.mark.parametrize(
    ("run", "english", "german"),
    [
        (
            lambda: find_quest("zzzzzzzzzzzzzzzzzzz"),
            "`zzzzzzzzzzzzzzzzzzz` is no quest of the base game.",
            "`zzzzzzzzzzzzzzzzzzz` ist kein Auftrag des Grundspiels.",
        ),
        (
            lambda: find_intrigue("zzzzzzzzzzzzzzzzzzz"),
            "`zzzzzzzzzzzzzzzzzzz` is no intrigue card of the base game.",
            "`zzzzzzzzzzzzzzzzzzz` ist keine Intrigenkarte des Grundspiels.",
        ),
    ],
)
def test_a_refusal_is_said_from_its_key(run, english: str, german: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SoloistError) as refused:
        run()
    said = said_as(refused.value)
    assert said is not None, f"matched, not built as a message: {refused.value}"
    assert str(refused.value) == english
    assert tr(said, "de") == german


def test_an_unknown_quest_gets_the_nearest_ones_said_from_the_key() -> None:
    with pytest.raises(SoloistError) as refused:
        find_quest("Recruit Lieutenxx")
    said = said_as(refused.value)
    assert said is not None
    assert said.key == "`{text}` is no quest of the base game; nearest: {names}."
    assert tr(said, "de").startswith("`Recruit Lieutenxx` ist kein Auftrag des Grundspiels; am ")
