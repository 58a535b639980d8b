"""The protocol every game follows: pure (state, action) -> (new state, facts)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from pydantic import BaseModel

from bot.core.next_step import NextStep

if TYPE_CHECKING:
    from bot.core.agenda import Ask
    from bot.core.scoresheet import FinalSheet

__all__ = ["NextStep", "Outcome", "Picture", "Rules", "SeatResult"]


@dataclass
class Picture:
    """A drawing a front-end may attach (e.g. the opponent's hotel board); `kind` names the
    drawing, `data` is plain JSON-able data, so rules stay free of any imaging library."""

    kind: str
    data: dict[str, Any]


@dataclass
class Outcome:
    """What a command did, in the rule book's words, and what the player should do next."""

    facts: list[str] = field(default_factory=list)
    prompt: str = ""
    next_steps: list[NextStep] = field(default_factory=list)
    finished: bool = False
    result: dict[str, Any] | None = None
    picture: Picture | None = None
    ask: Ask | None = None  # what the game waits on; its choices become the next steps


@dataclass(frozen=True)
class SeatResult:
    """One real player's result, for the logbook. seat: 'owner' or 'partner'."""

    seat: str
    opponent: str
    difficulty: str | None = None
    modules: str = ""
    score: int | None = None
    opponent_score: int | None = None
    outcome: str = "unscored"  # win, loss, tie, unscored or abandoned
    turns: int | None = None


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

    def board(self, state: BaseModel) -> str:
        """The opponent's board at a glance, as text."""
        ...

    def results(self, state: BaseModel, *, abandoned: bool = False) -> list[SeatResult]:
        """Each real player's result when the game ends (or is abandoned)."""
        ...

    def sheet(self, state: BaseModel) -> FinalSheet | None:
        """The finished game's score sheet (both sides, category by category), or None."""
        ...
