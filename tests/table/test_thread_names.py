"""A game's thread is named after the game, the opponent this setup plays and the day it began."""

import dataclasses
from datetime import date

import pytest

from bot.games.registry import SPECS
from bot.table.threads import THREAD_NAME, opponent_name, thread_name

DAY = date(2026, 11, 23)


def name_for(key: str, **options: object) -> str:
    spec = SPECS[key]
    chosen = spec.start_options(options)
    state, _ = spec.rules.new_game(chosen, 1)
    return thread_name(spec, chosen, spec.rules.summary(state), DAY)


@pytest.mark.parametrize(
    ("key", "options", "expected"),
    [
        ("glasgow", {}, "Glasgow vs Freddy I · 2026-11-23"),
        ("glasgow", {"freddy": "II"}, "Glasgow vs Freddy II · 2026-11-23"),
        ("gah", {}, "Grand Austria Hotel vs Leopold · 2026-11-23"),
        ("gah", {"modules": "1 3"}, "Grand Austria Hotel vs Elisabeth · 2026-11-23"),
        ("gwt", {"difficulty": "hard"}, "Great Western Trail vs Sam · 2026-11-23"),
        ("waterdeep", {"lord": "Mirt"}, "Lords of Waterdeep vs Pseudo · 2026-11-23"),
        ("alea", {}, "Fifth Avenue vs Alea · 2026-11-23"),
    ],
)
def test_the_thread_is_named_after_game_opponent_and_day(key, options, expected):
    assert name_for(key, **options) == expected


def test_an_opponent_no_option_picks_out_is_left_unnamed():
    spec = SPECS["glasgow"]
    assert opponent_name(spec, {"freddy": "III"}, {}) == ""
    assert thread_name(spec, {"freddy": "III"}, {}, DAY) == "Glasgow · 2026-11-23"


def test_a_long_name_is_clipped_to_discords_limit_and_keeps_its_date():
    spec = dataclasses.replace(SPECS["alea"], opponent="Alea " + "the Magnificent " * 10)
    clipped = thread_name(spec, {}, {}, DAY)
    assert len(clipped) == THREAD_NAME
    assert clipped.startswith("Fifth Avenue vs Alea the Magnificent")
    assert clipped.endswith("Magnificent th · 2026-11-23")
