"""/alea: Fifth Avenue for two players, with Alea as the third bidder."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.core.errors import InputError
from bot.games.fifth_avenue.names import CONFIRM, MODE, OUTCOME
from bot.on_discord.render import ctx_of, send
from bot.table.service import MAX_SEED
from cogs.base import TableCog, choices, offer

GAME = "alea"


class FifthAvenue(TableCog, group_name="alea", description="Fifth Avenue: Alea, the third bidder"):
    game_key = GAME

    async def summary(self, interaction: discord.Interaction) -> dict[str, Any] | None:
        """The channel's Alea game as `/game status` shows it (read only), or None."""
        reply = await self.game_now(interaction)
        return reply.state if reply is not None else None

    @app_commands.command(description="Start a two-player game with Alea in this channel")
    @app_commands.describe(
        partner="the other real player",
        mode="virtual: I keep Alea's black stack; physical: you turn the real cards",
        seed="replay a game exactly (optional)",
        thread="open a thread for this game and play it there",
    )
    @app_commands.choices(mode=offer(MODE))
    async def start(
        self,
        interaction: discord.Interaction,
        partner: discord.User,
        mode: str = "virtual",
        seed: app_commands.Range[int, 0, MAX_SEED] | None = None,
        thread: bool = False,
    ) -> None:
        if partner.id == interaction.user.id:
            raise InputError("Fifth Avenue with Alea needs two real players: name your partner.")
        await self.start_game(
            interaction, {"mode": mode}, seed, thread=thread, players=[partner.id]
        )

    @app_commands.command(description="Alea bids third in an auction")
    @app_commands.describe(
        district="the district (or Central Park) being auctioned",
        high_bid="the highest bid after both of you bid or passed once (0 if both passed)",
        cards="physical mode: the black cards turned for Alea, in order, e.g. 5 4 6 5",
        result="with the next auction: how the auction Alea led ended (passed or overbid)",
    )
    @app_commands.choices(result=offer(OUTCOME))
    async def auction(
        self,
        interaction: discord.Interaction,
        district: app_commands.Range[str, 1, 40],
        high_bid: app_commands.Range[int, 0, 200],
        cards: app_commands.Range[str, 1, 30] | None = None,
        result: str | None = None,
    ) -> None:
        await self.act(
            interaction,
            "auction",
            district=district,
            high_bid=high_bid,
            cards=cards,
            result=result,
        )

    @auction.autocomplete("district")
    async def auction_district(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[Any]]:
        from bot.games.fifth_avenue import suggest

        return await choices(
            interaction, suggest.auction_districts(await self.summary(interaction)), current
        )

    @auction.autocomplete("high_bid")
    async def auction_high_bid(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[Any]]:
        from bot.games.fifth_avenue import suggest

        return await choices(
            interaction, suggest.bid_chances(await self.summary(interaction), current)
        )

    @auction.autocomplete("cards")
    async def auction_cards(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[Any]]:
        from bot.games.fifth_avenue import suggest

        return await choices(
            interaction, suggest.card_sequences(await self.summary(interaction), current)
        )

    @app_commands.command(
        name="round", description="A round of auctions: Alea's bids at once, hidden"
    )
    @app_commands.describe(
        districts="to open it: the districts holding the markers, e.g. Times Square, 42nd St East",
        won="once its auctions are over: what Alea won, e.g. Times Square=a:2 b:0; Central Park",
        stop="with won: the district(s) where a player declared a building stop in this round",
    )
    async def round_(
        self,
        interaction: discord.Interaction,
        districts: app_commands.Range[str, 1, 200] | None = None,
        won: app_commands.Range[str, 1, 300] | None = None,
        stop: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        await self.act(interaction, "round", districts=districts, won=won, stop=stop)

    @round_.autocomplete("districts")
    async def round_districts(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[Any]]:
        from bot.games.fifth_avenue import suggest

        offer = suggest.round_districts(await self.summary(interaction), current)
        return await choices(interaction, offer)

    @round_.autocomplete("won")
    async def round_won(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[Any]]:
        from bot.games.fifth_avenue import suggest

        return await choices(
            interaction, suggest.round_wins(await self.summary(interaction), current)
        )

    @round_.autocomplete("stop")
    async def round_stop(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[Any]]:
        from bot.games.fifth_avenue import suggest

        offer = suggest.round_stops(await self.summary(interaction), current)
        return await choices(interaction, offer)

    @app_commands.command(description="How the auction ended after Alea took the lead")
    @app_commands.describe(
        outcome="passed: you both passed, Alea wins; overbid: one of you bid more",
        plots="if Alea won a district: its empty plots as label:types, e.g. a:2 b:0, or none",
    )
    @app_commands.choices(outcome=offer(OUTCOME))
    async def result(
        self,
        interaction: discord.Interaction,
        outcome: str,
        plots: app_commands.Range[str, 1, 60] | None = None,
    ) -> None:
        await self.act(interaction, "result", outcome=outcome, plots=plots)

    @result.autocomplete("plots")
    async def result_plots(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[Any]]:
        from bot.games.fifth_avenue import suggest

        return await choices(interaction, suggest.plot_entries(current))

    @app_commands.command(description="Where Alea builds: the won district's empty plots")
    @app_commands.describe(
        plots="label:types per empty plot (types = business types next to it, 0-4), or none"
    )
    async def build(
        self, interaction: discord.Interaction, plots: app_commands.Range[str, 1, 60]
    ) -> None:
        await self.act(interaction, "build", plots=plots)

    @build.autocomplete("plots")
    async def build_plots(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[Any]]:
        from bot.games.fifth_avenue import suggest

        return await choices(interaction, suggest.plot_entries(current))

    @app_commands.command(name="building-stop", description="A player declares a building stop")
    @app_commands.describe(district="the district where the building stop is declared")
    async def building_stop(
        self, interaction: discord.Interaction, district: app_commands.Range[str, 1, 40]
    ) -> None:
        await self.act(interaction, "stop", district=district)

    @building_stop.autocomplete("district")
    async def stop_district(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[Any]]:
        from bot.games.fifth_avenue import suggest

        return await choices(
            interaction, suggest.stop_districts(await self.summary(interaction)), current
        )

    @app_commands.command(name="supply-empty", description="The business supply row is empty")
    async def supply_empty(self, interaction: discord.Interaction) -> None:
        await self.act(interaction, "supply_empty")

    @app_commands.command(description="Finish the game, with your final scores if you like")
    @app_commands.describe(
        score="your final score (the game's owner)",
        partner_score="your partner's final score",
        cards_left="tie-break: cards left in your hand (most wins a tie on points)",
        partner_cards_left="tie-break: cards left in your partner's hand",
        confirm="yes: end now although neither end condition has come",
        breakdown="optional, your points by scoring round: stop1:12 stop2:8 districts:21 park:5",
        partner_breakdown="optional, your partner's points by scoring round, like breakdown",
    )
    @app_commands.choices(confirm=offer(CONFIRM))
    async def end(
        self,
        interaction: discord.Interaction,
        score: app_commands.Range[int, 0, 999] | None = None,
        partner_score: app_commands.Range[int, 0, 999] | None = None,
        cards_left: app_commands.Range[int, 0, 110] | None = None,
        partner_cards_left: app_commands.Range[int, 0, 110] | None = None,
        confirm: str | None = None,
        breakdown: app_commands.Range[str, 1, 200] | None = None,
        partner_breakdown: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        await self.act(
            interaction,
            "end",
            score=score,
            partner_score=partner_score,
            cards_left=cards_left,
            partner_cards_left=partner_cards_left,
            confirm=confirm,
            breakdown=breakdown,
            partner_breakdown=partner_breakdown,
        )

    @app_commands.command(description="The exact odds of Alea's next bid")
    @app_commands.describe(
        bid="show the chance that Alea bids more than this",
        bottom="physical mode: the cards you know are at the bottom, e.g. 4 5 4, or none",
    )
    async def odds(
        self,
        interaction: discord.Interaction,
        bid: app_commands.Range[int, 0, 200] | None = None,
        bottom: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        reply = await self.service.query(
            ctx_of(interaction), GAME, "odds", bid=bid, bottom_text=bottom
        )
        await send(interaction, reply)

    @odds.autocomplete("bid")
    async def odds_bid(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[Any]]:
        from bot.games.fifth_avenue import suggest

        return await choices(
            interaction, suggest.bid_chances(await self.summary(interaction), current)
        )


async def setup(bot) -> None:  # type: ignore[no-untyped-def]
    await bot.add_cog(FifthAvenue(bot))
