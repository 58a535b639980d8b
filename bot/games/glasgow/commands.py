"""Glasgow's commands, each declared once: the slash commands are built from these models
(bot/on_discord/slash.py), and the console and the buttons follow them.
The start options' scoring defaults come from data/glasgow.yaml."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

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
Position = Annotated[int, Field(ge=1, le=3)]
Full = Annotated[str, FULL]
RowText = Annotated[str, Field(min_length=1, max_length=200), inside(BUILDING, GOOD)]


def _about(text: str, default: object = None) -> Any:
    return Field(default, description=text)


def _scoring(text: str, default: object, source: str = "") -> Any:
    """A scoring start option defaulting to data/glasgow.yaml's value: its description names
    that value (and where it comes from), so the two cannot part when the data changes."""
    said = f"{source}, default {default}" if source else f"default {default}"
    return _about(f"{text} ({said})", default)


# Freddy II's storage question, answered ahead with your last building (`build`, `done`)
AHEAD = "Freddy II, answered ahead: "


class Glasgow(Command):
    """A /glasgow command: its printed lines name the group."""

    group: ClassVar[str] = "glasgow"


class Start(Glasgow):
    about: ClassVar[str] = "Start a solo game of Glasgow against Freddy I or II"
    command: Literal["start"] = "start"
    freddy: Annotated[str, FREDDY] = _about("I builds for himself; II tries to block you", "I")
    factory_vp: Points = _scoring("VP per factory", _S.factory_vp.value, "reviewer-reported")
    shop_vp: Points = _scoring("VP per shop", _S.shop_vp.value, "reviewer-reported")
    corner_bonus: Points = _scoring(
        "bonus VP for a shop in a corner of the city", _S.corner_bonus.value
    )
    tenement_vp: Points = _scoring(
        "VP per adjacent tenement", _S.tenement_vp.value, "reviewer-reported"
    )
    tenement_neighbours: Annotated[str, NEIGHBOURS] = _scoring(
        "which adjacent tenements count: own or any", _S.tenement_neighbours.value
    )
    station_vp: Points = _scoring(
        "VP for a station with the four other types", _S.station_vp.value, "reviewer-reported"
    )
    stone_bank: Points = _scoring(
        "stone bank: VP per stone left", _S.bank_rate.stone, "reconstructed"
    )
    steel_bank: Points = _scoring(
        "steel bank: VP per steel left", _S.bank_rate.steel, "reconstructed"
    )
    gold_bank: Points = _scoring("gold bank: VP per gold left", _S.bank_rate.gold, "reconstructed")
    factory_bank: Points = _scoring(
        "factory bank: VP per own factory", _S.bank_rate.factory, "a guess"
    )
    factory_trigger: Annotated[str, TRIGGER] = _about(
        "factories fire on the same row or column (line) or adjacent cells",
        _S.factory_trigger.value,
    )


class Action(Glasgow):
    """One action: the two contracts drawn, the one chosen and the one ignored; with the
    first, the turn's second action too (`chosen2`, `ignored2`), and the rows the row question
    that follows would ask (a new deal, an exchange), so a turn's report is one line."""

    about: ClassVar[str] = "One action: the contract you chose and the one you ignored"
    command: Literal["action"]
    chosen: Special = _about("the special contract you chose (other: a normal contract)", "other")
    ignored: Special = _about(
        "the special contract you drew and ignored (other: a normal contract)", "other"
    )
    both: YesNo = _about("yes: neither of the turn's two actions had a special contract", "no")
    chosen2: Special | None = _about(
        "the turn's second action, told with the first: the special contract chosen"
    )
    ignored2: Special | None = _about(
        "the turn's second action, told with the first: the special contract ignored"
    )
    buildings: RowText | None = _about(
        "with your last action: this turn's row, when the row question comes next"
    )
    row2: RowText | None = _about("with your last action: architect 2's row, new or changed")
    row3: RowText | None = _about("with your last action: architect 3's row, new or changed")
    row4: RowText | None = _about("with your last action: architect 4's row, new or changed")
    # with your last action, its row known: your builds too, so a turn is one line
    building: Position | None = _about(
        "with your last action: a building you build, its position in the row"
    )
    at: Cell | None = _about("with your last action: where you build it")
    building2: Position | None = _about(
        "a second building in the same line: its position in the row"
    )
    at2: Cell | None = _about("the second building's cell")
    building3: Position | None = _about(
        "a third building in the same line: its position in the row"
    )
    at3: Cell | None = _about("the third building's cell")
    done: Annotated[str, DONE] | None = _about(
        "with your builds: yes, your last one; suggested: and Freddy's suggested cells"
    )
    stone: Full | None = _about(f"{AHEAD}is your stone storage full?")
    steel: Full | None = _about(f"{AHEAD}is your steel storage full?")
    gold: Full | None = _about(f"{AHEAD}is your gold storage full?")
    whisky: Full | None = _about(f"{AHEAD}do you have the whisky barrel?")


class Row(Glasgow):
    """The buildings to the right of the current architect, left to right."""

    about: ClassVar[str] = "The buildings to the right of the current architect"
    command: Literal["row"]
    buildings: RowText = Field(
        description="left to right, type:cost, e.g. shop:3 tenement:2 landmark:4:7 factory:2:steel"
    )
    # the rows of the architects above, dealt at the same time (remembered for their turns)
    row2: RowText | None = _about("architect 2's row, dealt at the same time (optional)")
    row3: RowText | None = _about("architect 3's row, dealt at the same time (optional)")
    row4: RowText | None = _about("architect 4's row, dealt at the same time (optional)")


class Build(Glasgow):
    about: ClassVar[str] = "Build the row's buildings in the city, one or more"
    command: Literal["build"]
    building: Position = Field(description="its position in the row, from the left")
    at: Cell = Field(description="the cell, e.g. E5")
    # more of the row's buildings in the same line, built in this order after the first
    building2: Position | None = _about(
        "a second building in the same line: its position in the row"
    )
    at2: Cell | None = _about("the second building's cell")
    building3: Position | None = _about(
        "a third building in the same line: its position in the row"
    )
    at3: Cell | None = _about("the third building's cell")
    # yes: that was your last building this turn, Freddy builds the rest; suggested: and
    # where his rules tie he takes his suggested cells this turn
    done: Annotated[str, DONE] = _about(
        "yes: your last building this turn; suggested: and Freddy's suggested cells", "no"
    )
    # with your last building: Freddy II's storage question answered ahead (is it full?)
    stone: Full | None = _about(f"{AHEAD}is your stone storage full?")
    steel: Full | None = _about(f"{AHEAD}is your steel storage full?")
    gold: Full | None = _about(f"{AHEAD}is your gold storage full?")
    whisky: Full | None = _about(f"{AHEAD}do you have the whisky barrel?")


class Done(Glasgow):
    about: ClassVar[str] = "You are done building: Freddy builds the rest"
    command: Literal["done"]
    suggested: YesNo = _about("yes: where his rules tie, on his suggested cells", "no")
    stone: Full | None = _about(f"{AHEAD}is your stone storage full?")
    steel: Full | None = _about(f"{AHEAD}is your steel storage full?")
    gold: Full | None = _about(f"{AHEAD}is your gold storage full?")
    whisky: Full | None = _about(f"{AHEAD}do you have the whisky barrel?")


class Pick(Glasgow):
    """Where Freddy builds, among the cells his rules leave tied."""

    about: ClassVar[str] = "Where Freddy builds, among the cells his rules leave tied"
    command: Literal["pick"]
    cell: Cell = Field(description="one of the cells offered, e.g. D4")


class Room(Glasgow):
    """Is your storage for a good full? Freddy II wants to know before activating a factory:
    one good (`good`, `full`) or several at once (`steel:yes gold:no`); `same` keeps the
    answer you gave last time."""

    about: ClassVar[str] = "Tell Freddy II whether your storage for a good is full"
    command: Literal["room"]
    good: Annotated[str, STORED] | None = _about("the good he asks about")
    full: Full | None = _about("yes: no free space")
    stone: Full | None = _about("asked about several goods: is your stone storage full?")
    steel: Full | None = _about("asked about several goods: is your steel storage full?")
    gold: Full | None = _about("asked about several goods: is your gold storage full?")
    whisky: Full | None = _about("asked about several goods: do you have the whisky barrel?")


class Final(Glasgow):
    """The goods left in your storage at the end (Freddy's banks count your free spaces)."""

    about: ClassVar[str] = "The goods left in your storage when the city is complete"
    command: Literal["final"]
    stone: Annotated[int, Field(ge=0, le=_CAPACITY["stone"])] = Field(description="stone left")
    steel: Annotated[int, Field(ge=0, le=_CAPACITY["steel"])] = Field(description="steel left")
    gold: Annotated[int, Field(ge=0, le=_CAPACITY["gold"])] = Field(description="gold left")


class Board(Glasgow):
    """A read-only view (`GameSpec.views`), not a rule command."""

    about: ClassVar[str] = "Show the city, with a picture"
    command: Literal["board"]


COMMANDS = CommandSet("Freddy", [Action, Row, Build, Done, Pick, Room, Final])
VIEWS = (Board,)  # read-only, built as slash commands like the commands
