"""Every /gah command declared once: the slash commands are built from these models
(bot/on_discord/slash.py), and the console, the buttons and imported logs go through them
(`COMMANDS.parse(action)`); the lines the game prints are built from them too (`Turn.line`)."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import AliasChoices, Field, field_validator

from bot.core.commands import Command, CommandSet
from bot.core.values import inside
from bot.core.vocabulary import NONE
from bot.games.grand_austria.names import (
    BREAKDOWN,
    COGWHEEL_EVENT,
    COLOUR,
    DIE_COLOUR,
    DIFFICULTIES,
    EMPEROR_TABLE,
    ENTRANCE,
    ITEM_GUEST,
    OBJECTIVE,
)


def _blank_is_none(value: Any) -> Any:
    """An empty text option means it was not given (as before the models)."""
    return None if isinstance(value, str) and not value.strip() else value


def _about(text: str, default: object = None) -> Any:
    return Field(default, description=text)


Space = Annotated[int, Field(ge=1, le=6)]
CardNumber = Annotated[int, Field(ge=193, le=232)]  # Leopold 193-212, Elisabeth 213-232
StaffNumber = Annotated[int, Field(ge=1, le=48)]
Signed = Annotated[int, Field(ge=-999, le=999)]
EmperorVp = Annotated[int, Field(ge=0, le=20)]
BallroomVp = Annotated[int, Field(ge=0, le=99)]
Dice = Annotated[str, Field(min_length=1, max_length=30), inside(DIE_COLOUR, NONE)]  # `R4 B2`


class Gah(Command):
    """A /gah command: its printed lines name the group."""

    group: ClassVar[str] = "gah"


class Start(Gah):
    """The start options, stored with the game under these names. A game stored before the
    Emperor table's option took its slash name kept it as `emperor_vp_variant`: still read."""

    about: ClassVar[str] = "Start a game against Leopold or Elisabeth in this channel"
    command: Literal["start"] = "start"
    difficulty: Annotated[str, DIFFICULTIES] = _about(
        "easy ignores silver and gold symbols, medium ignores gold, hard applies all", "medium"
    )
    emperor_table: Annotated[str, EMPEROR_TABLE] = Field(
        "ask",
        validation_alias=AliasChoices("emperor_table", "emperor_vp_variant"),
        description="VP of Emperor spaces 8 and 10: ask me (default), S2 = 5/6, S3 = 6/7",
    )
    modules: Annotated[str, Field(min_length=1, max_length=20)] | None = _about(
        "Let's Waltz! modules, e.g. 1 2 3 5 (1 or 2 = Elisabeth; 4 is not for solo)"
    )
    entrance: Annotated[str, ENTRANCE] | None = _about(
        "module 3: the opponent's hotel entrance (default random)"
    )
    reserved: Annotated[str, Field(min_length=1, max_length=30)] | None = _about(
        "Hautel Couture: the 3 guest numbers you revealed (default: I draw them)"
    )

    _blank = field_validator("modules", "reserved", mode="before")(_blank_is_none)


class Turn(Gah):
    about: ClassVar[str] = "The opponent's turn: draw the card and resolve it"
    command: Literal["turn"]
    queue: Annotated[str, Field(min_length=1, max_length=100), inside(COLOUR)] | None = _about(
        "guest queue left to right, colour letter + VP, e.g. Y3 B0 R2 G4 Y0 (Y3* = cogwheel)"
    )
    dice: Annotated[str, Field(min_length=1, max_length=60)] | None = _about(
        "dice on the action board, value:count, e.g. 1:2 2:2 3:1 4:3 5:2"
    )
    card: CardNumber | None = _about(
        "the card you drew from a physical deck (Leopold 193-212, Elisabeth 213-232)"
    )
    coloured: Dice | None = _about(
        "module 2: coloured dice still on the board and their space, e.g. R4 B2, or none"
    )
    lounge: Dice | None = _about(
        "module 2: celebrity VP in the lounge tile's dice order, e.g. R3 Y5 B2"
    )
    full: Annotated[str, Field(min_length=1, max_length=20), inside(NONE)] | None = _about(
        "module 1: the ballrooms that are full now, e.g. 1 or 1 2, or none"
    )
    # the round end's numbers, when the turn comes after both of the round's turns
    emperor_vp: EmperorVp | None = _about(
        "after both turns of a round: the round end's Emperor VP, when I ask for it"
    )
    ballroom_vp: BallroomVp | None = _about(
        "after both turns of a round: Elisabeth's ballroom VP, when I ask for it"
    )

    _blank = field_validator("queue", "dice", "coloured", "lounge", "full", mode="before")(
        _blank_is_none
    )


class RoundEnd(Gah):
    about: ClassVar[str] = "End the round: Emperor and ballroom scoring, swap tiles"
    command: Literal["round_end"]
    emperor_vp: EmperorVp | None = _about(
        "VP printed on the opponent's Emperor space, when I ask for it"
    )
    ballroom_vp: BallroomVp | None = _about(
        "module 1: the VP the scored ballroom gives Elisabeth, when I ask for it"
    )


class Item(Gah):
    about: ClassVar[str] = "Hautel Couture: the item on the space you took a die from"
    command: Literal["item"]
    space: Space = Field(description="the action space (1-6) you took your die from")
    guest: Annotated[str, ITEM_GUEST] = Field(
        description="the opponent's guest (1-3, in reveal order) who gets it, or none"
    )


class Completed(Gah):
    about: ClassVar[str] = "Nine Stars Inn: you completed a floor or column"
    command: Literal["completed"]


class Cogwheel(Gah):
    about: ClassVar[str] = "Sushi Resort: a cogwheel guest was taken by you or got far"
    command: Literal["cogwheel"]
    event: Annotated[str, COGWHEEL_EVENT] = Field(
        description="taken: you took it; rightmost: it reached the rightmost space"
    )


class Toll(Gah):
    about: ClassVar[str] = "Toll Bridge: you use an action space with cogwheels"
    command: Literal["toll"]
    space: Space = Field(description="the action space (1-6)")
    money: Annotated[int, Field(ge=0, le=99)] | None = _about(
        "your krone (0 if you cannot pay the toll)"
    )


class Claim(Gah):
    about: ClassVar[str] = "You claim an objective card: you take its highest free spot"
    command: Literal["claim"]
    objective: Annotated[str, OBJECTIVE] = Field(
        description="the objective card you claim: A, B or C"
    )


class Staff(Gah):
    about: ClassVar[str] = "The staff card the opponent really revealed, from the physical deck"
    command: Literal["staff"]
    card: StaffNumber = Field(description="the number of the staff card it revealed (1-48)")


class Final(Gah):
    about: ClassVar[str] = "Final scoring after round 7: who won?"
    command: Literal["final"]
    player_score: Signed = Field(description="your final total")
    player_staff: Annotated[str, Field(min_length=1, max_length=100), inside(NONE)] | None = _about(
        "your end-game staff numbers, e.g. 28 46 (needed for the opponent's #29)"
    )
    staff_vp: Signed | None = _about("override the opponent's staff VP with what you counted")
    breakdown: Annotated[str, Field(min_length=1, max_length=200), inside(BREAKDOWN)] | None = (
        _about("optional, your score sheet: track:88 staff:14 rooms:30 krone:3 items:2 cafe:-5")
    )
    # the last round end's numbers, when the final scoring ends round 7 too
    emperor_vp: EmperorVp | None = _about(
        "if round 7 has not ended yet: its Emperor VP, when I ask for it"
    )
    ballroom_vp: BallroomVp | None = _about(
        "if round 7 has not ended yet: Elisabeth's ballroom VP, when I ask for it"
    )

    _blank = field_validator("player_staff", "breakdown", mode="before")(_blank_is_none)


class Board(Gah):
    """A read-only view (`GameSpec.views`), not a rule command."""

    about: ClassVar[str] = "Show the opponent's board, with a picture of the hotel"
    command: Literal["board"]


class Card(Gah):
    """A lookup: needs no game (the cog answers it, `look_card`)."""

    about: ClassVar[str] = "Show an instruction card, to check it against yours"
    command: Literal["card"]
    number: CardNumber = Field(description="the card's number: Leopold 193-212, Elisabeth 213-232")


class StaffCard(Gah):
    """A lookup: needs no game (the cog answers it, `look_staff_card`)."""

    about: ClassVar[str] = "Look up a staff card by number"
    command: Literal["staff_card"]
    number: StaffNumber = Field(description="the staff card's number (1-48)")


# in the slash group's order (the slash commands are built in it)
COMMANDS = CommandSet(
    "Grand Austria Hotel", [Turn, RoundEnd, Item, Completed, Cogwheel, Toll, Claim, Staff, Final]
)
VIEWS = (Board,)  # read-only queries of the channel's game
LOOKUPS = (Card, StaffCard)  # read-only, no game needed
