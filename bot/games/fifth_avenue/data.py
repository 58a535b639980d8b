"""Fifth Avenue facts from data/alea.yaml, validated at load."""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel

from bot.core.data import load_yaml

CENTRAL_PARK = "Central Park"


class AleaData(BaseModel):
    black_counts: dict[int, int]
    districts: list[str]
    district_names_uncertain: bool
    skyscrapers_per_colour: int
    vp_by_types: dict[int, int]
    full_deck_distribution: dict[int, str]

    @property
    def black_stack(self) -> list[int]:
        return [value for value, count in sorted(self.black_counts.items()) for _ in range(count)]


@cache
def alea_data() -> AleaData:
    raw = load_yaml("alea.yaml")
    board = raw["board"]
    return AleaData(
        black_counts=raw["components"]["bidding_cards"]["black"]["counts"],
        districts=board["districts"]["names"],
        district_names_uncertain=bool(board["districts"].get("names_uncertain")),
        skyscrapers_per_colour=raw["components"]["skyscrapers"]["per_color"],
        vp_by_types=raw["scoring"]["skyscraper_vp_by_distinct_adjacent_business_types"],
        full_deck_distribution=raw["two_player_alea"]["bid_distribution_full_deck"],
    )
