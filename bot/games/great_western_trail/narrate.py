"""A Great Western Trail step as a replay tells it: Sam's card drawn and what it has him do
(read back from the fact `cards.DRAWN` writes), the path his herder follows (the movement
rules' priority, data/gwt_sam.yaml), and the tie-break: a tie his rules leave open is asked of
the player (`TieBreak.ASK`, bot/games/great_western_trail/ties.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.core.narration import Narration, read
from bot.core.priority import TieBreak
from bot.core.said import Said, say
from bot.games.great_western_trail.cards import DRAWN
from bot.games.great_western_trail.data import gwt_data


def narrate(facts: Sequence[str], options: Mapping[str, Any]) -> Narration | None:
    drawn = read(DRAWN, facts)
    if drawn is None:
        return None
    path = gwt_data().movement.path
    if isinstance(drawn["what"], Said):  # kept as a message: said from it
        return Narration(
            card=say("card #{number}", number=drawn["number"]),
            priority=say("{what}; his herder's path: {path}", what=drawn["what"], path=say(path)),
            tie_break=say(TieBreak.ASK.value),
        )
    return Narration(
        card=f"card #{drawn['number']}",
        priority=f"{drawn['what']}; his herder's path: {path}",
        tie_break=TieBreak.ASK.value,
    )
