"""/glasgow: Glasgow against Freddy I or Freddy II, the construction robot. Its slash commands
are built from the game's command models (bot/on_discord/slash.py); the cog keeps what is
Discord's own, the autocompletes. Every rule lives in bot/games/glasgow."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.on_discord.slash import DeclaredCommands, completes
from cogs.base import MAX_CHOICES, TableCog, choices, reader_locale

GAME = "glasgow"
ROWS = ("buildings", "row2", "row3", "row4")


class Glasgow(
    DeclaredCommands,
    TableCog,
    group_name="glasgow",
    description="Glasgow: Freddy, the construction robot",
):
    game_key = GAME

    async def summary(self, interaction: discord.Interaction) -> dict[str, Any] | None:
        """The channel's Glasgow game as `/game status` shows it (read only), or None."""
        reply = await self.game_now(interaction)
        return reply.state if reply is not None else None

    @completes("action", *ROWS)
    @completes("row", *ROWS)
    async def row_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[Any]]:
        from bot.games.glasgow import suggest

        locale = await reader_locale(interaction)  # `laden:` in German
        return [
            app_commands.Choice(name=shown, value=value)
            for shown, value in suggest.row_entries(current, locale)
        ][:MAX_CHOICES]

    @completes("build", "building")
    async def building_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[Any]]:
        from bot.games.glasgow import suggest

        return await choices(
            interaction, suggest.row_left(await self.summary(interaction)), current
        )

    @completes("build", "at")
    async def at_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[Any]]:
        from bot.games.glasgow import suggest

        return await choices(
            interaction, suggest.build_cells(await self.summary(interaction)), current
        )

    @completes("pick", "cell")
    async def pick_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[Any]]:
        from bot.games.glasgow import suggest

        return await choices(
            interaction, suggest.tied_cells(await self.summary(interaction)), current
        )


async def setup(bot) -> None:  # type: ignore[no-untyped-def]
    await bot.add_cog(Glasgow(bot))
