"""A Fifth Avenue step as a replay tells it: the black cards Alea turned (read back from the
fact `auction.AUCTION` writes), the bid they make (their sum, rule 4) and its tie-break: a bid
that only equals the high bid is not above it, so Alea is out (rule 4.1)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.core.narration import Narration, read
from bot.games.fifth_avenue.auction import AUCTION

TIE = "a bid equal to the high bid is not above it: Alea is out (rule 4.1)"


def narrate(facts: Sequence[str], options: Mapping[str, Any]) -> Narration | None:
    auction = read(AUCTION, facts)
    if auction is None:
        return None
    return Narration(
        card=f"the black cards {auction['cards']}",
        priority=f"their sum as his bid for {auction['district']}, {auction['bid']}",
        tie_break=TIE,
    )
