"""Alea's bid: black cards turned one after another until a value repeats; the repeat counts.

The exact distribution of the next bid is computed by enumerating every draw sequence over the
stack's unseen composition (without replacement), continuing into the cards known to lie at the
bottom when the unseen part runs out.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

from bot.core.errors import InputError, RuleError
from bot.core.said import say
from bot.core.tokens import number, words

VALUES = (4, 5, 6)
CARD = re.compile(r"[0-9]")  # one ASCII digit: `²` passes str.isdigit() but is no card


def bid_total(cards: Sequence[int]) -> int:
    return sum(cards)


def check_sequence(cards: Sequence[int]) -> None:
    """A legal bid: values 4 to 6, stopping at the first value that repeats an earlier one."""
    if any(v not in VALUES for v in cards):
        raise InputError(say("Black cards show 4, 5 or 6."))
    seen: set[int] = set()
    for i, value in enumerate(cards):
        if value in seen:
            if i != len(cards) - 1:
                raise InputError(
                    f"Alea stops at the first repeat: {' '.join(map(str, cards[: i + 1]))} "
                    "is his whole bid."
                )
            return
        seen.add(value)
    raise InputError(say("Keep turning cards: Alea's bid ends with a value already turned."))


def parse_cards(text: str) -> list[int]:
    tokens = words(text.replace("+", " "), limit=12)
    if not tokens or not all(CARD.fullmatch(t) for t in tokens):
        raise InputError(say("Give the black cards in the order turned, like `5 4 6 5`."))
    cards = [number(t, what="black card", high=9) for t in tokens]
    check_sequence(cards)
    return cards


def distribution(unseen: dict[int, int], then: Sequence[int] = ()) -> dict[int, Fraction]:
    """P(bid = b) when the top of the stack is a shuffle of `unseen`, followed by `then`."""
    result: dict[int, Fraction] = {}
    order = tuple(VALUES)

    def go(counts: tuple[int, ...], seen: frozenset[int], total: int, p: Fraction, k: int) -> None:
        n = sum(counts)
        if n:
            draws = [
                (order[i], Fraction(c, n), (*counts[:i], c - 1, *counts[i + 1 :]), k)
                for i, c in enumerate(counts)
                if c
            ]
        elif k < len(then):
            draws = [(then[k], Fraction(1), counts, k + 1)]
        else:
            raise RuleError(say("The black stack would run out before Alea's bid is complete."))
        for value, q, rest, nk in draws:
            if value in seen:
                result[total + value] = result.get(total + value, Fraction(0)) + p * q
            else:
                go(rest, seen | {value}, total + value, p * q, nk)

    go(tuple(unseen.get(v, 0) for v in order), frozenset(), 0, Fraction(1), 0)
    return dict(sorted(result.items()))


def beat_chance(dist: dict[int, Fraction], bid: int) -> Fraction:
    """The chance that Alea's bid is higher than `bid` (a tie leaves him out, rule 4.1)."""
    return sum((p for b, p in dist.items() if b > bid), Fraction(0))


def simulate(unseen: dict[int, int], draws: int, seed: int) -> dict[int, float]:
    """A seeded Monte Carlo estimate, for checking the exact numbers and for the benchmark."""
    rng = random.Random(seed)
    stack = [v for v, c in sorted(unseen.items()) for _ in range(c)]
    tally: Counter[int] = Counter()
    for _ in range(draws):
        seen: set[int] = set()
        total = 0
        for value in rng.sample(stack, 4):  # a bid never needs more than four cards
            total += value
            if value in seen:
                break
            seen.add(value)
        tally[total] += 1
    return {b: tally[b] / draws for b in sorted(tally)}
