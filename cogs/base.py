"""What every Soloist cog shares: the services, and one way to run a game command."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord.ext import commands

from bot.logbook.service import LogbookService
from bot.render import ctx_of, send
from bot.table.service import TableService


def progress(interaction: discord.Interaction) -> Callable[[str], Awaitable[None]]:
    """A long command's "so far" line, shown by editing its deferred "thinking…" message
    (fronts without one, like the console, skip it); the result follows as usual."""

    async def show(text: str) -> None:
        edit = getattr(interaction, "edit_original_response", None)
        if edit is not None and interaction.response.is_done():
            await edit(content=text)

    return show


class ServiceAccess:
    """The bot's services, for a cog (mixed in before commands.Cog or GroupCog)."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def service(self) -> TableService:
        return self.bot.service  # type: ignore[attr-defined,no-any-return]

    @property
    def logbook(self) -> LogbookService:
        return self.bot.logbook  # type: ignore[attr-defined,no-any-return]


class TableCog(ServiceAccess, commands.GroupCog):
    game_key: str | None = None

    async def start_game(
        self,
        interaction: discord.Interaction,
        options: dict[str, Any],
        seed: int | None = None,
        *,
        thread: bool = False,
    ) -> None:
        """Every game's `start`: one path, so a start option common to all games (a thread
        of its own for play-by-post) is written once."""
        assert self.game_key is not None
        reply = await self.service.start(ctx_of(interaction), self.game_key, options, seed)
        await send(interaction, reply)

    async def act(self, interaction: discord.Interaction, command: str, **options: Any) -> None:
        """Send one rule command to the channel's game and answer with the reply."""
        action = {"command": command, **options}
        await send(interaction, await self.service.act(ctx_of(interaction), self.game_key, action))
