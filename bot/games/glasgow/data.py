"""Glasgow data from data/glasgow.yaml, validated at load: the solo display, storage, and the
scoring values the start options default to (most of them reviewer-reported, `uncertain`)."""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict

from bot.core.data import load_yaml

GOODS = ("stone", "steel", "gold")
KINDS = ("factory", "park", "tenement", "landmark", "bank", "station", "shop")
FactoryGood = Literal["stone", "steel", "gold", "whisky", "other"]
BankGood = Literal["stone", "steel", "gold", "factory"]


class Sourced(BaseModel):
    model_config = ConfigDict(extra="forbid")
    source: str = ""
    uncertain: bool = False


class IntValue(Sourced):
    value: int


class NeighboursValue(Sourced):
    value: Literal["own", "any"]


class TriggerValue(Sourced):
    value: Literal["line", "adjacent"]


class TypesValue(Sourced):
    value: list[str]


class BankRate(Sourced):
    stone: int
    steel: int
    gold: int
    factory: int


class Scoring(BaseModel):
    factory_vp: IntValue
    shop_vp: IntValue
    corner_bonus: IntValue
    tenement_vp: IntValue
    tenement_neighbours: NeighboursValue
    station_vp: IntValue
    station_types: TypesValue
    bank_rate: BankRate
    factory_trigger: TriggerValue


class Soloist(BaseModel):
    display: list[int]
    actions_per_turn: list[int]
    rounds: int
    extra_gold: list[int]
    storage_capacity: dict[str, int]
    scoring: Scoring


class GlasgowData(BaseModel):
    city_shapes: list[tuple[int, int]]
    city_size: int
    soloist: Soloist


@cache
def glasgow_data() -> GlasgowData:
    raw = load_yaml("glasgow.yaml")
    data = GlasgowData(
        city_shapes=raw["game"]["city_shapes"], city_size=raw["game"]["city_size"], **raw
    )
    solo = data.soloist
    if sum(solo.display) * solo.rounds != data.city_size or len(solo.display) != 4:
        raise ValueError("data/glasgow.yaml: the display must deal the whole city")
    if not set(solo.scoring.station_types.value) <= set(KINDS):
        raise ValueError("data/glasgow.yaml: unknown station type")
    return data
