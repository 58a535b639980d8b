"""The refusals discord.py raises before a command reaches us, said in the bot's words and the
reader's language, ending with a line that works now (issue 45): a value discord.py could not
turn into its option's type (`TransformerError`: a channel it cannot see, a choice it does
not have), and a check that fails (`CheckFailure`: the command can't be used here)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.core.errors import stopped
from bot.core.said import say
from bot.i18n import catalog, tr
from bot.on_discord.render import ctx_of
from bot.table.commands import Help
from bot.table.leading import now_line


async def transform_refused(
    interaction: discord.Interaction, error: app_commands.TransformerError, locale: str
) -> str:
    """`` `x` is not a valid value for `channel`. Now: `/gah turn`. `` in `locale`."""
    option = _option(interaction, error.value)
    command = interaction.command
    if option is not None and command is not None:  # named as the reader's client shows it
        shown_name = catalog(locale).commands.get(f"{command.qualified_name} {option}", option)
    else:
        shown_name = option
    shown = str(getattr(error.value, "name", error.value))[:40]
    if option is None:
        said = say("`{value}` is not a valid value for that option.", value=shown)
    else:
        key = "`{value}` is not a valid value for `{option}`."
        said = say(key, value=shown, option=shown_name)
    line = await _works_now(interaction, option)
    now = now_line(line)
    return f"{stopped(tr(said, locale))} {tr(now, locale)}"


async def check_refused(interaction: discord.Interaction, locale: str) -> str:
    """`` You can't use that command here. Now: `/gah turn`. `` in `locale`: the channel's
    game's line that works now, else `/help`, which runs anywhere."""
    said = say("You can't use that command here.")
    line: str | None = None
    service = getattr(interaction.client, "service", None)
    if service is not None:
        try:
            line = await service.works_now(ctx_of(interaction))
        except Exception:  # a place with no table (a DM) offers no game's line
            line = None
    now = now_line(str(line) if line is not None else Help.line())
    return f"{stopped(tr(said, locale))} {tr(now, locale)}"


def _option(interaction: discord.Interaction, value: Any) -> str | None:
    """The name of the option the refused value was given for, from the interaction's data."""
    wanted = str(getattr(value, "id", value))
    for option in _leaves((interaction.data or {}).get("options") or []):  # type: ignore[union-attr]
        if str(option.get("value")) == wanted:
            return str(option.get("name"))
    return None


def _leaves(options: list[Any]) -> list[dict[str, Any]]:
    found = []
    for option in options:
        if "options" in option:  # a subcommand or its group
            found += _leaves(option["options"])
        elif "value" in option:
            found.append(option)
    return found


async def _works_now(interaction: discord.Interaction, option: str | None) -> str:
    """The channel's game's line that works now (bot/table/leading.py), else the start of the
    game the command belongs to, else the command without the refused option when it may be
    left out, else `/help`."""
    command = interaction.command
    key = command.root_parent.name if command is not None and command.root_parent else ""
    service = getattr(interaction.client, "service", None)
    if service is not None:
        line = await service.works_now(ctx_of(interaction), key)
        if line is not None:
            return str(line)
    if isinstance(command, app_commands.Command) and option is not None:
        param = next((p for p in command.parameters if p.display_name == option), None)
        if param is not None and not param.required:
            return f"/{command.qualified_name}"
    return Help.line()  # runs anywhere
