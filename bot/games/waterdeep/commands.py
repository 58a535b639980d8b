"""/waterdeep commands, each declared once as a model: the slash commands are built from these
(bot/on_discord/slash.py), and the console, the buttons, the printed lines and the fuzz lists
follow them."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field

from bot.core.commands import Command, CommandSet
from bot.core.values import inside
from bot.games.waterdeep.names import (
    CASTLE,
    CLIFFWATCH,
    CUBE,
    GIVE,
    GROUP,
    HOUSE_RULE_VALUES,
    LORD,
)

Name = Annotated[str, Field(min_length=1, max_length=60)]
Space = Annotated[str, Field(min_length=1, max_length=60), inside(CLIFFWATCH)]  # `(links)`
_H = HOUSE_RULE_VALUES
Agent = Annotated[int, Field(ge=1, le=6)]  # 4, a fifth from round 5, the Lieutenant
GIVES = "rule 5: does Pseudo give you the resource? (you decide)"
ADVENTURER = "Free Drinks!, or D11 'you': the adventurer"


def _about(text: str, default: object = None) -> Any:
    return Field(default, description=text)


class WaterdeepCommand(Command):
    group: ClassVar[str] = GROUP


class Start(WaterdeepCommand):
    """Your Lord, Pseudo's quests from the physical draw (else the bot draws), house rules."""

    about: ClassVar[str] = "Start a solo game against Pseudo in this channel"
    command: Literal["start"] = "start"
    lord: Annotated[str, LORD] = Field(description="your Lord card")
    primary: Name | None = _about(
        "Pseudo's primary quest, if you drew it from the real deck (else I draw)"
    )
    secondary: Name | None = _about("Pseudo's secondary quest, if you drew it from the real deck")
    removed_parts: Annotated[str, _H["removed_parts"]] = _about(
        "D1: parts removed by rule 1 (lost): none, or a preset guess", "none"
    )
    colourless_intrigue: Annotated[str, _H["colourless_intrigue"]] = _about(
        "D2: 7F card without a cube colour: discard it, or redraw", "discard"
    )
    pseudo_completes: Annotated[str, _H["pseudo_completes"]] = _about(
        "D3: quests Pseudo completes after his action: one, or all", "one"
    )
    pseudo_rewards: Annotated[str, _H["pseudo_rewards"]] = _about(
        "D4: Pseudo's quest rewards: full, or VP only", "full"
    )
    pseudo_vp: Annotated[str, _H["pseudo_vp"]] = _about(
        "D5: Pseudo's VP: subtracted from your score, or ignored", "subtract"
    )
    lord_bonus: Annotated[str, _H["lord_bonus"]] = _about(
        "D6: your Lord bonus: as earned, or at the end", "as_earned"
    )
    resource_order: Annotated[str, _H["resource_order"]] = _about(
        "D7: 7A/7B direction within a quest", "left_to_right"
    )
    space_costs: Annotated[str, _H["space_costs"]] = _about(
        "D8: a space's cost: subtracted from its value (net), or not (gross)", "net"
    )
    building_worth: Annotated[str, _H["building_worth"]] = _about(
        "D9: 7D 'worth most VP': VP tokens, or the building's cost", "vp_tokens"
    )
    harbor: Annotated[str, _H["harbor"]] = _about(
        "D10: Pseudo's Harbor agents at round end: reassigned, or stay", "reassign"
    )
    pseudo_choices: Annotated[str, _H["pseudo_choices"]] = _about(
        "D11: Pseudo's adventurer when your card lets him choose: script, or you", "script"
    )
    pseudo_gold: Annotated[str, _H["pseudo_gold"]] = _about(
        "D12: Pseudo's starting gold: the mat's 4, or none", "mat"
    )
    pseudo_leftovers: Annotated[str, _H["pseudo_leftovers"]] = _about(
        "D13: Pseudo's leftovers: score nothing, or are subtracted from you", "nothing"
    )
    larissa_quests: Annotated[str, _H["larissa_quests"]] = _about(
        "D14: 7E with Larissa Neathal: keep the first quest, or none", "keep_first"
    )
    coin: Annotated[str, _H["coin"]] = _about(
        "D15: 7C 'flip a coin': seeded, or you choose", "seeded"
    )
    pseudo_cards: Annotated[str, _H["pseudo_cards"]] = _about(  # who draws his intrigue (7F)
        "Pseudo's intrigue cards: I draw them (bot), or you draw the real ones", "bot"
    )


class Place(WaterdeepCommand):
    """You placed an agent (on your turn, or from Waterdeep Harbor at round end), and with
    it what you did in the same turn: the quest you completed, the intrigue card you played
    in the Harbor (one line for the whole turn)."""

    about: ClassVar[str] = "You placed an agent (or reassigned one from the Harbor)"
    command: Literal["place"]
    space: Space = Field(description="the action space or building")
    building: Name | None = _about("Builder's Hall: the building you bought")
    quest: Name | None = _about("the quest you completed in the same turn")
    card: Name | None = _about("Waterdeep Harbor: the intrigue card you played")
    give: Annotated[str, GIVE] | None = _about(GIVES)  # as with `intrigue`
    cube: Annotated[str, CUBE] | None = _about(ADVENTURER)  # as with `intrigue`
    agent: Agent | None = _about(  # the round plan's number; else the next
        "your agent's number this round, when you skipped the ones the plan allows"
    )
    harbor: Space | None = _about(
        "with your last agent: where your agent from Waterdeep Harbor goes at round end"
    )


class Round(WaterdeepCommand):
    """The round went as the plan shows (to its end, or until your agent `agent`), and what
    only you know at its end: how many of his 7F cards found you without the cube, a quest
    you completed, Castle Waterdeep if you took it, where your Harbor agent goes."""

    about: ClassVar[str] = "The round went as Pseudo's plan shows"
    command: Literal["round"]
    agent: Agent | None = _about("only up to your agent N (then report it with /waterdeep place)")
    missing: Annotated[int, Field(ge=0, le=30)] | None = _about(
        "how many of his intrigue cards found you without the cube (−2 VP each)"
    )
    quest: Name | None = _about("a quest you completed this round and did not report yet")
    castle: Annotated[str, CASTLE] | None = _about(
        "you took Castle Waterdeep where the plan did not care"
    )
    space: Space | None = _about("round end: where your agent from Waterdeep Harbor goes")
    building: Name | None = _about(
        "round end: the building your Harbor agent bought in Builder's Hall"
    )


class Complete(WaterdeepCommand):
    about: ClassVar[str] = "You completed a quest"
    command: Literal["complete"]
    quest: Name = Field(description="the quest's name")


class PlayIntrigue(WaterdeepCommand):
    about: ClassVar[str] = "You played an intrigue card that touches Pseudo"
    command: Literal["intrigue"]
    card: Name = Field(description="the intrigue card")
    give: Annotated[str, GIVE] | None = _about(GIVES)
    cube: Annotated[str, CUBE] | None = _about(ADVENTURER)


class Answer(WaterdeepCommand):
    about: ClassVar[str] = "Answer the question the game waits on"
    command: Literal["answer"]
    pick: Annotated[str, Field(min_length=1, max_length=40), inside(CLIFFWATCH, CUBE)] = Field(
        description="your answer (the buttons send it; autocomplete lists them)"
    )


class Override(WaterdeepCommand):
    """The physical board differs: move Pseudo's last agent to another space."""

    about: ClassVar[str] = "The real board differs: move Pseudo's last agent"
    command: Literal["override"]
    space: Space = Field(description="where Pseudo's agent really goes")


class Hall(WaterdeepCommand):
    about: ClassVar[str] = "The real Builder's Hall differs: set one place"
    command: Literal["hall"]
    place: Annotated[int, Field(ge=1, le=3)] = Field(
        description="the place in Builder's Hall, 1-3 from the left"
    )
    building: Name = Field(description="the building the real Hall shows there")


class Drawn(WaterdeepCommand):
    about: ClassVar[str] = "You drew a card for Pseudo from the real pile"
    command: Literal["drawn"]
    quest: Name | None = _about("his newest quest, as the real deck gave it")
    intrigue: Name | None = _about("the intrigue card 7F asks for (pseudo_cards:table)")


class Final(WaterdeepCommand):
    """After round 8: what your score track, tavern, purse and quest pile show."""

    about: ClassVar[str] = "After round 8: your final score"
    command: Literal["final"]
    track: Annotated[int, Field(ge=0, le=999)] = Field(description="VP on your score track")
    adventurers: Annotated[int, Field(ge=0, le=99)] = Field(
        description="adventurers left in your tavern"
    )
    gold: Annotated[int, Field(ge=0, le=999)] = Field(description="your gold")
    quests: Annotated[int, Field(ge=0, le=60)] = Field(
        description="your uncompleted quests (−5 VP each)"
    )


# the line several of the game's replies print
FINAL_LINE = Final.line(track="…", adventurers="…", gold="…", quests="…")


class Board(WaterdeepCommand):
    """A read-only view (`GameSpec.views`), not a rule command."""

    about: ClassVar[str] = "The board at a glance: Pseudo's quests, tavern, spaces"
    command: Literal["board"]


COMMANDS = CommandSet(
    "Pseudo", [Place, Round, Complete, PlayIntrigue, Answer, Override, Hall, Drawn, Final]
)
VIEWS = (Board,)  # read-only, built as slash commands like the commands
