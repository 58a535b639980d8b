"""Sam's game as one pydantic model: his board, his deck (order is state), the turn's agenda."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from bot.core.agenda import Agenda, Step
from bot.core.deck import Deck
from bot.core.table_facts import Table
from bot.games.great_western_trail.data import (
    WORKERS,
    Action,
    Difficulty,
    Form,
    MoveKind,
    Worker,
    gwt_data,
)


class Options(BaseModel):
    difficulty: Difficulty = "medium"
    first_delivery: str = "Bloomington"
    tile: Worker = "cowboy"  # the "2" worker tile on Sam's board


class CardFix(BaseModel):
    """What a player's physical card shows, where it differs from the data file."""

    movement: MoveKind | None = None
    steps: int | None = None
    action: Action | None = None


class CattleCard(BaseModel):
    breed: str  # letter from the data file
    vp: int


class HazardTile(BaseModel):
    section: str
    vp: int


class SamBoard(BaseModel):
    workers: dict[Worker, int]
    specialization: Worker
    buildings: list[int] = Field(default_factory=list)  # placed, in placing order
    removed_buildings: list[int] = Field(default_factory=list)  # replaced: out of the game
    stations: list[int] = Field(default_factory=list)  # station ids with his disc
    herder: int = 0  # steps his herder went since the start of the trail (0: at the start)
    engine: int = 0  # track space (a station's turnout counts as the space after its branch)
    engine_station: int | None = None  # the station whose turnout the engine stands on
    engine_off: bool = False  # reached the end of the track
    deliveries: list[str] = Field(default_factory=list)
    arrows: list[int] = Field(default_factory=list)  # delivery arrows already rewarded
    objectives: int = 1  # the starting objective card
    outlaws: list[str] = Field(default_factory=list)
    hazards: list[HazardTile] = Field(default_factory=list)
    cattle: list[CattleCard] = Field(default_factory=list)

    @property
    def discs(self) -> int:
        """Discs left in the supply next to his board."""
        return gwt_data().setup.discs - len(self.stations) - len(self.deliveries)

    def line(self) -> str:
        """The board in one line, like a FEN: tests compare it whole."""
        w = " ".join(f"{t[0].upper()}{self.workers[t]}" for t in WORKERS)
        engine = (
            "off"
            if self.engine_off
            else (f"S{self.engine_station}" if self.engine_station else str(self.engine))
        )
        cattle = " ".join(f"{c.breed.upper()}{c.vp}" for c in self.cattle) or "-"
        hazards = " ".join(f"{h.section}{h.vp}" for h in self.hazards) or "-"
        return (
            f"{self.specialization} | {w} | buildings {_ids(self.buildings)} | stations "
            f"{_ids(self.stations)} | engine {engine} | deliveries "
            f"{', '.join(self.deliveries) or '-'} | objectives {self.objectives} | outlaws "
            f"{' '.join(self.outlaws) or '-'} | hazards {hazards} | cattle {cattle} | "
            f"discs {self.discs}"
        )


def _ids(numbers: list[int]) -> str:
    return ",".join(str(n) for n in numbers) or "-"


# ---------------------------------------------------------------- steps of a turn
class Move(Step):
    kind: Literal["move"] = "move"


class Hire(Step):
    kind: Literal["hire"] = "hire"
    mode: Literal["cheapest", "specialization"]
    jobs: str | None = None
    token: int | None = None


class BuyCattle(Step):
    kind: Literal["cattle"] = "cattle"
    form: Form = "normal"
    cowboys: int | None = None  # cowboys not yet used this action
    free_reveal: bool = False  # #13 (cowboys): the two free cards were revealed
    market: str | None = None


class TakeValue3(Step):
    kind: Literal["value3"] = "value3"
    market: str | None = None


class Build(Step):
    kind: Literal["build"] = "build"
    form: Form = "normal"


class Engine(Step):
    kind: Literal["engine"] = "engine"
    form: Form = "normal"


class Objective(Step):
    kind: Literal["objective"] = "objective"
    why: str = "card"


class Outlaw(Step):
    kind: Literal["outlaw"] = "outlaw"


class Hazard(Step):
    kind: Literal["hazard"] = "hazard"
    hazards: str | None = None


class KansasCity(Step):
    kind: Literal["kansas_city"] = "kansas_city"


class Disc(Step):
    """A disc for `target` when his supply is empty: from his least valuable station."""

    kind: Literal["disc"] = "disc"
    target: str


TurnStep = Annotated[
    Move
    | Hire
    | BuyCattle
    | TakeValue3
    | Build
    | Engine
    | Objective
    | Outlaw
    | Hazard
    | KansasCity
    | Disc,
    Field(discriminator="kind"),
]


class GwtState(BaseModel):
    seed: int
    options: Options
    deck: Deck
    board: SamBoard
    turn: int = 0
    card: int | None = None  # the card Sam is resolving
    drawn_by_player: bool = False
    fixes: dict[int, CardFix] = Field(default_factory=dict)
    agenda: Agenda[TurnStep] = Field(default_factory=Agenda)
    table: Table = Field(default_factory=Table)  # what you reported of your table
    finished: bool = False
    result: dict[str, Any] | None = None  # totals, the table's numbers, your categories
