"""Autocomplete narrows what a game offers to what the player has typed, in their language."""

from types import SimpleNamespace

from bot.games.grand_austria import suggest
from cogs.base import MAX_CHOICES, choices


def reader(locale: str):  # type: ignore[no-untyped-def]
    async def locale_for(_interaction) -> str:  # type: ignore[no-untyped-def]
        return locale

    return SimpleNamespace(client=SimpleNamespace(locale_for=locale_for))


async def test_what_the_player_typed_narrows_the_offer_by_label_or_value():
    offer = suggest.ballroom_answers(None)
    assert [c.value for c in await choices(reader("en"), offer, "2")] == [
        "2",
        "1 2",
        "2 3",
        "1 2 3",
    ]
    assert [c.value for c in await choices(reader("en"), offer, "NONE")] == ["none"]


async def test_labels_are_shown_and_matched_in_the_reader_s_language_at_most_25():
    offer = [("yellow", "Y"), ("green", "G")]
    german = await choices(reader("de"), offer, "gelb")
    assert [(c.name, c.value) for c in german] == [("gelb", "Y")]
    many = [(f"#{n}", n) for n in range(40)]
    assert len(await choices(SimpleNamespace(client=SimpleNamespace()), many)) == MAX_CHOICES
