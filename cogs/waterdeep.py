"""/waterdeep: Lords of Waterdeep solo against Pseudo, the scripted pseudo-player. Its slash
commands are built from the game's command models (bot/on_discord/slash.py); the cog keeps
what is Discord's own, the autocompletes. Every rule lives in bot/games/waterdeep."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.core.errors import SoloistError
from bot.on_discord.render import ctx_of
from bot.on_discord.slash import DeclaredCommands, completes
from cogs.base import MAX_CHOICES, TableCog, choices

GAME = "waterdeep"
SPACES = [
    "Aurora's Realms Shop",
    "Blackstaff Tower",
    "Field of Triumph",
    "The Grinning Lion Tavern",
    "The Plinth",
    "Castle Waterdeep",
    "Builder's Hall",
    "Cliffwatch Inn (left)",
    "Cliffwatch Inn (middle)",
    "Cliffwatch Inn (right)",
    "Waterdeep Harbor",
]


def _choices(names: list[str], current: str = "") -> list[app_commands.Choice[str]]:
    needle = " ".join(current.lower().replace("'", "").split())
    shown = [n for n in names if needle in " ".join(n.lower().replace("'", "").split())]
    return [app_commands.Choice(name=n[:100], value=n[:60]) for n in shown[:MAX_CHOICES]]


def _every_space() -> list[str]:
    from bot.games.waterdeep.data import waterdeep_data

    return SPACES + [b.name for b in waterdeep_data().buildings]


def _every_building() -> list[str]:
    from bot.games.waterdeep.data import waterdeep_data

    return [b.name for b in waterdeep_data().buildings]


class Waterdeep(
    DeclaredCommands,
    TableCog,
    group_name="waterdeep",
    description="Lords of Waterdeep: Pseudo, solo",
):
    game_key = GAME

    # ------------------------------------------------------------ autocomplete, from the data
    @completes("start", "primary", "secondary")
    async def quest_autocomplete(
        self, _interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        from bot.games.waterdeep.lookup import quest_names

        return _choices(quest_names(current))

    @completes("drawn", "intrigue")
    async def intrigue_autocomplete(
        self, _interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        from bot.games.waterdeep.lookup import intrigue_names

        return _choices(intrigue_names(current))

    @completes("place", "card")
    @completes("intrigue", "card")
    async def touching_autocomplete(
        self, _interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The intrigue cards that touch Pseudo (the others need no command)."""
        from bot.games.waterdeep.choices import touching_pseudo

        return _choices(touching_pseudo(), current)

    # ------------------------------------------------------------ autocomplete, from the board
    async def _names(
        self, interaction: discord.Interaction, option: str, current: str, every: list[str]
    ) -> list[app_commands.Choice[str]]:
        """What `option` may name in this channel's game now (read-only); every name of the
        base game when no Waterdeep game runs here."""
        try:
            reply = await self.service.query(ctx_of(interaction), GAME, "choices", option=option)
            names = reply.facts
        except SoloistError:
            names = every
        return _choices(names, current)

    @completes("place", "space", "harbor")
    @completes("round", "space")
    async def _place_space(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._names(interaction, "place space", current, _every_space())

    @completes("place", "building")
    @completes("round", "building")
    async def _place_building(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._names(interaction, "place building", current, _every_building())

    @completes("override", "space")
    async def _override_space(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._names(interaction, "override space", current, _every_space())

    @completes("hall", "building")
    async def _hall_building(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._names(interaction, "hall building", current, _every_building())

    @completes("place", "quest")
    @completes("complete", "quest")
    @completes("round", "quest")
    async def _complete_quest(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        from bot.games.waterdeep.lookup import quest_names

        every = quest_names("", mandatory=True)
        return await self._names(interaction, "complete quest", current, every)

    @completes("drawn", "quest")
    async def _drawn_quest(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        from bot.games.waterdeep.lookup import quest_names

        return await self._names(interaction, "drawn quest", current, quest_names(""))

    @completes("answer", "pick")
    async def _answer_pick(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The answers of the question the game waits on (the tied spaces, …)."""
        reply = await self.game_now(interaction)
        ask = reply.ask if reply is not None else None
        if ask is None or ask.command != "answer":
            return []
        return await choices(interaction, [(c.label, c.value) for c in ask.choices], current)


async def setup(bot) -> None:  # type: ignore[no-untyped-def]
    await bot.add_cog(Waterdeep(bot))
