"""/glasgow: Glasgow against Freddy I or Freddy II, the construction robot. A cog only turns
options into a call; every rule lives in bot/games/glasgow."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.core.vocabulary import YES_NO
from bot.games.glasgow.names import DONE, FREDDY, FULL, NEIGHBOURS, SPECIAL, STORED, TRIGGER
from bot.on_discord.render import ctx_of, send
from bot.table.service import MAX_SEED
from cogs.base import MAX_CHOICES, TableCog, choices, offer, reader_locale

GAME = "glasgow"
Points = app_commands.Range[int, 0, 30]
RowText = app_commands.Range[str, 1, 200]
# Freddy II's storage question, answered ahead with your last building (`/glasgow build`, `done`)
STORAGE_AHEAD = {
    "stone": "Freddy II, answered ahead: is your stone storage full?",
    "steel": "Freddy II, answered ahead: is your steel storage full?",
    "gold": "Freddy II, answered ahead: is your gold storage full?",
    "whisky": "Freddy II, answered ahead: do you have the whisky barrel?",
}
STORAGE_CHOICES = {good: offer(FULL) for good in STORAGE_AHEAD}


class Glasgow(
    TableCog, group_name="glasgow", description="Glasgow: Freddy, the construction robot"
):
    game_key = GAME

    async def summary(self, interaction: discord.Interaction) -> dict[str, Any] | None:
        """The channel's Glasgow game as `/game status` shows it (read only), or None."""
        reply = await self.game_now(interaction)
        return reply.state if reply is not None else None

    @app_commands.command(description="Start a solo game of Glasgow against Freddy I or II")
    @app_commands.describe(
        freddy="I builds for himself; II tries to block you",
        seed="replay a game exactly (optional)",
        factory_vp="VP per factory (reviewer-reported, default 1)",
        shop_vp="VP per shop (reviewer-reported, default 1)",
        corner_bonus="bonus VP for a shop in a corner of the city (default 5)",
        tenement_vp="VP per adjacent tenement (reviewer-reported, default 3)",
        tenement_neighbours="which adjacent tenements count: own or any (default own)",
        station_vp="VP for a station with the four other types (reviewer-reported, default 10)",
        stone_bank="stone bank: VP per stone left (reconstructed, default 1)",
        steel_bank="steel bank: VP per steel left (reconstructed, default 2)",
        gold_bank="gold bank: VP per gold left (reconstructed, default 3)",
        factory_bank="factory bank: VP per own factory (a guess, default 2)",
        factory_trigger="factories fire on the same row or column (line) or adjacent cells",
        thread="open a thread for this game and play it there",
    )
    @app_commands.choices(
        freddy=offer(FREDDY),
        tenement_neighbours=offer(NEIGHBOURS),
        factory_trigger=offer(TRIGGER),
    )
    async def start(
        self,
        interaction: discord.Interaction,
        freddy: str = "I",
        seed: app_commands.Range[int, 0, MAX_SEED] | None = None,
        factory_vp: Points | None = None,
        shop_vp: Points | None = None,
        corner_bonus: Points | None = None,
        tenement_vp: Points | None = None,
        tenement_neighbours: str | None = None,
        station_vp: Points | None = None,
        stone_bank: Points | None = None,
        steel_bank: Points | None = None,
        gold_bank: Points | None = None,
        factory_bank: Points | None = None,
        factory_trigger: str | None = None,
        thread: bool = False,
    ) -> None:
        options = {
            "freddy": freddy,
            "factory_vp": factory_vp,
            "shop_vp": shop_vp,
            "corner_bonus": corner_bonus,
            "tenement_vp": tenement_vp,
            "tenement_neighbours": tenement_neighbours,
            "station_vp": station_vp,
            "stone_bank": stone_bank,
            "steel_bank": steel_bank,
            "gold_bank": gold_bank,
            "factory_bank": factory_bank,
            "factory_trigger": factory_trigger,
        }
        await self.start_game(interaction, options, seed, thread=thread)

    @app_commands.command(description="One action: the contract you chose and the one you ignored")
    @app_commands.describe(
        chosen="the special contract you chose (other: a normal contract)",
        ignored="the special contract you drew and ignored (other: a normal contract)",
        both="yes: neither of the turn's two actions had a special contract",
        chosen2="the turn's second action, told with the first: the special contract chosen",
        ignored2="the turn's second action, told with the first: the special contract ignored",
        buildings="with your last action: this turn's row, when the row question comes next",
        row2="with your last action: architect 2's row, new or changed",
        row3="with your last action: architect 3's row, new or changed",
        row4="with your last action: architect 4's row, new or changed",
    )
    @app_commands.choices(
        chosen=offer(SPECIAL),
        ignored=offer(SPECIAL),
        both=offer(YES_NO),
        chosen2=offer(SPECIAL),
        ignored2=offer(SPECIAL),
    )
    async def action(
        self,
        interaction: discord.Interaction,
        chosen: str = "other",
        ignored: str = "other",
        both: str = "no",
        chosen2: str | None = None,
        ignored2: str | None = None,
        buildings: RowText | None = None,
        row2: RowText | None = None,
        row3: RowText | None = None,
        row4: RowText | None = None,
    ) -> None:
        await self.act(
            interaction,
            "action",
            chosen=chosen,
            ignored=ignored,
            both=both,
            chosen2=chosen2,
            ignored2=ignored2,
            buildings=buildings,
            row2=row2,
            row3=row3,
            row4=row4,
        )

    @action.autocomplete("buildings")
    @action.autocomplete("row2")
    @action.autocomplete("row3")
    @action.autocomplete("row4")
    async def action_row_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[Any]]:
        return await self.row_autocomplete(interaction, current)

    @app_commands.command(description="The buildings to the right of the current architect")
    @app_commands.describe(
        buildings="left to right, type:cost, e.g. shop:3 tenement:2 landmark:4:7 factory:2:steel",
        row2="architect 2's row, dealt at the same time (optional)",
        row3="architect 3's row, dealt at the same time (optional)",
        row4="architect 4's row, dealt at the same time (optional)",
    )
    async def row(
        self,
        interaction: discord.Interaction,
        buildings: RowText,
        row2: RowText | None = None,
        row3: RowText | None = None,
        row4: RowText | None = None,
    ) -> None:
        await self.act(interaction, "row", buildings=buildings, row2=row2, row3=row3, row4=row4)

    @row.autocomplete("buildings")
    @row.autocomplete("row2")
    @row.autocomplete("row3")
    @row.autocomplete("row4")
    async def row_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[Any]]:
        from bot.games.glasgow import suggest

        locale = await reader_locale(interaction)  # `laden:` in German
        return [
            app_commands.Choice(name=shown, value=value)
            for shown, value in suggest.row_entries(current, locale)
        ][:MAX_CHOICES]

    @app_commands.command(description="Build one of the row's buildings in the city")
    @app_commands.describe(
        building="its position in the row, from the left",
        at="the cell, e.g. E5",
        done="yes: your last building this turn; suggested: and Freddy's suggested cells",
        **STORAGE_AHEAD,
    )
    @app_commands.choices(done=offer(DONE), **STORAGE_CHOICES)
    async def build(
        self,
        interaction: discord.Interaction,
        building: app_commands.Range[int, 1, 3],
        at: app_commands.Range[str, 2, 3],
        done: str = "no",
        stone: str | None = None,
        steel: str | None = None,
        gold: str | None = None,
        whisky: str | None = None,
    ) -> None:
        storage = {"stone": stone, "steel": steel, "gold": gold, "whisky": whisky}
        await self.act(interaction, "build", building=building, at=at, done=done, **storage)

    @build.autocomplete("building")
    async def building_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[Any]]:
        from bot.games.glasgow import suggest

        return await choices(
            interaction, suggest.row_left(await self.summary(interaction)), current
        )

    @build.autocomplete("at")
    async def at_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[Any]]:
        from bot.games.glasgow import suggest

        return await choices(
            interaction, suggest.build_cells(await self.summary(interaction)), current
        )

    @app_commands.command(description="You are done building: Freddy builds the rest")
    @app_commands.describe(
        suggested="yes: where his rules tie, on his suggested cells", **STORAGE_AHEAD
    )
    @app_commands.choices(suggested=offer(YES_NO), **STORAGE_CHOICES)
    async def done(
        self,
        interaction: discord.Interaction,
        suggested: str = "no",
        stone: str | None = None,
        steel: str | None = None,
        gold: str | None = None,
        whisky: str | None = None,
    ) -> None:
        storage = {"stone": stone, "steel": steel, "gold": gold, "whisky": whisky}
        await self.act(interaction, "done", suggested=suggested, **storage)

    @app_commands.command(description="Where Freddy builds, among the cells his rules leave tied")
    @app_commands.describe(cell="one of the cells offered, e.g. D4")
    async def pick(
        self, interaction: discord.Interaction, cell: app_commands.Range[str, 2, 3]
    ) -> None:
        await self.act(interaction, "pick", cell=cell)

    @pick.autocomplete("cell")
    async def pick_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[Any]]:
        from bot.games.glasgow import suggest

        return await choices(
            interaction, suggest.tied_cells(await self.summary(interaction)), current
        )

    @app_commands.command(description="Tell Freddy II whether your storage for a good is full")
    @app_commands.describe(
        good="the good he asks about",
        full="yes: no free space",
        stone="asked about several goods: is your stone storage full?",
        steel="asked about several goods: is your steel storage full?",
        gold="asked about several goods: is your gold storage full?",
        whisky="asked about several goods: do you have the whisky barrel?",
    )
    @app_commands.choices(good=offer(STORED), full=offer(FULL), **STORAGE_CHOICES)
    async def room(
        self,
        interaction: discord.Interaction,
        good: str | None = None,
        full: str | None = None,
        stone: str | None = None,
        steel: str | None = None,
        gold: str | None = None,
        whisky: str | None = None,
    ) -> None:
        await self.act(
            interaction,
            "room",
            good=good,
            full=full,
            stone=stone,
            steel=steel,
            gold=gold,
            whisky=whisky,
        )

    @app_commands.command(description="The goods left in your storage when the city is complete")
    @app_commands.describe(stone="stone left", steel="steel left", gold="gold left")
    async def final(
        self,
        interaction: discord.Interaction,
        stone: app_commands.Range[int, 0, 5],
        steel: app_commands.Range[int, 0, 4],
        gold: app_commands.Range[int, 0, 3],
    ) -> None:
        await self.act(interaction, "final", stone=stone, steel=steel, gold=gold)

    @app_commands.command(description="Show the city, with a picture")
    async def board(self, interaction: discord.Interaction) -> None:
        await send(interaction, await self.service.query(ctx_of(interaction), GAME, "board"))


async def setup(bot) -> None:  # type: ignore[no-untyped-def]
    await bot.add_cog(Glasgow(bot))
