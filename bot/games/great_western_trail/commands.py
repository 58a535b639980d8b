"""/gwt commands, declared once: the cog's options, the buttons and the fuzz lists check
against these models."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from bot.core.commands import Command, CommandSet

City = Literal[
    "fulton",
    "st_louis",
    "bloomington",
    "peoria",
    "chicago",
    "toledo",
    "pittsburgh",
    "philadelphia",
    "new_york",
]
Jobs = Annotated[str, Field(min_length=1, max_length=100, examples=["6:CB 6:E 7:BB 5:-"])]
Market = Annotated[
    str, Field(min_length=1, max_length=100, examples=["A1 L2 C3 C3 S4 H5", "none", "C3 A3"])
]


class Start(Command):
    command: Literal["start"] = "start"
    difficulty: Literal["easy", "medium", "hard"] = "medium"
    first_delivery: City | None = None
    tile: Literal["cowboy", "builder", "engineer", "random"] = "random"


Same = Literal["same"]  # "Unchanged": the remembered value still holds (a button sends it)


class TurnCmd(Command):
    command: Literal["turn"]
    card: Annotated[int, Field(ge=1, le=15)] | None = None
    herder: Literal["trail", "kansas_city"] | None = None
    buildings: Annotated[int, Field(ge=0, le=12)] | None = None
    jobs: Jobs | None = None
    token: Annotated[int, Field(ge=1, le=12)] | None = None
    cattle: Market | None = None
    engine: Annotated[str, Field(min_length=1, max_length=4, examples=["12", "S3", "0"])] | None = (
        None
    )
    building_space: Literal["free", "none"] | None = None
    outlaws: (
        Annotated[str, Field(min_length=1, max_length=60, examples=["4:G 7:O", "none"])] | None
    ) = None
    hazards: (
        Annotated[str, Field(min_length=1, max_length=60, examples=["flood:4:3 drought:2", "none"])]
        | None
    ) = None
    # your table is as Sam remembers it (what you type with it is what changed)
    table: Same | None = None


class Answer(Command):
    command: Literal["answer"]
    pick: Annotated[str, Field(min_length=1, max_length=20, examples=["builder", "c3", "1"])]


class CardCmd(Command):
    command: Literal["card"]
    number: Annotated[int, Field(ge=1, le=15)]
    movement: Literal["fixed", "workers", "buildings"] | None = None
    value: Annotated[int, Field(ge=0, le=5)] | None = None
    action: (
        Literal[
            "hire_cheapest",
            "hire_specialization",
            "buy_cattle",
            "place_building",
            "move_engine",
            "gain_objective",
            "outlaw_bounty",
            "remove_hazard",
        ]
        | None
    ) = None


class End(Command):
    command: Literal["end"]
    you: Annotated[int, Field(ge=-999, le=999)]
    # Sam's Cities are counted from his deliveries; given, they replace the count (a board
    # whose crests or arrows differ from the reconstructed data)
    cities: Annotated[int, Field(ge=-99, le=999)] | None = None
    objectives: Annotated[int, Field(ge=-99, le=999)]
    job_token: Literal["sam", "you"]
    breakdown: Annotated[str, Field(min_length=1, max_length=200)] | None = None


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
