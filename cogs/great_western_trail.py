"""/gwt: Great Western Trail (2nd edition) against Sam. The cog only turns options into calls;
the options match bot/games/great_western_trail/commands.py exactly."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.great_western_trail.cards import describe
from bot.games.great_western_trail.commands import City
from bot.games.great_western_trail.data import Action, gwt_data
from bot.render import ctx_of, send
from bot.table.service import MAX_SEED
from cogs.base import TableCog

GAME = "gwt"


async def card_autocomplete(
    _interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[int]]:
    return [
        app_commands.Choice(name=f"#{c.number}: {describe(c)}"[:100], value=c.number)
        for c in gwt_data().cards
        if str(c.number).startswith(current.strip())
    ][:25]


class GreatWesternTrail(TableCog, group_name="gwt", description="Great Western Trail solo: Sam"):
    game_key = GAME

    @app_commands.command(description="Start a game against Sam in this channel")
    @app_commands.describe(
        difficulty="easy removes cards 13-15; hard gives Sam a cowboy, builder and engineer more",
        first_delivery="tuning: Sam's first delivery city (default Bloomington, Peoria on hard)",
        tile='the "2" worker tile you drew for Sam (default: I draw it)',
        seed="replay a game exactly (optional)",
        thread="open a thread for this game and play it there",
    )
    async def start(
        self,
        interaction: discord.Interaction,
        difficulty: Literal["easy", "medium", "hard"] = "medium",
        first_delivery: City | None = None,
        tile: Literal["cowboy", "builder", "engineer", "random"] = "random",
        seed: app_commands.Range[int, 0, MAX_SEED] | None = None,
        thread: bool = False,
    ) -> None:
        options = {"difficulty": difficulty, "first_delivery": first_delivery, "tile": tile}
        options = {k: v for k, v in options.items() if v is not None}
        await self.start_game(interaction, options, seed, thread=thread)

    @app_commands.command(description="Sam's turn: draw his card and resolve it from your table")
    @app_commands.describe(
        card="the Sam card you drew from the physical deck (1-15)",
        herder="where Sam's herder stopped: on the trail or in Kansas City",
        buildings="how many buildings you have on the board",
        jobs="job market rows from the top: cost:workers, e.g. 6:CB 6:E 7:BB 5:-",
        token="the job-market row holding the token (1 = top row)",
        cattle="cattle market cards: breed letter + VP, e.g. C3 C3 L2 S4 H5 (or none)",
        engine="your engine: track space 0-39, or S3 on station 3's turnout",
        building_space="none if no empty non-risk building space is left anywhere on the trail",
        outlaws="occupied numbered outlaw spaces: space:colour, e.g. 4:G 7:O (or none)",
        hazards="hazards per section with their VP, e.g. flood:4:3 drought:2 (or none)",
    )
    @app_commands.autocomplete(card=card_autocomplete)
    async def turn(
        self,
        interaction: discord.Interaction,
        card: app_commands.Range[int, 1, 15] | None = None,
        herder: Literal["trail", "kansas_city"] | None = None,
        buildings: app_commands.Range[int, 0, 12] | None = None,
        jobs: app_commands.Range[str, 1, 100] | None = None,
        token: app_commands.Range[int, 1, 12] | None = None,
        cattle: app_commands.Range[str, 1, 100] | None = None,
        engine: app_commands.Range[str, 1, 4] | None = None,
        building_space: Literal["free", "none"] | None = None,
        outlaws: app_commands.Range[str, 1, 60] | None = None,
        hazards: app_commands.Range[str, 1, 60] | None = None,
    ) -> None:
        await self.act(
            interaction,
            "turn",
            card=card,
            herder=herder,
            buildings=buildings,
            jobs=jobs,
            token=token,
            cattle=cattle,
            engine=engine,
            building_space=building_space,
            outlaws=outlaws,
            hazards=hazards,
        )

    @app_commands.command(description="Answer Sam's question (a tie the rules leave to you)")
    @app_commands.describe(pick="the value of your choice, as the buttons show it")
    async def answer(
        self, interaction: discord.Interaction, pick: app_commands.Range[str, 1, 20]
    ) -> None:
        await self.act(interaction, "answer", pick=pick)

    @app_commands.command(description="Show one of Sam's cards, or correct it from your own card")
    @app_commands.describe(
        number="the card number (1-15)",
        movement="what your card shows: fixed steps, workers of his specialization, buildings",
        value="fixed steps printed on your card",
        action="the action your card shows",
    )
    @app_commands.autocomplete(number=card_autocomplete)
    async def card(
        self,
        interaction: discord.Interaction,
        number: app_commands.Range[int, 1, 15],
        movement: Literal["fixed", "workers", "buildings"] | None = None,
        value: app_commands.Range[int, 0, 5] | None = None,
        action: Action | None = None,
    ) -> None:
        if movement is None and value is None and action is None:
            reply = await self.service.query(ctx_of(interaction), GAME, "card", number=number)
            await send(interaction, reply)
            return
        await self.act(
            interaction, "card", number=number, movement=movement, value=value, action=action
        )

    @app_commands.command(description="Show Sam's board, with a picture")
    async def board(self, interaction: discord.Interaction) -> None:
        await send(interaction, await self.service.query(ctx_of(interaction), GAME, "board"))

    @app_commands.command(description="Final scoring: Sam's score and the winner")
    @app_commands.describe(
        you="your final total",
        cities="Sam's VP from city spaces and delivery arrows (category 3)",
        objectives="the VP of all Sam's objective cards, counted as completed (category 7)",
        job_token="who took the job-market token at the end (2 VP)",
    )
    async def end(
        self,
        interaction: discord.Interaction,
        you: app_commands.Range[int, -999, 999],
        cities: app_commands.Range[int, -99, 999],
        objectives: app_commands.Range[int, -99, 999],
        job_token: Literal["sam", "you"],
    ) -> None:
        await self.act(
            interaction, "end", you=you, cities=cities, objectives=objectives, job_token=job_token
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GreatWesternTrail(bot))
