"""bench.taps against Alea plays the whole game to its real end (bench/taps/alea_game.py: the
players' turns, the commissioners, the supply row): a round per commissioner's return, each
hidden bid opened once (a tap, counted), the supply row's end told; the same in German."""

import pytest

from bench.taps.alea import AleaPlayers
from bench.taps.runner import play


@pytest.mark.parametrize("locale", [None, "de"])
async def test_the_scripted_game_plays_to_the_supply_rows_end_a_round_per_return(locale):
    count = await play(AleaPlayers(), locale=locale)
    rounds = sum(line.startswith("/alea round districts:") for line in count.lines)
    assert rounds >= 4 and count.turns >= 3 * rounds
    assert count.reveals == count.turns  # every auction's hidden bid, opened once
    assert "/alea supply-empty" in count.lines
    assert not any(line.startswith("/alea auction") for line in count.lines)
    assert count.taps <= 2 * rounds + count.reveals + 3  # start, supply-empty, end
