"""A Waterdeep step as a replay tells it: the space Pseudo took (read back from the fact
`turn.PLACED` writes), the script's rules that chose it (7A–7D, its trace) and the tie-break
the game's house rules set for 7C's "flip a coin": a seeded coin, or the player's choice."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.core.narration import Narration, read
from bot.core.priority import TieBreak
from bot.core.said import Said, say
from bot.games.waterdeep.settings import HOUSE_RULES
from bot.games.waterdeep.turn import PLACED


def narrate(facts: Sequence[str], options: Mapping[str, Any]) -> Narration | None:
    placed = read(PLACED, facts)
    if placed is None:
        return None
    asked = HOUSE_RULES.value(options, "coin") == "ask"
    tie = (TieBreak.ASK if asked else TieBreak.RANDOM).value
    if isinstance(placed["trace"], Said):  # kept as a message: said from it
        return Narration(
            card=say("the space {space}", space=placed["space"]),
            priority=placed["trace"],
            tie_break=say(tie),
            taken=True,
        )
    return Narration(
        card=f"the space {placed['space']}",
        priority=placed["trace"],
        tie_break=tie,
        taken=True,
    )
