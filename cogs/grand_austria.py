"""/gah: Grand Austria Hotel against Leopold or Elisabeth, with the Let's Waltz! modules. Its
slash commands are built from the game's command models (bot/on_discord/slash.py); the cog
keeps what is Discord's own: the autocompletes and the two lookups' embeds. Every rule lives
in bot/games/grand_austria."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.core.reply import Reply
from bot.on_discord.slash import DeclaredCommands, completes
from cogs.base import TableCog, choices

if TYPE_CHECKING:  # the game loads on its first use, not with its commands
    from bot.games.grand_austria.suggest import Offer as Suggestions

GAME = "gah"
Offer = list[app_commands.Choice[Any]]
COLOUR = 0xB8860B


class GrandAustria(
    DeclaredCommands, TableCog, group_name="gah", description="Grand Austria Hotel solo"
):
    game_key = GAME

    async def _summary(self, interaction: discord.Interaction) -> dict[str, Any] | None:
        """The channel's game as `/game status` shows it, read only, for autocomplete; None
        when no Grand Austria Hotel game runs here."""
        reply = await self.game_now(interaction)
        return reply.state if reply is not None else None

    async def _offer(
        self,
        interaction: discord.Interaction,
        current: str,
        make: Callable[[dict[str, Any] | None], Suggestions],
    ) -> Offer:
        """What `make` offers for the channel's game (or for no game)."""
        return await choices(interaction, make(await self._summary(interaction)), current)

    # ------------------------------------------------------------------ the lookups
    def look_card(self, number: int) -> Reply:
        from bot.games.grand_austria.card_view import card_facts, find_card

        opponent, card = find_card(number)
        title = f"{opponent} card {number}"
        return Reply(title=title, facts=card_facts(card), colour=COLOUR, ephemeral=True)

    def look_staff_card(self, number: int) -> Reply:
        from bot.games.grand_austria.scoring import staff_line

        facts = [staff_line(number)]
        return Reply(title="Staff card", facts=facts, colour=COLOUR, ephemeral=True)

    # ------------------------------------------------------------------ autocompletes
    @completes("start", "modules")
    async def _modules(self, interaction: discord.Interaction, current: str) -> Offer:
        from bot.games.grand_austria import suggest

        return await choices(interaction, suggest.module_sets(), current)

    @completes("card", "number")
    async def _cards(self, interaction: discord.Interaction, current: str) -> Offer:
        from bot.games.grand_austria import suggest

        return await choices(interaction, suggest.cards_left(None), current)

    @completes("staff-card", "number")
    async def _staff_numbers(self, interaction: discord.Interaction, current: str) -> Offer:
        from bot.games.grand_austria import suggest

        return await choices(interaction, suggest.staff_cards(None), current)

    @completes("turn", "card")
    async def _cards_left(self, interaction: discord.Interaction, current: str) -> Offer:
        from bot.games.grand_austria import suggest

        return await self._offer(interaction, current, suggest.cards_left)

    @completes("turn", "queue")
    async def _queue(self, interaction: discord.Interaction, current: str) -> Offer:
        from bot.games.grand_austria import suggest

        return await choices(interaction, suggest.read_queue(current), "")

    @completes("turn", "dice")
    async def _dice(self, interaction: discord.Interaction, current: str) -> Offer:
        from bot.games.grand_austria import suggest

        return await choices(interaction, suggest.read_dice(current), "")

    @completes("turn", "lounge")
    async def _lounge(self, interaction: discord.Interaction, current: str) -> Offer:
        from bot.games.grand_austria import suggest

        return await choices(interaction, suggest.read_lounge(current), "")

    @completes("turn", "coloured")
    async def _coloured(self, interaction: discord.Interaction, current: str) -> Offer:
        from bot.games.grand_austria import suggest

        return await choices(interaction, suggest.read_coloured(current), "")

    @completes("turn", "full")
    async def _ballrooms(self, interaction: discord.Interaction, current: str) -> Offer:
        from bot.games.grand_austria import suggest

        return await self._offer(interaction, current, suggest.ballroom_answers)

    @completes("turn", "emperor_vp")
    @completes("round-end", "emperor_vp")
    async def _emperor_vp(self, interaction: discord.Interaction, current: str) -> Offer:
        from bot.games.grand_austria import suggest

        return await self._offer(interaction, current, suggest.emperor_vp)

    @completes("item", "space")
    async def _item_spaces(self, interaction: discord.Interaction, current: str) -> Offer:
        from bot.games.grand_austria import suggest

        return await self._offer(interaction, current, suggest.item_spaces)

    @completes("toll", "space")
    async def _toll_spaces(self, interaction: discord.Interaction, current: str) -> Offer:
        from bot.games.grand_austria import suggest

        return await self._offer(interaction, current, suggest.toll_spaces)

    @completes("staff", "card")
    async def _staff_cards(self, interaction: discord.Interaction, current: str) -> Offer:
        from bot.games.grand_austria import suggest

        return await self._offer(interaction, current, suggest.staff_cards)


async def setup(bot) -> None:  # type: ignore[no-untyped-def]
    await bot.add_cog(GrandAustria(bot))
