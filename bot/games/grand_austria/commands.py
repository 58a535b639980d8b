"""Every /gah command declared once: the slash options, the console, the buttons and imported
logs all go through these models (`COMMANDS.parse(action)`), and a test checks the slash
commands against them."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, field_validator

from bot.core.commands import Command, CommandSet
from bot.core.values import inside
from bot.core.vocabulary import DIFFICULTY, NONE
from bot.games.grand_austria.names import (
    BREAKDOWN,
    COGWHEEL_EVENT,
    COLOUR,
    DIE_COLOUR,
    EMPEROR_TABLE,
    ENTRANCE,
    ITEM_GUEST,
    OBJECTIVE,
)


def _blank_is_none(value: Any) -> Any:
    """An empty text option means it was not given (as before the models)."""
    return None if isinstance(value, str) and not value.strip() else value


Space = Annotated[int, Field(ge=1, le=6)]
CardNumber = Annotated[int, Field(ge=193, le=232)]  # Leopold 193-212, Elisabeth 213-232
Signed = Annotated[int, Field(ge=-999, le=999)]
Dice = Annotated[str, Field(min_length=1, max_length=30), inside(DIE_COLOUR, NONE)]  # `R4 B2`


class Start(Command):
    """The start options, stored with the game under these names (`emperor_table` is the
    slash option of `emperor_vp_variant`)."""

    model_config = ConfigDict(populate_by_name=True)

    command: Literal["start"] = "start"
    difficulty: Annotated[str, DIFFICULTY] = "medium"
    emperor_vp_variant: Annotated[str, EMPEROR_TABLE] = Field("ask", alias="emperor_table")
    modules: Annotated[str, Field(min_length=1, max_length=20)] | None = None
    entrance: Annotated[str, ENTRANCE] | None = None
    reserved: Annotated[str, Field(min_length=1, max_length=30)] | None = None

    _blank = field_validator("modules", "reserved", mode="before")(_blank_is_none)


class Turn(Command):
    command: Literal["turn"]
    queue: Annotated[str, Field(min_length=1, max_length=100), inside(COLOUR)] | None = None
    dice: Annotated[str, Field(min_length=1, max_length=60)] | None = None
    card: CardNumber | None = None
    coloured: (
        Annotated[str, Field(min_length=1, max_length=30), inside(DIE_COLOUR, NONE)] | None
    ) = None
    lounge: Annotated[str, Field(min_length=1, max_length=30), inside(DIE_COLOUR, NONE)] | None = (
        None
    )
    full: Annotated[str, Field(min_length=1, max_length=20), inside(NONE)] | None = None
    # the round end's numbers, when the turn comes after both of the round's turns
    emperor_vp: Annotated[int, Field(ge=0, le=20)] | None = None
    ballroom_vp: Annotated[int, Field(ge=0, le=99)] | None = None

    _blank = field_validator("queue", "dice", "coloured", "lounge", "full", mode="before")(
        _blank_is_none
    )


class RoundEnd(Command):
    command: Literal["round_end"]
    emperor_vp: Annotated[int, Field(ge=0, le=20)] | None = None
    ballroom_vp: Annotated[int, Field(ge=0, le=99)] | None = None


class Claim(Command):
    command: Literal["claim"]
    objective: Annotated[str, OBJECTIVE]


class Staff(Command):
    command: Literal["staff"]
    card: Annotated[int, Field(ge=1, le=48)]


class Item(Command):
    command: Literal["item"]
    space: Space
    guest: Annotated[str, ITEM_GUEST]


class Completed(Command):
    command: Literal["completed"]


class Cogwheel(Command):
    command: Literal["cogwheel"]
    event: Annotated[str, COGWHEEL_EVENT]


class Toll(Command):
    command: Literal["toll"]
    space: Space
    money: Annotated[int, Field(ge=0, le=99)] | None = None


class Final(Command):
    command: Literal["final"]
    player_score: Signed
    player_staff: Annotated[str, Field(min_length=1, max_length=100), inside(NONE)] | None = None
    staff_vp: Signed | None = None
    breakdown: Annotated[str, Field(min_length=1, max_length=200), inside(BREAKDOWN)] | None = None
    # the last round end's numbers, when the final scoring ends round 7 too
    emperor_vp: Annotated[int, Field(ge=0, le=20)] | None = None
    ballroom_vp: Annotated[int, Field(ge=0, le=99)] | None = None

    _blank = field_validator("player_staff", "breakdown", mode="before")(_blank_is_none)


GahCommand = Turn | RoundEnd | Claim | Staff | Item | Completed | Cogwheel | Toll | Final

COMMANDS = CommandSet(
    "Grand Austria Hotel", [Turn, RoundEnd, Claim, Staff, Item, Completed, Cogwheel, Toll, Final]
)
