"""The server challenge's commands declared as models (bot/core/commands.py), as the games'
are: the slash command is built from the model (bot/on_discord/slash.py), and the console
reads it by the same tree."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from bot.core.commands import Command

MAX_GAME_ID = 2**31 - 1  # games.id is a 32-bit integer column


class Confirm(Command):
    """Fifth Avenue in a server challenge: the partner confirms the attempt's final scores
    (bot/table/contest_confirm.py)."""

    group: ClassVar[str] = "challenge"
    about: ClassVar[str] = "Fifth Avenue: confirm the final scores as the partner"
    command: Literal["confirm"] = "confirm"
    game: Annotated[int, Field(ge=1, le=MAX_GAME_ID)] | None = Field(
        None, description="the attempt's game number (default: the one waiting for you)"
    )
