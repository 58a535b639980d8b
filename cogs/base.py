"""What every Soloist cog shares: the table service, and one way to run a game command."""

from __future__ import annotations

from typing import Any

import discord
from discord.ext import commands

from bot.render import ctx_of, send
from bot.table.service import TableService


class TableCog(commands.GroupCog):
    game_key: str | None = None

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def service(self) -> TableService:
        return self.bot.service  # type: ignore[attr-defined,no-any-return]

    async def act(self, interaction: discord.Interaction, command: str, **options: Any) -> None:
        """Send one rule command to the channel's game and answer with the reply."""
        action = {"command": command, **options}
        await send(interaction, await self.service.act(ctx_of(interaction), self.game_key, action))
