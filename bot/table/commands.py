"""The bot's own commands that no game holds, each declared once: `/game` (what every game
shares), `/settings`, `/help` and `/about`. Their slash commands are built from these models
(bot/on_discord/slash.py, `declared_group`), and /help, the printed lines and the fuzz lists
read them too. Their values (topics, languages, on/off) are declared in bot/core/vocabulary.py."""

from __future__ import annotations

import warnings
from typing import Annotated, ClassVar, Literal

from pydantic import Field

from bot.core.commands import CHANNEL, FILE, MEMBER, Command, needed, optional
from bot.core.vocabulary import HELP_TOPIC, LANGUAGE, SWITCH

MAX_GAME_ID = 2**31 - 1  # games.id is a 32-bit integer column
GameId = Annotated[int, Field(ge=1, le=MAX_GAME_ID)]
Campaign = Annotated[str, Field(min_length=1, max_length=100)]
ANY_GAME = "a finished game's number, from anywhere"


# ------------------------------------------------------------------ /game
class GameCommand(Command):
    group: ClassVar[str] = "game"


class Status(GameCommand):
    about: ClassVar[str] = "Where the game in this channel stands"
    command: Literal["status"] = "status"


class Undo(GameCommand):
    about: ClassVar[str] = "Take back the last steps; the same cards come again"
    command: Literal["undo"] = "undo"
    steps: Annotated[int, Field(ge=1, le=50)] = optional(
        "how many steps to take back (default 1)", 1
    )


class Sheet(GameCommand):
    about: ClassVar[str] = "The finished game's score sheet, both sides"
    command: Literal["sheet"] = "sheet"
    id: GameId | None = optional(ANY_GAME)


class History(GameCommand):
    about: ClassVar[str] = "Every step of the game in this channel"
    command: Literal["history"] = "history"
    page: Annotated[int, Field(ge=1, le=1000)] = optional("the page to show (default 1)", 1)
    id: GameId | None = optional(ANY_GAME)


class Show(GameCommand):
    about: ClassVar[str] = "A finished game of yours or of a campaign, by its number"
    command: Literal["show"] = "show"
    id: GameId = needed("the game's number: game #12 is 12")


class Players(GameCommand):
    about: ClassVar[str] = "Show, add or remove the players who may change the game"
    command: Literal["players"] = "players"
    add: Annotated[int, MEMBER] | None = optional("a member who may change the game from now on")
    remove: Annotated[int, MEMBER] | None = optional("a member who may no longer change the game")


class Remind(GameCommand):
    about: ClassVar[str] = "Ping this game's players when it waits too long for a move"
    command: Literal["remind"] = "remind"
    after: str = needed("Hours without a move before the ping (1–720), or off")


with warnings.catch_warnings():  # its option is `name`; the class's `name()` stays Command's
    warnings.filterwarnings("ignore", 'Field name "name"', UserWarning)

    class CampaignOf(GameCommand):
        about: ClassVar[str] = "Put the game in this channel into a named campaign"
        command: Literal["campaign"] = "campaign"
        name: Campaign = needed("The campaign's name (1–60 characters), or off")


class Page(GameCommand):
    about: ClassVar[str] = "A link to a game's web page, or to a campaign's"
    command: Literal["page"] = "page"
    id: GameId | None = optional(
        "a game's number, from anywhere (default: the game in this channel)"
    )
    campaign: Campaign | None = optional("a campaign of this server: its page instead")
    revoke: bool = optional(
        "stop every link to the game working (its players, or Manage Server)", False
    )


class Abandon(GameCommand):
    about: ClassVar[str] = "Abandon the game in this channel (owner or Manage Server)"
    command: Literal["abandon"] = "abandon"


class Export(GameCommand):
    about: ClassVar[str] = "The game as JSON: options, seed and log, enough to replay"
    command: Literal["export"] = "export"


class Import(GameCommand):
    about: ClassVar[str] = "Replay an exported game in this channel"
    command: Literal["import"] = "import"
    file: Annotated[bytes, FILE] = needed("the JSON file that /game export wrote")


GAME = (
    Status, Undo, Sheet, History, Show, Players, Remind, CampaignOf, Page, Abandon, Export, Import
)  # fmt: skip


# ------------------------------------------------------------------ /settings
class SettingsCommand(Command):
    group: ClassVar[str] = "settings"


class Language(SettingsCommand):
    about: ClassVar[str] = "The language Soloist answers you in"
    command: Literal["language"] = "language"
    choice: Annotated[str, LANGUAGE] = needed(
        "auto: your server's choice, else your Discord language"
    )


class ServerLanguage(SettingsCommand):
    about: ClassVar[str] = "The language of this server (Manage Server)"
    command: Literal["server_language"] = "server_language"
    choice: Annotated[str, LANGUAGE] = needed("auto: each member's own Discord language")


class ResultsChannel(SettingsCommand):
    about: ClassVar[str] = "Where result cards of finished games also go (Manage Server)"
    command: Literal["results_channel"] = "results_channel"
    channel: Annotated[int, CHANNEL] | None = optional(
        "leave out to keep result cards in each game's channel"
    )


class Web(SettingsCommand):
    about: ClassVar[str] = "Web pages of this server's games and players (Manage Server)"
    command: Literal["web"] = "web"
    choice: Annotated[str, SWITCH] = needed(
        "on: links to pages; off: every link of this server stops"
    )


SETTINGS = (Language, ServerLanguage, ResultsChannel, Web)


# ------------------------------------------------------------------ /help, /about
class Help(Command):
    top: ClassVar[bool] = True
    about: ClassVar[str] = "How to play a game against its opponent"
    command: Literal["help"] = "help"
    game: Annotated[str, Field(min_length=1, max_length=20)] | None = optional(
        "the game (leave out for the list)"
    )
    topic: Annotated[str, HELP_TOPIC] = optional(
        "a turn's commands (default), the start options, or challenges", "turn"
    )


class About(Command):
    top: ClassVar[bool] = True
    about: ClassVar[str] = "Soloist's version and where its rules and data come from"
    command: Literal["about"] = "about"


HELP = (Help, About)
