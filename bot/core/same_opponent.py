"""What a server challenge needs of a game so that everyone meets the same opponent.

A server challenge gives every player the same start options and the same secret seed. The
opponent then draws the same cards, contracts and coin flips in the same order, as long as the
bot draws them: options and commands that hand a draw to the player's own table (a physical
deck, a card named by hand, a choice made for the opponent) would let a player pick the
opponent's cards, so a challenge refuses them. Each game states this once, in its spec."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from bot.core.errors import InputError, RuleError

REFUSED = (
    "In a challenge everyone meets the same opponent, so the bot makes his draws: "
    "`{option}` is not available here."
)


def _shown(value: Any) -> str:
    return "none" if value is None else str(value)


@dataclass(frozen=True)
class SameOpponent:
    """`means`: what "the same" means for this game, for `/help`. `fixed`: start options a
    challenge must keep at one of the given values (the bot draws). `own_draws`: per command,
    the options in which the player names a draw; `refused`: commands that replace the bot's
    draw or choice with the table's. `order`: the opponent's draw order at the start, read
    from the new game's state, for the reveal at the close."""

    means: str = ""
    fixed: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    own_draws: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    refused: tuple[str, ...] = ()
    order: Callable[[BaseModel], list[str]] | None = None

    def check_start(self, options: Mapping[str, Any]) -> None:
        """Refuse start options that would let a player's table make the opponent's draws."""
        for name, allowed in self.fixed.items():
            if options.get(name) not in allowed:
                wanted = " or ".join(f"`{name}:{_shown(v)}`" for v in allowed if v is not None)
                keep = wanted or f"`{name}` left out"
                given = f"{name}:{_shown(options.get(name))}"
                raise InputError(
                    f"A challenge needs {keep}: everyone then meets the same opponent (with "
                    f"`{given}`, each player's table would make his draws)."
                )

    def check_action(self, action: Mapping[str, Any]) -> None:
        """Refuse a command or option by which the player would name the opponent's draw."""
        command = str(action.get("command"))
        if command in self.refused:
            raise RuleError(REFUSED.format(option=command))
        for name in self.own_draws.get(command, ()):
            if action.get(name) not in (None, ""):
                raise RuleError(REFUSED.format(option=f"{command} {name}"))

    def draw_order(self, state: BaseModel) -> list[str]:
        return self.order(state) if self.order is not None else []
