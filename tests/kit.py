"""Test helpers every game uses: does a slash command declare exactly its model's options, and
is German output free of English?"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands

from bot.core.commands import Command

OptionType = discord.AppCommandOptionType
SKIPPED_START_OPTIONS = {"seed", "thread"}  # the table's start options, not the game's


def _schema(prop: dict[str, Any]) -> dict[str, Any]:
    """The non-null branch of an optional property."""
    for branch in prop.get("anyOf", []):
        if branch.get("type") != "null":
            return branch
    return prop


def option_mismatches(
    command: app_commands.Command[Any, Any, Any], model: type[Command]
) -> list[str]:
    """Every way the slash command's options differ from the model's fields (empty if none)."""
    schema = model.model_json_schema()
    props = {k: v for k, v in schema["properties"].items() if k != "command"}
    required = set(schema.get("required", [])) - {"command"}
    where = f"/{command.qualified_name}"
    problems: list[str] = []
    params = {
        p.name: p
        for p in command.parameters
        if not (
            model.name() == "start"
            and (p.name in SKIPPED_START_OPTIONS or p.type is OptionType.user)
        )
    }
    for name in sorted(set(props) - set(params)):
        problems.append(f"{where}: the model has `{name}`, the slash command does not")
    for name in sorted(set(params) - set(props)):
        problems.append(f"{where}: the slash command has `{name}`, the model does not")
    for name in sorted(set(props) & set(params)):
        param, prop = params[name], _schema(props[name])
        if param.required != (name in required):
            problems.append(
                f"{where} {name}: required {param.required} vs model {name in required}"
            )
        kind = prop.get("type")
        values = prop.get("enum") or ([prop["const"]] if "const" in prop else None)
        if values is not None:
            offered = sorted(str(c.value) for c in param.choices)
            if offered != sorted(str(v) for v in values):
                problems.append(f"{where} {name}: choices {offered} vs model {sorted(values)}")
            continue
        if kind == "integer":
            if param.type is not OptionType.integer:
                problems.append(
                    f"{where} {name}: integer in the model, {param.type.name} in Discord"
                )
            bounds = (prop.get("minimum"), prop.get("maximum"))
        elif kind == "string":
            if param.type is not OptionType.string:
                problems.append(f"{where} {name}: text in the model, {param.type.name} in Discord")
            bounds = (prop.get("minLength"), prop.get("maxLength"))
        else:
            problems.append(f"{where} {name}: the model's type {prop} has no Discord option")
            continue
        if (param.min_value, param.max_value) != bounds:
            problems.append(
                f"{where} {name}: range {param.min_value}..{param.max_value} vs model {bounds}"
            )
    return problems


def leaves(group: app_commands.Group) -> dict[str, app_commands.Command[Any, Any, Any]]:
    """Slash subcommands by name."""
    return {c.name: c for c in group.walk_commands() if isinstance(c, app_commands.Command)}


def english_left(outputs: list[str], words: re.Pattern[str]) -> list[str]:
    """The lines of German console output that still hold English `words`, outside code
    spans and file names (which keep their typed, English form)."""
    return [
        line
        for output in outputs
        for line in output.split("\n")
        if words.search(re.sub(r"`[^`]*`|\[file [^]]*\]", "", line))
    ]
