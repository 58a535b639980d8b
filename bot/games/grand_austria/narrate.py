"""A Grand Austria Hotel step as a replay tells it: the instruction card drawn (read back from
the fact `turn.DRAWN` writes), the priority its first symbol sets (the guest of its colour
worth most VP, else the die it shows) and its tie-break, which the card's hand points
(`choices.hand_words`), both from the card's own data."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.core.narration import Narration, read
from bot.games.grand_austria.card_view import find_card
from bot.games.grand_austria.choices import hand_words
from bot.games.grand_austria.turn import DRAWN


def narrate(facts: Sequence[str], options: Mapping[str, Any]) -> Narration | None:
    drawn = read(DRAWN, facts)
    if drawn is None:
        return None
    number = int(drawn["card"])
    try:
        _, card = find_card(number)
    except KeyError:
        return Narration(card=f"card {number}")
    if card.guests:
        colour = card.guests[0].color
        priority = (
            "the guest worth most VP" if colour == "any" else f"the {colour} guest worth most VP"
        )
    else:
        dice = [str(d.value) for d in card.dice if isinstance(d.value, int)]
        priority = f"the die {' or '.join(dice)}" if dice else "the value with most dice"
    return Narration(card=f"card {number}", priority=priority, tie_break=hand_words(card.hand))
