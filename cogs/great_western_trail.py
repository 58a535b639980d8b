"""/gwt: Great Western Trail (2nd edition) against Sam. Its slash commands are built from the
game's command models (bot/on_discord/slash.py); the cog keeps what is Discord's own, the
autocompletes, and shows a card that `/gwt card` names without correcting it.

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
from bot.core.said import say
from bot.games.great_western_trail.commands import CORRECTIONS
from bot.i18n import tr
from bot.on_discord.render import ctx_of, send
from bot.on_discord.slash import DeclaredCommands, completes
from cogs.base import MAX_CHOICES, TableCog, choices, game_now, reader_locale

GAME = "gwt"
Choice = app_commands.Choice


def _asked(reply: Reply | None, command: str, option: str) -> list[tuple[str, str]]:
    """The buttons of the question the game waits on, when it waits on this option."""
    ask = reply.ask if reply is not None else None
    if ask is None or ask.command != command or ask.option != option:
        return []
    return [(c.label, c.value) for c in ask.choices]


@completes("turn", "card")
@completes("card", "number")
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
    return found[:MAX_CHOICES]


def asked_autocomplete(command: str, option: str, kind: type) -> Any:
    """The answers the question Sam asks now offers as buttons, when it asks for `option`:
    the tied choices for `/gwt answer pick:`, the rows for `token:`, the counts for
    `buildings:`."""

    @completes(command, option)
    async def complete(interaction: discord.Interaction, current: str) -> list[Choice[Any]]:
        asked = _asked(await game_now(interaction, GAME), command, option)
        return await choices(interaction, [(label, kind(value)) for label, value in asked], current)

    return complete


def report_autocomplete(option: str) -> Any:
    """A table report read back while it is typed: ✓ how it reads, or ✗ what is wrong."""

    @completes("turn", option)
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
            choices.append((tr(say("Yours is on the start space (0)"), locale), "0"))
        return [
            Choice(name=name[:100], value=value)
            for name, value in choices
            if value == current or not current.strip() or value.startswith(current.strip())
        ][:MAX_CHOICES]

    return complete


class GreatWesternTrail(
    DeclaredCommands, TableCog, group_name="gwt", description="Great Western Trail solo: Sam"
):
    game_key = GAME

    card_autocomplete = card_autocomplete
    buildings_autocomplete = asked_autocomplete("turn", "buildings", int)
    token_autocomplete = asked_autocomplete("turn", "token", int)
    pick_autocomplete = asked_autocomplete("answer", "pick", str)
    jobs_autocomplete = report_autocomplete("jobs")
    cattle_autocomplete = report_autocomplete("cattle")
    engine_autocomplete = report_autocomplete("engine")
    outlaws_autocomplete = report_autocomplete("outlaws")
    hazards_autocomplete = report_autocomplete("hazards")

    async def act(self, interaction: discord.Interaction, command: str, **options: Any) -> None:
        """`/gwt card` without a correction only shows the card (the game's `card` query)."""
        if command == "card" and all(options.get(k) is None for k in CORRECTIONS):
            ctx = ctx_of(interaction)
            await send(
                interaction, await self.service.query(ctx, GAME, "card", number=options["number"])
            )
            return
        await super().act(interaction, command, **options)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GreatWesternTrail(bot))
