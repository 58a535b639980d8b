"""What a server challenge needs of a game: everyone meets the same opponent, and nothing shows
his coming draws before they happen at the table.

A server challenge gives every player the same start options and the same secret (128 random
bits, `bot.core.secrecy`). The opponent then draws the same cards, contracts and coin flips in
the same order, as long as the bot draws them. Each game states once, in its spec, what that
takes (`SameOpponent`): the start options a challenge fixes, the commands or options it refuses
(each with the one line that says why), the opponent's face-down orders (what stays hidden
until it is drawn, and what the reveal lists at the close), and what stays on the players'
honour. The table consults it on every path that shows or changes a challenge's game
(bot/table/contest_secrets.py); the rules consult `bot.core.secrecy` where they forecast."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from bot.core.errors import InputError, RuleError

DRAWS = (
    "In a challenge everyone meets the same opponent, so the bot makes his draws: "
    "`{option}` is not available here."
)
FIXED = (
    "In a challenge the opponent is fixed when it opens, the same for everyone: `{option}` "
    "would change him for you alone, so it is not available here."
)
FINAL = (
    "In a challenge the opponent's moves are final: `{option}` would take one back after you "
    "have seen what it did, so it is not available here."
)


def _shown(value: Any) -> str:
    return "none" if value is None else str(value)


@dataclass(frozen=True)
class Refusal:
    """A command a challenge refuses (`options` empty), or refuses when any of `options` is
    given; `why` is the one line the player reads (`{option}` names what they typed)."""

    command: str
    options: tuple[str, ...] = ()
    why: str = DRAWS

    def check(self, action: Mapping[str, Any]) -> None:
        if str(action.get("command")) != self.command:
            return
        if not self.options:
            raise RuleError(self.why.format(option=self.command))
        for name in self.options:
            if action.get(name) not in (None, ""):
                raise RuleError(self.why.format(option=f"{self.command} {name}"))


@dataclass(frozen=True)
class Hidden:
    """One of the opponent's face-down orders as it stands: its name ("Quest deck") and the
    names of what is still to come, in order (the next first)."""

    name: str
    items: tuple[str, ...]

    def line(self) -> str:
        return f"{self.name}, top first: {', '.join(self.items)}."


@dataclass(frozen=True)
class SameOpponent:
    """`means`: what "the same" means for this game, for `/help` and the terms. `fixed`: start
    options a challenge must keep at one of the given values (`None`: left out), by the name
    a player types (the start model's). `refusals`: commands and options refused in a challenge.
    `hidden`: the face-down orders of a state, what is still to come (what a challenge game may
    not show before it is drawn; tests search every output for it). `reveal`: every order the
    secret decides, as the close lists it (reshuffles included); the hidden orders of the new
    game when the game gives none. `honour`: what stays on the players' honour."""

    means: str = ""
    fixed: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    refusals: tuple[Refusal, ...] = ()
    hidden: Callable[[BaseModel], list[Hidden]] | None = None
    reveal: Callable[[BaseModel], list[str]] | None = None
    honour: str = ""

    def check_start(self, options: Mapping[str, Any]) -> None:
        """Refuse start options that would let a player's table make the opponent's draws, or
        leave the opponent to each player's choice."""
        for option, allowed in self.fixed.items():
            if options.get(option) in allowed:
                continue
            wanted = " or ".join(f"`{option}:{_shown(v)}`" for v in allowed if v is not None)
            keep = wanted or f"`{option}` left out"
            given = f"{option}:{_shown(options.get(option))}"
            raise InputError(
                f"A challenge needs {keep}: everyone then meets the same opponent (with "
                f"`{given}`, each player's table would decide for him)."
            )

    def check_action(self, action: Mapping[str, Any]) -> None:
        """Refuse a command or option that a challenge does not allow, with its reason."""
        for refusal in self.refusals:
            refusal.check(action)

    def hidden_now(self, state: BaseModel) -> list[Hidden]:
        return self.hidden(state) if self.hidden is not None else []

    def draw_order(self, state: BaseModel) -> list[str]:
        """Every order the secret decides, for the reveal at the close (`state`: the new
        game)."""
        if self.reveal is not None:
            return self.reveal(state)
        return [h.line() for h in self.hidden_now(state) if h.items]
