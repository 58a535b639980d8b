"""/game: what every game shares: status, undo, history, players, abandon, export, import."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.errors import InputError
from bot.render import ctx_of, send
from cogs.base import TableCog, progress

MAX_IMPORT_BYTES = 2_000_000


class Game(TableCog, group_name="game", description="The game in this channel"):
    @app_commands.command(description="Where the game in this channel stands")
    async def status(self, interaction: discord.Interaction) -> None:
        await send(interaction, await self.service.status(ctx_of(interaction)))

    @app_commands.command(description="Take back the last steps; the same cards come again")
    async def undo(
        self, interaction: discord.Interaction, steps: app_commands.Range[int, 1, 50] = 1
    ) -> None:
        await send(interaction, await self.service.undo(ctx_of(interaction), steps))

    @app_commands.command(description="Every step of the game in this channel")
    async def history(
        self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 1000] = 1
    ) -> None:
        await send(interaction, await self.service.history(ctx_of(interaction), page))

    @app_commands.command(description="Show, add or remove the players who may change the game")
    async def players(
        self,
        interaction: discord.Interaction,
        add: discord.User | None = None,
        remove: discord.User | None = None,
    ) -> None:
        reply = await self.service.players(
            ctx_of(interaction), add.id if add else None, remove.id if remove else None
        )
        await send(interaction, reply)

    @app_commands.command(description="Abandon the game in this channel (owner or Manage Server)")
    async def abandon(self, interaction: discord.Interaction) -> None:
        await send(interaction, await self.service.abandon(ctx_of(interaction)))

    @app_commands.command(description="The game as JSON: options, seed and log, enough to replay")
    async def export(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)  # a long game takes a moment
        await send(interaction, await self.service.export(ctx_of(interaction)))

    @app_commands.command(name="import", description="Replay an exported game in this channel")
    async def import_(self, interaction: discord.Interaction, file: discord.Attachment) -> None:
        if file.size > MAX_IMPORT_BYTES:
            raise InputError("That file is too large to be a Soloist export.")
        # Replaying and writing a long game can outlast Discord's 3 s: answer "thinking" first,
        # so a user never sees "did not respond" (and retries, importing twice).
        await interaction.response.defer(thinking=True)
        raw = await file.read()
        reply = await self.service.import_game(ctx_of(interaction), raw, progress(interaction))
        await send(interaction, reply)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Game(bot))
