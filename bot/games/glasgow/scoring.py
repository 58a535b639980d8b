"""End scoring, one pure function per building type. The constants are the game's settings
(start options, defaults in data/glasgow.yaml, most reviewer-reported and `uncertain`).

Freddy scores like a player, except his goods banks: "he owns as many goods of the respective
type as you have free storage space of this type"; his factory bank counts his factories."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from pydantic import BaseModel

from bot.core.said import say
from bot.core.scoresheet import ScoreSheet
from bot.games.glasgow.city import City, is_corner
from bot.games.glasgow.data import GOODS, glasgow_data


class Settings(BaseModel):
    """The scoring values a game was started with."""

    factory_vp: int
    shop_vp: int
    corner_bonus: int
    tenement_vp: int
    tenement_neighbours: Literal["own", "any"]
    station_vp: int
    stone_bank: int
    steel_bank: int
    gold_bank: int
    factory_bank: int
    factory_trigger: Literal["line", "adjacent"]

    def text(self) -> str:
        types = "/".join(glasgow_data().soloist.scoring.station_types.value)
        own = "own " if self.tenement_neighbours == "own" else ""
        trigger = "the same row or column" if self.factory_trigger == "line" else "adjacent cells"
        return say(
            "Scoring used (reviewer-reported values are reconstructed): factory {factory}, "
            "shop {shop} + corner {corner}, tenement {tenement} per {neighbours}, park n², "
            "station {station} with {types}, banks per good stone {stone} / steel {steel} / "
            "gold {gold}, factory bank {bank} per factory; factories fire on {trigger}.",
            factory=self.factory_vp,
            shop=self.shop_vp,
            corner=self.corner_bonus,
            tenement=self.tenement_vp,
            neighbours=f"{own}adjacent tenement",
            station=self.station_vp,
            types=types,
            stone=self.stone_bank,
            steel=self.steel_bank,
            gold=self.gold_bank,
            bank=self.factory_bank,
            trigger=trigger,
        )


def factories(city: City, owner: str, s: Settings) -> int:
    return s.factory_vp * len(city.owned(owner, "factory"))


def parks(city: City, owner: str) -> int:
    return len(city.owned(owner, "park")) ** 2


def tenements(city: City, owner: str, s: Settings) -> int:
    points = 0
    for cell, _ in city.owned(owner, "tenement"):
        points += s.tenement_vp * sum(
            1
            for _, b in city.adjacent_tiles(cell)
            if b.kind == "tenement" and (s.tenement_neighbours == "any" or b.owner == owner)
        )
    return points


def landmarks(city: City, owner: str) -> int:
    return sum(b.vp or 0 for _, b in city.owned(owner, "landmark"))  # type: ignore[attr-defined]


def bank_points(city: City, owner: str, goods: Mapping[str, int], s: Settings) -> dict[str, int]:
    """Each of the owner's banks by its good (stone, steel, gold, factory): its points."""
    rate = {"stone": s.stone_bank, "steel": s.steel_bank, "gold": s.gold_bank}
    points: dict[str, int] = {}
    for _, bank in city.owned(owner, "bank"):
        good = bank.good  # type: ignore[attr-defined]
        if good == "factory":
            gained = s.factory_bank * len(city.owned(owner, "factory"))
        elif good in rate:
            gained = rate[good] * goods.get(good, 0)
        else:
            continue
        points[good] = points.get(good, 0) + gained
    return points


def banks(city: City, owner: str, goods: Mapping[str, int], s: Settings) -> int:
    return sum(bank_points(city, owner, goods, s).values())


def stations(city: City, owner: str, s: Settings) -> int:
    types = glasgow_data().soloist.scoring.station_types.value
    if all(city.owned(owner, kind) for kind in types):
        return s.station_vp * len(city.owned(owner, "station"))
    return 0


def corner_bonus(city: City, owner: str, s: Settings) -> int:
    """The owner's shops in a corner of the finished city, each worth the corner bonus."""
    box = city.bounds()
    corners = sum(1 for cell, _ in city.owned(owner, "shop") if box and is_corner(cell, box))
    return s.corner_bonus * corners


def shops(city: City, owner: str, s: Settings) -> int:
    """The owner's shops, the corner bonus included."""
    return s.shop_vp * len(city.owned(owner, "shop")) + corner_bonus(city, owner, s)


def freddy_goods(your_goods: Mapping[str, int]) -> dict[str, int]:
    """Freddy's goods for his banks: your free storage spaces of each type."""
    capacity = glasgow_data().soloist.storage_capacity
    return {g: max(0, capacity[g] - your_goods.get(g, 0)) for g in GOODS}


def score(city: City, owner: str, goods: Mapping[str, int], s: Settings) -> ScoreSheet:
    sheet = ScoreSheet()
    sheet.add("factories", factories(city, owner, s))
    sheet.add("parks", parks(city, owner))
    sheet.add("tenements", tenements(city, owner, s))
    sheet.add("landmarks", landmarks(city, owner))
    sheet.add("banks", banks(city, owner, goods, s))
    sheet.add("stations", stations(city, owner, s))
    sheet.add("shops", shops(city, owner, s))
    return sheet
