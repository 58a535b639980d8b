"""Checking a `/game import` file: replayed in memory exactly as the live commands would be
taken, before anything is written. Pure and CPU-bound: run it in a worker thread."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from bot.core.errors import InputError, SoloistError
from bot.core.game import Outcome, Rules
from bot.core.said import english_data
from bot.core.secrecy import MAX_SEED, valid_seed
from bot.games.registry import rules_for, spec_for
from bot.i18n.plural import count, form
from bot.table.replay import SNAPSHOT_EVERY, UNDO, apply_logged

EXPORT_FORMAT = "soloist-game/1"
MAX_STEPS = 2_000  # log entries per game; a real game has a few hundred at most
MAX_OPTIONS = 2_000  # characters of start options as JSON; real ones are under 200
MAX_UNDO = 50
IGNORED = frozenset({"players", "abandon", "remind", "campaign"})  # table settings: not replayed


@dataclass
class ImportPlan:
    """What an import writes: the start, the actions in force with their facts, the end."""

    rules: Rules
    options: dict[str, Any]
    seed: int
    start_facts: list[str]
    actions: list[tuple[dict[str, Any], list[str]]]  # (action, facts) in force, in order
    state: BaseModel
    outcome: Outcome
    finished: bool
    snapshots: dict[int, dict[str, Any]] = field(default_factory=dict)  # depth -> state


def _refuse(message: str) -> InputError:
    return InputError(f"{message} Nothing was imported.")


def _document(raw: bytes | str) -> tuple[Rules, dict[str, Any], int, list[Any], Any]:
    try:
        doc = json.loads(raw)
        if not isinstance(doc, dict) or doc.get("format") != EXPORT_FORMAT:
            raise ValueError
        rules = rules_for(str(doc["game"]))
        options, seed, log = doc["options"], doc["seed"], doc["log"]
        if not isinstance(options, dict) or not isinstance(log, list):
            raise ValueError
    except SoloistError:
        raise
    except Exception:
        raise _refuse(f"That is not a Soloist export (`{EXPORT_FORMAT}` JSON).") from None
    if not valid_seed(seed):
        raise _refuse(
            f"The export's seed must be a whole number (0 to {MAX_SEED:,}, or a challenge's "
            "revealed secret)."
        )
    return rules, options, seed, log, doc.get("state")


def _number(value: int) -> str:
    """A count as a reader takes it in: 100,000,000,000,000,000,000, not cut to 12 digits."""
    return f"{value:,}" if abs(value) < 10**24 else "an enormous number of"


def _undo_steps(number: int, args: dict[str, Any], taken: int) -> int:
    """The steps an undo entry takes back: 1 to 50, and no more than there are."""
    most = min(MAX_UNDO, taken)
    steps = args.get("steps")
    if most == 0:
        raise _refuse(f"Log entry {number} is an undo, but no step before it can be taken back.")
    if steps is None:
        raise _refuse(f"Log entry {number} is an undo without `steps` (1 to {most}).")
    if type(steps) is not int:
        raise _refuse(f"Log entry {number}'s `steps` must be a whole number (1 to {most}).")
    if not 1 <= steps <= most:
        raise _refuse(
            f"Log entry {number} undoes {_number(steps)} {form(steps, 'step')}; it can take "
            f"back 1 to {count(most, 'step')}."
        )
    return steps


def _options(rules: Rules, options: dict[str, Any]) -> dict[str, Any]:
    """Small, and only the options the game's start knows (junk would ride every turn)."""
    if len(json.dumps(options)) > MAX_OPTIONS:
        raise _refuse(f"The export's options are over {MAX_OPTIONS:,} characters.")
    spec = spec_for(rules.key)
    if spec.start is not None:
        return spec.start_options(options)
    return options


def _as_now(rules: Rules, saved: Any) -> Any:
    """An export's saved state as it reads now (a state stored by an older version, e.g. a
    start option under its old name, reads as a new one would); what does not read as a state
    stays as it is, to differ from the replayed one."""
    try:
        return rules.load(dict(saved)).model_dump(mode="json")
    except Exception:  # a crafted export's junk: compared as it is, and refused
        return saved


def _known_options(rules: Rules, options: dict[str, Any], state: BaseModel) -> None:
    model = getattr(state, "options", None)
    if isinstance(model, BaseModel):
        unknown = sorted(set(options) - set(type(model).model_fields))
        if unknown:
            names = f"{form(len(unknown), 'start option')}: {', '.join(unknown)[:80]}"
            raise _refuse(f"Unknown {names}.")


def _entry(number: int, entry: Any) -> tuple[str, dict[str, Any]]:
    if not isinstance(entry, dict) or not isinstance(entry.get("command"), str):
        raise _refuse(f"Log entry {number} has no command.")
    args = entry.get("args")
    if args is None:
        args = {}
    if not isinstance(args, dict):
        raise _refuse(f"Log entry {number}'s args are not an object.")
    return entry["command"], args


def check_export(raw: bytes | str) -> ImportPlan:
    """Replay the file as the live commands would take it: an undo needs 1–50 steps it can
    take back, nothing may follow the end of the game, every command must be the game's."""
    rules, options, seed, log, saved_state = _document(raw)
    options = _options(rules, options)
    if not log or not isinstance(log[0], dict) or log[0].get("command") != "start":
        raise _refuse("The export's log must begin with its start entry.")
    steps = sum(not isinstance(e, dict) or e.get("command") != UNDO for e in log)
    if steps > MAX_STEPS:  # undo is not bounded: it must always work
        raise _refuse(f"The export has {steps:,} log entries; a game holds at most {MAX_STEPS:,}.")
    try:
        state, outcome = rules.new_game(options, seed)
    except SoloistError as exc:
        raise _refuse(f"The export does not start: {exc}") from None
    _known_options(rules, options, state)
    start_facts = outcome.facts
    states: list[BaseModel] = [state]
    outcomes: list[Outcome] = [outcome]
    actions: list[tuple[dict[str, Any], list[str]]] = []
    ended_at: int | None = None
    abandoned = False
    for number, entry in enumerate(log[1:], start=2):
        command, args = _entry(number, entry)
        if ended_at is not None and (command != UNDO or abandoned):  # an end may be undone
            raise _refuse(f"Log entry {number} ({command[:30]}) comes after the game ended.")
        if command == UNDO:
            ended_at = None
            steps = _undo_steps(number, args, len(actions))
            del actions[-steps:], states[-steps:], outcomes[-steps:]
        elif command in rules.commands:
            try:
                state, outcome = apply_logged(rules, states[-1], {**args, "command": command})
            except SoloistError as exc:
                raise _refuse(f"Log entry {number} ({command}) does not replay: {exc}") from None
            actions.append(({**args, "command": command}, outcome.facts))
            states.append(state)
            outcomes.append(outcome)
            if outcome.finished:
                ended_at = number
        elif command in IGNORED:
            if command == "abandon":
                ended_at, abandoned = number, True
        else:
            raise _refuse(f"Log entry {number}: `{command[:30]}` is not a {rules.name} command.")
    state, outcome = states[-1], outcomes[-1]
    # a question's lines compared as English text: an export keeps them so (and older ones)
    replayed = english_data(state.model_dump(mode="json"))
    if saved_state is not None and replayed != english_data(_as_now(rules, saved_state)):
        raise _refuse("The export's log does not replay to its saved state.")
    return ImportPlan(
        rules=rules,
        options=options,
        seed=seed,
        start_facts=start_facts,
        actions=actions,
        state=state,
        outcome=outcome,
        finished=bool(actions) and outcome.finished,
        snapshots={
            depth: states[depth].model_dump(mode="json")
            for depth in range(SNAPSHOT_EVERY, len(actions) + 1, SNAPSHOT_EVERY)
        },
    )
