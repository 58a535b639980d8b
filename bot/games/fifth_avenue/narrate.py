"""A Fifth Avenue step as a replay tells it: the black cards Alea turned (read back from the
fact `auction.AUCTION` writes), the bid they make (their sum, rule 4) and its tie-break: a bid
that only equals the high bid is not above it, so Alea is out (rule 4.1)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.core.narration import Narration, read
from bot.core.said import say
from bot.games.fifth_avenue.auction import AUCTION

TIE = "a bid equal to the high bid is not above it: Alea is out (rule 4.1)"


def narrate(facts: Sequence[str], options: Mapping[str, Any]) -> Narration | None:
    auction = read(AUCTION, facts)
    if auction is None:
        return None
    if isinstance(auction["bid"], int):  # kept as a message: its values as they were given
        return Narration(
            card=say("the black cards {cards}", cards=auction["cards"]),
            priority=say(
                "their sum as his bid for {district}, {total}",
                district=auction["district"],
                total=auction["bid"],
            ),
            tie_break=say(TIE),
        )
    return Narration(
        card=f"the black cards {auction['cards']}",
        priority=f"their sum as his bid for {auction['district']}, {auction['bid']}",
        tie_break=TIE,
    )
