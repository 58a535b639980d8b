"""Lords of Waterdeep facts from data/waterdeep.yaml, validated at load."""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import BaseModel, Field

from bot.core.data import load_yaml

CUBES = ("cleric", "fighter", "rogue", "wizard")
RESOURCES = (*CUBES, "gold")  # the card icon order, left to right (meta.conventions)
VALUE = {"cleric": 4, "wizard": 4, "fighter": 2, "rogue": 2, "gold": 1, "intrigue": 1, "quest": 1}
VALUE_VP = 1  # rule 7C: VP count one point each
HARBOR = ("waterdeep_harbor_1", "waterdeep_harbor_2", "waterdeep_harbor_3")
CASTLE = "castle_waterdeep"
BUILDERS_HALL = "builders_hall"
UNPRICED = ("the_zoarstar", "the_palace_of_waterdeep")  # D1: the 7C formula cannot price them


class ChooseCubes(BaseModel):
    count: int
    options: list[str] = Field(alias="from")
    any_mix: bool = False


class Space(BaseModel):
    """An action space: one of the 13 on the board or a building's."""

    id: str
    name: str
    building: bool = False
    cost: int = 0  # a building's price in Builder's Hall
    gives: dict[str, int] = Field(default_factory=dict)
    choose: ChooseCubes | None = None
    pay: dict[str, int] = Field(default_factory=dict)  # gold the visitor pays first
    pay_adventurers: int = 0  # any adventurers the visitor pays first
    accumulates: dict[str, int] = Field(default_factory=dict)  # a pile, taken whole
    per_building: dict[str, int] = Field(default_factory=dict)  # per building in play
    owner_gets: dict[str, int] = Field(default_factory=dict)
    owner_one_of: list[str] = Field(default_factory=list)  # the owner picks one of these
    owner_choose: ChooseCubes | None = None
    also: str = ""
    uncertain: bool = False
    note: str = ""

    @property
    def label(self) -> str:
        if self.id in HARBOR:
            return f"Waterdeep Harbor {self.id[-1]}"
        if self.id.startswith("cliffwatch_inn_"):
            return f"Cliffwatch Inn ({('left', 'middle', 'right')[int(self.id[-1]) - 1]})"
        return self.name


class Quest(BaseModel):
    id: str
    name: str
    type: str
    plot: bool = False
    mandatory: bool = False
    requires: dict[str, int]
    reward: dict[str, Any]
    ongoing_effect: str = ""
    uncertain: bool = False
    note: str = ""


class Intrigue(BaseModel):
    id: str
    name: str
    category: str
    count: int
    effect: str
    first_cube_color: str | None


class Lord(BaseModel):
    id: str
    name: str
    quest_types: list[str]
    bonus: str


class WaterdeepData(BaseModel):
    rounds: int
    agents: int  # each of two players
    spaces: list[Space]  # the 13 board spaces
    buildings: list[Space]  # the 24 building tiles
    quests: list[Quest]  # the 60 quest cards, in data order (deck indices)
    mandatory: list[Quest]
    intrigue: list[Intrigue]
    lords: list[Lord]

    def space(self, key: str) -> Space:
        return self._spaces()[key]

    def quest(self, key: str) -> Quest:
        return self._quests()[key]

    def lord(self, key: str) -> Lord:
        return next(lord for lord in self.lords if lord.id == key)

    def _spaces(self) -> dict[str, Space]:
        return {s.id: s for s in (*self.spaces, *self.buildings)}

    def _quests(self) -> dict[str, Quest]:
        return {q.id: q for q in (*self.quests, *self.mandatory)}

    @property
    def intrigue_deck(self) -> list[int]:
        """One entry per physical card: the index of its kind in `intrigue`."""
        return [i for i, card in enumerate(self.intrigue) for _ in range(card.count)]


def _building(raw: dict[str, Any]) -> Space:
    visitor = raw["visitor"]
    owner = raw.get("owner_gets", {})
    pay = visitor.get("pay", {})
    return Space(
        id=raw["id"],
        name=raw["name"],
        building=True,
        cost=raw["cost"],
        gives=visitor.get("gives", {}),
        choose=visitor.get("choose"),
        pay={k: v for k, v in pay.items() if k != "any_adventurers"},
        pay_adventurers=pay.get("any_adventurers", 0),
        accumulates=visitor.get("accumulates", {}),
        per_building=visitor.get("gives_per_building_in_play", {}),
        owner_gets={k: v for k, v in owner.items() if k not in ("choose_one_of", "choose")},
        owner_one_of=list(owner.get("choose_one_of", {})),
        owner_choose=owner.get("choose"),
        also=visitor.get("also", ""),
        uncertain=bool(raw.get("uncertain")),
        note=raw.get("note", ""),
    )


@cache
def waterdeep_data() -> WaterdeepData:
    raw = load_yaml("waterdeep.yaml")
    rules = raw["rules"]
    spaces = [
        Space(id=s["id"], name=s["name"], gives=s.get("gives", {}), also=s.get("also", ""))
        for s in raw["board_spaces"]
    ]
    mandatory = [Quest(mandatory=True, **q) for q in raw["mandatory_quests"]]
    return WaterdeepData(
        rounds=rules["rounds"],
        agents=rules["agents_per_player"][2],
        spaces=spaces,
        buildings=[_building(b) for b in raw["buildings"]],
        quests=[Quest(**q) for q in raw["quests"]],
        mandatory=mandatory,
        intrigue=[Intrigue(**c) for c in raw["intrigue_cards"]],
        lords=[Lord(**lord) for lord in raw["lords"]],
    )
