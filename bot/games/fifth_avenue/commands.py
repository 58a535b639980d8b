"""Every /alea command declared once: the slash options, the console, the buttons and imported
logs all go through these models (`COMMANDS.parse(action)`)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from bot.core.commands import Command, CommandSet
from bot.core.values import inside
from bot.core.vocabulary import NONE
from bot.games.fifth_avenue.names import BREAKDOWN, CONFIRM, MODE, OUTCOME
from bot.i18n.plural import form

MAX_BID = 200  # far above any real bid; Alea bids 8 to 21
MAX_SCORE = 999
MAX_HAND = 110  # 60 coloured and 50 black bidding cards in the box

DistrictName = Annotated[
    str, Field(min_length=1, max_length=40, examples=["Times Square", "central park"])
]
Plots = Annotated[
    str, Field(min_length=1, max_length=60, examples=["a:2 b:0 c:2", "none"]), inside(NONE)
]
Breakdown = Annotated[str, Field(min_length=1, max_length=200), inside(BREAKDOWN)]
Score = Annotated[int, Field(ge=0, le=MAX_SCORE)]
Hand = Annotated[int, Field(ge=0, le=MAX_HAND)]


class Start(Command):
    """The start options (the partner is a Discord user, passed as the game's players)."""

    command: Literal["start"] = "start"
    mode: Annotated[str, MODE] = "virtual"

    @model_validator(mode="before")
    @classmethod
    def _known(cls, data: Any) -> Any:
        if isinstance(data, dict):
            unknown = sorted(str(k)[:20] for k in data if k not in cls.model_fields)
            if unknown:
                names = f"{form(len(unknown), 'start option')}: {', '.join(unknown)[:80]}"
                raise ValueError(f"Unknown {names}.")
        return data


class Auction(Command):
    command: Literal["auction"]
    district: DistrictName
    high_bid: Annotated[int, Field(ge=0, le=MAX_BID)]
    cards: Annotated[str, Field(min_length=1, max_length=30, examples=["5 4 6 5"])] | None = None
    # how the open auction Alea led ended, told with the next auction in one line
    result: Annotated[str, OUTCOME] | None = None


class Round(Command):
    """A round of auctions: `districts` opens it (Alea's bids shown hidden), `won` (and a
    player's building `stop`) closes it once its auctions are over."""

    command: Literal["round"]
    districts: (
        Annotated[str, Field(min_length=1, max_length=200, examples=["Times Square, 42nd St East"])]
        | None
    ) = None
    won: (
        Annotated[
            str,
            Field(min_length=1, max_length=300, examples=["none", "Times Square=a:2 b:0"]),
            inside(NONE),
        ]
        | None
    ) = None
    stop: Annotated[str, Field(min_length=1, max_length=200, examples=["52nd St West"])] | None = (
        None
    )


class Result(Command):
    command: Literal["result"]
    outcome: Annotated[str, OUTCOME]
    plots: Plots | None = None


class Build(Command):
    command: Literal["build"]
    plots: Plots


class Stop(Command):
    command: Literal["stop"]
    slash = "building-stop"
    district: DistrictName


class SupplyEmpty(Command):
    command: Literal["supply_empty"]


class End(Command):
    command: Literal["end"]
    score: Score | None = None
    partner_score: Score | None = None
    cards_left: Hand | None = None
    partner_cards_left: Hand | None = None
    confirm: Annotated[str, CONFIRM] | None = None
    breakdown: Breakdown | None = None
    partner_breakdown: Breakdown | None = None


COMMANDS = CommandSet("Fifth Avenue", [Auction, Round, Result, Build, Stop, SupplyEmpty, End])
