"""A finished game's score sheet as embed fields (render.embed_for puts them in)."""

from __future__ import annotations

from functools import partial

import discord

from bot.core.scoresheet import TITLE as SHEET_TITLE
from bot.core.scoresheet import FinalSheet, Line
from bot.i18n import label, tr

FIELD_TEXT = 1024  # Discord's limit on a field's text


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def sheet_fields(embed: discord.Embed, sheet: FinalSheet, locale: str, room: int) -> None:
    """The score sheet as fields a phone shows one under the other (a desktop three in a
    row): a legend naming the two columns, one short field per category, then the totals
    with the verdict. Past `room` fields the last categories share one field."""
    say = partial(tr, locale=locale)
    you, them = label(sheet.sides[0], locale), label(sheet.sides[1], locale)
    lines = sheet.lines()
    *rows, total = lines
    embed.add_field(name=say(SHEET_TITLE), value=f"{you} · {them}", inline=False)
    cells = [
        (("· " if line.detail else "") + say(line.name), _pair(line, you, them)) for line in rows
    ]
    fit = room - 2
    if len(cells) > fit:
        kept, rest = cells[: fit - 1], cells[fit - 1 :]
        cells = [*kept, ("…", "\n".join(f"{name}: {value}" for name, value in rest))]
    for name, value in cells:
        embed.add_field(name=_clip(name, 256), value=_clip(value, FIELD_TEXT), inline=True)
    notes = [say(sheet.verdict()), *(say(note) for note in [*sheet.notes, *sheet.legend()])]
    value = f"{you} **{total.player}** · {them} **{total.opponent}**\n" + "\n".join(notes)
    embed.add_field(name=say(total.name), value=_clip(value, FIELD_TEXT), inline=False)


def _pair(line: Line, you: str, them: str) -> str:
    """A row's two cells; a row only one side has (a staff card, one side's rest) names it."""
    if line.player and line.opponent:
        return f"{line.player} · {line.opponent}"
    return f"{you} {line.player}" if line.player else f"{them} {line.opponent}"
