"""Issue 25 for Freddy II: the scripted game of bench.taps reports a turn in one line (both
actions with the rows, the storage with the last building), in at most half the 49 commands
and presses it took before; the same in German."""

import pytest

from bench.taps.glasgow import FreddyII
from bench.taps.glasgow_prompted import FreddyPrompted
from bench.taps.prompted import play_prompted
from bench.taps.runner import play

BEFORE = 49  # bench.taps on the code before issue 25
NOW = 12  # a turn's actions with its builds in one line, the start and the final goods


@pytest.mark.parametrize("locale", [None, "de"])
async def test_the_scripted_game_against_freddy_ii_takes_one_line_per_report(locale):
    count = await play(FreddyII(), locale=locale)
    assert count.turns == 8
    assert count.taps <= NOW <= BEFORE / 2, count.lines
    assert not any(line.startswith(("/glasgow row", "/glasgow room")) for line in count.lines)
    assert sum(line.startswith("/glasgow action") for line in count.lines) == 6


@pytest.mark.parametrize("locale", ["en", "de"])
async def test_a_reading_player_takes_at_most_two_lines_a_freddy_turn(locale):
    """Issue 45: the prompt-reading player (it reads only the replies, takes the offered line
    with its likely values, slips one line in ten) reports Freddy's turn in two lines or
    fewer over the whole game, the start, its slips and the final goods counted: the builds
    come with the turn's actions, Freddy's ties go to his suggested cells as offered."""
    count = await play_prompted(FreddyPrompted(), locale=locale)
    assert count.turns == 8
    assert count.per_turn <= 2, count.lines  # the Done-when (2.88 before)
    assert count.per_turn <= 1.5, count.lines  # measured 1.25: each turn one line but two
    assert count.unclear == 0, count.refusals
    actions = [
        line for line in count.lines if line.startswith(("/glasgow action", "/glasgow aktion"))
    ]
    assert sum(" at:" in line or " auf:" in line for line in actions) >= 3  # builds with actions
