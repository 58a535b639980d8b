"""Alea's cards seen so far, for a game's page: each auction's black cards, in the order he
turned them, read from the facts the auctions wrote (an auction played alone, or one of a
round's once its result came in). A round's hidden bids are not read: they are shown behind
spoilers when the round opens, and are no cards turned yet."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

# auction.py's bid: "Auction for **District**: Alea turns 5 + 4 + 5 and bids **14**."
_ALONE = re.compile(
    r"Auction for \*\*(?P<district>[^*]+)\*\*: Alea turns (?P<cards>\d(?: \+ \d)*) and bids"
)
# rounds.py's auction of a round: "**District**: Alea bid 14 (5 4 5) and did not win."
_IN_ROUND = re.compile(r"\*\*(?P<district>[^*]+)\*\*: Alea bid \d+ \((?P<cards>\d(?: \d)*)\) and ")


def bids(facts: Sequence[str]) -> list[tuple[str, list[int]]]:
    """(district, cards turned) of each auction so far, oldest first."""
    found = []
    for fact in facts:
        match = _ALONE.match(fact) or _IN_ROUND.match(fact)
        if match is not None:
            cards = [int(c) for c in re.findall(r"\d", match.group("cards"))]
            found.append((match.group("district"), cards))
    return found


def seen(state: Any, facts: Sequence[str]) -> list[str]:
    turned = bids(facts)
    if not turned:
        return ["Alea has turned no black card yet."]
    lines = [
        f"Auction {n}, {district}: Alea turned **{' '.join(map(str, cards))}**, bid {sum(cards)}."
        for n, (district, cards) in enumerate(turned, start=1)
    ]
    every = [card for _, cards in turned for card in cards]
    fours, fives, sixes = (every.count(v) for v in (4, 5, 6))
    lines.append(f"In all: {fours}× 4, {fives}× 5, {sixes}× 6.")
    if getattr(state, "stack", None) is not None and state.bottom:
        lines.append(
            f"Known at the bottom of his stack, top first: {' '.join(map(str, state.bottom))}."
        )
    return lines
