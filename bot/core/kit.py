"""The shape every game's rules share: `load` (upgrading a state stored by an older version)
and `apply` (copy → parse → run → describe). A game subclasses `KitRules`, names its state
model and commands, and writes `run`; the rest is here once."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel

from bot.core.commands import Command, CommandSet
from bot.core.errors import RuleError
from bot.core.game import Outcome
from bot.core.scoresheet import FinalSheet

S = TypeVar("S", bound=BaseModel)


@dataclass(frozen=True)
class Upgrade:
    """One change of a game's stored state: `applies` recognises a state stored before it,
    `run` turns that state (a plain dict) into the next shape. Upgrades run in order, so a game
    keeps each one small and never has to know the versions before its own."""

    why: str
    applies: Callable[[dict[str, Any]], bool]
    run: Callable[[dict[str, Any]], dict[str, Any]]

    @classmethod
    def moved(cls, key: str, into: str, why: str) -> Upgrade:
        """A top-level field that now lives inside the object `into` under the same name (GWT's
        answers held before asked, now the agenda's `held`)."""

        def run(data: dict[str, Any]) -> dict[str, Any]:
            data = dict(data)
            value = data.pop(key)
            data[into] = {**(data.get(into) or {}), key: value}
            return data

        return cls(why, lambda data: key in data, run)


@dataclass(frozen=True)
class LoggedUpgrade:
    """One command whose meaning changed: a log entry stored before the change is read as it
    was meant when the log is replayed (undo, import, the replay audit). `applies` and `run`
    see the state the entry is applied to and the entry itself (a plain dict); a command typed
    now never passes through here, so the new meaning is the only one a player meets."""

    why: str
    applies: Callable[[Any, dict[str, Any]], bool]
    run: Callable[[Any, dict[str, Any]], dict[str, Any]]


class KitRules(Generic[S]):
    """The common half of a game's `Rules`. Subclasses set `state_type` and `command_set` and
    write `run`; they may override `over` (is the game finished?), `after` (what the reply
    adds, e.g. a picture) and `reask` (what a freshly upgraded state asks)."""

    state_type: ClassVar[type[BaseModel]]
    command_set: ClassVar[CommandSet]
    upgrades: ClassVar[tuple[Upgrade, ...]] = ()
    logged_upgrades: ClassVar[tuple[LoggedUpgrade, ...]] = ()
    over_message: ClassVar[str] = "The game is over. `/game history` shows every step."

    @property
    def commands(self) -> frozenset[str]:
        return self.command_set.names

    # ------------------------------------------------------------------ reading a stored state
    def load(self, data: dict[str, Any]) -> S:
        applied = False
        for upgrade in self.upgrades:
            if upgrade.applies(data):
                data = upgrade.run(data)
                applied = True
        state: S = self.state_type.model_validate(data)  # type: ignore[assignment]
        if applied:
            self.reask(state)
        return state

    def replayed(self, state: S, action: dict[str, Any]) -> dict[str, Any]:
        """A logged action as it was meant when it was stored (`logged_upgrades`, in order)."""
        for upgrade in self.logged_upgrades:
            if upgrade.applies(state, action):
                action = upgrade.run(state, action)
        return action

    def reask(self, state: S) -> None:
        """After an upgrade: put the waiting step's question again (the old shape had none)."""

    # ------------------------------------------------------------------ one command
    def apply(self, state: S, action: dict[str, Any]) -> tuple[S, Outcome]:
        """The new state and what happened; the given state is never changed."""
        command = self.command_set.parse(action)
        new: S = self.state_type.model_validate(state.model_dump())  # type: ignore[assignment]
        if self.over(new):
            raise RuleError(self.over_message)
        facts: list[str] = []
        new = self.run(new, command, facts) or new
        outcome = self.describe(new)
        outcome.facts = facts + outcome.facts
        self.after(state, new, command, outcome)
        return new, outcome

    def over(self, state: S) -> bool:
        return bool(getattr(state, "finished", False))

    def run(self, state: S, command: Command, facts: list[str]) -> S | None:
        """Carry out one parsed command on `state` (a copy), adding facts; a refusal raises
        before anything the player sees has changed. Returns a replacement state, or None."""
        raise NotImplementedError

    def describe(self, state: S) -> Outcome:
        raise NotImplementedError

    def after(self, before: S, state: S, command: Command, outcome: Outcome) -> None:
        """Anything the reply adds once the command ran (a picture, a finished flag)."""

    def sheet(self, state: S) -> FinalSheet | None:
        """The finished game's score sheet, both sides category by category; None while it
        runs (and for a game that keeps none)."""
        return None
