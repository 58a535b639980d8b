"""A refusal that leads on (issue 45): a game command refused by the rules, the phase or its
values ends with a line that works now, so the player is never left without one.

The line is found where the game already says what it waits for (`Rules.describe`): a choice
of the question it asks, a button, a complete command line its reply prints, the question's
own line with the values the bot remembers. Each is tried on a copy of the state (the rules
are pure) and the first the rules accept is the one said; when none is, `/game status`, which
always runs and shows the question with its line."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from bot.core.commands import Command, choices_of
from bot.core.errors import SoloistError, ends_with_choices, said_as
from bot.core.game import Outcome
from bot.core.said import Said, say
from bot.core.spec import GameSpec
from bot.table.commands import Status

MOST_TRIED = 8  # candidate lines tried on a copy of the state, at most
_LINE = re.compile(r"`(/[^`\n]+)`")
_BLANK = re.compile(r"…|<(?![@#]\d)[^>]*>|\[[^\]]*\]|:(?:\s|$)")


def led_on(error: SoloistError, spec: GameSpec, dumped: dict[str, Any] | None) -> SoloistError:
    """`error` with ` Now: `<a line that works>`.` after its message (the same type, its
    marks kept; a message built with `say` kept as its `message`, said from its key at the
    edge); as it is when its message is said in the reader's language already or ends with
    the list of choices. The line the refusal knows is needed (`error.needed`) comes first."""
    if getattr(error, "said", False) or ends_with_choices(str(error)):
        return error  # said in the reader's language already, or ending with the choices
    line = Status.line()
    if dumped is not None:
        needed = getattr(error, "needed", "")
        line = needed if needed and runs(spec, dumped, needed) else works_now(spec, dumped)
    said = str(error).rstrip()
    if said.endswith(f"`{line}`.") or said.endswith(f"`{line}`"):
        return error
    now = now_line(line)
    led = type(error)(f"{said} {now}")
    led.__dict__.update(error.__dict__)
    led.message = said_as(error)  # type: ignore[attr-defined]
    led.now = now  # type: ignore[attr-defined]  # said on its own (bot.core.errors.user_message)
    return led


def now_line(line: str) -> Said:
    """The ending of a refusal that leads on: `Now: `<line>`.` (`Jetzt geht: …`)."""
    return say("Now: `{line}`.", line=line)


def works_now(spec: GameSpec, dumped: dict[str, Any]) -> str:
    """The first line the game offers that its rules accept on a copy of `dumped`, else
    `/game status`."""
    rules = spec.rules
    try:
        outcome = rules.describe(rules.load(dumped))
    except Exception:  # a state the rules cannot describe offers no line
        return Status.line()
    for count, (line, action) in enumerate(_offered(spec, outcome)):
        if count >= MOST_TRIED:
            break
        if _moves(spec, dumped, action):
            return line
    return Status.line()


def runs(spec: GameSpec, dumped: dict[str, Any], line: str) -> bool:
    """Whether the printed `line` moves the game on from `dumped` (tried on a copy)."""
    models = {m.name(): m for m in spec.commands or ()}
    action = _action(spec.key, line, models)
    return action is not None and not _BLANK.search(line) and _moves(spec, dumped, action)


def _moves(spec: GameSpec, dumped: dict[str, Any], action: dict[str, Any]) -> bool:
    rules = spec.rules
    try:
        state, moved = rules.apply(rules.load(dumped), spec.english(action))
    except Exception:  # refused (or worse): not a line that works
        return False
    return bool(moved.finished or state.model_dump(mode="json") != dumped)


def starts_again(spec: GameSpec) -> str:
    """After a game has ended: its start, when it needs no option, else `/game status`."""
    start = spec.start
    if (
        start is None
        or start.partner
        or any(field.is_required() for name, field in start.options().items())
    ):
        return Status.line()
    return start.line()


def start_line(spec: GameSpec) -> str | None:
    """The game's start as a line that runs in a channel with no game: each required option
    filled as the console's refusal shows one (its first value; the partner `partner:2`);
    None when an option only the reader knows is required."""
    start = spec.start
    if start is None:
        return None
    filled: dict[str, Any] = {start.partner: 2} if start.partner else {}
    for name, field in start.options().items():
        if not field.is_required():
            continue
        allowed = choices_of(field.annotation, field.metadata)
        if allowed:
            filled[name] = allowed[0]
        else:  # a value only the reader knows: the start's refusal says what it is
            return None
    return start.line(**filled)


def _offered(spec: GameSpec, outcome: Outcome) -> Iterator[tuple[str, dict[str, Any]]]:
    """(line, action) for each line the game offers, the likely ones first."""
    models = {m.name(): m for m in spec.commands or ()}
    ask = outcome.ask
    steps = sorted(ask.next_steps(), key=lambda s: not _suggested(ask, s)) if ask else []
    for step in [*steps, *outcome.next_steps]:
        model = models.get(step.command)
        if model is None or model.hidden:
            continue
        try:
            line = model.line(**dict(step.args))
        except TypeError:
            continue
        yield line, {"command": step.command, **dict(step.args)}
    texts = [*outcome.facts, outcome.prompt]
    if ask is not None and ask.fields:
        texts.append(f"`/{spec.key} {ask.line()}`")
    for text in texts:
        for line in _LINE.findall(text or ""):
            action = _action(spec.key, line, models)
            if action is not None and not _BLANK.search(line):
                yield line, action


def _suggested(ask: Any, step: Any) -> bool:
    values = dict(step.args)
    return any(c.suggested and values.get(ask.option) == c.value for c in ask.choices)


def _action(key: str, line: str, models: dict[str, type[Command]]) -> dict[str, Any] | None:
    """The action a printed `/key command option:value …` line sends (words after an option
    are its value, as the console and Discord read them); None for another group's line."""
    words = line.split()
    if len(words) < 2 or words[0] != f"/{key}":
        return None
    model = next((m for m in models.values() if m.slash_name() == words[1]), None)
    if model is None or model.hidden:
        return None
    options = model.options()
    action: dict[str, Any] = {"command": model.name()}
    current = None
    for word in words[2:]:
        name, sep, value = word.partition(":")
        if sep and name in options:
            current, action[name] = name, value
        elif current is not None:
            action[current] += " " + word
        else:
            return None
    return action
