"""A button's worth of "what to do next": kept apart from the game protocol, so the agenda
and the protocol can each use it without importing each other."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class NextStep:
    """The obvious next command, offered as a button: a label and the action it sends.

    Its step id (`result:outcome=passed`) is short enough to ride in a button's custom id."""

    label: str
    command: str
    args: tuple[tuple[str, str], ...] = ()

    @property
    def step_id(self) -> str:
        return ":".join([self.command, *(f"{k}={v}" for k, v in self.args)])

    @staticmethod
    def action(step_id: str) -> dict[str, Any]:
        command, *pairs = step_id.split(":")
        return {"command": command, **dict(pair.split("=", 1) for pair in pairs)}
