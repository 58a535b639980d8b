"""Grand Austria Hotel data from data/gah_decks.yaml and data/gah_base.yaml, validated at load."""

from __future__ import annotations

from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, Field

from bot.core.data import load_yaml

Colour = Literal["blue", "red", "yellow", "green"]
Border = Literal["none", "silver", "gold"]
Difficulty = Literal["easy", "medium", "hard"]
Hand = Literal["left", "right"]
Objective = Literal["A", "B", "C"]

BORDERS_BY_DIFFICULTY: dict[str, frozenset[str]] = {
    "easy": frozenset({"none"}),
    "medium": frozenset({"none", "silver"}),
    "hard": frozenset({"none", "silver", "gold"}),
}


class GuestSymbol(BaseModel):
    color: Literal["blue", "red", "yellow", "green", "any"]
    border: Border
    dancer_arrows: int | None = None


class DieSymbol(BaseModel):
    value: int | Literal["?", "colored_max"]
    border: Border


class Extra(BaseModel):
    type: Literal["emperor", "staff", "objective", "dancer"]
    border: Border
    steps: int = 0
    card: Literal["A", "B", "C", "?"] | None = None
    arrows: int | None = None


class InstructionCard(BaseModel):
    number: int
    guests: list[GuestSymbol]
    dice: list[DieSymbol]
    extras: list[Extra]
    hand: Hand
    uncertain: bool = False
    note: str | None = None


class InstructionDeck(BaseModel):
    opponent_name: str
    cards: list[InstructionCard]
    staff_symbol_cards: list[int]

    def card(self, number: int) -> InstructionCard:
        for card in self.cards:
            if card.number == number:
                return card
        raise KeyError(number)


class Space(BaseModel):
    floor: int
    column: int
    index: int
    colour: Literal["blue", "red", "yellow"]
    vp: int
    group: int

    @property
    def label(self) -> str:
        return f"{self.floor}.{self.column}"


class EmperorSpace(BaseModel):
    space: int
    vp: int | None
    candidates: dict[str, int] = Field(default_factory=dict)
    uncertain: bool = False


class StaffCard(BaseModel):
    number: int
    name: str
    cost: int
    type: Literal["round", "perm", "once", "end"]
    effect: str


class Guest(BaseModel):
    number: int
    name: str
    colour: Colour
    vp: int
    order: dict[str, int]


Item = Literal["strudel", "cake", "wine", "coffee"]
Entrance = Literal["hautel_couture", "nine_stars_inn", "sushi_resort", "toll_bridge_hotel"]
ENTRANCES: tuple[Entrance, ...] = (
    "hautel_couture",
    "nine_stars_inn",
    "sushi_resort",
    "toll_bridge_hotel",
)


class Ballroom(BaseModel):
    name: str
    scored_after: int
    unlimited: bool


class WaltzData(BaseModel):
    """Let's Waltz! facts the solo opponent needs (data/gah_waltz.yaml)."""

    modules: dict[int, dict[str, str]]
    refused_modules: dict[int, dict[str, str]]
    ballrooms: list[Ballroom]
    ballrooms_reconstructed: bool
    dancers: int
    celebrity_bonus: dict[str, str]
    entrances: dict[str, dict[str, Any]]
    player_start_krone_module_3: int

    def entrance_name(self, key: str) -> str:
        return str(self.entrances[key]["name"])


class GahData(BaseModel):
    decks: dict[str, InstructionDeck]
    spaces: list[Space]
    emperor: list[EmperorSpace]
    emperor_scoring_rounds: list[int]
    emperor_move_back: dict[int, int]
    objective_vp: list[int]
    staff: dict[int, StaffCard]
    private_deck_candidates: list[int]
    private_deck_uncertain: bool
    max_guest_vp: int
    guests: dict[int, Guest]
    waltz: WaltzData

    @property
    def emperor_last_space(self) -> int:
        return self.emperor[-1].space

    def space_by_label(self, label: str) -> Space:
        for space in self.spaces:
            if space.label == label:
                return space
        raise KeyError(label)


@cache
def gah_data() -> GahData:
    decks = load_yaml("gah_decks.yaml")["decks"]
    base = load_yaml("gah_base.yaml")
    track = base["emperor_track"]
    staff = base["staff_cards"]
    return GahData(
        decks={name: InstructionDeck.model_validate(deck) for name, deck in decks.items()},
        spaces=base["hotel_board_night_side"]["spaces"],
        emperor=track["vp_by_space"],
        emperor_scoring_rounds=track["scoring"]["after_rounds"],
        emperor_move_back=track["scoring"]["move_back_spaces"],
        objective_vp=base["objective_cards"]["claim_order_vp"],
        staff={card["number"]: card for card in staff["cards"]},
        private_deck_candidates=staff["solo_private_deck_mark"]["cards_with_mark"],
        private_deck_uncertain=bool(staff["solo_private_deck_mark"].get("uncertain")),
        max_guest_vp=max(card["vp"] for card in base["guests"]["cards"]),
        guests={card["number"]: card for card in base["guests"]["cards"]},
        waltz=_waltz(load_yaml("gah_waltz.yaml")),
    )


def _waltz(raw: dict[str, Any]) -> WaltzData:
    return WaltzData(
        modules=raw["modules"],
        refused_modules=raw["refused_modules"],
        ballrooms=raw["ballrooms"]["rooms"],
        ballrooms_reconstructed=bool(raw["ballrooms"].get("reconstructed")),
        dancers=raw["ballrooms"]["dancers"],
        celebrity_bonus=raw["celebrity_bonus"],
        entrances=raw["entrances"],
        player_start_krone_module_3=raw["player_start_krone_module_3"],
    )
