"""/settings: the language Soloist answers a user in, a server's language, and a server's
channel for result cards."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.vocabulary import LANGUAGE, SWITCH
from bot.on_discord.render import ctx_of, send
from bot.table.preferences import Preferences
from cogs.base import ServiceAccess, offer

LANGUAGES = offer(LANGUAGE)

SWITCHES = offer(SWITCH)


class Settings(
    ServiceAccess, commands.GroupCog, group_name="settings", description="Your Soloist settings"
):
    @property
    def preferences(self) -> Preferences:
        return self.bot.preferences  # type: ignore[attr-defined,no-any-return]

    @app_commands.command(description="The language Soloist answers you in")
    @app_commands.describe(choice="auto: your server's choice, else your Discord language")
    @app_commands.choices(choice=LANGUAGES)
    async def language(self, interaction: discord.Interaction, choice: str) -> None:
        reply = await self.preferences.set_user_locale(ctx_of(interaction), choice)
        await send(interaction, reply)

    @app_commands.command(
        name="server-language", description="The language of this server (Manage Server)"
    )
    @app_commands.describe(choice="auto: each member's own Discord language")
    @app_commands.choices(choice=LANGUAGES)
    async def server_language(self, interaction: discord.Interaction, choice: str) -> None:
        reply = await self.preferences.set_guild_locale(ctx_of(interaction), choice)
        await send(interaction, reply)

    @app_commands.command(
        name="results-channel",
        description="Where result cards of finished games also go (Manage Server)",
    )
    @app_commands.describe(channel="leave out to keep result cards in each game's channel")
    async def results_channel(
        self, interaction: discord.Interaction, channel: discord.TextChannel | None = None
    ) -> None:
        reply = await self.preferences.set_results_channel(
            ctx_of(interaction), channel.id if channel is not None else None
        )
        await send(interaction, reply)

    @app_commands.command(
        name="web", description="Web pages of this server's games and players (Manage Server)"
    )
    @app_commands.describe(choice="on: links to pages; off: every link of this server stops")
    @app_commands.choices(choice=SWITCHES)
    async def web(self, interaction: discord.Interaction, choice: str) -> None:
        ctx = ctx_of(interaction)
        reply = await self.bot.service.set_web_pages(ctx, choice)  # type: ignore[attr-defined]
        links = getattr(self.bot, "post_links", None)
        if links is not None:
            links.forget(guild_id=ctx.guild_id)
        await send(interaction, reply)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Settings(bot))
