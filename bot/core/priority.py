"""Priority resolution: filter candidates, rank them by ordered keys, break the last tie by rule.

Every result carries a one-line reason a player can check against the rule book.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Generic, TypeVar

T = TypeVar("T")


class TieBreak(Enum):
    LEFTMOST = "leftmost"
    RIGHTMOST = "rightmost"
    ASK = "ask the player"


@dataclass(frozen=True)
class Filter(Generic[T]):
    """Keep candidates that pass. A soft filter that would keep none is skipped (a fallback)."""

    description: str
    keep: Callable[[T], bool]
    required: bool = False


@dataclass(frozen=True)
class Key(Generic[T]):
    description: str
    value: Callable[[T], float]
    highest: bool = True


@dataclass(frozen=True)
class Choice(Generic[T]):
    option: T | None
    reason: str
    tied: tuple[T, ...] = field(default_factory=tuple)

    @property
    def needs_player(self) -> bool:
        return self.option is None and len(self.tied) > 1


def resolve(
    candidates: Sequence[T],
    *,
    filters: Sequence[Filter[T]] = (),
    keys: Sequence[Key[T]] = (),
    tie_break: TieBreak,
    tie_break_reason: str = "",
) -> Choice[T]:
    """Choose one candidate. Candidates are given in their left-to-right order on the table."""
    pool = list(candidates)
    notes: list[str] = []
    for flt in filters:
        kept = [c for c in pool if flt.keep(c)]
        if kept:
            pool = kept
            notes.append(flt.description)
        elif flt.required:
            return Choice(None, f"none is {flt.description}")
        else:
            notes.append(f"none {flt.description}, so any")
    if not pool:
        return Choice(None, "there is nothing to choose from")
    for key in keys:
        values = [key.value(c) for c in pool]
        best = max(values) if key.highest else min(values)
        pool = [c for c, v in zip(pool, values, strict=True) if v == best]
        notes.append(key.description)
    reason = ", ".join(notes)
    if len(pool) == 1:
        return Choice(pool[0], reason)
    tied = tuple(pool)
    how = f" ({tie_break_reason})" if tie_break_reason else ""
    if tie_break is TieBreak.LEFTMOST:
        return Choice(pool[0], f"{reason}; tie broken to the leftmost{how}", tied)
    if tie_break is TieBreak.RIGHTMOST:
        return Choice(pool[-1], f"{reason}; tie broken to the rightmost{how}", tied)
    return Choice(None, f"{reason}; tied, the player decides", tied)
