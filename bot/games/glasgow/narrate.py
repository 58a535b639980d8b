"""A Glasgow step as a replay tells it: the building Freddy took from the row (read back from
the fact `turn.BUILDS` writes), the rules of his that chose its cell (`freddy.rank`, in the
rule text's order) and the tie-break: "if he has several equivalent options, you decide"
(`TieBreak.ASK`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.core.narration import Narration, read
from bot.core.priority import TieBreak
from bot.core.said import Said, say
from bot.games.glasgow.turn import BUILDS


def narrate(facts: Sequence[str], options: Mapping[str, Any]) -> Narration | None:
    built = read(BUILDS, facts)
    if built is None:
        return None
    if isinstance(built["building"], Said) and isinstance(built["reason"], Said):
        return Narration(
            card=say("the {building} from the row", building=built["building"]),
            priority=say("the cell {cell}: {reason}", cell=built["cell"], reason=built["reason"]),
            tie_break=say(TieBreak.ASK.value),
            taken=True,
        )
    return Narration(
        card=f"the {built['building']} from the row",
        priority=f"the cell {built['cell']}: {built['reason']}",
        tie_break=TieBreak.ASK.value,
        taken=True,
    )
