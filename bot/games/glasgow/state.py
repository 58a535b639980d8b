"""The whole game as one pydantic model: the city, the current row, the turn counters, the
special contracts pending, and the agenda of steps the turn still waits on."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from bot.core.agenda import Agenda, Step
from bot.games.glasgow.city import City, Dealt
from bot.games.glasgow.scoring import Settings


class ActionStep(Step):
    """One of the player's two actions: two contracts drawn, one resolved."""

    kind: Literal["action"] = "action"
    number: int


class RowStep(Step):
    """The player reads the buildings to the right of the current architect."""

    kind: Literal["row"] = "row"


class BuildStep(Step):
    """The player builds any of the row's buildings, then says done."""

    kind: Literal["build"] = "build"


class FreddyStep(Step):
    """Freddy builds one leftover building (`index` in the row)."""

    kind: Literal["freddy"] = "freddy"
    index: int


class EndTurnStep(Step):
    kind: Literal["end_turn"] = "end_turn"


class FinalStep(Step):
    """The city is complete: the player reports the goods left, the bot scores."""

    kind: Literal["final"] = "final"


TurnStep = Annotated[
    ActionStep | RowStep | BuildStep | FreddyStep | EndTurnStep | FinalStep,
    Field(discriminator="kind"),
]


class Result(BaseModel):
    you: dict[str, int]
    freddy: dict[str, int]
    your_goods: dict[str, int]
    freddy_goods: dict[str, int]

    @property
    def your_score(self) -> int:
        return sum(self.you.values())

    @property
    def freddy_score(self) -> int:
        return sum(self.freddy.values())


class GlasgowState(BaseModel):
    seed: int
    freddy: Literal["I", "II"]
    settings: Settings
    round: int = 1
    turn: int = 1  # the architect, counted from the bottom
    actions_done: int = 0
    double: bool = False  # the double contract was chosen: the next action counts twice
    replaced: list[int] = Field(default_factory=list)  # rows (architects) Freddy replaced
    row: list[Dealt] = Field(default_factory=list)
    built: list[int] = Field(default_factory=list)  # row positions you built this turn
    # your answers to Freddy II this turn, good -> storage full; a "room" answer is forgotten
    # when a factory of yours makes that good (the storage may be full now)
    storage_full: dict[str, bool] = Field(default_factory=dict)
    city: City = Field(default_factory=City)
    agenda: Agenda[TurnStep] = Field(default_factory=Agenda)
    result: Result | None = None
    finished: bool = False
