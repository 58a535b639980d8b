"""The saved state of one two-player Fifth Avenue game with Alea.

An auction with Alea is an agenda of typed steps: his bid, then (if he leads) the contest
between the two real players, then (if he wins a district) his build. The step that waits holds
what is known so far and the stored question (`agenda.ask`); `/alea end` is a step too, so its
confirmation and the tie-break question are stored the same way."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from bot.core.agenda import Agenda, Ask, Step
from bot.core.deck import Deck
from bot.core.table_facts import Table


class AleaOptions(BaseModel):
    mode: Literal["virtual", "physical"] = "virtual"


class District(BaseModel):
    alea_skyscrapers: int = 0
    stopped_by: Literal["player", "alea"] | None = None
    removed: int = 0  # Alea's skyscrapers taken out of the game by the building stop


class Bid(Step):
    """Alea bids third: his black cards are turned until a value repeats."""

    kind: Literal["bid"] = "bid"
    district: str
    high_bid: int
    cards: str | None = None  # physical mode: his cards as given, kept while an earlier step asks


class Auction(Step):
    """An auction Alea leads (`contest`) or has won and must build in (`build`)."""

    district: str
    high_bid: int | None = None  # None in a round: the players told only whether he won
    cards: list[int]

    @property
    def bid(self) -> int:
        return sum(self.cards)

    @property
    def stage(self) -> str:
        return self.kind


class Contest(Auction):
    """Alea holds the high bid: the two real players carry on; both pass or one overbids."""

    kind: Literal["contest"] = "contest"


class Build(Auction):
    """Alea won a district: he builds on its most valuable empty plot(s)."""

    kind: Literal["build"] = "build"
    plots: str | None = None  # given with the round's result; else asked (`/alea build`)


class Round(Step):
    """A commissioner's return: one auction per marked district, then Central Park. Alea's
    bids are shown hidden when it opens and drawn, auction by auction, when its result comes
    (`round.py`); the stack stays as it was until then."""

    kind: Literal["round"] = "round"
    districts: list[str]  # in auction order, Central Park last


class RoundAuction(Step):
    """One auction of a round whose result is in: Alea's bid is drawn and his cards go to
    the bottom; he won it or not; a player may have declared a building stop there."""

    kind: Literal["round_auction"] = "round_auction"
    district: str
    won: bool = False
    plots: str | None = None
    stop: bool = False


class EndGame(Step):
    """`/alea end`: what the players have said so far (scores, cards left, confirmation)."""

    kind: Literal["end"] = "end"
    score: int | None = None
    partner_score: int | None = None
    cards_left: int | None = None
    partner_cards_left: int | None = None
    confirmed: bool = False
    breakdown: dict[str, int] | None = None  # points by scoring round, as given
    partner_breakdown: dict[str, int] | None = None


class LastBid(BaseModel):
    """The bid Alea made in the latest auction, for the odds chart to mark."""

    district: str
    total: int


AleaStep = Annotated[
    Bid | Contest | Build | Round | RoundAuction | EndGame, Field(discriminator="kind")
]


class AleaState(BaseModel):
    options: AleaOptions
    seed: int
    stack: Deck | None  # virtual mode only: the bot's own black stack
    bottom: list[int] = Field(default_factory=list)  # known cards at the bottom, top first
    districts: dict[str, District]
    supply: int
    auctions: int = 0
    alea_wins: int = 0
    agenda: Agenda[AleaStep] = Field(default_factory=Agenda)
    last_bid: LastBid | None = None
    building_stops: int = 0
    # what the players reported of the board: each district's empty plots (`plots:<district>`),
    # with Alea's own skyscrapers taken off; a new auction is a new moment (`moved_on`)
    table: Table = Field(default_factory=Table)
    supply_row_empty: bool = False
    phase: Literal["play", "ended", "finished"] = "play"
    scores: dict[str, int] | None = None
    # each real player's points by scoring round, where given ("owner"/"partner" → round → VP)
    rounds: dict[str, dict[str, int]] = Field(default_factory=dict)
    winner: Literal["owner", "partner", "tie"] | None = None  # with the tie-break applied

    @property
    def auction(self) -> Auction | None:
        """The auction Alea leads or must build in, if any."""
        step = self.agenda.steps[0] if self.agenda.steps else None
        return step if isinstance(step, Auction) else None

    @property
    def round(self) -> Round | None:
        """The round of auctions whose result is awaited, if any."""
        step = self.agenda.steps[0] if self.agenda.steps else None
        return step if isinstance(step, Round) else None

    @property
    def ask(self) -> Ask | None:
        return self.agenda.ask


def before_the_agenda(data: dict[str, Any]) -> bool:
    """States stored before the agenda kept an open auction as `auction` with a `stage`."""
    return "agenda" not in data and bool(data.get("auction"))


def to_the_agenda(data: dict[str, Any]) -> dict[str, Any]:
    old = dict(data["auction"])
    new = {k: v for k, v in data.items() if k != "auction"}
    old["kind"] = old.pop("stage", "contest")
    new["agenda"] = {"steps": [old]}  # the rules ask its question again on load
    return new
