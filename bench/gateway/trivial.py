"""The floor of `bench.gateway`: a trivial discord.py bot, one slash command answering one
embed, with the intents and start the real bot has (no privileged intent)."""

from __future__ import annotations

import asyncio
import os

import discord
from discord import app_commands
from discord.ext import commands


class Ping(commands.Cog):
    @app_commands.command(description="Answer with one embed")
    async def ping(self, interaction: discord.Interaction) -> None:
        embed = discord.Embed(title="Pong", description="One embed.", colour=0x5865F2)
        await interaction.response.send_message(embed=embed)


class Trivial(commands.Bot):
    async def setup_hook(self) -> None:
        await self.add_cog(Ping())


def run() -> int:
    intents = discord.Intents(guilds=True)  # as the real bot's (bot.on_discord.client.INTENTS)
    bot = Trivial(command_prefix=commands.when_mentioned, intents=intents)
    asyncio.run(bot.start(os.environ["DISCORD_TOKEN"]))
    return 0
