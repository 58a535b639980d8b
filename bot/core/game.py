"""The protocol every game follows: pure (state, action) -> (new state, facts)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from pydantic import BaseModel


@dataclass(frozen=True)
class NextStep:
    """The obvious next command, offered as a button: a label and the action it sends."""

    label: str
    command: str


@dataclass
class Outcome:
    """What a command did, in the rule book's words, and what the player should do next."""

    facts: list[str] = field(default_factory=list)
    prompt: str = ""
    next_steps: list[NextStep] = field(default_factory=list)
    finished: bool = False
    result: dict[str, Any] | None = None


class Rules(Protocol):
    """One game's rules. Implementations are pure: no I/O, randomness only from the seed."""

    key: str
    name: str
    colour: int
    commands: frozenset[str]

    def new_game(self, options: dict[str, Any], seed: int) -> tuple[BaseModel, Outcome]: ...

    def load(self, state: dict[str, Any]) -> BaseModel: ...

    def apply(self, state: BaseModel, action: dict[str, Any]) -> tuple[BaseModel, Outcome]:
        """Return the new state; the given state is never modified."""
        ...

    def describe(self, state: BaseModel) -> Outcome:
        """Where the game stands and what comes next, without changing it."""
        ...

    def summary(self, state: BaseModel) -> dict[str, Any]:
        """The public state a front-end may show or print."""
        ...
