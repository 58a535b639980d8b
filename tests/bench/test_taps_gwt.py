"""bench.taps plays Sam's scripted game in German too: the script follows Sam in the English
twin of the game (runner.py), and the German game is the one counted — the same game, so the
same count."""

import pytest

from bench.taps.gwt import GwtPlayer
from bench.taps.runner import play


@pytest.mark.parametrize("locale", ["de"])
async def test_sams_scripted_game_runs_in_german_with_the_english_count(locale):
    english = await play(GwtPlayer())
    german = await play(GwtPlayer(), locale=locale)
    assert german.turns == english.turns > 0
    assert german.taps == english.taps
    assert german.lines == english.lines
