"""The saved state of one Grand Austria Hotel solo game."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from bot.core.deck import Deck
from bot.games.grand_austria.data import Colour, Difficulty, Objective

Progress = Literal["none", "III", "II", "claimed"]
PROGRESS_ORDER: list[Progress] = ["none", "III", "II", "claimed"]


class GahOptions(BaseModel):
    difficulty: Difficulty = "medium"
    emperor_vp_variant: Literal["ask", "S2", "S3"] = "ask"


class QueueGuest(BaseModel):
    colour: Colour
    vp: int

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
    """An instruction card being resolved, waiting for what only the player's table shows."""

    card: int
    guests: list[str]
    guests_taken: int = 0
    dice: list[int] | None = None


class FinalResult(BaseModel):
    player_score: int
    opponent_score: int
    breakdown: dict[str, int]
    winner: Literal["player", "opponent"]


class GahState(BaseModel):
    options: GahOptions
    seed: int
    deck: Deck
    staff_deck: Deck
    phase: Literal["play", "final", "finished"] = "play"
    round: int = 1
    turns_this_round: int = 0
    vp: int = 0
    emperor: int = 0
    hotel: dict[str, Colour] = Field(default_factory=dict)
    objectives: dict[Objective, ObjectiveTrack] = Field(
        default_factory=lambda: {k: ObjectiveTrack() for k in ("A", "B", "C")}
    )
    staff_revealed: list[int] = Field(default_factory=list)
    emperor_vp_answers: dict[int, int] = Field(default_factory=dict)
    pending: PendingTurn | None = None
    result: FinalResult | None = None

    @property
    def opponent_first(self) -> bool:
        """The opponent holds the 1/4 tile in odd rounds, the 2/3 tile in even rounds."""
        return self.round % 2 == 1

    @property
    def turn_numbers(self) -> tuple[int, int]:
        return (1, 4) if self.opponent_first else (2, 3)
