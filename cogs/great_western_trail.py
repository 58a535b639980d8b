"""/gwt: Great Western Trail (2nd edition) against Sam. The cog only turns options into calls;
the options match bot/games/great_western_trail/commands.py exactly.

On a phone almost nothing needs typing: fixed answers are choices, the card and the tie being
asked come by autocomplete from the channel's game (read only), and a typed table report is read
back (or its mistake named) by autocomplete while it is typed."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.errors import InputError
from bot.core.reply import Reply
from bot.core.vocabulary import DIFFICULTY, SAME
from bot.games.great_western_trail.names import (
    ACTION,
    BUILDING_SPACE,
    CITY,
    HERDER,
    JOB_TOKEN,
    MOVEMENT,
    TILE,
)
from bot.i18n import tr
from bot.on_discord.render import ctx_of, send
from bot.table.service import MAX_SEED
from cogs.base import TableCog, choices, game_now, offer, reader_locale

GAME = "gwt"
Choice = app_commands.Choice


DIFFICULTIES = DIFFICULTY.relabel(
    easy="easy (cards 13-15 go back to the box)",
    hard="hard (a cowboy, builder and engineer more)",
)


def _asked(reply: Reply | None, command: str, option: str) -> list[tuple[str, str]]:
    """The buttons of the question the game waits on, when it waits on this option."""
    ask = reply.ask if reply is not None else None
    if ask is None or ask.command != command or ask.option != option:
        return []
    return [(c.label, c.value) for c in ask.choices]


async def card_autocomplete(interaction: discord.Interaction, current: str) -> list[Choice[int]]:
    """Sam's cards by number: those still in his deck first (when the channel plays him)."""
    from bot.games.great_western_trail.cards import describe
    from bot.games.great_western_trail.data import gwt_data
    from bot.games.great_western_trail.setup import deck_cards

    reply = await game_now(interaction, GAME)
    cards = [c.number for c in gwt_data().cards]
    specialization = None
    if reply is not None and reply.state is not None:
        state = reply.state
        specialization = state["specialization"]
        in_play = deck_cards(state["difficulty"])
        drawn = [n for n in in_play if n not in state["discards"] and n != state["card"]]
        cards = drawn + [n for n in in_play if n not in drawn]
    locale = await reader_locale(interaction)
    needle = current.strip().lstrip("#")
    found = []
    for number in cards:
        if not str(number).startswith(needle):
            continue
        words = tr(describe(gwt_data().card(number), specialization), locale)
        found.append(Choice(name=f"#{number}: {words}"[:100], value=number))
    return found[:25]


def asked_autocomplete(command: str, option: str, kind: type) -> Any:
    """The answers the question Sam asks now offers as buttons, when it asks for `option`:
    the tied choices for `/gwt answer pick:`, the rows for `token:`, the counts for
    `buildings:`."""

    async def complete(interaction: discord.Interaction, current: str) -> list[Choice[Any]]:
        asked = _asked(await game_now(interaction, GAME), command, option)
        return await choices(interaction, [(label, kind(value)) for label, value in asked], current)

    return complete


def report_autocomplete(option: str, limit: int) -> Any:
    """A table report read back while it is typed: ✓ how it reads, or ✗ what is wrong."""

    async def complete(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        from bot.games.great_western_trail.reports import NONE_ANSWERS, read_back

        locale = await reader_locale(interaction)
        choices: list[tuple[str, str]] = []
        if current.strip():
            try:
                read = " · ".join(tr(entry, locale) for entry in read_back(option, current))
                choices.append((f"✓ {read}", current))
            except InputError as error:
                choices.append((f"✗ {tr(str(error), locale)}", current))
        if option in NONE_ANSWERS:
            choices.append((tr(NONE_ANSWERS[option], locale), "none"))
        if option == "engine" and not current.strip():
            choices.append((tr("Yours is on the start space (0)", locale), "0"))
        return [
            Choice(name=name[:100], value=value[:limit])
            for name, value in choices
            if value == current or not current.strip() or value.startswith(current.strip())
        ][:25]

    return complete


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
    @app_commands.choices(
        difficulty=offer(DIFFICULTIES), first_delivery=offer(CITY), tile=offer(TILE)
    )
    async def start(
        self,
        interaction: discord.Interaction,
        difficulty: str = "medium",
        first_delivery: str | None = None,
        tile: str = "random",
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
        table="your table is as Sam remembers it (type what changed with the other options)",
    )
    @app_commands.choices(
        herder=offer(HERDER), building_space=offer(BUILDING_SPACE), table=offer(SAME)
    )
    @app_commands.autocomplete(
        card=card_autocomplete,
        buildings=asked_autocomplete("turn", "buildings", int),
        token=asked_autocomplete("turn", "token", int),
        jobs=report_autocomplete("jobs", 100),
        cattle=report_autocomplete("cattle", 100),
        engine=report_autocomplete("engine", 4),
        outlaws=report_autocomplete("outlaws", 60),
        hazards=report_autocomplete("hazards", 60),
    )
    async def turn(
        self,
        interaction: discord.Interaction,
        card: app_commands.Range[int, 1, 15] | None = None,
        herder: str | None = None,
        buildings: app_commands.Range[int, 0, 12] | None = None,
        jobs: app_commands.Range[str, 1, 100] | None = None,
        token: app_commands.Range[int, 1, 12] | None = None,
        cattle: app_commands.Range[str, 1, 100] | None = None,
        engine: app_commands.Range[str, 1, 4] | None = None,
        building_space: str | None = None,
        outlaws: app_commands.Range[str, 1, 60] | None = None,
        hazards: app_commands.Range[str, 1, 60] | None = None,
        table: str | None = None,
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
            table=table,
        )

    @app_commands.command(description="Answer Sam's question (a tie the rules leave to you)")
    @app_commands.describe(pick="the value of your choice, as the buttons show it")
    @app_commands.autocomplete(pick=asked_autocomplete("answer", "pick", str))
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
    @app_commands.choices(movement=offer(MOVEMENT), action=offer(ACTION))
    async def card(
        self,
        interaction: discord.Interaction,
        number: app_commands.Range[int, 1, 15],
        movement: str | None = None,
        value: app_commands.Range[int, 0, 5] | None = None,
        action: str | None = None,
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
        cities=(
            "only if your board differs: Sam's city crest and delivery arrow VP (the bot counts "
            "them)"
        ),
        objectives="the VP of all Sam's objective cards, counted as completed (category 7)",
        job_token="who took the job-market token at the end (2 VP)",
        breakdown="optional, your score sheet: dollars:4 buildings:12 cities:18 cattle:20 …",
    )
    @app_commands.choices(job_token=offer(JOB_TOKEN))
    async def end(
        self,
        interaction: discord.Interaction,
        you: app_commands.Range[int, -999, 999],
        objectives: app_commands.Range[int, -99, 999],
        job_token: str,
        cities: app_commands.Range[int, -99, 999] | None = None,
        breakdown: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        await self.act(
            interaction,
            "end",
            you=you,
            cities=cities,
            objectives=objectives,
            job_token=job_token,
            breakdown=breakdown,
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GreatWesternTrail(bot))
