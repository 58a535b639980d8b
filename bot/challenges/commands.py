"""`/challenge`'s commands, each declared once: a player's play-count challenges (new, list,
show, share, delete, restore) and a server's challenges against the same opponent (open,
join, standings, info, close, page, replay, cancel, void). Their slash commands are built
from these models (bot/on_discord/slash.py), and every `/challenge …` line the bot prints
comes from `Model.line`. Their limits are declared here, where the checks read them too."""

from __future__ import annotations

import warnings
from typing import Annotated, ClassVar, Literal

from pydantic import Field

from bot.core.commands import MEMBER, Command, needed, optional

MOST_PLAYS = 100  # plays per game: a 1×100 challenge is a real one
MOST_GAMES = 100  # any games: the bot's and every other game a player logs by its name
NAME_CHARS = 40  # a play-count challenge's name
PICK_CHARS = 300
MAX_DAYS, MAX_ATTEMPTS, SERVER_NAME_CHARS = 60, 10, 60  # a server challenge's
WHICH = "which challenge (default: your only one)"
NUMBER = "the challenge's number (default: the one open here)"
PARTNER = "Fifth Avenue: the partner who plays with you"

Name = Annotated[str, Field(min_length=1, max_length=NAME_CHARS)]
Day = Annotated[str, Field(min_length=1, max_length=10)]
Member = Annotated[int, MEMBER]  # a Discord user: the table gets their id


MAX_GAME_ID = 2**31 - 1  # games.id is a 32-bit integer column


class ChallengeCommand(Command):
    group: ClassVar[str] = "challenge"


# ------------------------------------------------------------------ a player's own
with warnings.catch_warnings():  # their option is `name`; the class's `name()` stays Command's
    warnings.filterwarnings("ignore", 'Field name "name"', UserWarning)

    class New(ChallengeCommand):
        about: ClassVar[str] = "Set a challenge: N games × M plays each, in a period"
        command: Literal["new"] = "new"
        name: Name = needed("a short name, e.g. 10x10 2026")
        plays: Annotated[int, Field(ge=1, le=MOST_PLAYS)] = needed(
            f"plays per game, 1–{MOST_PLAYS}"
        )
        games: Annotated[int, Field(ge=1, le=MOST_GAMES)] | None = optional(
            "how many different games count (any games; not needed with pick)"
        )
        pick: Annotated[str, Field(min_length=1, max_length=PICK_CHARS)] | None = optional(
            "the games picked in advance, e.g. gah gwt:Sam glasgow:Freddy II"
        )
        solo: bool = optional(
            "only plays without another real player count (default: all plays)", False
        )
        start: Day | None = optional(
            "the first day, YYYY-MM-DD, or a year (default: this calendar year)"
        )
        end: Day | None = optional("the last day, YYYY-MM-DD (default: a year after the start)")

    class ListAll(ChallengeCommand):
        about: ClassVar[str] = "Your challenges and how far each one is"
        command: Literal["list"] = "list"

    class Show(ChallengeCommand):
        about: ClassVar[str] = "A challenge's progress, pace and picture, for you alone"
        command: Literal["show"] = "show"
        name: Name | None = optional(WHICH)

    class Share(ChallengeCommand):
        about: ClassVar[str] = "Post a challenge's progress and picture in this channel"
        command: Literal["share"] = "share"
        name: Name | None = optional(WHICH)

    class Delete(ChallengeCommand):
        about: ClassVar[str] = "Delete a challenge (restore brings it back)"
        command: Literal["delete"] = "delete"
        name: Name | None = optional(WHICH)

    class Restore(ChallengeCommand):
        about: ClassVar[str] = "Bring back the challenge you deleted last"
        command: Literal["restore"] = "restore"

    # -------------------------------------------------------------- a server's
    warnings.filterwarnings("ignore", 'Field name "options"', UserWarning)

    class Open(ChallengeCommand):
        """`game`'s choices are the bot's games: the cog offers them (bot.games is above)."""

        about: ClassVar[str] = "Open a server challenge (Manage Server)"
        command: Literal["open"] = "open"
        game: str = needed("the game everyone plays")
        name: Annotated[str, Field(min_length=1, max_length=SERVER_NAME_CHARS)] = needed(
            "the challenge's name"
        )
        days: Annotated[int, Field(ge=1, le=MAX_DAYS)] = needed("how long it runs (1-60 days)")
        options: Annotated[str, Field(min_length=1, max_length=300)] | None = optional(
            "the game's start options, as its start takes them, e.g. difficulty:hard"
        )
        attempts: Annotated[int, Field(ge=1, le=MAX_ATTEMPTS)] = optional(
            "attempts per player (default 1)", 1
        )


class Join(ChallengeCommand):
    about: ClassVar[str] = "Join a server challenge: your game in a thread of your own"
    command: Literal["join"] = "join"
    challenge: int | None = optional(NUMBER)
    partner: ClassVar[str] = "partner"  # optional here: a Discord user, built after the rest
    partner_about: ClassVar[str] = PARTNER


class Standings(ChallengeCommand):
    about: ClassVar[str] = "A server challenge's standings, with your rank"
    command: Literal["standings"] = "standings"
    challenge: int | None = optional(NUMBER)


class Info(ChallengeCommand):
    about: ClassVar[str] = "A server challenge's terms and your attempts"
    command: Literal["info"] = "info"
    challenge: int | None = optional(NUMBER)


class Close(ChallengeCommand):
    about: ClassVar[str] = "Close a server challenge now (host or Manage Server)"
    command: Literal["close"] = "close"
    challenge: int | None = optional(NUMBER)


class Page(ChallengeCommand):
    about: ClassVar[str] = "A link to a server challenge's web page"
    command: Literal["page"] = "page"
    challenge: int | None = optional(NUMBER)


class Replay(ChallengeCommand):
    about: ClassVar[str] = "After the close: the challenge's game again, unranked"
    command: Literal["replay"] = "replay"
    challenge: int | None = optional(NUMBER)
    partner: ClassVar[str] = "partner"  # optional here: a Discord user, built after the rest
    partner_about: ClassVar[str] = PARTNER


class Cancel(ChallengeCommand):
    about: ClassVar[str] = "Cancel a server challenge (host or Manage Server)"
    command: Literal["cancel"] = "cancel"
    challenge: int | None = optional(NUMBER)


class Void(ChallengeCommand):
    about: ClassVar[str] = "Void a player's attempt (host or server owner)"
    command: Literal["void"] = "void"
    player: Member = needed("whose attempt")
    attempt: Annotated[int, Field(ge=1, le=MAX_ATTEMPTS * 10)] = needed(
        "the attempt's number (the standings show it)"
    )
    reason: Annotated[str, Field(min_length=1, max_length=200)] = needed(
        "why: the standings show it"
    )
    uses_attempt: bool = optional(
        "whether it still uses up the attempt (default: given back)", False
    )
    challenge: int | None = optional(NUMBER)


class Confirm(ChallengeCommand):
    """Fifth Avenue in a server challenge: the partner confirms the attempt's final scores
    (bot/table/contest_confirm.py)."""

    about: ClassVar[str] = "Fifth Avenue: confirm the final scores as the partner"
    command: Literal["confirm"] = "confirm"
    game: Annotated[int, Field(ge=1, le=MAX_GAME_ID)] | None = Field(
        None, description="the attempt's game number (default: the one waiting for you)"
    )


PERSONAL = (New, ListAll, Show, Share, Delete, Restore)
SERVER = (Open, Join, Standings, Info, Close, Page, Replay, Cancel, Void, Confirm)
