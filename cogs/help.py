"""/help [game] and /about: built from the registry and the live command tree, so they never
disagree with the commands a player can actually type."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.registry import SPECS
from bot.render import send
from bot.table.reply import Reply
from cogs.base import ServiceAccess

COLOUR = 0x5865F2
SHARED = ("game", "log", "stats", "streak", "history", "leaderboard")


def _usage(command: app_commands.Command[Any, Any, Any]) -> str:
    options = " ".join(
        p.display_name if p.required else f"[{p.display_name}]" for p in command.parameters
    )
    line = f"`/{command.qualified_name}{' ' + options if options else ''}`"
    return f"{line} — {command.description}"


def _version() -> str:
    try:
        return version("soloist")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "development"


async def game_autocomplete(
    _interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    needle = current.strip().lower()
    return [
        app_commands.Choice(name=f"{spec.name} ({spec.key})", value=spec.key)
        for spec in SPECS.values()
        if needle in spec.key or needle in spec.name.lower()
    ][:25]


class Help(ServiceAccess, commands.Cog):
    @app_commands.command(name="help", description="How to play a game against its opponent")
    @app_commands.describe(game="the game (leave out for the list)")
    @app_commands.autocomplete(game=game_autocomplete)
    async def help_(
        self, interaction: discord.Interaction, game: app_commands.Range[str, 1, 20] | None = None
    ) -> None:
        await send(interaction, self.help_reply(game))

    def help_reply(self, game: str | None) -> Reply:
        if game is None or game not in SPECS:
            lines = [
                f"**{spec.name}** — {spec.opponent}: `/help game:{spec.key}`"
                for spec in SPECS.values()
            ]
            if game is not None:
                lines.insert(0, f"No game `{game[:20]}`; these are the games:")
            lines.append("Any game: " + ", ".join(f"`/{name}`" for name in SHARED) + " · `/about`")
            return Reply(title="Soloist: help", facts=lines, colour=COLOUR, ephemeral=True)
        spec = SPECS[game]
        group = self.bot.tree.get_command(spec.key)
        leaves = (
            [c for c in group.walk_commands() if isinstance(c, app_commands.Command)]
            if isinstance(group, app_commands.Group)
            else []
        )
        facts = [f"**Against {spec.opponent}.** Start, then the commands of a turn:"]
        facts += [_usage(c) for c in leaves]
        facts.append("Any game: `/game status`, `/game undo`, `/game history`, `/game export`.")
        if spec.reconstructed:
            facts.append(f"**Reconstructed data:** {spec.reconstructed}")
        return Reply(
            title=f"Soloist: {spec.name}", facts=facts, colour=spec.rules.colour, ephemeral=True
        )

    @app_commands.command(description="Soloist's version and where its rules and data come from")
    async def about(self, interaction: discord.Interaction) -> None:
        facts = [f"Soloist {_version()}: the opponents of board-game solo modes."]
        for spec in SPECS.values():
            facts.append(f"**{spec.name}** ({spec.opponent}): rules from {spec.rules_source}.")
        facts.append(
            "Data marked `uncertain: true` in `data/*.yaml` is reconstructed; "
            "`/help game:<key>` says which and how to enter what your copy shows."
        )
        await send(
            interaction, Reply(title="About Soloist", facts=facts, colour=COLOUR, ephemeral=True)
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Help(bot))
