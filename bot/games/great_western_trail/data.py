"""Sam's cards and the board data from data/gwt_sam.yaml, validated at load.

Card faces were pictures in the rule text: movement and the icons of #1-#15 are reconstructed
(`uncertain: true`), and a player corrects them with `/gwt card` (kept in the game's state)."""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import BaseModel, Field, model_validator

from bot.core.data import load_yaml
from bot.core.said import Said, say

Worker = Literal["cowboy", "builder", "engineer"]
WORKERS: tuple[Worker, ...] = ("cowboy", "builder", "engineer")
Difficulty = Literal["easy", "medium", "hard"]
Action = Literal[
    "hire_cheapest",
    "hire_specialization",
    "buy_cattle",
    "place_building",
    "move_engine",
    "gain_objective",
    "outlaw_bounty",
    "remove_hazard",
]
Form = Literal["normal", "reveal_then_buy", "take_value_3", "one_builder", "next_station"]
MoveKind = Literal["fixed", "workers", "buildings"]
Hand = Literal["none", "green", "black", "both"]


class Movement(BaseModel):
    kind: MoveKind
    steps: int = Field(default=0, ge=0, le=5)


class SamCard(BaseModel):
    number: int = Field(ge=1, le=15)
    action: Action
    movement: Movement
    forms: dict[Worker, Form] = Field(default_factory=dict)
    uncertain: bool = False

    def form(self, specialization: Worker) -> Form:
        return self.forms.get(specialization, "normal")


class DifficultySetup(BaseModel):
    remove_cards: list[int]
    extra_workers: list[Worker]
    first_delivery: str


class Setup(BaseModel):
    discs: int
    private_buildings: int
    printed_workers: list[Worker]
    difficulty: dict[Difficulty, DifficultySetup]


class MovementRules(BaseModel):
    min: int
    max: int
    path: str
    fee_per_hand_2p: int


class WorkerRules(BaseModel):
    types: list[Worker]
    tiles_per_type: int
    spaces_per_row: int
    job_market_spaces_per_row: int
    scoring_spaces: list[int]
    vp_per_scoring_space: int


class Breed(BaseModel):
    name: str
    value: int
    never_bought: bool = False


class Price(BaseModel):
    value: int
    cowboys: int
    dollars: int
    cards: int = 1


class Cattle(BaseModel):
    budget: int
    breeds: dict[str, Breed]
    prices: list[Price]


class Building(BaseModel):
    number: int
    builders: int
    vp: int
    hand: Hand

    @property
    def tax(self) -> bool:
        return self.hand != "none"


class Buildings(BaseModel):
    uncertain: bool = False
    tiles: list[Building]


class Station(BaseModel):
    id: int
    turnout_after: int | None = None
    at_space: int | None = None
    vp: int
    station_master: bool = False

    @property
    def space(self) -> int:
        """Where the station sits, counted along the track (its turnout is one space)."""
        return self.at_space if self.at_space is not None else (self.turnout_after or 0) + 1


class Railroad(BaseModel):
    uncertain: bool = False
    last_space: int
    stations: list[Station]


class Cities(BaseModel):
    order: list[str]
    repeatable: list[str]
    crest_vp: dict[str, int] = Field(default_factory=dict)  # per disc on the city's space
    crest_vp_uncertain: bool = False


class Arrow(BaseModel):
    between: tuple[str, str]
    vp: int = 0
    objective: bool = False
    exchange_token: bool = False


class Arrows(BaseModel):
    uncertain: bool = False
    arrows: list[Arrow]


class Category(BaseModel):
    n: int
    name: str
    sam: bool


class Scoring(BaseModel):
    categories: list[Category]
    job_market_token_vp: int


TrailKind = Literal["start", "neutral", "building", "risk", "hazard", "outlaw", "kansas_city"]


class TrailSpace(BaseModel):
    id: str
    kind: TrailKind
    next: list[str] = Field(default_factory=list)
    lane: int = Field(default=0, ge=0, le=2)  # its row in the picture's schematic
    hazard: Literal["flood", "drought", "rockfall"] | None = None


class Trail(BaseModel):
    """The locations from the start to Kansas City (reconstructed: `uncertain`)."""

    uncertain: bool = False
    spaces: list[TrailSpace]

    @model_validator(mode="after")
    def _linked(self) -> Trail:
        later = {s.id for s in self.spaces}
        for space in self.spaces:  # each listed before every location it leads to
            later.discard(space.id)
            unknown = [n for n in space.next if n not in later]
            if unknown:
                raise ValueError(f"trail space {space.id} leads to {unknown}, not listed after it")
        if [s.kind for s in self.spaces].count("start") != 1:
            raise ValueError("the trail needs exactly one start")
        return self

    def columns(self) -> dict[str, int]:
        """How far each location can lie from the start: the most locations on a route there
        (so every route runs left to right in the picture)."""
        column = {self.spaces[0].id: 0}
        for space in self.spaces:  # listed so that each comes after every way into it
            for following in space.next:
                column[following] = max(column.get(following, 0), column[space.id] + 1)
        return column

    def passes(self) -> list[str]:
        """The locations every route from the start to Kansas City passes, in order."""
        into: dict[str, int] = {self.spaces[0].id: 1}
        for space in self.spaces:
            for following in space.next:
                into[following] = into.get(following, 0) + into[space.id]
        out: dict[str, int] = {}
        for space in reversed(self.spaces):
            out[space.id] = sum(out[n] for n in space.next) if space.next else 1
        routes = out[self.spaces[0].id]
        return [s.id for s in self.spaces if into[s.id] * out[s.id] == routes]

    def herder_columns(self, steps: int) -> tuple[int, int]:
        """Where a herder can stand `steps` steps after the start, as columns: each step
        moves at least one location on, and none goes past the next location every route
        passes (the neutral buildings are always there and count as a step)."""
        column = self.columns()
        passes = self.passes()
        last = passes[-1]
        if steps <= 0:
            return 0, 0
        farthest = passes[min(steps, len(passes) - 1)]
        return min(steps, column[last]), column[farthest]


class GwtData(BaseModel):
    setup: Setup
    cards: list[SamCard]
    movement: MovementRules
    workers: WorkerRules
    cattle: Cattle
    buildings: Buildings
    railroad: Railroad
    cities: Cities
    delivery_arrows: Arrows
    scoring: Scoring
    trail: Trail

    def card(self, number: int) -> SamCard:
        for card in self.cards:
            if card.number == number:
                return card
        raise KeyError(number)

    def building(self, number: int) -> Building:
        return next(b for b in self.buildings.tiles if b.number == number)

    def station(self, station_id: int) -> Station:
        return next(s for s in self.railroad.stations if s.id == station_id)


@cache
def gwt_data() -> GwtData:
    return GwtData.model_validate(load_yaml("gwt_sam.yaml"))


TIED = "tied, the player decides"


def why(reason: str) -> str:
    """A resolved choice's reason as a fact shows it: a tie the player broke says so (a
    reason built as a message stays one, its tie said as `your choice`)."""
    if isinstance(reason, Said):
        if reason.key == TIED:
            return say("your choice")
        return Said(
            reason.key,
            **{k: why(v) if isinstance(v, Said) else v for k, v in reason.values.items()},
        )
    return reason.replace(TIED, "your choice")
