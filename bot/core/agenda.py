"""A turn as an agenda of typed steps that stops and asks the table.

Every solo opponent here draws or reads an instruction, resolves it step by step, and stops
wherever only the physical table knows the answer (a market, a grid, an occupied space) or
where the rules say "you decide". A game subclasses `Step` once per step kind and writes one
handler per kind; `run` resolves the steps top to bottom until one returns an `Ask`.

The `Ask` is produced once, stored with the state, and shown by `describe()`: nothing
re-derives why a turn waits. Inputs given with a command are used up by the steps that take
them, so an answer serves exactly one question. A game that lets the player report ahead
(`/gwt turn jobs:… cattle:…` before the market is asked for) runs with `hold=True`: what the
asking step did not use waits on the agenda (`held`) for the steps after it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, Generic, TypeVar

from pydantic import BaseModel, Field, SerializerFunctionWrapHandler, model_serializer

from bot.core.errors import RuleError
from bot.core.next_step import NextStep
from bot.core.said import MOST_LISTED as MAX_LISTED
from bot.core.said import Said, Text, capped, say
from bot.core.tokens import short

MAX_STEPS_PER_RUN = 500  # a turn that resolves more steps than this is a bug, not a game


def valid(values: Iterable[str]) -> str:
    """The sentence naming what would work, for a refusal: "Valid: `c3`, `c4`."."""
    shown = [f"`{short(v, 40)}`" for v in dict.fromkeys(values)]
    if len(shown) > MAX_LISTED:
        shown = [*shown[:MAX_LISTED], f"… ({len(shown) - MAX_LISTED} more)"]
    return f"Valid: {', '.join(shown)}." if shown else ""


def refused(line: str, values: Iterable[str]) -> RuleError:
    """A refused answer: what was wrong (`line`), then the values that would work, right there;
    built as a message when `line` is one (the values as typed, in backticks)."""
    values = list(dict.fromkeys(values))
    if isinstance(line, Said):  # kept a message, however many values (or none) would work
        if not values:
            return RuleError(line)
        codes = capped(f"`{short(v, 40)}`" for v in values)  # as `valid` counts them
        shown = say("Valid: {values}.", values=codes)
        return RuleError(say("{line} {valid}", line=line, valid=shown))
    return RuleError(" ".join(part for part in (line, valid(values)) if part))


class Step(BaseModel):
    """One thing the opponent does. Subclasses set `kind: Literal["..."] = "..."` and carry
    whatever the step needs; a handler may change its step's fields (e.g. cowboys left) and
    those changes are kept when it asks."""

    kind: str


class Choice(BaseModel):
    """One answer offered as a button or a select option: what it says and the value it sends.

    The value rides in a component's custom id, so it is a short token (`Y3`, `E6`, `b-2`);
    anything else would make a button that silently does nothing."""

    label: Text
    value: str = Field(pattern=r"^[A-Za-z0-9_.+\-]{1,60}$")
    # further options this one answer sends, for a question answered by two options at once
    # (Glasgow's contract: `chosen` and `ignored`); short tokens too, for the custom id
    also: dict[str, Annotated[str, Field(pattern=r"^[A-Za-z0-9_.+\-]{1,30}$")]] = Field(
        default_factory=dict
    )
    suggested: bool = False  # among tied options, the one the bot suggests (shown first, marked)


class AskField(BaseModel):
    """One of several options a question asks at once (a modal's text input on Discord, one
    option of the line the console shows): its option name, a short label, and the value the
    bot remembers from the table (pre-filled; sending it as it is means "unchanged")."""

    option: str
    label: Text = Field(max_length=45)  # Discord's limit on a text input's label
    remembered: str | None = None
    example: str = ""
    required: bool = True


class Ask(BaseModel):
    """A question to the table, in the rule book's words.

    `command` and `option` name the command option that answers it (`/gwt answer pick:…`);
    `choices` are the answers that can be offered as buttons or a select menu (empty when the
    answer must be typed, e.g. a whole market row)."""

    prompt: Text
    command: str
    option: str
    choices: list[Choice] = Field(default_factory=list)
    reason: Text = ""
    extra: dict[str, str] = Field(default_factory=dict)  # fixed options sent with every choice
    # several table facts asked at once (`option` is the first); at most 5, as a modal holds
    fields: list[AskField] = Field(default_factory=list, max_length=5)

    def next_steps(self) -> list[NextStep]:
        return [
            NextStep(
                choice.label,
                self.command,
                (
                    *sorted(self.extra.items()),
                    (self.option, choice.value),
                    *sorted(choice.also.items()),
                ),
            )
            for choice in self.choices
        ]

    def text(self) -> str:
        if not self.reason:
            return self.prompt
        if isinstance(self.prompt, Said) and isinstance(self.reason, Said):
            return Said("{prompt} ({reason})", prompt=self.prompt, reason=self.reason)
        return f"{self.prompt} ({self.reason})"

    def line(self) -> str:
        """The one command line that answers every field, remembered values filled in."""
        parts = [f"{f.option}:{f.remembered or f.example or '…'}" for f in self.fields]
        return " ".join([self.command, *parts])

    def accepts(self, value: str) -> bool:
        return not self.choices or any(c.value == value for c in self.choices)

    def values(self) -> list[str]:
        return [c.value for c in self.choices]

    def refuse(self, typed: str, line: str = "") -> RuleError:
        """The refusal of an answer that fits no choice, naming the valid ones."""
        return refused(line or f"`{short(typed, 40)}` is not one of the answers.", self.values())

    def answer(self, typed: str) -> str | None:
        """A typed answer as the choice's value: exact, else in any case against the values
        and labels (`pick:Builder` for `builder`), else the one label that begins with it as
        its buttons show it (`#5b` of `#5b (3 builders, no hand)`, `Black Angus`); None when
        no choice fits."""
        if self.accepts(typed):
            return typed
        needle = " ".join(typed.casefold().split())
        for c in self.choices:
            if needle in (
                " ".join(c.value.casefold().split()),
                " ".join(c.label.casefold().split()),
            ):
                return c.value
        bare = needle.lstrip("#")
        begun = {
            c.value
            for c in self.choices
            if bare and re.match(rf"#?{re.escape(bare)}(?![\w'’])", c.label.casefold())
        }
        if len(begun) == 1:
            return begun.pop()
        # where a label is a move (`#4b → #12b`), the one whose target was typed (`12b`)
        target = {
            c.value
            for c in self.choices
            if bare and re.search(rf"→\s*#?{re.escape(bare)}(?![\w'’])", c.label.casefold())
        }
        return target.pop() if not begun and len(target) == 1 else None


S = TypeVar("S", bound=Step)


class Agenda(BaseModel, Generic[S]):
    """The steps still to resolve, in order, and the question the first one waits on.

    Parametrise with a game's discriminated union of steps:
    `Agenda[Annotated[Move | Hire, Field(discriminator="kind")]]`."""

    steps: list[S] = Field(default_factory=list)
    ask: Ask | None = None
    # answers given with a command while it waited that no step used yet (`run(hold=True)`);
    # stored only when there are some, so a game that never holds keeps its stored shape
    held: dict[str, Any] = Field(default_factory=dict)

    @model_serializer(mode="wrap")
    def _without_empty_held(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        if not self.held:
            data.pop("held", None)
        return data

    @property
    def waiting(self) -> bool:
        return self.ask is not None

    @property
    def done(self) -> bool:
        return not self.steps

    def extend(self, steps: Iterable[S]) -> None:
        self.steps.extend(steps)

    def clear(self) -> None:
        self.steps.clear()
        self.ask = None
        self.held.clear()


class Inputs:
    """Answers given with one command. Each is used up by the first step that takes it."""

    def __init__(self, values: Mapping[str, Any] | None = None) -> None:
        self._values = {k: v for k, v in (values or {}).items() if v is not None}
        self._used: set[str] = set()
        self._read: set[str] = set()  # asked for by a step, used up or not

    def take(self, name: str) -> Any:
        """The answer named `name`, once; None when it was not given or is already used."""
        self._read.add(name)
        if name in self._used or name not in self._values:
            return None
        self._used.add(name)
        return self._values[name]

    def peek(self, name: str) -> Any:
        """The answer named `name` without using it up (None when absent or used)."""
        self._read.add(name)
        return None if name in self._used else self._values.get(name)

    def has(self, name: str) -> bool:
        self._read.add(name)
        return name in self._values and name not in self._used

    def given(self) -> list[str]:
        return list(self._values)

    def hold(self, held: Mapping[str, Any]) -> None:
        """Offer answers kept from an earlier command too; one given now wins over a kept one."""
        self._values = {**{k: v for k, v in held.items() if v is not None}, **self._values}

    def left(self) -> dict[str, Any]:
        """The answers no step used, with their values."""
        return {name: self._values[name] for name in self.unused()}

    def read(self, name: str) -> bool:
        """Whether a step asked for the answer `name`."""
        return name in self._read

    def unused(self) -> list[str]:
        return [name for name in self._values if name not in self._used]


@dataclass
class Turn(Generic[S]):
    """What a handler gets: the step, the answers given, the facts so far, and a way to add
    steps right after this one (kept only if the step resolves, so asking twice never inserts
    twice)."""

    step: S
    inputs: Inputs
    facts: list[str]
    _inserted: list[S] = field(default_factory=list)

    def insert(self, *steps: S) -> None:
        self._inserted.extend(steps)


Handler = Callable[[Any, Turn[Any]], "Ask | None"]


def unasked(ask: Ask, names: Iterable[str]) -> RuleError:
    """The one line refusing answers that fit nothing the game waits for."""
    given = ", ".join(f"`{name}`" for name in names)
    return RuleError(f"Not asked now: {given}. Waiting for `{ask.option}`: {ask.text()}")


def run(
    agenda: Agenda[Any],
    state: Any,
    handlers: Mapping[str, Handler],
    inputs: Inputs,
    facts: list[str],
    *,
    fresh: Iterable[str] | None = None,
    hold: bool = False,
) -> Ask | None:
    """Resolve steps top to bottom until one asks (stored on the agenda and returned) or none
    is left (None). `handlers` maps a step kind to `handler(state, turn) -> Ask | None`.

    With `hold`, answers that no step used while the turn stops to ask again are kept on the
    agenda (`held`) and offered to the steps of the next run, under what that command brings;
    once no step is left they are dropped (`inputs.left()` names them to the caller).

    When the agenda already waits on a question, answers this command brought (`fresh`, by
    default all inputs; never the held ones) of which no step asked for a single one fit
    nothing the game waits for: refused (`unasked`) rather than carried along for nothing."""
    waiting = agenda.ask
    brought = list(inputs.given() if fresh is None else fresh)
    inputs.hold(agenda.held)
    ask = _run(agenda, state, handlers, inputs, facts)
    if waiting is not None and brought and not any(inputs.read(name) for name in brought):
        raise unasked(waiting, brought)
    agenda.held = inputs.left() if hold and ask is not None else {}
    return ask


def _run(
    agenda: Agenda[Any],
    state: Any,
    handlers: Mapping[str, Handler],
    inputs: Inputs,
    facts: list[str],
) -> Ask | None:
    agenda.ask = None
    for _ in range(MAX_STEPS_PER_RUN):
        if not agenda.steps:
            return None
        step = agenda.steps[0]
        handler = handlers.get(step.kind)
        if handler is None:
            raise RuleError(f"No rule resolves a `{step.kind}` step.")
        turn: Turn[Any] = Turn(step, inputs, facts)
        ask = handler(state, turn)
        if ask is not None:
            agenda.ask = ask
            return ask
        agenda.steps[:1] = turn._inserted
    raise RuleError("This turn does not come to an end; please report it.")
