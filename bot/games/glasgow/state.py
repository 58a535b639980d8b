"""The whole game as one pydantic model: the city, the current row, the turn counters, the
special contracts pending, and the agenda of steps the turn still waits on."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from bot.core.agenda import Agenda, Step
from bot.core.table_facts import Table
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
    # what you reported of your table: the round's rows (`row1`..`row4`, dealt at once and
    # changed only by an exchange contract) and your storage (`storage:steel` full yes/no,
    # fresh until your next turn; a "no" is forgotten when a factory of yours fills it)
    table: Table = Field(default_factory=Table)
    check_rows: bool = False  # you chose an exchange: the rows left are asked again
    suggested_rest: bool = False  # Freddy takes his suggested cells for the rest of this turn
    city: City = Field(default_factory=City)
    # who holds the single whisky barrel, as far as the bot heard: you took it (the whisky
    # contract, your storage said full), or Freddy took it; None: not known (in the supply,
    # or yours from a contract or factory the bot did not see, or spent)
    barrel: Literal["you", "freddy"] | None = None
    agenda: Agenda[TurnStep] = Field(default_factory=Agenda)
    result: Result | None = None
    finished: bool = False


def stored_storage_answers(data: dict[str, Any]) -> bool:
    """States stored before the table facts kept Freddy II's storage answers of the turn."""
    return "storage_full" in data


def storage_answers_to_facts(data: dict[str, Any]) -> dict[str, Any]:
    new = {k: v for k, v in data.items() if k != "storage_full"}
    facts = {
        f"storage:{good}": {"value": "yes" if full else "no", "epoch": 0}
        for good, full in (data.get("storage_full") or {}).items()
    }
    new["table"] = {"epoch": 0, "facts": facts}
    return new
