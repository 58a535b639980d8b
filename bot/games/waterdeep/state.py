"""Everything a game against Pseudo is: the board the bot tracks, Pseudo's mat, the decks."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    Field,
    PrivateAttr,
    SerializerFunctionWrapHandler,
    model_serializer,
)

from bot.core.agenda import Agenda, Step
from bot.core.checkpoint import Checkpoint
from bot.core.deck import Deck
from bot.core.pool import Pool
from bot.core.table_facts import Table

Who = Literal["pseudo", "you"]
CHECKPOINT = Checkpoint()  # keeps the state before Pseudo's last placement in `checkpoint`
LATER = "later"  # an input: his 7F "do you have one?" waits for the round's end (plan.py)


class PseudoPlace(Step):
    """Pseudo assigns an agent by the script 7A–7D (or where the player moved it)."""

    kind: Literal["place"] = "place"
    forced: str | None = None  # the space an override put him on
    from_harbor: str | None = None  # D10: reassigning this Harbor agent at round end


class DrawIntrigue(Step):
    """7F: Pseudo draws the top intrigue card and plays it."""

    kind: Literal["intrigue"] = "intrigue"
    why: str
    card: int | None = None  # the drawn card's kind, kept while the player answers


class CompleteQuests(Step):
    """D3: after his action Pseudo completes what his tavern covers."""

    kind: Literal["complete"] = "complete"


class Reassign(Step):
    """End of round: the agent on this Harbor space is reassigned."""

    kind: Literal["reassign"] = "reassign"
    slot: str


class EndRound(Step):
    kind: Literal["end_round"] = "end_round"


TurnStep = Annotated[
    PseudoPlace | DrawIntrigue | CompleteQuests | Reassign | EndRound,
    Field(discriminator="kind"),
]


class HallSlot(BaseModel):
    building: str
    vp: int = 0


class InPlay(BaseModel):
    building: str
    owner: Who
    pile: dict[str, int] = Field(default_factory=dict)


class WaterdeepState(BaseModel):
    seed: int
    options: dict[str, str]
    lord: str
    round: int = 1
    marker: Who = "pseudo"  # the first-player marker
    to_move: Who = "pseudo"
    placed: dict[str, int] = Field(default_factory=lambda: {"pseudo": 0, "you": 0})
    occupied: dict[str, Who] = Field(default_factory=dict)  # space id -> whose agent
    hall: list[HallSlot] = Field(default_factory=list)  # Builder's Hall, left to right
    in_play: list[InPlay] = Field(default_factory=list)
    buildings: Deck
    quest_deck: Deck  # indices into the 60 quests
    intrigue_deck: Deck  # indices into the intrigue kinds, one per card
    tavern: Pool = Field(default_factory=Pool)  # Pseudo's adventurers and gold
    quests: list[str] = Field(default_factory=list)  # Pseudo's uncompleted, top first
    completed: list[str] = Field(default_factory=list)  # Pseudo's
    last_drawn: str | None = None  # the quest the bot last drew for him (`drawn` corrects it)
    your_quests: list[str] = Field(default_factory=list)  # quests you reported completed
    pseudo_vp: int = 0
    lieutenant: list[Who] = Field(default_factory=list)  # Recruit Lieutenant: one agent more
    ledger: dict[str, int] = Field(default_factory=dict)  # your VP the bot keeps (not on track)
    agenda: Agenda[TurnStep] = Field(default_factory=Agenda)
    checkpoint: str | None = None  # the state before Pseudo's last placement (override)
    last: str | None = None  # the space of Pseudo's last placement
    phase: Literal["play", "final", "finished"] = "play"
    # what you told the bot about your own table (7F: "no wizard"), and when (table_facts)
    table: Table = Field(default_factory=Table)
    result: dict[str, Any] | None = None
    # the round plan (plan.py): your agents this round placed where the plan does not care
    # (you did not say where), and his 7F cards whose "do you have one?" waits for the round
    elsewhere: int = 0
    owed: list[int] = Field(default_factory=list)  # intrigue kinds, in the order he drew them
    planning: bool = False  # you play by the plan: his 7F questions wait for the round's end
    _trail: Any = PrivateAttr(default=None)  # a plan being recorded (plan.py), never stored

    @model_serializer(mode="wrap")
    def _shape(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """A game that has remembered nothing keeps the shape stored before `table` existed
        (so its stored state, and its checkpoint inside, read the same as before)."""
        data = handler(self)
        if self.table == Table():
            data.pop("table", None)
        for name in ("elsewhere", "owed", "planning"):  # the round plan's, kept only while in use
            if not data.get(name):
                data.pop(name, None)
        return data

    def agents(self, who: Who | None = None) -> int:
        """Agents a player has this round: 4, a fifth from round 5, the Lieutenant."""
        return 4 + (1 if self.round >= 5 else 0) + (1 if who in self.lieutenant else 0)

    def left(self, who: Who) -> int:
        return self.agents(who) - self.placed[who]

    def owner(self, space: str) -> Who | None:
        return next((b.owner for b in self.in_play if b.building == space), None)

    def pile(self, space: str) -> dict[str, int]:
        return next((b.pile for b in self.in_play if b.building == space), {})
