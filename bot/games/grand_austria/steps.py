"""The step kinds of the opponent's turn: one model per kind, resolved by bot/games/
grand_austria/turn.py. A card gives guest steps, the die and its extras; a dancing guest
inserts a dancer step right after itself."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from bot.core.agenda import Step


class GuestStep(Step):
    """Take a guest for the card's guest symbol `index` (needs the queue)."""

    kind: Literal["guest"] = "guest"
    index: int


class DancerStep(Step):
    """Module 1: send a dancer (after a dancing guest, or the card's extra dancer)."""

    kind: Literal["dancer"] = "dancer"
    arrows: int
    extra: bool = False  # the card's dancer symbol, without a guest


class DieStep(Step):
    """Take a die from the action board (needs the dice when the die changes the game)."""

    kind: Literal["die"] = "die"


class EmperorStep(Step):
    kind: Literal["emperor"] = "emperor"
    steps: int


class StaffStep(Step):
    """Reveal the top card of the private staff deck."""

    kind: Literal["staff"] = "staff"


class ObjectiveStep(Step):
    """Advance an objective marker (`shown`: A, B, C or ?)."""

    kind: Literal["objective"] = "objective"
    shown: str


TurnStep = Annotated[
    GuestStep | DancerStep | DieStep | EmperorStep | StaffStep | ObjectiveStep,
    Field(discriminator="kind"),
]


def step_label(step: Step) -> str:
    """A short name of a step, for the summary: `guest:1`, `die`, `dancer:2`."""
    if isinstance(step, GuestStep):
        return f"guest:{step.index}"
    if isinstance(step, DancerStep):
        return f"dancer:{step.arrows}"
    return step.kind
