"""Glasgow's commands, each declared once; the cog and the console follow these models.
The start options' scoring defaults come from data/glasgow.yaml."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from bot.core.commands import Command, CommandSet
from bot.core.values import inside
from bot.core.vocabulary import YES_NO
from bot.games.glasgow.data import glasgow_data
from bot.games.glasgow.names import (
    BUILDING,
    DONE,
    FREDDY,
    FULL,
    GOOD,
    NEIGHBOURS,
    SPECIAL,
    STORED,
    TRIGGER,
)

_S = glasgow_data().soloist.scoring
_CAPACITY = glasgow_data().soloist.storage_capacity
Points = Annotated[int, Field(ge=0, le=30)]
Special = Annotated[str, SPECIAL]
Cell = Annotated[str, Field(min_length=2, max_length=3)]
YesNo = Annotated[str, YES_NO]
Full = Annotated[str, FULL]
RowText = Annotated[str, Field(min_length=1, max_length=200), inside(BUILDING, GOOD)]


class Start(Command):
    command: Literal["start"] = "start"
    freddy: Annotated[str, FREDDY] = "I"
    factory_vp: Points = _S.factory_vp.value
    shop_vp: Points = _S.shop_vp.value
    corner_bonus: Points = _S.corner_bonus.value
    tenement_vp: Points = _S.tenement_vp.value
    tenement_neighbours: Annotated[str, NEIGHBOURS] = _S.tenement_neighbours.value
    station_vp: Points = _S.station_vp.value
    stone_bank: Points = _S.bank_rate.stone
    steel_bank: Points = _S.bank_rate.steel
    gold_bank: Points = _S.bank_rate.gold
    factory_bank: Points = _S.bank_rate.factory
    factory_trigger: Annotated[str, TRIGGER] = _S.factory_trigger.value


class Action(Command):
    """One action: the two contracts drawn, the one chosen and the one ignored; with the
    first, the turn's second action too (`chosen2`, `ignored2`), and the rows the row question
    that follows would ask (a new deal, an exchange), so a turn's report is one line."""

    command: Literal["action"]
    chosen: Special = "other"
    ignored: Special = "other"
    both: YesNo = "no"  # yes: and no special contract in the turn's other action
    chosen2: Special | None = None
    ignored2: Special | None = None
    buildings: RowText | None = None
    row2: RowText | None = None
    row3: RowText | None = None
    row4: RowText | None = None


class Row(Command):
    """The buildings to the right of the current architect, left to right."""

    command: Literal["row"]
    buildings: RowText
    # the rows of the architects above, dealt at the same time (remembered for their turns)
    row2: RowText | None = None
    row3: RowText | None = None
    row4: RowText | None = None


class Build(Command):
    command: Literal["build"]
    building: Annotated[int, Field(ge=1, le=3)]
    at: Cell
    # yes: that was your last building this turn, Freddy builds the rest; suggested: and
    # where his rules tie he takes his suggested cells this turn
    done: Annotated[str, DONE] = "no"
    # with your last building: Freddy II's storage question answered ahead (is it full?)
    stone: Full | None = None
    steel: Full | None = None
    gold: Full | None = None
    whisky: Full | None = None


class Done(Command):
    command: Literal["done"]
    suggested: YesNo = "no"  # yes: where his rules tie, Freddy takes his suggested cells
    stone: Full | None = None
    steel: Full | None = None
    gold: Full | None = None
    whisky: Full | None = None


class Pick(Command):
    """Where Freddy builds, among the cells his rules leave tied."""

    command: Literal["pick"]
    cell: Cell


class Room(Command):
    """Is your storage for a good full? Freddy II wants to know before activating a factory:
    one good (`good`, `full`) or several at once (`steel:yes gold:no`); `same` keeps the
    answer you gave last time."""

    command: Literal["room"]
    good: Annotated[str, STORED] | None = None
    full: Full | None = None
    stone: Full | None = None
    steel: Full | None = None
    gold: Full | None = None
    whisky: Full | None = None


class Final(Command):
    """The goods left in your storage at the end (Freddy's banks count your free spaces)."""

    command: Literal["final"]
    stone: Annotated[int, Field(ge=0, le=_CAPACITY["stone"])]
    steel: Annotated[int, Field(ge=0, le=_CAPACITY["steel"])]
    gold: Annotated[int, Field(ge=0, le=_CAPACITY["gold"])]


COMMANDS = CommandSet("Freddy", [Action, Row, Build, Done, Pick, Room, Final])
