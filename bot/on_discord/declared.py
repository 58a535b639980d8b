"""The slash commands of a group of the bot's own (not a game's: `/log`, `/challenge`, or
commands of their own such as `/stats`), built from its command models as a game's are
(bot/on_discord/slash.py, `build`): each model becomes a subcommand whose work is the cog's
method `run_<name>(interaction, **options)`, each option left out given as its model's
default; a cog method marked `completes(...)` is an option's autocomplete. The cog keeps only
what is Discord's own: autocompletes, buttons, permission checks, attachments."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import discord
from discord import app_commands

from bot.core.commands import Command
from bot.on_discord.slash import Extra, Run, build

Built = dict[str, app_commands.Command[Any, ..., None]]


def declared_group(owner: type, models: Iterable[type[Command]]) -> Built:
    """The slash commands of `models` for the cog (or mixin) class `owner`, by model name,
    with the autocompletes its `completes(...)` methods name."""
    built: Built = {}
    for model in models:
        if not model.hidden:
            built[model.name()] = build(model, owner, _run_method(model), _partner(model))
    by_slash = {command.name: command for command in built.values()}
    for method in vars(owner).values():
        for command, options in getattr(method, "__completes__", ()):
            for option in options:
                by_slash[command].autocomplete(option)(method)
    return built


def declare(owner: type, models: Iterable[type[Command]]) -> None:
    """`declared_group`, each command set on `owner` as `slash_<name>`, where discord.py
    collects a cog's commands from (in the order of `models`)."""
    for name, command in declared_group(owner, models).items():
        setattr(owner, f"slash_{name}", command)


def _partner(model: type[Command]) -> list[Extra]:
    """A command's option naming the other real player (`/challenge join partner:`), if it
    has one: a Discord user, optional, after the model's own options."""
    if not model.partner:
        return []
    return [(model.partner, discord.User, None, model.partner_about)]


def _run_method(model: type[Command]) -> Run:
    fields = model.options()
    method = f"run_{model.name()}"

    async def go(cog: Any, interaction: discord.Interaction, options: dict[str, Any]) -> None:
        filled = {
            key: fields[key].get_default(call_default_factory=True)
            if value is None and key in fields and not fields[key].is_required()
            else value
            for key, value in options.items()
        }
        await getattr(cog, method)(interaction, **filled)

    return go


class DeclaredGroup:
    """Mixed into a cog of the bot's own commands (or a mixin of one), before its Cog base:
    each model of `declares` becomes a slash command when the class is made, before
    discord.py collects a cog's commands; its work is the class's `run_<name>` method."""

    declares: tuple[type[Command], ...] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "declares" in vars(cls):
            declare(cls, cls.declares)
