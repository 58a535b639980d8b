"""What a step of a game did, as a replay tells it: the card the opponent drew, the priority
he followed with it and how its ties are broken, each a message (bot/core/said.py) the page
says in the reader's language; from a fact kept as plain English (a row kept before messages
were), an English line the page matches.

A game reads them from its own record of the step (its facts), through the very templates it
writes them with (`read`): the game declares a fact's wording once, as a template, formats its
fact from it and reads the fields back from it here, so no English sentence is guessed at. A
fact kept as a message gives its values back as they were (a declared value, a message)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from bot.core.said import Said

_FIELD = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True)
class Narration:
    """The opponent's part of one step: the card drawn (`card 208`), the priority it made him
    follow, and its tie-break, each a message (`Said`), or English text where the step's fact
    was kept as text; a part the step did not have is ""."""

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


def read(template: str, facts: Sequence[str]) -> dict[str, Any] | None:
    """The fields of the first fact written from `template`, or None if none was: from a
    message, each field as it was given (its value, or the part of the key written into the
    template, a message again when it holds values: `{reason}; you chose`); from a plain
    line, the English text each field matched."""
    compiled = pattern(template)
    for fact in facts:
        if isinstance(fact, Said):
            found = compiled.fullmatch(fact.key)
            if found is not None:
                return {f: _part(part, fact.values) for f, part in found.groupdict().items()}
        found = compiled.fullmatch(fact)
        if found is not None:
            return found.groupdict()
    return None


def _part(part: str, values: Mapping[str, Any]) -> Any:
    """A field of a template read from a message's key: the value it was, or the key's text
    there (a message of the values it holds; plain text where it holds none)."""
    names = _FIELD.findall(part)
    if part in {f"{{{n}}}" for n in names}:
        return values.get(names[0], part)
    if not names or any(n not in values for n in names):
        return part
    return Said._made(part, {n: values[n] for n in names})


def messages(*parts: str) -> bool:
    """Whether every part given is a message: a narration said from them, not matched."""
    return all(isinstance(part, Said) for part in parts if part)
