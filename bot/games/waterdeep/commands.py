"""/waterdeep commands, each declared once as a model (the cog's options are checked against it)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from bot.core.commands import Command, CommandSet
from bot.core.values import inside
from bot.games.waterdeep.names import CASTLE, CLIFFWATCH, CUBE, GIVE, HOUSE_RULE_VALUES, LORD

Name = Annotated[str, Field(min_length=1, max_length=60)]
Space = Annotated[str, Field(min_length=1, max_length=60), inside(CLIFFWATCH)]  # `(links)`
_H = HOUSE_RULE_VALUES
Agent = Annotated[int, Field(ge=1, le=6)]  # 4, a fifth from round 5, the Lieutenant


class Start(Command):
    """Your Lord, Pseudo's quests from the physical draw (else the bot draws), house rules."""

    command: Literal["start"] = "start"
    lord: Annotated[str, LORD]
    primary: Name | None = None
    secondary: Name | None = None
    removed_parts: Annotated[str, _H["removed_parts"]] = "none"
    colourless_intrigue: Annotated[str, _H["colourless_intrigue"]] = "discard"
    pseudo_completes: Annotated[str, _H["pseudo_completes"]] = "one"
    pseudo_rewards: Annotated[str, _H["pseudo_rewards"]] = "full"
    pseudo_vp: Annotated[str, _H["pseudo_vp"]] = "subtract"
    lord_bonus: Annotated[str, _H["lord_bonus"]] = "as_earned"
    resource_order: Annotated[str, _H["resource_order"]] = "left_to_right"
    space_costs: Annotated[str, _H["space_costs"]] = "net"
    building_worth: Annotated[str, _H["building_worth"]] = "vp_tokens"
    harbor: Annotated[str, _H["harbor"]] = "reassign"
    pseudo_choices: Annotated[str, _H["pseudo_choices"]] = "script"
    pseudo_gold: Annotated[str, _H["pseudo_gold"]] = "mat"
    pseudo_leftovers: Annotated[str, _H["pseudo_leftovers"]] = "nothing"
    larissa_quests: Annotated[str, _H["larissa_quests"]] = "keep_first"
    coin: Annotated[str, _H["coin"]] = "seeded"
    pseudo_cards: Annotated[str, _H["pseudo_cards"]] = "bot"  # who draws his intrigue (7F)


class Place(Command):
    """You placed an agent (on your turn, or from Waterdeep Harbor at round end), and with
    it what you did in the same turn: the quest you completed, the intrigue card you played
    in the Harbor (one line for the whole turn)."""

    command: Literal["place"]
    space: Space
    building: Name | None = None  # Builder's Hall: the building you bought
    quest: Name | None = None  # the quest you completed after the action
    card: Name | None = None  # Waterdeep Harbor: the intrigue card you played
    give: Annotated[str, GIVE] | None = None  # the card's rule 5 choice, as with `intrigue`
    cube: Annotated[str, CUBE] | None = None  # the card's adventurer, as with `intrigue`
    agent: Agent | None = None  # your agent's number this round (the round plan); else the next
    harbor: Space | None = None  # your last agent: where your Harbor agent goes at round end


class Round(Command):
    """The round went as the plan shows (to its end, or until your agent `agent`), and what
    only you know at its end: how many of his 7F cards found you without the cube, a quest
    you completed, Castle Waterdeep if you took it, where your Harbor agent goes."""

    command: Literal["round"]
    agent: Agent | None = None
    missing: Annotated[int, Field(ge=0, le=30)] | None = None
    quest: Name | None = None
    castle: Annotated[str, CASTLE] | None = None  # you took Castle Waterdeep, not told before
    space: Space | None = None  # your agent in Waterdeep Harbor, reassigned at round end
    building: Name | None = None


class Complete(Command):
    """You completed a quest."""

    command: Literal["complete"]
    quest: Name


class PlayIntrigue(Command):
    """You played an intrigue card that touches Pseudo."""

    command: Literal["intrigue"]
    card: Name
    give: Annotated[str, GIVE] | None = None  # rule 5: you decide whether Pseudo gives
    cube: Annotated[str, CUBE] | None = None  # Free Drinks!, or D11 `you`: the adventurer


class Answer(Command):
    """Answer the question the game waits on."""

    command: Literal["answer"]
    pick: Annotated[str, Field(min_length=1, max_length=40), inside(CLIFFWATCH, CUBE)]


class Override(Command):
    """The physical board differs: move Pseudo's last agent to another space."""

    command: Literal["override"]
    space: Space


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
