"""/help [game] and /about: built from the registry and the live command tree, so they never
disagree with the commands a player can actually type."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.reply import Reply
from bot.core.spec import GameSpec
from bot.core.vocabulary import HELP_TOPIC
from bot.games.registry import SPECS
from bot.i18n import catalog
from bot.on_discord.render import send
from cogs.base import ServiceAccess, offer
from cogs.challenge import help_lines as challenge_help
from cogs.challenge_server import server_help

COLOUR = 0x5865F2
SHARED = ("game", "log", "stats", "streak", "history", "leaderboard", "challenge")


TOPICS = offer(HELP_TOPIC)
Leaf = app_commands.Command[Any, Any, Any]


def _usage(command: Leaf) -> str:
    """The command as typed, each required option to fill in (`build building:… at:…`)."""
    required = [f"{p.display_name}:…" for p in command.parameters if p.required]
    return " ".join([f"/{command.qualified_name}", *required])


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


def _turn(spec: GameSpec, start: Leaf, leaves: dict[str, Leaf]) -> list[str]:
    """A turn's commands in the order it uses them, one line each; the rest in one line."""
    turn = [leaves.pop(name) for name in spec.turn]
    return [
        f"**Against {spec.opponent}.**",
        f"Start: `{_usage(start)}` (options and data: `/help game:{spec.key} topic:start`)",
        "A turn, in order:",
        *(f"`{_usage(c)}` — {c.description}" for c in turn),
        *(["Also: " + " · ".join(f"`{_usage(c)}`" for c in leaves.values())] if leaves else []),
        "Any game: `/game status`, `/game undo`, `/game history`, `/game export`, "
        "`/game show id:…`; after the end, `/game sheet`.",
    ]


def _start(start: Leaf, names: dict[str, str]) -> list[str]:
    """The start options, one line each, named as the reader types them, with the values a
    declared one takes (`tile` — … — `cowboy`, `builder`, `engineer`, `random`)."""
    lines = [f"Start: `{_usage(start)}`; its options:"]
    for param in start.parameters:
        declared = getattr(param.choices[0], "words", None) if param.choices else None
        takes = f" — {declared.listed()}" if declared is not None else ""
        lines.append(f"`{names.get(param.name, param.display_name)}` — {param.description}{takes}")
    return lines


class Help(ServiceAccess, commands.Cog):
    @app_commands.command(name="help", description="How to play a game against its opponent")
    @app_commands.describe(
        game="the game (leave out for the list)",
        topic="a turn's commands (default), the start options, or challenges",
    )
    @app_commands.choices(topic=TOPICS)
    @app_commands.autocomplete(game=game_autocomplete)
    async def help_(
        self,
        interaction: discord.Interaction,
        game: app_commands.Range[str, 1, 20] | None = None,
        topic: str = "turn",
    ) -> None:
        locale = await self.bot.locale_for(interaction)  # type: ignore[attr-defined]
        await send(interaction, self.help_reply(game, topic, locale))

    def help_reply(self, game: str | None, topic: str = "turn", locale: str = "en") -> Reply:
        if topic == "challenge":
            facts = challenge_help(self.bot.tree)
            return Reply(title="Soloist: challenges", facts=facts, colour=COLOUR, ephemeral=True)
        if topic == "server" and (game is None or game in SPECS):
            spec = SPECS[game] if game is not None else None
            colour = spec.rules.colour if spec is not None else COLOUR
            title = f"Soloist: {spec.name}" if spec is not None else "Soloist: server challenges"
            facts = server_help(spec)
            return Reply(title=title, facts=facts, colour=colour, ephemeral=True)
        if game is None or game not in SPECS:
            lines = [
                f"**{spec.name}** — {spec.opponent}: `/help game:{spec.key}`"
                for spec in SPECS.values()
            ]
            if game is not None:
                lines.insert(0, f"No game `{game[:20]}`; these are the games:")
            lines.append("Any game: " + ", ".join(f"`/{name}`" for name in SHARED) + " · `/about`")
            lines.append("Play-count challenges (N games × M plays each): `/help topic:challenge`")
            lines.append("A whole server against the same opponent: `/help topic:server`")
            return Reply(title="Soloist: help", facts=lines, colour=COLOUR, ephemeral=True)
        spec = SPECS[game]
        group = self.bot.tree.get_command(spec.key)
        leaves = {
            c.name: c
            for c in (group.walk_commands() if isinstance(group, app_commands.Group) else [])
            if isinstance(c, app_commands.Command)
        }
        start = leaves.pop("start")
        if topic == "start":  # option names as the reader's Discord shows them
            book = catalog(locale).commands
            names = {
                p.name: book.get(f"{spec.key} start {p.name}", p.name) for p in start.parameters
            }
            facts = _start(start, names)
            if spec.reconstructed:
                facts.append(f"**Reconstructed data:** {spec.reconstructed}")
        else:
            facts = _turn(spec, start, leaves)
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
            "`/help game:<key> topic:start` says which and how to enter what your copy shows."
        )
        await send(
            interaction, Reply(title="About Soloist", facts=facts, colour=COLOUR, ephemeral=True)
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Help(bot))
