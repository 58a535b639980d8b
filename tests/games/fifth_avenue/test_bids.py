"""Alea's bid: drawn until a value repeats, the repeat included; exact odds by enumeration."""

import math
from fractions import Fraction

import pytest

from bot.core.errors import InputError
from bot.games.fifth_avenue.bids import (
    beat_chance,
    check_sequence,
    distribution,
    parse_cards,
    simulate,
)
from bot.games.fifth_avenue.data import alea_data

FULL = alea_data().black_counts
POSSIBLE = {8, 10, 12, 13, 14, 16, 17, 19, 20, 21}


def test_every_possible_bid_is_one_of_the_ten_totals():
    assert set(distribution(FULL)) == POSSIBLE


def test_exact_distribution_sums_to_one_and_matches_the_full_deck_table():
    dist = distribution(FULL)
    assert sum(dist.values()) == 1
    table = {b: Fraction(p) for b, p in alea_data().full_deck_distribution.items()}
    assert dist == table


def test_exact_distribution_agrees_with_a_seeded_simulation_of_200000_draws():
    n = 200_000
    dist, sim = distribution(FULL), simulate(FULL, n, seed=2024)
    assert set(sim) <= POSSIBLE
    for bid, p in dist.items():
        sigma = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(sim.get(bid, 0.0) - float(p)) < 4.5 * sigma, bid


def test_known_bottom_cards_make_the_bid_certain_once_the_unseen_cards_run_out():
    assert distribution({4: 0, 5: 0, 6: 0}, [6, 4, 6]) == {16: 1}
    # one unseen card (a 5), then 5 4 from the bottom: 5 then 5 repeats -> 10
    assert distribution({5: 1}, [5, 4]) == {10: 1}


def test_chance_to_beat_excludes_ties():
    dist = {8: Fraction(1, 2), 12: Fraction(1, 2)}
    assert beat_chance(dist, 8) == Fraction(1, 2)
    assert beat_chance(dist, 7) == 1


@pytest.mark.parametrize("cards", [[5, 4, 6, 5], [4, 4], [6, 5, 6], [4, 5, 6, 4]])
def test_legal_sequences(cards):
    check_sequence(cards)


@pytest.mark.parametrize(
    "text", ["5 4 6", "4 4 5", "5 7 5", "4", "", "5 4 6 5 4", "a b", "4 5 6 4 4"]
)
def test_illegal_sequences_are_rejected(text):
    with pytest.raises(InputError):
        parse_cards(text)
