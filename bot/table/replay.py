"""Rebuilding a game from its seed and log: the basis of undo, import and the replay audit."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel

from bot.core.game import Outcome, Rules

UNDO = "undo"
SNAPSHOT_EVERY = 25  # undo replays at most this many actions (plus those it takes back)


def effective_entries(
    log: Iterable[tuple[int, str, dict[str, Any]]], rules: Rules, *, above: bool = False
) -> list[tuple[int, dict[str, Any]]] | None:
    """(log seq, action) of the rule actions still in force: each undo takes back the latest.

    `above`: the log starts above a snapshot; an undo that reaches below its start means the
    snapshot was not in force after all (None)."""
    stack: list[tuple[int, dict[str, Any]]] = []
    for seq, command, args in log:
        if command == UNDO:
            steps = int((args or {}).get("steps", 0))
            if above and steps > len(stack):
                return None
            if steps > 0:
                del stack[max(0, len(stack) - steps) :]
        elif command in rules.commands:
            stack.append((seq, {"command": command, **(args or {})}))
    return stack


def effective_actions(log: Iterable[tuple[str, dict[str, Any]]], rules: Rules) -> list[dict]:
    """The rule actions still in force: each undo entry takes back the latest ones."""
    numbered = ((i, command, args) for i, (command, args) in enumerate(log))
    return [action for _, action in effective_entries(numbered, rules) or []]


def replay(
    rules: Rules, options: dict[str, Any], seed: int, actions: list[dict[str, Any]]
) -> tuple[BaseModel, Outcome]:
    state, outcome = rules.new_game(options, seed)
    return replay_from(rules, state, outcome, actions)


def replay_from(
    rules: Rules, state: BaseModel, outcome: Outcome, actions: list[dict[str, Any]]
) -> tuple[BaseModel, Outcome]:
    """Apply `actions` to a state (the start, or a snapshot)."""
    for action in actions:
        state, outcome = apply_logged(rules, state, action)
    return state, outcome


def apply_logged(
    rules: Rules, state: BaseModel, action: dict[str, Any]
) -> tuple[BaseModel, Outcome]:
    """One logged action, read as it was meant when it was stored (a game's
    `logged_upgrades`: a command whose meaning changed since)."""
    replayed = getattr(rules, "replayed", None)
    return rules.apply(state, replayed(state, action) if replayed else action)
