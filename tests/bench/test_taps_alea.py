"""Issue 25 for Alea: the scripted two-player game of bench.taps plays its 13 auctions in
three rounds, in at most half the 20 commands and presses it took auction by auction; the same
in German."""

import pytest

from bench.taps.alea import AleaPlayers
from bench.taps.runner import play

BEFORE = 20  # bench.taps on the code before the round: one command per auction


@pytest.mark.parametrize("locale", [None, "de"])
async def test_the_scripted_game_takes_half_the_taps_with_a_round_per_commissioner(locale):
    count = await play(AleaPlayers(), locale=locale)
    assert count.turns == 13
    assert count.taps <= BEFORE / 2, count.lines
    assert sum(line.startswith("/alea round districts:") for line in count.lines) == 3
    assert not any(line.startswith("/alea auction") for line in count.lines)
