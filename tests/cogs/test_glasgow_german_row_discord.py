"""A German reader typing Glasgow's row gets German building and goods names offered, reads
English ones too, and the row built from the offers is accepted (an English reader's offers:
tests/cogs/test_glasgow_discord.py)."""

from tests.cogs.test_grand_austria_discord import embed_text
from tests.cogs.test_status_message_discord import NO_CONTRACT


def values(choices) -> list:
    return [c["value"] for c in choices]


async def test_a_german_reader_is_offered_german_names_for_the_row(table):
    _, channel, alice, _ = table
    await alice.slash(channel, "settings language", choice="de")
    started = await alice.slash(channel, "glasgow start", seed=9)
    first = await alice.select(started.response, [NO_CONTRACT])
    await alice.select(first.response, [NO_CONTRACT])
    typed = await alice.autocomplete(channel, "glasgow row", "buildings", "park:1 la")
    assert values(typed) == ["park:1 la", "park:1 laden:", "park:1 wahrzeichen:"]
    english = await alice.autocomplete(channel, "glasgow row", "buildings", "sh")
    assert values(english) == ["sh", "laden:"]  # an English start still finds its building
    goods = await alice.autocomplete(channel, "glasgow row", "buildings", "fabrik:2:st")
    assert values(goods) == ["fabrik:2:st", "fabrik:2:stein", "fabrik:2:stahl"]
    row = await alice.slash(channel, "glasgow row", buildings="park:1 laden:3 fabrik:2:stahl")
    assert "Reihe von Architekt 1: 1. Park (Kosten 1), 2. Laden (Kosten 3), 3. Stahlfabrik" in (
        embed_text(row)
    )
