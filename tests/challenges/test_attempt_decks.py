"""Later attempts are not free practice (issue 41, N4): attempt k of every player shares one
deck, drawn from the challenge's secret and k, so attempt 2 is not attempt 1 again, and two
players' attempts 2 meet the same opponent. The join and the terms say how attempts rank."""

from __future__ import annotations

import re

import pytest

from bot.console import Console, render_text
from bot.core.secrecy import SECRET_CEILING, SECRET_FLOOR, attempt_seed, is_secret
from bot.store.models import GameRow
from tests.challenges.test_secret_kept import SECRET, entries
from tests.looks import looking
from tests.test_console import Transcript, make_console


@pytest.fixture(autouse=True)
def fixed_secret(monkeypatch):
    monkeypatch.setattr("bot.table.contests.secret_seed", lambda: SECRET)


CARD = re.compile(r"card \*\*(#?\d+[^*]*)\*\*")


async def open_two(db) -> tuple[Transcript, Transcript]:
    host = await make_console(db)
    opened = await host.execute(
        "/challenge open game:gwt name:Spring days:7 options:difficulty:hard attempts:2"
    )
    assert opened.ok, opened.text
    assert "How attempts rank: each player's best attempt ranks." in opened.text
    assert "Attempt 1 of every player shares one deck, attempt 2 another" in opened.text
    one = Transcript(Console(host.bot, user_id=11, channel_id=111, admin=False))
    two = Transcript(Console(host.bot, user_id=12, channel_id=112, admin=False))
    return one, two


async def first_cards(t: Transcript, db) -> list[str]:
    """Join; the opponent's first card of this attempt and the order of his deck after it;
    then abandon it."""
    joined = await t.run("/challenge join")
    assert "each player's best attempt ranks" in render_text(joined)
    drawn = await t.run("/gwt turn table:same jobs:6:CB 6:E 7:- token:3")
    async with looking(db) as session:
        row = await session.get(GameRow, drawn.game_id)
        deck = row.state["deck"]["draw_pile"]
    await t.run("/game abandon")
    return [*CARD.findall(render_text(drawn))[:1], *map(str, deck)]


async def test_attempt_two_draws_another_deck_and_the_same_as_anothers_attempt_two(db):
    one, two = await open_two(db)
    first, second = await first_cards(one, db), await first_cards(one, db)
    assert len(first) == len(second) > 10
    assert first[0] != second[0] and first != second  # attempt 2 is not attempt 1 again
    theirs = [await first_cards(two, db), await first_cards(two, db)]
    assert theirs == [first, second]  # attempt k is the same for everyone
    assert sorted((e.user_id, e.attempt) for e in await entries(db)) == [
        (11, 1),
        (11, 2),
        (12, 1),
        (12, 2),
    ]
    host = Console(one.console.bot, user_id=1, channel_id=1)
    closed = await host.execute("/challenge close")
    assert f"Attempt 2 played a deck of its own, seed {attempt_seed(SECRET, 2)}" in closed.text


def test_each_attempts_seed_is_a_secret_of_its_own():
    seeds = [attempt_seed(SECRET, k) for k in range(1, 6)]
    assert seeds[0] == SECRET and len(set(seeds)) == 5
    assert all(is_secret(s) and SECRET_FLOOR <= s < SECRET_CEILING for s in seeds)
