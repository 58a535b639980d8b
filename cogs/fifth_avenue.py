"""/alea: Fifth Avenue for two players, with Alea as the third bidder. Its slash commands are
built from the game's command models (bot/on_discord/slash.py); the cog keeps what is
Discord's own: the partner check and the autocompletes."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.core.errors import InputError
from bot.on_discord.slash import DeclaredCommands, completes
from cogs.base import TableCog, choices

GAME = "alea"


class FifthAvenue(
    DeclaredCommands,
    TableCog,
    group_name="alea",
    description="Fifth Avenue: Alea, the third bidder",
):
    game_key = GAME

    async def summary(self, interaction: discord.Interaction) -> dict[str, Any] | None:
        """The channel's Alea game as `/game status` shows it (read only), or None."""
        reply = await self.game_now(interaction)
        return reply.state if reply is not None else None

    def check_start(
        self, interaction: discord.Interaction, options: dict[str, Any], players: list[int]
    ) -> None:
        if players[0] == interaction.user.id:
            raise InputError("Fifth Avenue with Alea needs two real players: name your partner.")

    @completes("auction", "district")
    async def auction_district(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[Any]]:
        from bot.games.fifth_avenue import suggest

        return await choices(
            interaction, suggest.auction_districts(await self.summary(interaction)), current
        )

    @completes("auction", "high_bid")
    @completes("odds", "bid")
    async def bid_chances(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[Any]]:
        from bot.games.fifth_avenue import suggest

        return await choices(
            interaction, suggest.bid_chances(await self.summary(interaction), current)
        )

    @completes("auction", "cards")
    async def auction_cards(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[Any]]:
        from bot.games.fifth_avenue import suggest

        return await choices(
            interaction, suggest.card_sequences(await self.summary(interaction), current)
        )

    @completes("round", "districts")
    async def round_districts(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[Any]]:
        from bot.games.fifth_avenue import suggest

        offer = suggest.round_districts(await self.summary(interaction), current)
        return await choices(interaction, offer)

    @completes("round", "won")
    async def round_won(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[Any]]:
        from bot.games.fifth_avenue import suggest

        return await choices(
            interaction, suggest.round_wins(await self.summary(interaction), current)
        )

    @completes("round", "stop")
    async def round_stop(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[Any]]:
        from bot.games.fifth_avenue import suggest

        offer = suggest.round_stops(await self.summary(interaction), current)
        return await choices(interaction, offer)

    @completes("result", "plots")
    @completes("build", "plots")
    async def plot_entries(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[Any]]:
        from bot.games.fifth_avenue import suggest

        return await choices(interaction, suggest.plot_entries(current))

    @completes("building-stop", "district")
    async def stop_district(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[Any]]:
        from bot.games.fifth_avenue import suggest

        return await choices(
            interaction, suggest.stop_districts(await self.summary(interaction)), current
        )


async def setup(bot) -> None:  # type: ignore[no-untyped-def]
    await bot.add_cog(FifthAvenue(bot))
