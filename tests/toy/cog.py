"""/toy: the toy opponent's slash commands. A cog only turns options into a call."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.table.service import MAX_SEED
from cogs.base import TableCog, offer
from tests.toy.rules import GREED


class Toy(TableCog, group_name="toy", description="Magpie, a toy opponent for the kit's tests"):
    game_key = "toy"

    @app_commands.command(description="Start a game against Magpie")
    @app_commands.choices(greed=offer(GREED))
    async def start(
        self,
        interaction: discord.Interaction,
        greed: str = "low",
        seed: app_commands.Range[int, 0, MAX_SEED] | None = None,
        thread: bool = False,
    ) -> None:
        await self.start_game(interaction, {"greed": greed}, seed, thread=thread)

    @app_commands.command(description="Magpie's next card")
    async def turn(
        self,
        interaction: discord.Interaction,
        market: app_commands.Range[str, 1, 100] | None = None,
    ) -> None:
        await self.act(interaction, "turn", market=market)

    @app_commands.command(description="Answer Magpie's question")
    async def answer(
        self, interaction: discord.Interaction, pick: app_commands.Range[str, 1, 20]
    ) -> None:
        await self.act(interaction, "answer", pick=pick)

    @app_commands.command(description="Tell Magpie what is on your table")
    async def tally(
        self,
        interaction: discord.Interaction,
        coins: app_commands.Range[str, 1, 20] | None = None,
        gems: app_commands.Range[str, 1, 20] | None = None,
    ) -> None:
        await self.act(interaction, "tally", coins=coins, gems=gems)

    @app_commands.command(description="End the game")
    async def end(
        self, interaction: discord.Interaction, score: app_commands.Range[int, 0, 999]
    ) -> None:
        await self.act(interaction, "end", score=score)


async def setup(bot) -> None:  # type: ignore[no-untyped-def]
    await bot.add_cog(Toy(bot))
