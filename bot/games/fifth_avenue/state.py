"""The saved state of one two-player Fifth Avenue game with Alea."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from bot.core.deck import Deck


class AleaOptions(BaseModel):
    mode: Literal["virtual", "physical"] = "virtual"


class District(BaseModel):
    alea_skyscrapers: int = 0
    stopped_by: Literal["player", "alea"] | None = None
    removed: int = 0  # Alea's skyscrapers taken out of the game by the building stop


class Auction(BaseModel):
    district: str
    high_bid: int
    cards: list[int]
    stage: Literal["contest", "build"] = "contest"

    @property
    def bid(self) -> int:
        return sum(self.cards)


class AleaState(BaseModel):
    options: AleaOptions
    seed: int
    stack: Deck | None  # virtual mode only: the bot's own black stack
    bottom: list[int] = Field(default_factory=list)  # known cards at the bottom, top first
    districts: dict[str, District]
    supply: int
    auctions: int = 0
    alea_wins: int = 0
    auction: Auction | None = None
    building_stops: int = 0
    supply_row_empty: bool = False
    phase: Literal["play", "ended", "finished"] = "play"
    scores: dict[str, int] | None = None
