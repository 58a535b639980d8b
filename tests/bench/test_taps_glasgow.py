"""Issue 25 for Freddy II: the scripted game of bench.taps reports a turn in one line (both
actions with the rows, the storage with the last building), in at most half the 49 commands
and presses it took before; the same in German."""

import pytest

from bench.taps.glasgow import FreddyII
from bench.taps.runner import play

BEFORE = 49  # bench.taps on the code before issue 25
NOW = 17  # one line per turn's actions, one per build, the start and the final goods


@pytest.mark.parametrize("locale", [None, "de"])
async def test_the_scripted_game_against_freddy_ii_takes_one_line_per_report(locale):
    count = await play(FreddyII(), locale=locale)
    assert count.turns == 8
    assert count.taps <= NOW <= BEFORE / 2, count.lines
    assert not any(line.startswith(("/glasgow row", "/glasgow room")) for line in count.lines)
    assert sum(line.startswith("/glasgow action") for line in count.lines) == 6
