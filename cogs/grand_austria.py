"""/gah: Grand Austria Hotel against Leopold or Elisabeth, with the Let's Waltz! modules."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.reply import Reply
from bot.core.vocabulary import DIFFICULTY
from bot.games.grand_austria.names import (
    COGWHEEL_EVENT,
    EMPEROR_TABLE,
    ENTRANCE,
    ITEM_GUEST,
    OBJECTIVE,
)
from bot.on_discord.render import ctx_of, send
from bot.table.service import MAX_SEED
from cogs.base import TableCog, choices, offer

if TYPE_CHECKING:  # the game loads on its first use, not with its commands
    from bot.games.grand_austria.suggest import Offer as Suggestions

GAME = "gah"
Offer = list[app_commands.Choice[Any]]

DIFFICULTIES = DIFFICULTY.relabel(
    easy="easy: silver and gold symbols ignored",
    medium="medium: gold symbols ignored",
    hard="hard: every symbol applies",
)


async def card_autocomplete(interaction: discord.Interaction, current: str) -> Offer:
    from bot.games.grand_austria import suggest

    return await choices(interaction, suggest.cards_left(None), current)


async def staff_autocomplete(interaction: discord.Interaction, current: str) -> Offer:
    from bot.games.grand_austria import suggest

    return await choices(interaction, suggest.staff_cards(None), current)


async def modules_autocomplete(interaction: discord.Interaction, current: str) -> Offer:
    from bot.games.grand_austria import suggest

    return await choices(interaction, suggest.module_sets(), current)


class GrandAustria(TableCog, group_name="gah", description="Grand Austria Hotel solo"):
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

    @app_commands.command(description="Start a game against Leopold or Elisabeth in this channel")
    @app_commands.describe(
        difficulty="easy ignores silver and gold symbols, medium ignores gold, hard applies all",
        seed="replay a game exactly (optional)",
        emperor_table="VP of Emperor spaces 8 and 10: ask me (default), S2 = 5/6, S3 = 6/7",
        modules="Let's Waltz! modules, e.g. 1 2 3 5 (1 or 2 = Elisabeth; 4 is not for solo)",
        entrance="module 3: the opponent's hotel entrance (default random)",
        reserved="Hautel Couture: the 3 guest numbers you revealed (default: I draw them)",
        thread="open a thread for this game and play it there",
    )
    @app_commands.choices(
        difficulty=offer(DIFFICULTIES), emperor_table=offer(EMPEROR_TABLE), entrance=offer(ENTRANCE)
    )
    @app_commands.autocomplete(modules=modules_autocomplete)
    async def start(
        self,
        interaction: discord.Interaction,
        difficulty: str = "medium",
        seed: app_commands.Range[int, 0, MAX_SEED] | None = None,
        emperor_table: str = "ask",
        modules: app_commands.Range[str, 1, 20] | None = None,
        entrance: str | None = None,
        reserved: app_commands.Range[str, 1, 30] | None = None,
        thread: bool = False,
    ) -> None:
        options: dict = {"difficulty": difficulty, "emperor_vp_variant": emperor_table}
        extra = {"modules": modules, "entrance": entrance, "reserved": reserved}
        options |= {k: v for k, v in extra.items() if v is not None}
        await self.start_game(interaction, options, seed, thread=thread)

    @app_commands.command(description="The opponent's turn: draw the card and resolve it")
    @app_commands.describe(
        queue="guest queue left to right, colour letter + VP, e.g. Y3 B0 R2 G4 Y0 (Y3* = cogwheel)",
        dice="dice on the action board, value:count, e.g. 1:2 2:2 3:1 4:3 5:2",
        card="the card you drew from a physical deck (Leopold 193-212, Elisabeth 213-232)",
        coloured="module 2: coloured dice still on the board and their space, e.g. R4 B2, or none",
        lounge="module 2: celebrity VP in the lounge tile's dice order, e.g. R3 Y5 B2",
        full="module 1: the ballrooms that are full now, e.g. 1 or 1 2, or none",
        emperor_vp="after both turns of a round: the round end's Emperor VP, when I ask for it",
        ballroom_vp="after both turns of a round: Elisabeth's ballroom VP, when I ask for it",
    )
    async def turn(
        self,
        interaction: discord.Interaction,
        queue: app_commands.Range[str, 1, 100] | None = None,
        dice: app_commands.Range[str, 1, 60] | None = None,
        card: app_commands.Range[int, 193, 232] | None = None,
        coloured: app_commands.Range[str, 1, 30] | None = None,
        lounge: app_commands.Range[str, 1, 30] | None = None,
        full: app_commands.Range[str, 1, 20] | None = None,
        emperor_vp: app_commands.Range[int, 0, 20] | None = None,
        ballroom_vp: app_commands.Range[int, 0, 99] | None = None,
    ) -> None:
        await self.act(
            interaction,
            "turn",
            queue=queue,
            dice=dice,
            card=card,
            coloured=coloured,
            lounge=lounge,
            full=full,
            emperor_vp=emperor_vp,
            ballroom_vp=ballroom_vp,
        )

    @turn.autocomplete("card")
    async def _cards_left(self, interaction: discord.Interaction, current: str) -> Offer:
        from bot.games.grand_austria import suggest

        return await self._offer(interaction, current, suggest.cards_left)

    @turn.autocomplete("queue")
    async def _queue(self, interaction: discord.Interaction, current: str) -> Offer:
        from bot.games.grand_austria import suggest

        return await choices(interaction, suggest.read_queue(current), "")

    @turn.autocomplete("dice")
    async def _dice(self, interaction: discord.Interaction, current: str) -> Offer:
        from bot.games.grand_austria import suggest

        return await choices(interaction, suggest.read_dice(current), "")

    @turn.autocomplete("lounge")
    async def _lounge(self, interaction: discord.Interaction, current: str) -> Offer:
        from bot.games.grand_austria import suggest

        return await choices(interaction, suggest.read_lounge(current), "")

    @turn.autocomplete("coloured")
    async def _coloured(self, interaction: discord.Interaction, current: str) -> Offer:
        from bot.games.grand_austria import suggest

        return await choices(interaction, suggest.read_coloured(current), "")

    @turn.autocomplete("full")
    async def _ballrooms(self, interaction: discord.Interaction, current: str) -> Offer:
        from bot.games.grand_austria import suggest

        return await self._offer(interaction, current, suggest.ballroom_answers)

    @app_commands.command(
        name="round-end", description="End the round: Emperor and ballroom scoring, swap tiles"
    )
    @app_commands.describe(
        emperor_vp="VP printed on the opponent's Emperor space, when I ask for it",
        ballroom_vp="module 1: the VP the scored ballroom gives Elisabeth, when I ask for it",
    )
    async def round_end(
        self,
        interaction: discord.Interaction,
        emperor_vp: app_commands.Range[int, 0, 20] | None = None,
        ballroom_vp: app_commands.Range[int, 0, 99] | None = None,
    ) -> None:
        await self.act(interaction, "round_end", emperor_vp=emperor_vp, ballroom_vp=ballroom_vp)

    @round_end.autocomplete("emperor_vp")
    async def _emperor_vp(self, interaction: discord.Interaction, current: str) -> Offer:
        from bot.games.grand_austria import suggest

        return await self._offer(interaction, current, suggest.emperor_vp)

    @turn.autocomplete("emperor_vp")
    async def _turn_emperor_vp(self, interaction: discord.Interaction, current: str) -> Offer:
        from bot.games.grand_austria import suggest

        return await self._offer(interaction, current, suggest.emperor_vp)

    @app_commands.command(description="Hautel Couture: the item on the space you took a die from")
    @app_commands.describe(
        space="the action space (1-6) you took your die from",
        guest="the opponent's guest (1-3, in reveal order) who gets it, or none",
    )
    @app_commands.choices(guest=offer(ITEM_GUEST))
    async def item(
        self,
        interaction: discord.Interaction,
        space: app_commands.Range[int, 1, 6],
        guest: str,
    ) -> None:
        await self.act(interaction, "item", space=space, guest=guest)

    @item.autocomplete("space")
    async def _item_spaces(self, interaction: discord.Interaction, current: str) -> Offer:
        from bot.games.grand_austria import suggest

        return await self._offer(interaction, current, suggest.item_spaces)

    @app_commands.command(description="Nine Stars Inn: you completed a floor or column")
    async def completed(self, interaction: discord.Interaction) -> None:
        await self.act(interaction, "completed")

    @app_commands.command(description="Sushi Resort: a cogwheel guest was taken by you or got far")
    @app_commands.describe(event="taken: you took it; rightmost: it reached the rightmost space")
    @app_commands.choices(event=offer(COGWHEEL_EVENT))
    async def cogwheel(self, interaction: discord.Interaction, event: str) -> None:
        await self.act(interaction, "cogwheel", event=event)

    @app_commands.command(description="Toll Bridge: you use an action space with cogwheels")
    @app_commands.describe(
        space="the action space (1-6)", money="your krone (0 if you cannot pay the toll)"
    )
    async def toll(
        self,
        interaction: discord.Interaction,
        space: app_commands.Range[int, 1, 6],
        money: app_commands.Range[int, 0, 99] | None = None,
    ) -> None:
        await self.act(interaction, "toll", space=space, money=money)

    @toll.autocomplete("space")
    async def _toll_spaces(self, interaction: discord.Interaction, current: str) -> Offer:
        from bot.games.grand_austria import suggest

        return await self._offer(interaction, current, suggest.toll_spaces)

    @app_commands.command(description="Show the opponent's board, with a picture of the hotel")
    async def board(self, interaction: discord.Interaction) -> None:
        await send(interaction, await self.service.query(ctx_of(interaction), GAME, "board"))

    @app_commands.command(description="You claim an objective card: you take its highest free spot")
    @app_commands.describe(objective="the objective card you claim: A, B or C")
    @app_commands.choices(objective=offer(OBJECTIVE))
    async def claim(self, interaction: discord.Interaction, objective: str) -> None:
        await self.act(interaction, "claim", objective=objective)

    @app_commands.command(
        description="The staff card the opponent really revealed, from the physical deck"
    )
    @app_commands.describe(card="the number of the staff card it revealed (1-48)")
    async def staff(
        self, interaction: discord.Interaction, card: app_commands.Range[int, 1, 48]
    ) -> None:
        await self.act(interaction, "staff", card=card)

    @staff.autocomplete("card")
    async def _staff_cards(self, interaction: discord.Interaction, current: str) -> Offer:
        from bot.games.grand_austria import suggest

        return await self._offer(interaction, current, suggest.staff_cards)

    @app_commands.command(description="Final scoring after round 7: who won?")
    @app_commands.describe(
        player_score="your final total",
        player_staff="your end-game staff numbers, e.g. 28 46 (needed for the opponent's #29)",
        staff_vp="override the opponent's staff VP with what you counted",
        breakdown="optional, your score sheet: track:88 staff:14 rooms:30 krone:3 items:2 cafe:-5",
        emperor_vp="if round 7 has not ended yet: its Emperor VP, when I ask for it",
        ballroom_vp="if round 7 has not ended yet: Elisabeth's ballroom VP, when I ask for it",
    )
    async def final(
        self,
        interaction: discord.Interaction,
        player_score: app_commands.Range[int, -999, 999],
        player_staff: app_commands.Range[str, 1, 100] | None = None,
        staff_vp: app_commands.Range[int, -999, 999] | None = None,
        breakdown: app_commands.Range[str, 1, 200] | None = None,
        emperor_vp: app_commands.Range[int, 0, 20] | None = None,
        ballroom_vp: app_commands.Range[int, 0, 99] | None = None,
    ) -> None:
        await self.act(
            interaction,
            "final",
            player_score=player_score,
            player_staff=player_staff,
            staff_vp=staff_vp,
            breakdown=breakdown,
            emperor_vp=emperor_vp,
            ballroom_vp=ballroom_vp,
        )

    @app_commands.command(description="Show an instruction card, to check it against yours")
    @app_commands.describe(number="the card's number: Leopold 193-212, Elisabeth 213-232")
    @app_commands.autocomplete(number=card_autocomplete)
    async def card(
        self, interaction: discord.Interaction, number: app_commands.Range[int, 193, 232]
    ) -> None:
        from bot.games.grand_austria.card_view import card_facts, find_card

        opponent, card = find_card(number)
        facts = card_facts(card)
        await send(
            interaction,
            Reply(title=f"{opponent} card {number}", facts=facts, colour=0xB8860B, ephemeral=True),
        )

    @app_commands.command(name="staff-card", description="Look up a staff card by number")
    @app_commands.describe(number="the staff card's number (1-48)")
    @app_commands.autocomplete(number=staff_autocomplete)
    async def staff_card(
        self, interaction: discord.Interaction, number: app_commands.Range[int, 1, 48]
    ) -> None:
        from bot.games.grand_austria.scoring import staff_line

        await send(
            interaction,
            Reply(title="Staff card", facts=[staff_line(number)], colour=0xB8860B, ephemeral=True),
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GrandAustria(bot))
