"""Every /alea command declared once: the slash commands are built from these models
(bot/on_discord/slash.py), and the console, the buttons and imported logs go through them
(`COMMANDS.parse(action)`)."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

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


class Alea(Command):
    """An /alea command: its printed lines name the group."""

    group: ClassVar[str] = "alea"


class Start(Alea):
    """The start options (the partner is a Discord user, passed as the game's players)."""

    about: ClassVar[str] = "Start a two-player game with Alea in this channel"
    partner: ClassVar[str] = "partner"
    partner_about: ClassVar[str] = "the other real player"
    command: Literal["start"] = "start"
    mode: Annotated[str, MODE] = Field(
        "virtual",
        description="virtual: I keep Alea's black stack; physical: you turn the real cards",
    )

    @model_validator(mode="before")
    @classmethod
    def _known(cls, data: Any) -> Any:
        if isinstance(data, dict):
            unknown = sorted(str(k)[:20] for k in data if k not in cls.model_fields)
            if unknown:
                names = f"{form(len(unknown), 'start option')}: {', '.join(unknown)[:80]}"
                raise ValueError(f"Unknown {names}.")
        return data


class Auction(Alea):
    about: ClassVar[str] = "Alea bids third in an auction"
    command: Literal["auction"]
    district: DistrictName = Field(description="the district (or Central Park) being auctioned")
    high_bid: Annotated[int, Field(ge=0, le=MAX_BID)] = Field(
        description="the highest bid after both of you bid or passed once (0 if both passed)"
    )
    cards: Annotated[str, Field(min_length=1, max_length=30, examples=["5 4 6 5"])] | None = Field(
        None, description="physical mode: the black cards turned for Alea, in order, e.g. 5 4 6 5"
    )
    # how the open auction Alea led ended, told with the next auction in one line
    result: Annotated[str, OUTCOME] | None = Field(
        None,
        description="with the next auction: how the auction Alea led ended (passed or overbid)",
    )


class Round(Alea):
    """A round of auctions: `districts` opens it (Alea's bids shown hidden), `won` (and a
    player's building `stop`) closes it once its auctions are over."""

    about: ClassVar[str] = "A round of auctions: Alea's bids at once, hidden"
    command: Literal["round"]
    districts: (
        Annotated[str, Field(min_length=1, max_length=200, examples=["Times Square, 42nd St East"])]
        | None
    ) = Field(
        None,
        description="to open it: the districts holding the markers, "
        "e.g. Times Square, 42nd St East",
    )
    won: (
        Annotated[
            str,
            Field(min_length=1, max_length=300, examples=["none", "Times Square=a:2 b:0"]),
            inside(NONE),
        ]
        | None
    ) = Field(
        None,
        description="once its auctions are over: what Alea won, e.g. Times Square=a:2 b:0; "
        "Central Park",
    )
    stop: Annotated[str, Field(min_length=1, max_length=200, examples=["52nd St West"])] | None = (
        Field(
            None,
            description="with won: the district(s) where a player declared a building stop in "
            "this round",
        )
    )


class Result(Alea):
    about: ClassVar[str] = "How the auction ended after Alea took the lead"
    command: Literal["result"]
    outcome: Annotated[str, OUTCOME] = Field(
        description="passed: you both passed, Alea wins; overbid: one of you bid more"
    )
    plots: Plots | None = Field(
        None,
        description="if Alea won a district: its empty plots as label:types, e.g. a:2 b:0, or none",
    )


class Build(Alea):
    about: ClassVar[str] = "Where Alea builds: the won district's empty plots"
    command: Literal["build"]
    plots: Plots = Field(
        description="label:types per empty plot (types = business types next to it, 0-4), or none"
    )


class Stop(Alea):
    about: ClassVar[str] = "A player declares a building stop"
    command: Literal["stop"]
    slash = "building-stop"
    district: DistrictName = Field(description="the district where the building stop is declared")


class SupplyEmpty(Alea):
    about: ClassVar[str] = "The business supply row is empty"
    command: Literal["supply_empty"]


class End(Alea):
    about: ClassVar[str] = "Finish the game, with your final scores if you like"
    command: Literal["end"]
    score: Score | None = Field(None, description="your final score (the game's owner)")
    partner_score: Score | None = Field(None, description="your partner's final score")
    cards_left: Hand | None = Field(
        None, description="tie-break: cards left in your hand (most wins a tie on points)"
    )
    partner_cards_left: Hand | None = Field(
        None, description="tie-break: cards left in your partner's hand"
    )
    confirm: Annotated[str, CONFIRM] | None = Field(
        None, description="yes: end now although neither end condition has come"
    )
    breakdown: Breakdown | None = Field(
        None,
        description="optional, your points by scoring round: stop1:12 stop2:8 districts:21 park:5",
    )
    partner_breakdown: Breakdown | None = Field(
        None, description="optional, your partner's points by scoring round, like breakdown"
    )


class Odds(Alea):
    """A read-only view (`GameSpec.views`), not a rule command."""

    about: ClassVar[str] = "The exact odds of Alea's next bid"
    command: Literal["odds"]
    bid: Annotated[int, Field(ge=0, le=MAX_BID)] | None = Field(
        None, description="show the chance that Alea bids more than this"
    )
    bottom: Annotated[str, Field(min_length=1, max_length=200)] | None = Field(
        None, description="physical mode: the cards you know are at the bottom, e.g. 4 5 4, or none"
    )


# the blanks of the lines the game prints (`/alea end score:<yours> partner_score:…`)
HIGHEST = "<highest so far>"
PARTNERS = "<your partner's>"
BOTH_SCORES = End.line(score="<yours>", partner_score=PARTNERS)

COMMANDS = CommandSet("Fifth Avenue", [Auction, Round, Result, Build, Stop, SupplyEmpty, End])


class Board(Alea):
    """A read-only view (`GameSpec.views`), not a rule command."""

    about: ClassVar[str] = "Show the board, with a picture"
    command: Literal["board"]


VIEWS = (Odds, Board)  # read-only, built as slash commands like the commands
