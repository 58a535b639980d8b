"""What a step of a game did, as a replay tells it: the card the opponent drew, the priority
he followed with it and how its ties are broken, each an English line the page translates.

A game reads them from its own record of the step (its facts), through the very templates it
writes them with (`read`): the game declares a fact's wording once, as a template, formats its
fact from it and reads the fields back from it here, so no English sentence is guessed at."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

_FIELD = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True)
class Narration:
    """The opponent's part of one step, in English: the card drawn (`card 208`), the
    priority it made him follow, and its tie-break; a part the step did not have is ""."""

    card: str
    priority: str = ""
    tie_break: str = ""
    taken: bool = False  # the card was taken from a row on the table (Glasgow's), not drawn


# narrate(the step's facts as the game wrote them, the game's start options, where a house
# rule decides the tie-break): None when the step drew no card
Narrate = Callable[[Sequence[str], Mapping[str, Any]], Narration | None]


@cache
def pattern(template: str) -> re.Pattern[str]:
    """A fact template (`{name}` fields, as `str.format` fills them) as a pattern whose
    groups are its fields."""
    parts = _FIELD.split(template)
    return re.compile(
        "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.*?)" for i, p in enumerate(parts))
    )


def read(template: str, facts: Sequence[str]) -> dict[str, str] | None:
    """The fields of the first fact written from `template`, or None if none was."""
    compiled = pattern(template)
    for fact in facts:
        found = compiled.fullmatch(fact)
        if found is not None:
            return found.groupdict()
    return None
