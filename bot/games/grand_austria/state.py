"""The saved state of one Grand Austria Hotel solo game."""

from __future__ import annotations

from typing import Literal

from pydantic import AliasChoices, BaseModel, Field

from bot.core.agenda import Agenda
from bot.core.deck import Deck
from bot.core.table_facts import Table
from bot.games.grand_austria.data import (
    Colour,
    Difficulty,
    Entrance,
    Item,
    Objective,
    gah_data,
)
from bot.games.grand_austria.steps import TurnStep

Progress = Literal["none", "III", "II", "claimed"]
PROGRESS_ORDER: list[Progress] = ["none", "III", "II", "claimed"]


class GahOptions(BaseModel):
    difficulty: Difficulty = "medium"
    # stored as `emperor_vp_variant` before the option took its slash name: still read
    emperor_table: Literal["ask", "S2", "S3"] = Field(
        "ask", validation_alias=AliasChoices("emperor_table", "emperor_vp_variant")
    )
    modules: list[int] = Field(default_factory=list)  # Let's Waltz! modules, sorted
    entrance: Entrance | Literal["random"] | None = None  # module 3: the opponent's entrance
    reserved: list[int] | None = None  # Hautel Couture: the guests the player revealed

    @property
    def opponent(self) -> Literal["leopold", "elisabeth"]:
        """Elisabeth with module 1 and/or 2, otherwise Leopold (rule book, combining modules)."""
        return "elisabeth" if {1, 2} & set(self.modules) else "leopold"


class QueueGuest(BaseModel):
    colour: Colour
    vp: int
    cogwheel: bool = False  # Sushi Resort: a cogwheel token lies on this guest

    def __str__(self) -> str:
        return f"{self.colour} guest worth {self.vp} VP"


class ObjectiveTrack(BaseModel):
    """One objective card: the opponent's countdown marker and the VP spots taken so far."""

    progress: Progress = "none"
    opponent_vp: int | None = None
    player_vp: int | None = None

    def taken_spots(self) -> set[int]:
        return {vp for vp in (self.opponent_vp, self.player_vp) if vp is not None}


class PendingTurn(BaseModel):
    """The instruction card being resolved (its steps are the state's agenda) and what the
    table showed for it: the dice stay on the action board while the opponent's turn lasts."""

    card: int
    queue_stale: bool = False  # a guest was taken: the next guest needs the refilled queue
    dice: list[int] | None = None
    coloured: dict[str, int] | None = None  # module 2: coloured die -> action space


class Celebrity(BaseModel):
    colour: Literal["red", "yellow", "blue"]
    vp: int


class ReservedGuest(BaseModel):
    """Hautel Couture: a guest waiting in the opponent's café for the player to serve."""

    number: int
    room: str
    served: dict[str, int] = Field(default_factory=dict)

    def missing(self) -> dict[str, int]:
        """The items of the guest's order (guest data) not yet placed on the card."""
        order = gah_data().guests[self.number].order
        return {k: n - self.served.get(k, 0) for k, n in order.items() if n > self.served.get(k, 0)}

    @property
    def done(self) -> bool:
        return not self.missing()


class FinalResult(BaseModel):
    player_score: int
    opponent_score: int
    breakdown: dict[str, int]
    winner: Literal["player", "opponent"]
    staff_cards: dict[int, int] = Field(default_factory=dict)  # the opponent's, card by card
    player: dict[str, int] = Field(default_factory=dict)  # the categories you gave, if any


# ------------------------------------------------------------------ module state
class Ballrooms(BaseModel):
    """Module 1: the opponent's dancers per ballroom (left to right, balcony last) and the
    ballrooms the player has said are full."""

    dancers: list[int] = Field(default_factory=lambda: [0, 0, 0, 0])
    full: list[int] = Field(default_factory=list)
    # reported with space at the table's epoch `open_epoch` (known.py), none sent there since
    open: list[int] = Field(default_factory=list)
    open_epoch: int = -1


class Celebrities(BaseModel):
    """Module 2: the lounge this round, in the order shown on the lounge tile, and the
    celebrities (coloured dice) the opponent took this round."""

    lounge: list[Celebrity] | None = None
    taken: list[str] = Field(default_factory=list)


class Hautel(BaseModel):
    """Hautel Couture: the reserved guests, their vacant rooms and the items."""

    reserved: list[ReservedGuest] = Field(default_factory=list)
    vacant: dict[str, Colour] = Field(default_factory=dict)  # reserved rooms, not yet occupied
    item_pool: list[Item] = Field(default_factory=list)  # shuffled: drawn from the front
    items: dict[int, Item] = Field(default_factory=dict)  # action space -> item on it


class NineStars(BaseModel):
    tokens: int = 0  # on the stars track


class Sushi(BaseModel):
    spaces: list[str] = Field(default_factory=list)  # cogwheels still in the hotel
    queue: int = 0  # cogwheels on guests in the queue


class TollBridge(BaseModel):
    tokens: list[int] = Field(default_factory=lambda: [0] * 6)  # cogwheels per action space


class GahState(BaseModel):
    options: GahOptions
    seed: int
    deck: Deck
    staff_deck: Deck
    phase: Literal["play", "final", "finished"] = "play"
    round: int = 1
    turns_this_round: int = 0
    vp: int = 0
    vp_by: dict[str, int] = Field(default_factory=dict)  # the VP track by where it came from
    emperor: int = 0
    hotel: dict[str, Colour] = Field(default_factory=dict)
    objectives: dict[Objective, ObjectiveTrack] = Field(
        default_factory=lambda: {k: ObjectiveTrack() for k in ("A", "B", "C")}
    )
    staff_revealed: list[int] = Field(default_factory=list)
    emperor_vp_answers: dict[int, int] = Field(default_factory=dict)
    pending: PendingTurn | None = None
    agenda: Agenda[TurnStep] = Field(default_factory=Agenda)
    ballrooms: Ballrooms = Field(default_factory=Ballrooms)  # module 1
    celebrities: Celebrities = Field(default_factory=Celebrities)  # module 2
    # module 3: the opponent's entrance and its state (only the one in play is set)
    entrance: Entrance | None = None
    hautel: Hautel | None = None
    stars: NineStars | None = None
    sushi: Sushi | None = None
    toll: TollBridge | None = None
    result: FinalResult | None = None
    table: Table = Field(default_factory=Table)  # what the player reported (known.py)
    round_answers: dict[str, int] = Field(default_factory=dict)  # the round end's, so far

    def score(self, source: str, vp: int) -> None:
        """Move the opponent's VP marker, keeping where the points came from (the score
        sheet shows the VP track by source)."""
        self.vp += vp
        if vp:
            self.vp_by[source] = self.vp_by.get(source, 0) + vp

    @property
    def opponent_first(self) -> bool:
        """The opponent holds the 1/4 tile in odd rounds, the 2/3 tile in even rounds."""
        return self.round % 2 == 1

    @property
    def turn_numbers(self) -> tuple[int, int]:
        return (1, 4) if self.opponent_first else (2, 3)

    @property
    def vacant(self) -> dict[str, Colour]:
        """Reserved rooms not yet occupied (Hautel Couture), for the hotel and its scoring."""
        return self.hautel.vacant if self.hautel is not None else {}

    @property
    def cogwheel_spaces(self) -> list[str]:
        """Sushi Resort cogwheels still in the hotel."""
        return self.sushi.spaces if self.sushi is not None else []
