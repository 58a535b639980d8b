"""The logbook's commands, each declared once: `/log` (play, edit, delete, timezone, remind,
export, import), `/stats`, `/streak`, `/history` and `/leaderboard`. Their slash commands are
built from these models (bot/on_discord/slash.py), and the lines the bot prints for them
come from `Model.line`. Their values (outcome, difficulty, period) are declared in
bot/core/vocabulary.py."""

from __future__ import annotations

import warnings
from typing import Annotated, ClassVar, Literal

from pydantic import Field

from bot.core.commands import FILE, MEMBER, PLACE, Command, needed, optional
from bot.core.vocabulary import DIFFICULTY, EXPORT_FORMAT, OUTCOME, PERIOD

Game = Annotated[str, Field(min_length=1, max_length=60)]
Opponent = Annotated[str, Field(min_length=1, max_length=40)]
Score = Annotated[int, Field(ge=-999, le=9999)]
Day = Annotated[str, Field(min_length=1, max_length=20)]
PlayId = Annotated[int, Field(ge=1, le=2**62)]
Campaign = Annotated[str, Field(min_length=1, max_length=60)]
ChallengeId = Annotated[int, Field(ge=1, le=2**31)]
Level = Annotated[str, DIFFICULTY]
Member = Annotated[int, MEMBER]  # a Discord user: the table gets their id
Place = Annotated[int, PLACE]  # a channel or thread: the table gets its id
PLAY = "the play's number: 12 for #12 in /history"
WHOSE = "whose plays (default: yours)"
SCORE = "your score"
THEIRS = "the opponent's score"
CAMPAIGN = "only this campaign's plays"
THREAD = "only the plays in this thread or channel"
CHALLENGE = "only the plays of this server challenge (its number)"


# ------------------------------------------------------------------ /log
class LogCommand(Command):
    group: ClassVar[str] = "log"


class Play(LogCommand):
    about: ClassVar[str] = "Log a play that did not run through the bot"
    command: Literal["play"] = "play"
    game: Game = needed("the game you played: one of the bot's, or any other by its name")
    opponent: Opponent | None = optional(
        "the solo opponent you played against (another game: any text, or none)"
    )
    difficulty: Annotated[str, DIFFICULTY] | None = optional(
        "the opponent's difficulty, if it has one"
    )
    score: Score | None = optional(SCORE)
    opponent_score: Score | None = optional(THEIRS)
    outcome: Annotated[str, OUTCOME] | None = optional(
        "optional: win, loss or tie (both scores decide it)"
    )
    date: Day | None = optional("the day you played, YYYY-MM-DD (default today)")
    modules: Day | None = optional("expansion modules, e.g. 1 3")
    bgg: Annotated[int, Field(ge=1, le=10**8)] | None = optional(
        "another game's BoardGameGeek id, for BG Stats and BGG exports"
    )


class Edit(LogCommand):
    about: ClassVar[str] = "Change one of your plays"
    command: Literal["edit"] = "edit"
    play: PlayId = needed(PLAY)
    score: Score | None = optional(SCORE)
    opponent_score: Score | None = optional(THEIRS)
    outcome: Annotated[str, OUTCOME] | None = optional("win, loss or tie")
    date: Day | None = optional("the day you played, YYYY-MM-DD")


class Delete(LogCommand):
    about: ClassVar[str] = "Delete one of your plays"
    command: Literal["delete"] = "delete"
    play: PlayId = needed(PLAY)


with warnings.catch_warnings():  # its option is `name`; the class's `name()` stays Command's
    warnings.filterwarnings("ignore", 'Field name "name"', UserWarning)

    class Timezone(LogCommand):
        about: ClassVar[str] = "Your timezone, for play streaks (an IANA name)"
        command: Literal["timezone"] = "timezone"
        name: Annotated[str, Field(min_length=1, max_length=64)] = needed(
            "an IANA timezone name, e.g. Europe/Berlin"
        )


class Remind(LogCommand):
    about: ClassVar[str] = "A DM when your play streak is about to break"
    command: Literal["remind"] = "remind"
    at: Annotated[str, Field(min_length=1, max_length=8)] = needed(
        "the hour of your day (your /log timezone), 0–23, or off"
    )


class Export(LogCommand):
    about: ClassVar[str] = "All your plays: CSV and JSON, or for BG Stats or BGG"
    command: Literal["export"] = "export"
    format: Annotated[str, EXPORT_FORMAT] | None = optional(
        "csv (CSV and JSON, the default), bgstats (a BG Stats file) or bgg (BoardGameGeek)"
    )


Named = Annotated[str, Field(min_length=1, max_length=100)]


class Import(LogCommand):
    about: ClassVar[str] = "Import plays: our CSV, BG Stats or BGG"
    command: Literal["import"] = "import"
    file: Annotated[bytes, FILE] = needed(
        "a CSV as /log export writes it, a BG Stats export or BoardGameGeek's plays XML"
    )
    me: Named | None = optional(
        "your name in a BG Stats or BoardGameGeek file, if it does not say (remembered)"
    )
    opponent: Named | None = optional(
        "the bot's opponent of plays that name none (e.g. Leopold), or none"
    )


LOG = (Play, Edit, Delete, Timezone, Remind, Export, Import)


# ------------------------------------------------------------------ commands of their own
class OwnCommand(Command):
    top: ClassVar[bool] = True


class Stats(OwnCommand):
    about: ClassVar[str] = "Plays, wins, streaks and charts"
    command: Literal["stats"] = "stats"
    user: Member | None = optional(WHOSE)
    game: Game | None = optional("only this game's plays")
    opponent: Opponent | None = optional("only the plays against this opponent")
    difficulty: Level | None = optional("only the plays at this difficulty")
    campaign: Campaign | None = optional(CAMPAIGN)
    thread: Place | None = optional(THREAD)
    challenge: ChallengeId | None = optional(CHALLENGE)
    page: bool = optional("a link to your web page instead: stats, plays and challenges", False)


class Streak(OwnCommand):
    about: ClassVar[str] = "Your streaks in one line, fit to post"
    command: Literal["streak"] = "streak"
    user: Member | None = optional("whose streaks (default: yours)")


class History(OwnCommand):
    about: ClassVar[str] = "Every logged play, page by page"
    command: Literal["history"] = "history"
    user: Member | None = optional(WHOSE)
    page: Annotated[int, Field(ge=1, le=10_000)] = optional("the page to show (default 1)", 1)
    campaign: Campaign | None = optional(CAMPAIGN)
    thread: Place | None = optional(THREAD)
    challenge: ChallengeId | None = optional(CHALLENGE)


class Leaderboard(OwnCommand):
    about: ClassVar[str] = "This server's best players"
    command: Literal["leaderboard"] = "leaderboard"
    game: Game | None = optional("only this game (default: every game)")
    period: Annotated[str, PERIOD] = optional(
        "only the last year, month or week (default: all time)", "all"
    )


OWN = (Stats, Streak, History, Leaderboard)
