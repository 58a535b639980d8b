"""Priority resolution: filter candidates, rank them by ordered keys, break the last tie by rule.

Every result carries a one-line reason a player can check against the rule book.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Generic, TypeVar

from bot.core.agenda import Ask
from bot.core.agenda import Choice as AskChoice
from bot.core.said import Said, listed, say
from bot.core.secrecy import hashed, is_secret

T = TypeVar("T")
ONLY = say("the only choice")  # the reason when there was one candidate and no rule had to decide


class TieBreak(Enum):
    LEFTMOST = "leftmost"
    RIGHTMOST = "rightmost"
    ASK = "ask the player"
    RANDOM = "flip a coin"  # seeded: pass `seed` to resolve


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
    deciding: tuple[str, ...] = ()  # the filters and keys that left out a candidate
    # the filters and keys that left none out (kept all, or a soft filter that kept none):
    # the rules that could not separate the candidates still in
    undecided: tuple[str, ...] = ()

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
    seed: int | None = None,
) -> Choice[T]:
    """Choose one candidate. Candidates are given in their left-to-right order on the table.

    The reason names only the rules that decided, those that left out a candidate: a filter
    or key that kept every candidate (or a soft filter that would have kept none) chose
    nothing, and naming it would send a player to the rule book for nothing."""
    pool = list(candidates)
    notes: list[str] = []
    equal: list[str] = []
    for flt in filters:
        kept = [c for c in pool if flt.keep(c)]
        if kept:
            (notes if len(kept) < len(pool) else equal).append(flt.description)
            pool = kept
        elif flt.required:
            return Choice(None, say("none is {what}", what=flt.description))
        else:
            equal.append(flt.description)
    if not pool:
        return Choice(None, say("there is nothing to choose from"))
    for key in keys:
        values = [key.value(c) for c in pool]
        best = max(values) if key.highest else min(values)
        kept = [c for c, v in zip(pool, values, strict=True) if v == best]
        (notes if len(kept) < len(pool) else equal).append(key.description)
        pool = kept
    deciding, undecided = tuple(notes), tuple(equal)
    # the reason as a message: the rules that decided, each said as the game describes it
    reason: str = Said("{rules}", rules=listed(notes)) if notes else ""
    if len(pool) == 1:
        return Choice(pool[0], reason or ONLY, deciding=deciding, undecided=undecided)
    tied = tuple(pool)
    how = " ({how})" if tie_break_reason else ""
    said_how = {"how": tie_break_reason} if tie_break_reason else {}

    def then(tie: str) -> str:
        return Said("{reason}; {tie}", reason=reason, tie=tie) if reason else tie

    def tie(option: T | None, text: str) -> Choice[T]:
        return Choice(option, then(text), tied, deciding, undecided)

    if tie_break is TieBreak.LEFTMOST:
        return tie(pool[0], say(f"tie broken to the leftmost{how}", **said_how))
    if tie_break is TieBreak.RIGHTMOST:
        return tie(pool[-1], say(f"tie broken to the rightmost{how}", **said_how))
    if tie_break is TieBreak.RANDOM:
        if seed is None:
            raise ValueError("a random tie-break needs the seed from the game's state")
        index = random.Random(seed).randrange(len(tied))
        return tie(
            tied[index],
            say(
                f"{{n}} tied, chosen at random (seed {{seed}}){how}",
                n=len(tied),
                seed=seed,
                **said_how,
            ),
        )
    return tie(None, say("tied, the player decides"))


def draw_seed(game_seed: int, *salt: object) -> int:
    """A seed for one random draw in a game: the game's seed and where in the game it falls
    (e.g. round, turn, version), so a replay draws the same and the log can name it. A
    challenge's secret draws through SHA-256: a 31-bit checksum of it would let a few seen
    coin flips predict the rest."""
    text = ":".join(str(part) for part in (game_seed, *salt))
    if is_secret(game_seed):
        return hashed(text)
    return zlib.crc32(text.encode()) & 0x7FFFFFFF


def coin_flip(seed: int) -> bool:
    """Heads (True) or tails, from a seed made by `draw_seed`."""
    return random.Random(seed).random() < 0.5


def ask_for(
    choice: Choice[T],
    *,
    prompt: str,
    command: str,
    option: str,
    label: Callable[[T], str] = str,
    value: Callable[[T], str] = str,
    extra: dict[str, str] | None = None,
    suggested: T | None = None,
) -> Ask:
    """A tie the rules leave to the player, as a question listing the tied options; the
    `suggested` one, if any, comes first and is marked."""
    tied = sorted(choice.tied, key=lambda t: suggested is None or t != suggested)
    return Ask(
        prompt=prompt,
        command=command,
        option=option,
        choices=[
            AskChoice(
                label=label(t), value=value(t), suggested=suggested is not None and t == suggested
            )
            for t in tied
        ],
        reason=choice.reason,
        extra=extra or {},
    )
