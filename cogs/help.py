"""/help [game] and /about: built from the registry and the command models (a game's, and the
bot's own in bot/table/commands.py), so they list every command and option a player can type
and every line they print runs as printed (`Model.line`)."""

from __future__ import annotations

from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.commands import Command, words_of
from bot.core.reply import Reply
from bot.core.said import listed, say, typed
from bot.core.said import name as printed
from bot.core.spec import GameSpec
from bot.core.values import Words
from bot.games.registry import SPECS
from bot.i18n import catalog
from bot.on_discord.render import send
from bot.on_discord.slash import DeclaredGroup, completes, start_extras
from bot.table.commands import HELP, About, Export, History, Sheet, Show, Status, Undo
from bot.table.commands import Help as HelpCommand
from cogs.base import ServiceAccess
from cogs.challenge import help_lines as challenge_help
from cogs.challenge_server import server_help

COLOUR = 0x5865F2
SHARED = ("game", "log", "stats", "streak", "history", "leaderboard", "challenge")
ANY_GAME = say(
    "Any game: {commands}; after the end, `{sheet}`.",
    commands=listed(
        say("`{line}`", line=typed(line))
        for line in [*(m.line() for m in (Status, Undo, History, Export)), Show.line(id="…")]
    ),
    sheet=typed(Sheet.line()),
)


@dataclass(frozen=True)
class Shown:
    """A command as help shows it: its line, each required option to fill in (`/glasgow
    build building:… at:…`), what it does, and its options (name, what it means, the values
    a declared one takes)."""

    name: str
    usage: str
    about: str
    options: list[tuple[str, str, Words | None]]


def _declared(model: type[Command]) -> Shown:
    """A command from its model: its line by `Model.line`, its options by its fields (a
    start's with the partner, seed and thread every start takes, as its slash command has)."""
    required = {n: "…" for n, f in model.options().items() if f.is_required()}
    options = [
        (n, f.description or "", words_of(f.annotation, f.metadata))
        for n, f in model.options().items()
    ]
    if model.name() == "start":
        extras = start_extras(model)
        required = {model.partner: "…", **required} if model.partner else required
        options = [(n, about, None) for n, _, _, about in extras[:1] if model.partner] + options
        options += [(n, about, None) for n, _, _, about in extras[-2:]]
    return Shown(model.slash_name(), model.line(**required), model.about, options)


def commands_of(spec: GameSpec, group: Any) -> dict[str, Shown]:
    """A game's commands by slash name, start first, from its models (every game's slash
    commands are built from them): its start, commands and views, then the lookups its group
    has besides (`/gah card`, which needs no game), each from its own model."""
    assert spec.start is not None
    visible = [m for m in spec.commands or [] if not m.hidden]
    shown = {m.slash_name(): _declared(m) for m in (spec.start, *visible, *spec.views)}
    leaves = group.walk_commands() if isinstance(group, app_commands.Group) else []
    for leaf in leaves:
        if isinstance(leaf, app_commands.Command):
            shown.setdefault(leaf.name, _declared(leaf.extras["model"]))
    return shown


def _version() -> str:
    try:
        return version("soloist")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "development"


def _turn(spec: GameSpec, shown: dict[str, Shown]) -> list[str]:
    """A turn's commands in the order it uses them, one line each; the rest in one line."""
    start = shown.pop("start")
    turn = [shown.pop(name) for name in spec.turn]
    topic = HelpCommand.line(game=spec.key, topic="start")
    also = listed((f"`{c.usage}`" for c in shown.values()), " · ")
    return [
        say("**Against {opponent}.**", opponent=spec.opponent),
        say(
            "Start: `{usage}` (options and data: `{topic}`)",
            usage=typed(start.usage),
            topic=typed(topic),
        ),
        say("A turn, in order:"),
        *(
            say("`{usage}` — {description}", usage=typed(c.usage), description=say(c.about))
            for c in turn
        ),
        *([say("Also: {commands}", commands=also)] if shown else []),
        ANY_GAME,
    ]


def _start(start: Shown, names: dict[str, str]) -> list[str]:
    """The start options, one line each, named as the reader types them, with the values a
    declared one takes (`tile` — … — `cowboy`, `builder`, `engineer`, `random`)."""
    lines = [say("Start: `{usage}`; its options:", usage=typed(start.usage))]
    for name, about, declared in start.options:
        usage = names.get(name, name)
        if declared is None:
            shown = say("`{usage}` — {description}", usage=typed(usage), description=say(about))
            lines.append(shown)
        else:
            lines.append(
                say(
                    "`{usage}` — {description} — {values}",
                    usage=typed(usage),
                    description=say(about),
                    values=declared.said_listed(),
                )
            )
    return lines


class Help(DeclaredGroup, ServiceAccess, commands.Cog):
    declares = HELP

    @completes("help", "game")
    async def game_choices(
        self, _interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        needle = current.strip().lower()
        return [
            app_commands.Choice(name=f"{spec.name} ({spec.key})", value=spec.key)
            for spec in SPECS.values()
            if needle in spec.key or needle in spec.name.lower()
        ][:25]

    async def run_help(
        self, interaction: discord.Interaction, game: str | None, topic: str
    ) -> None:
        locale = await self.bot.locale_for(interaction)  # type: ignore[attr-defined]
        await send(interaction, self.help_reply(game, topic, locale))

    def help_reply(self, game: str | None, topic: str = "turn", locale: str = "en") -> Reply:
        if topic == "challenge":
            facts = challenge_help(self.bot.tree)
            return Reply(
                title=say("Soloist: challenges"), facts=facts, colour=COLOUR, ephemeral=True
            )
        if topic == "server" and (game is None or game in SPECS):
            spec = SPECS[game] if game is not None else None
            colour = spec.rules.colour if spec is not None else COLOUR
            title = (
                say("Soloist: {game}", game=spec.name)
                if spec is not None
                else say("Soloist: server challenges")
            )
            facts = server_help(spec)
            return Reply(title=title, facts=facts, colour=colour, ephemeral=True)
        if game is None or game not in SPECS:
            lines = [
                say(
                    "**{game}** — {opponent}: `{line}`",
                    game=printed(spec.name),
                    opponent=say(spec.opponent),  # a line of the game's catalog
                    line=typed(HelpCommand.line(game=spec.key)),
                )
                for spec in SPECS.values()
            ]
            if game is not None:
                lines.insert(0, say("No game `{game}`; these are the games:", game=game[:20]))
            shared = listed(f"`/{name}`" for name in SHARED)
            about = typed(About.line())
            lines.append(say("Any game: {commands} · `{about}`", commands=shared, about=about))
            challenge, server = (typed(HelpCommand.line(topic=t)) for t in ("challenge", "server"))
            lines.append(
                say("Play-count challenges (N games × M plays each): `{line}`", line=challenge)
            )
            lines.append(say("A whole server against the same opponent: `{line}`", line=server))
            return Reply(title=say("Soloist: help"), facts=lines, colour=COLOUR, ephemeral=True)
        spec = SPECS[game]
        shown = commands_of(spec, self.bot.tree.get_command(spec.key))
        if topic == "start":  # option names as the reader's Discord shows them
            book = catalog(locale).commands
            names = {
                name: book.get(f"{spec.key} start {name}", name)
                for name, _, _ in shown["start"].options
            }
            facts = _start(shown["start"], names)
            if spec.reconstructed:
                facts.append(say("**Reconstructed data:** {what}", what=spec.reconstructed))
        else:
            facts = _turn(spec, shown)
        return Reply(
            title=say("Soloist: {game}", game=spec.name),
            facts=facts,
            colour=spec.rules.colour,
            ephemeral=True,
        )

    async def run_about(self, interaction: discord.Interaction) -> None:
        facts = [
            say("Soloist {version}: the opponents of board-game solo modes.", version=_version())
        ]
        for spec in SPECS.values():
            facts.append(
                say(
                    "**{game}** ({opponent}): rules from {source}.",
                    game=spec.name,
                    opponent=spec.opponent,
                    source=spec.rules_source,
                )
            )
        facts.append(
            say(
                "Data marked `uncertain: true` in `data/*.yaml` is reconstructed; "
                "`{line}` says which and how to enter what your copy shows.",
                line=typed(HelpCommand.line(game="<key>", topic="start")),
            )
        )
        await send(
            interaction,
            Reply(title=say("About Soloist"), facts=facts, colour=COLOUR, ephemeral=True),
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Help(bot))
