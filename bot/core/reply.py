"""What the service hands back to a front-end: facts, a prompt, the public state, next steps."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.core.agenda import Ask
from bot.core.game import NextStep, Picture
from bot.core.scoresheet import FinalSheet


@dataclass
class Ctx:
    """Who is asking, and where: a thread is its own channel. guild_id 0 means no server."""

    guild_id: int
    channel_id: int
    user_id: int
    can_manage: bool = False
    owns_server: bool = False  # the server's owner (may void a challenge's attempt)
    console: bool = False  # the offline console: its own server, where web pages are on


@dataclass(frozen=True)
class Standing:
    """The game as a command left it: its row after the write (a `GameRecord`) and, built
    only when asked, the reply `/game status` gives for it. The status message renders from
    it after the command instead of reading the game again."""

    row: Any
    build: Callable[[], Reply]


@dataclass
class Reply:
    title: str
    facts: list[str] = field(default_factory=list)
    prompt: str = ""
    ok: bool = True
    colour: int = 0x5865F2
    game_id: int | None = None
    version: int | None = None
    state: dict[str, Any] | None = None
    board: str | None = None
    next_steps: list[NextStep] = field(default_factory=list)
    files: list[tuple[str, bytes]] = field(default_factory=list)
    ephemeral: bool = False
    pager: tuple[int, int, int] | None = None  # (user, page, pages) for the logbook history
    picture: Picture | None = None  # drawn into `files` by the front-end, off the event loop
    ask: Ask | None = None  # the question the game waits on; its choices are the next steps
    locale: str = "en"  # the language its texts are in (bot.i18n.localize sets it)
    # A look at a game (status, board, history, show): it changed nothing, so no after-reply
    # hook posts for it (an ended game's result card, a status message of another channel).
    read_only: bool = False
    sheet: FinalSheet | None = None  # a finished game's score sheet, drawn by the front-end
    web_url: str | None = None  # the page on the web (bot/web): a link button on Discord
    # the partner who confirms this game's final scores (a server challenge's Fifth Avenue
    # attempt ranks after that): a button on Discord that only they may press
    confirm_for: int | None = None
    # The game as this command left it, for the status message (a command that wrote a state)
    standing: Standing | None = field(default=None, repr=False, compare=False)

    @property
    def text(self) -> str:
        return "\n".join([*self.facts, *([self.prompt] if self.prompt else [])])

    def as_json(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "title": self.title,
            "text": self.text,
            "game_id": self.game_id,
            "version": self.version,
            "state": self.state,
            "next": [step.step_id for step in self.next_steps],
            "ask": self.ask.model_dump() if self.ask is not None else None,
            "files": [name for name, _ in self.files],
            "sheet": self.sheet.as_json() if self.sheet is not None else None,
        }
