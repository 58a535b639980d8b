"""No reply prints a Python literal — `[]`, `{}`, `None`, `True`/`False`, a quoted repr like
`['a']` or `{'k': 1}` — over a seeded full game of every opponent, in English and German,
including `/game status` and `/game history` after the end."""

from __future__ import annotations

import re

import pytest

from tests.i18n.test_german_games import played
from tests.i18n.walks import OPPONENTS

LITERAL = re.compile(
    r"\[\]|\{\}|\(\)|\bNone\b|\bTrue\b|\bFalse\b"  # empty containers, Python's constants
    r"|[:=]\[|\[['\"]|\[\d+, |\{['\"]"  # a list or dict repr: :[2], ['a', [2, 3], {'k'
    r"|\w+=['\"\w]+(?:, \w+=)"  # a dataclass or model repr: Choice(option=3, reason=…)
)


def literals(text: str) -> list[str]:
    return LITERAL.findall(text)


def the_check_finds_what_python_prints() -> None:
    assert literals("start seed:3 players:[] — Glasgow") == [":["]
    assert literals("Lager: []") == ["[]"]
    assert literals("players:[2]") == [":["]
    assert literals("dice [1, 2]") == ["[1, "]
    assert literals("{'you': 3}") == ["{'"]
    assert literals("done: None · False") == ["None", "False"]
    assert literals("Choice(option=3, reason='x')") == ["option=3, reason="]
    assert literals("**1.** `/gah turn queue:Y3 B0` — Leopold [1] [2] (+1) {Y3}") == []
    assert literals("Knöpfe (drück N): [1] Zug  [2] Runde") == []


@pytest.mark.parametrize("opponent", list(OPPONENTS))
async def test_no_reply_of_a_whole_game_prints_a_python_literal(db, opponent):
    the_check_finds_what_python_prints()
    game = await played(db, opponent)
    for locale in ("en", "de"):
        found = [f"{typed} → {line[:160]}" for typed, line in game.lines(locale) if literals(line)]
        assert found == [], locale
