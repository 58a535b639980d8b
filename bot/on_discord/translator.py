"""discord.py's translator over our catalogs: German command, group and option names (from each
catalog's `commands:`), and German descriptions and choice names (from its `text:`)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import ENGLISH, catalog, normalize

NAMES = (Where.command_name, Where.group_name, Where.parameter_name)


def command_key(context: app_commands.TranslationContext[Any, Any]) -> str | None:
    """The English path a name is catalogued under: `game undo`, `game undo steps`."""
    data = context.data
    if context.location is Where.parameter_name:
        return f"{data.command.qualified_name} {data.name}"
    if context.location in (Where.command_name, Where.group_name):
        return str(data.qualified_name)
    return None


def choice_name(choice: app_commands.Choice[Any], language: str) -> str | None:
    """A slash choice's name in `language`: a declared value's (bot/core/values.py) from its
    declaration (its name there, and what it means from the catalog), any other's from the
    catalog; None where there is none."""
    book = catalog(language)
    declared = getattr(choice, "words", None)
    if declared is None:
        return book.exact.get(choice.name)
    word = declared.word(choice.value)
    name = word.name(language)
    sense = book.exact.get(word.label) if word.label else None
    if getattr(choice, "named", False):
        return f"{name}: {sense}" if sense is not None else None
    if word.label and word.label != word.token:
        return sense
    return sense or book.exact.get(word.token) or name


class CatalogTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext[Any, Any],
    ) -> str | None:
        language = normalize(locale)
        if language == ENGLISH:
            return None
        book = catalog(language)
        if context.location in NAMES:
            key = command_key(context)
            return book.commands.get(key) if key is not None else None
        if context.location is Where.choice_name:
            return choice_name(context.data, language)
        return book.exact.get(string.message)
