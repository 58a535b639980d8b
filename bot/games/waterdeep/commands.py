"""/waterdeep commands, each declared once as a model (the cog's options are checked against it)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from bot.core.commands import Command, CommandSet
from bot.games.waterdeep.names import Cube, LordName

Name = Annotated[str, Field(min_length=1, max_length=60)]
Agent = Annotated[int, Field(ge=1, le=6)]  # 4, a fifth from round 5, the Lieutenant


class Start(Command):
    """Your Lord, Pseudo's quests from the physical draw (else the bot draws), house rules."""

    command: Literal["start"] = "start"
    lord: LordName
    primary: Name | None = None
    secondary: Name | None = None
    removed_parts: Literal["none", "preset"] = "none"
    colourless_intrigue: Literal["discard", "redraw"] = "discard"
    pseudo_completes: Literal["one", "all"] = "one"
    pseudo_rewards: Literal["full", "vp_only"] = "full"
    pseudo_vp: Literal["subtract", "ignore"] = "subtract"
    lord_bonus: Literal["as_earned", "at_end"] = "as_earned"
    resource_order: Literal["left_to_right", "right_to_left"] = "left_to_right"
    space_costs: Literal["net", "gross"] = "net"
    building_worth: Literal["vp_tokens", "cost"] = "vp_tokens"
    harbor: Literal["reassign", "stay"] = "reassign"
    pseudo_choices: Literal["script", "you"] = "script"
    pseudo_gold: Literal["mat", "none"] = "mat"
    pseudo_leftovers: Literal["nothing", "subtract"] = "nothing"
    larissa_quests: Literal["keep_first", "none"] = "keep_first"
    coin: Literal["seeded", "ask"] = "seeded"
    pseudo_cards: Literal["bot", "table"] = "bot"  # who draws Pseudo's intrigue cards (7F)


class Place(Command):
    """You placed an agent (on your turn, or from Waterdeep Harbor at round end), and with
    it what you did in the same turn: the quest you completed, the intrigue card you played
    in the Harbor (one line for the whole turn)."""

    command: Literal["place"]
    space: Name
    building: Name | None = None  # Builder's Hall: the building you bought
    quest: Name | None = None  # the quest you completed after the action
    card: Name | None = None  # Waterdeep Harbor: the intrigue card you played
    give: Literal["yes", "no"] | None = None  # the card's rule 5 choice, as with `intrigue`
    cube: Cube | None = None  # the card's adventurer, as with `intrigue`
    agent: Agent | None = None  # your agent's number this round (the round plan); else the next
    harbor: Name | None = None  # your last agent: where your Harbor agent goes at round end


class Round(Command):
    """The round went as the plan shows (to its end, or until your agent `agent`), and what
    only you know at its end: how many of his 7F cards found you without the cube, a quest
    you completed, Castle Waterdeep if you took it, where your Harbor agent goes."""

    command: Literal["round"]
    agent: Agent | None = None
    missing: Annotated[int, Field(ge=0, le=30)] | None = None
    quest: Name | None = None
    castle: Literal["yes"] | None = None  # you took Castle Waterdeep, not told before
    space: Name | None = None  # your agent in Waterdeep Harbor, reassigned at round end
    building: Name | None = None


class Complete(Command):
    """You completed a quest."""

    command: Literal["complete"]
    quest: Name


class PlayIntrigue(Command):
    """You played an intrigue card that touches Pseudo."""

    command: Literal["intrigue"]
    card: Name
    give: Literal["yes", "no"] | None = None  # rule 5: you decide whether Pseudo gives
    cube: Cube | None = None  # Free Drinks!, or D11 `you`: the adventurer


class Answer(Command):
    """Answer the question the game waits on."""

    command: Literal["answer"]
    pick: Annotated[str, Field(min_length=1, max_length=40)]


class Override(Command):
    """The physical board differs: move Pseudo's last agent to another space."""

    command: Literal["override"]
    space: Name


class Hall(Command):
    """The real Builder's Hall differs: this place (1-3, left to right) holds this building."""

    command: Literal["hall"]
    place: Annotated[int, Field(ge=1, le=3)]
    building: Name


class Drawn(Command):
    """You drew a card for Pseudo from the real pile: his newest quest, or (with
    `pseudo_cards:table`) the intrigue card 7F asks for."""

    command: Literal["drawn"]
    quest: Name | None = None
    intrigue: Name | None = None


class Final(Command):
    """After round 8: what your score track, tavern, purse and quest pile show."""

    command: Literal["final"]
    track: Annotated[int, Field(ge=0, le=999)]
    adventurers: Annotated[int, Field(ge=0, le=99)]
    gold: Annotated[int, Field(ge=0, le=999)]
    quests: Annotated[int, Field(ge=0, le=60)]


COMMANDS = CommandSet(
    "Pseudo", [Place, Round, Complete, PlayIntrigue, Answer, Override, Hall, Drawn, Final]
)
