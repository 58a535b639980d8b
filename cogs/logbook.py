"""The logbook: /log (play, edit, delete, timezone, export, import), /stats, /streak, /history,
/leaderboard."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.errors import InputError
from bot.logbook.catalogue import catalogue
from bot.logbook.timezones import known_timezones
from bot.render import ctx_of, send
from cogs.base import ServiceAccess, progress

MAX_IMPORT_BYTES = 2_000_000


async def game_autocomplete(
    _interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    needle = current.strip().lower()
    return [
        app_commands.Choice(name=entry.name, value=key)
        for key, entry in catalogue().items()
        if needle in entry.name.lower() or needle in key
    ][:25]


async def opponent_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    chosen = getattr(interaction.namespace, "game", None)
    games = [catalogue()[chosen]] if chosen in catalogue() else list(catalogue().values())
    names = [name for entry in games for name in entry.opponents]
    return [app_commands.Choice(name=n, value=n) for n in names if current.lower() in n.lower()][
        :25
    ]


async def timezone_autocomplete(
    _interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    needle = current.strip().lower()
    return [
        app_commands.Choice(name=z, value=z)
        for z in sorted(known_timezones())
        if needle in z.lower()
    ][:25]


class LogbookCog(ServiceAccess, commands.GroupCog, group_name="log", description="Your logbook"):
    @app_commands.command(description="Log a play that did not run through the bot")
    @app_commands.describe(
        score="your score",
        opponent_score="the opponent's score",
        outcome="needed without both scores",
        date="the day you played, YYYY-MM-DD (default today)",
        modules="expansion modules, e.g. 1 3",
    )
    @app_commands.autocomplete(game=game_autocomplete, opponent=opponent_autocomplete)
    async def play(
        self,
        interaction: discord.Interaction,
        game: app_commands.Range[str, 1, 60],
        opponent: app_commands.Range[str, 1, 40],
        difficulty: Literal["easy", "medium", "hard"] | None = None,
        score: app_commands.Range[int, -999, 9999] | None = None,
        opponent_score: app_commands.Range[int, -999, 9999] | None = None,
        outcome: Literal["win", "loss", "tie"] | None = None,
        date: app_commands.Range[str, 1, 20] | None = None,
        modules: app_commands.Range[str, 1, 20] | None = None,
    ) -> None:
        reply = await self.logbook.log_play(
            ctx_of(interaction),
            game,
            opponent,
            difficulty=difficulty,
            score=score,
            opponent_score=opponent_score,
            outcome=outcome,
            day=date,
            modules=modules,
        )
        await send(interaction, reply)

    @app_commands.command(description="Change one of your plays")
    async def edit(
        self,
        interaction: discord.Interaction,
        play: app_commands.Range[int, 1, 2**62],
        score: app_commands.Range[int, -999, 9999] | None = None,
        opponent_score: app_commands.Range[int, -999, 9999] | None = None,
        outcome: Literal["win", "loss", "tie"] | None = None,
        date: app_commands.Range[str, 1, 20] | None = None,
    ) -> None:
        reply = await self.logbook.edit_play(
            ctx_of(interaction),
            play,
            score=score,
            opponent_score=opponent_score,
            outcome=outcome,
            day=date,
        )
        await send(interaction, reply)

    @app_commands.command(description="Delete one of your plays")
    async def delete(
        self, interaction: discord.Interaction, play: app_commands.Range[int, 1, 2**62]
    ) -> None:
        await send(interaction, await self.logbook.delete_play(ctx_of(interaction), play))

    @app_commands.command(description="Your timezone, for play streaks (an IANA name)")
    @app_commands.autocomplete(name=timezone_autocomplete)
    async def timezone(
        self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 64]
    ) -> None:
        await send(interaction, await self.logbook.set_timezone(ctx_of(interaction), name))

    @app_commands.command(description="All your plays as CSV and JSON")
    async def export(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True, ephemeral=True)
        await send(interaction, await self.logbook.export(ctx_of(interaction)))

    @app_commands.command(name="import", description="Import plays from a CSV (as exported)")
    async def import_(self, interaction: discord.Interaction, file: discord.Attachment) -> None:
        if file.size > MAX_IMPORT_BYTES:
            raise InputError("That file is too large to import.")
        # 20,000 rows take longer than Discord's 3 s: "thinking" first, then the count.
        await interaction.response.defer(thinking=True, ephemeral=True)
        data = await file.read()
        reply = await self.logbook.import_csv(ctx_of(interaction), data, progress(interaction))
        await send(interaction, reply)


class StatsCog(ServiceAccess, commands.Cog):
    @app_commands.command(description="Plays, wins, streaks and charts")
    @app_commands.autocomplete(game=game_autocomplete, opponent=opponent_autocomplete)
    async def stats(
        self,
        interaction: discord.Interaction,
        user: discord.User | None = None,
        game: app_commands.Range[str, 1, 60] | None = None,
        opponent: app_commands.Range[str, 1, 40] | None = None,
        difficulty: Literal["easy", "medium", "hard"] | None = None,
    ) -> None:
        await interaction.response.defer(thinking=True)  # the chart takes a moment to draw
        reply = await self.logbook.stats(
            ctx_of(interaction),
            user.id if user else None,
            game=game,
            opponent=opponent,
            difficulty=difficulty,
        )
        await send(interaction, reply)

    @app_commands.command(description="Your streaks in one line, fit to post")
    async def streak(
        self, interaction: discord.Interaction, user: discord.User | None = None
    ) -> None:
        await send(
            interaction, await self.logbook.streak(ctx_of(interaction), user.id if user else None)
        )

    @app_commands.command(description="Every logged play, page by page")
    async def history(
        self,
        interaction: discord.Interaction,
        user: discord.User | None = None,
        page: app_commands.Range[int, 1, 10_000] = 1,
    ) -> None:
        reply = await self.logbook.history(ctx_of(interaction), user.id if user else None, page)
        await send(interaction, reply)

    @app_commands.command(description="This server's best players")
    @app_commands.autocomplete(game=game_autocomplete)
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: app_commands.Range[str, 1, 60] | None = None,
        period: Literal["all", "year", "month", "week"] = "all",
    ) -> None:
        await send(interaction, await self.logbook.leaderboard(ctx_of(interaction), game, period))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(LogbookCog(bot))
    await bot.add_cog(StatsCog(bot))
