"""A Grand Austria Hotel step as a replay tells it: the instruction card drawn (read back from
the fact `turn.DRAWN` writes), the priority its first symbol sets (the guest of its colour
worth most VP, else the die it shows) and its tie-break, which the card's hand points
(`choices.hand_words`), both from the card's own data."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.core.narration import Narration, read
from bot.core.said import Said, say, value
from bot.games.grand_austria.card_view import find_card
from bot.games.grand_austria.choices import hand_words
from bot.games.grand_austria.names import COLOUR
from bot.games.grand_austria.turn import DRAWN


def narrate(facts: Sequence[str], options: Mapping[str, Any]) -> Narration | None:
    drawn = read(DRAWN, facts)
    if drawn is None:
        return None
    number = int(drawn["card"])  # every part from the card's data: messages, whatever the row
    told = say("card {number}", number=number)
    try:
        _, card = find_card(number)
    except KeyError:
        return Narration(card=told)
    priority: Said
    if card.guests:
        colour = card.guests[0].color
        priority = (
            say("the guest worth most VP")
            if colour == "any"
            else say("the {colour} guest worth most VP", colour=value(COLOUR, colour))
        )
    else:
        dice = [d.value for d in card.dice if isinstance(d.value, int)]
        if len(dice) == 1:
            priority = say("the die {dice}", dice=dice[0])
        elif len(dice) == 2:
            priority = say("the die {a} or {b}", a=dice[0], b=dice[1])
        else:
            priority = say("the value with most dice")
    return Narration(card=told, priority=priority, tie_break=say(hand_words(card.hand)))
