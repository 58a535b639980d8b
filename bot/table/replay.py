"""Rebuilding a game from its seed and log: the basis of undo, import and the replay audit."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel

from bot.core.game import Outcome, Rules

UNDO = "undo"


def effective_actions(log: Iterable[tuple[str, dict[str, Any]]], rules: Rules) -> list[dict]:
    """The rule actions still in force: each undo entry takes back the latest ones."""
    stack: list[dict[str, Any]] = []
    for command, args in log:
        if command == UNDO:
            del stack[len(stack) - int(args["steps"]) :]
        elif command in rules.commands:
            stack.append({"command": command, **args})
    return stack


def replay(
    rules: Rules, options: dict[str, Any], seed: int, actions: list[dict[str, Any]]
) -> tuple[BaseModel, Outcome]:
    state, outcome = rules.new_game(options, seed)
    for action in actions:
        state, outcome = rules.apply(state, action)
    return state, outcome
