"""`/challenge confirm`: Fifth Avenue's partner confirms a server challenge attempt's final
scores, the same call as the "Confirm these scores" button on the final reply
(bot/on_discord/render.py). Its slash command is built from its model `Confirm`
(bot/challenges/commands.py, with the server challenge's commands); this mixin of the
`/challenge` cog holds only the call."""

from __future__ import annotations

import discord

from bot.on_discord.render import ctx_of, send
from bot.table.contests import Contests


class ConfirmScores:
    """Mixed into the `/challenge` cog: the work of its `confirm` subcommand."""

    async def run_confirm(self, interaction: discord.Interaction, game: int | None) -> None:
        contests = Contests(self.bot.service)  # type: ignore[attr-defined]
        await send(interaction, await contests.confirm(ctx_of(interaction), game))
