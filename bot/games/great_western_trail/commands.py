"""/gwt commands, declared once: the cog's options, the buttons and the fuzz lists check
against these models."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from bot.core.commands import Command, CommandSet
from bot.core.values import inside
from bot.core.vocabulary import DIFFICULTY, NONE, SAME
from bot.games.great_western_trail.names import (
    ACTION,
    BREAKDOWN,
    BUILDING_SPACE,
    CITY,
    HAZARD,
    HERDER,
    JOB_TOKEN,
    MOVEMENT,
    OUTLAW,
    TILE,
    WORKER,
)

Jobs = Annotated[str, Field(min_length=1, max_length=100, examples=["6:CB 6:E 7:BB 5:-"])]
Market = Annotated[
    str,
    Field(min_length=1, max_length=100, examples=["A1 L2 C3 C3 S4 H5", "none", "C3 A3"]),
    inside(NONE),
]


class Start(Command):
    command: Literal["start"] = "start"
    difficulty: Annotated[str, DIFFICULTY] = "medium"
    first_delivery: Annotated[str, CITY] | None = None
    tile: Annotated[str, TILE] = "random"


class TurnCmd(Command):
    command: Literal["turn"]
    card: Annotated[int, Field(ge=1, le=15)] | None = None
    herder: Annotated[str, HERDER] | None = None
    buildings: Annotated[int, Field(ge=0, le=12)] | None = None
    jobs: Jobs | None = None
    token: Annotated[int, Field(ge=1, le=12)] | None = None
    cattle: Market | None = None
    engine: Annotated[str, Field(min_length=1, max_length=4, examples=["12", "S3", "0"])] | None = (
        None
    )
    building_space: Annotated[str, BUILDING_SPACE] | None = None
    outlaws: (
        Annotated[
            str,
            Field(min_length=1, max_length=60, examples=["4:G 7:O", "none"]),
            inside(OUTLAW, NONE),
        ]
        | None
    ) = None
    hazards: (
        Annotated[
            str,
            Field(min_length=1, max_length=60, examples=["flood:4:3 drought:2", "none"]),
            inside(HAZARD, NONE),
        ]
        | None
    ) = None
    # your table is as Sam remembers it (what you type with it is what changed; a button)
    table: Annotated[str, SAME] | None = None


class Answer(Command):
    command: Literal["answer"]
    pick: Annotated[
        str,
        Field(min_length=1, max_length=20, examples=["builder", "c3", "1"]),
        inside(WORKER, HAZARD),
    ]


class CardCmd(Command):
    command: Literal["card"]
    number: Annotated[int, Field(ge=1, le=15)]
    movement: Annotated[str, MOVEMENT] | None = None
    value: Annotated[int, Field(ge=0, le=5)] | None = None
    action: Annotated[str, ACTION] | None = None


class End(Command):
    command: Literal["end"]
    you: Annotated[int, Field(ge=-999, le=999)]
    # Sam's Cities are counted from his deliveries; given, they replace the count (a board
    # whose crests or arrows differ from the reconstructed data)
    cities: Annotated[int, Field(ge=-99, le=999)] | None = None
    objectives: Annotated[int, Field(ge=-99, le=999)]
    job_token: Annotated[str, JOB_TOKEN]
    breakdown: Annotated[str, Field(min_length=1, max_length=200), inside(BREAKDOWN)] | None = None


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
