"""A tie the rules leave to the player: asked once as buttons or a select, answered with
`/gwt answer pick:` (the kit's `ask_for` plus reading the answer back; every action uses it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from bot.core.agenda import Ask, Turn, refused
from bot.core.priority import Choice, ask_for
from bot.core.said import say
from bot.core.tokens import short

T = TypeVar("T")


def decide(
    choice: Choice[T],
    turn: Turn[Any],
    *,
    prompt: str,
    label: Callable[[T], str] = str,
    value: Callable[[T], str] = str,
) -> tuple[T | None, Ask | None]:
    """The chosen option (None: nothing to choose), or the question to ask first."""
    if not choice.needs_player:
        return choice.option, None
    picked = turn.inputs.take("pick")
    if picked is None:
        ask = ask_for(
            choice, prompt=prompt, command="answer", option="pick", label=label, value=value
        )
        return None, ask
    for option in choice.tied:
        if value(option) == picked:
            return option, None
    wrong = say("`{pick}` is not one of the tied choices.", pick=short(str(picked)))
    raise refused(wrong, map(value, choice.tied))
