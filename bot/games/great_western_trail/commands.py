"""/gwt commands, each declared once: the slash commands are built from these models
(bot/on_discord/slash.py), and the console, the buttons, the printed lines and the fuzz lists
follow them."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field

from bot.core.commands import Command, CommandSet
from bot.core.values import inside
from bot.core.vocabulary import DIFFICULTY, NONE, SAME
from bot.games.great_western_trail.names import (
    ACTION,
    BREAKDOWN,
    BUILDING_SPACE,
    CITY,
    GROUP,
    HAZARD,
    HERDER,
    JOB_TOKEN,
    MOVEMENT,
    OUTLAW,
    TILE,
    WORKER,
)

# what each difficulty changes against Sam, as the start's choices say it
DIFFICULTIES = DIFFICULTY.relabel(
    easy="easy (cards 13-15 go back to the box)",
    hard="hard (a cowboy, builder and engineer more)",
)
Jobs = Annotated[str, Field(min_length=1, max_length=100, examples=["6:CB 6:E 7:BB 5:-"])]
Market = Annotated[
    str,
    Field(min_length=1, max_length=100, examples=["A1 L2 C3 C3 S4 H5", "none", "C3 A3"]),
    inside(NONE),
]
Engine = Annotated[str, Field(min_length=1, max_length=4, examples=["12", "S3", "0"])]
Outlaws = Annotated[
    str, Field(min_length=1, max_length=60, examples=["4:G 7:O", "none"]), inside(OUTLAW, NONE)
]
Hazards = Annotated[
    str,
    Field(min_length=1, max_length=60, examples=["flood:4:3 drought:2", "none"]),
    inside(HAZARD, NONE),
]
CardNumber = Annotated[int, Field(ge=1, le=15)]


def _about(text: str, default: object = None) -> Any:
    return Field(default, description=text)


class GwtCommand(Command):
    group: ClassVar[str] = GROUP


class Start(GwtCommand):
    about: ClassVar[str] = "Start a game against Sam in this channel"
    command: Literal["start"] = "start"
    difficulty: Annotated[str, DIFFICULTIES] = _about(
        "easy removes cards 13-15; hard gives Sam a cowboy, builder and engineer more", "medium"
    )
    first_delivery: Annotated[str, CITY] | None = _about(
        "tuning: Sam's first delivery city (default Bloomington, Peoria on hard)"
    )
    tile: Annotated[str, TILE] = _about(
        'the "2" worker tile you drew for Sam (default: I draw it)', "random"
    )


class TurnCmd(GwtCommand):
    about: ClassVar[str] = "Sam's turn: draw his card and resolve it from your table"
    command: Literal["turn"]
    card: CardNumber | None = _about("the Sam card you drew from the physical deck (1-15)")
    herder: Annotated[str, HERDER] | None = _about(
        "where Sam's herder stopped: on the trail or in Kansas City"
    )
    buildings: Annotated[int, Field(ge=0, le=12)] | None = _about(
        "how many buildings you have on the board"
    )
    jobs: Jobs | None = _about("job market rows from the top: cost:workers, e.g. 6:CB 6:E 7:BB 5:-")
    token: Annotated[int, Field(ge=1, le=12)] | None = _about(
        "the job-market row holding the token (1 = top row)"
    )
    cattle: Market | None = _about(
        "cattle market cards: breed letter + VP, e.g. C3 C3 L2 S4 H5 (or none)"
    )
    engine: Engine | None = _about("your engine: track space 0-39, or S3 on station 3's turnout")
    building_space: Annotated[str, BUILDING_SPACE] | None = _about(
        "none if no empty non-risk building space is left anywhere on the trail"
    )
    outlaws: Outlaws | None = _about(
        "occupied numbered outlaw spaces: space:colour, e.g. 4:G 7:O (or none)"
    )
    hazards: Hazards | None = _about(
        "hazards per section with their VP, e.g. flood:4:3 drought:2 (or none)"
    )
    # your table is as Sam remembers it (what you type with it is what changed; a button)
    table: Annotated[str, SAME] | None = _about(
        "your table is as Sam remembers it (type what changed with the other options)"
    )


class Answer(GwtCommand):
    about: ClassVar[str] = "Answer Sam's question (a tie the rules leave to you)"
    command: Literal["answer"]
    pick: Annotated[
        str,
        Field(min_length=1, max_length=20, examples=["builder", "c3", "1"]),
        inside(WORKER, HAZARD),
    ] = Field(description="the value of your choice, as the buttons show it")


class CardCmd(GwtCommand):
    """Without a correction (`movement`, `value`, `action`) it only shows the card: the
    spec's `card` query (the cog asks it)."""

    about: ClassVar[str] = "Show one of Sam's cards, or correct it from your own card"
    command: Literal["card"]
    number: CardNumber = Field(description="the card number (1-15)")
    movement: Annotated[str, MOVEMENT] | None = _about(
        "what your card shows: fixed steps, workers of his specialization, buildings"
    )
    value: Annotated[int, Field(ge=0, le=5)] | None = _about("fixed steps printed on your card")
    action: Annotated[str, ACTION] | None = _about("the action your card shows")


CORRECTIONS = ("movement", "value", "action")  # what `card` corrects; without them it shows


class End(GwtCommand):
    about: ClassVar[str] = "Final scoring: Sam's score and the winner"
    command: Literal["end"]
    you: Annotated[int, Field(ge=-999, le=999)] = Field(description="your final total")
    objectives: Annotated[int, Field(ge=-99, le=999)] = Field(
        description="the VP of all Sam's objective cards, counted as completed (category 7)"
    )
    job_token: Annotated[str, JOB_TOKEN] = Field(
        description="who took the job-market token at the end (2 VP)"
    )
    # Sam's Cities are counted from his deliveries; given, they replace the count (a board
    # whose crests or arrows differ from the reconstructed data)
    cities: Annotated[int, Field(ge=-99, le=999)] | None = _about(
        "only if your board differs: Sam's city crest and delivery arrow VP (the bot counts them)"
    )
    breakdown: Annotated[str, Field(min_length=1, max_length=200), inside(BREAKDOWN)] | None = (
        _about("optional, your score sheet: dollars:4 buildings:12 cities:18 cattle:20 …")
    )


class Board(GwtCommand):
    """A read-only view (`GameSpec.views`), not a rule command."""

    about: ClassVar[str] = "Show Sam's board, with a picture"
    command: Literal["board"]


# lines several of the game's replies print
CORRECT_CARD = CardCmd.line(number="N", movement="…", value="…", action="…")
KANSAS_CITY = TurnCmd.line(herder="kansas_city")

TURN_INPUTS = (
    "herder",
    "buildings",
    "jobs",
    "token",
    "cattle",
    "engine",
    "building_space",
    "outlaws",
    "hazards",
)
COMMANDS = CommandSet("Sam", [TurnCmd, Answer, CardCmd, End])
VIEWS = (Board,)  # read-only, built as slash commands like the commands
