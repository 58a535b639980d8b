"""`/challenge confirm`: Fifth Avenue's partner confirms a server challenge attempt's final
scores, the same call as the "Confirm these scores" button on the final reply
(bot/on_discord/render.py). Its slash command is built from its model
(bot/table/contest_commands.py); this mixin of the `/challenge` cog holds only the call."""

from __future__ import annotations

from typing import Any

import discord

from bot.on_discord.render import ctx_of, send
from bot.on_discord.slash import build
from bot.table.contest_commands import Confirm
from bot.table.contests import Contests


async def _confirm(cog: Any, interaction: discord.Interaction, options: dict[str, Any]) -> None:
    contests = Contests(cog.bot.service)
    await send(interaction, await contests.confirm(ctx_of(interaction), options.get("game")))


class ConfirmScores:
    """Mixed into the `/challenge` cog: its `confirm` subcommand."""


ConfirmScores.confirm = build(Confirm, ConfirmScores, _confirm)  # type: ignore[attr-defined]
