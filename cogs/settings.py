"""/settings: the language Soloist answers a user in, a server's language, and a server's
channel for result cards. Its commands are built from their models (bot/table/commands.py);
the cog does their work."""

from __future__ import annotations

from typing import Any

import discord
from discord.ext import commands

from bot.on_discord.render import ctx_of, send
from bot.on_discord.slash import DeclaredGroup
from bot.table.commands import SETTINGS
from bot.table.preferences import Preferences
from cogs.base import ServiceAccess


class Settings(
    DeclaredGroup,
    ServiceAccess,
    commands.GroupCog,
    group_name="settings",
    description="Your Soloist settings",
):
    declares = SETTINGS

    @property
    def preferences(self) -> Preferences:
        return self.bot.preferences  # type: ignore[attr-defined,no-any-return]

    async def run_language(self, interaction: discord.Interaction, choice: str) -> None:
        await send(interaction, await self.preferences.set_user_locale(ctx_of(interaction), choice))

    async def run_server_language(self, interaction: discord.Interaction, choice: str) -> None:
        reply = await self.preferences.set_guild_locale(ctx_of(interaction), choice)
        await send(interaction, reply)

    async def run_results_channel(self, interaction: discord.Interaction, channel: Any) -> None:
        reply = await self.preferences.set_results_channel(
            ctx_of(interaction), channel.id if channel is not None else None
        )
        await send(interaction, reply)

    async def run_web(self, interaction: discord.Interaction, choice: str) -> None:
        ctx = ctx_of(interaction)
        reply = await self.bot.service.set_web_pages(ctx, choice)  # type: ignore[attr-defined]
        links = getattr(self.bot, "post_links", None)
        if links is not None:
            links.forget(guild_id=ctx.guild_id)
        await send(interaction, reply)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Settings(bot))
