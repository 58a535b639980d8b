"""Replies as Discord embeds with next-step buttons, and the Interaction helpers cogs use."""

from __future__ import annotations

import io
from typing import Any

import discord

from bot.core.game import NextStep
from bot.table.reply import Ctx, Reply

EMBED_TEXT = 4000
FIELD_TEXT = 1024
BUTTON_ID = r"soloist:(?P<game>\d+):(?P<version>\d+):(?P<step>[a-z_]+(?::[a-z_]+=[a-z0-9_]+)*)"


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def ctx_of(interaction: discord.Interaction) -> Ctx:
    perms = interaction.permissions
    return Ctx(
        guild_id=interaction.guild_id or 0,
        channel_id=interaction.channel_id or 0,
        user_id=interaction.user.id,
        can_manage=bool(perms and perms.manage_guild),
    )


def embed_for(reply: Reply) -> discord.Embed:
    embed = discord.Embed(
        title=reply.title,
        description=_clip("\n".join(reply.facts), EMBED_TEXT) or None,
        colour=reply.colour if reply.ok else discord.Colour.red(),
    )
    if reply.board:
        embed.add_field(name="Board", value=_clip(reply.board, FIELD_TEXT), inline=False)
    if reply.prompt:
        embed.add_field(name="Next", value=_clip(reply.prompt, FIELD_TEXT), inline=False)
    if reply.game_id is not None and reply.version is not None:
        embed.set_footer(text=f"game #{reply.game_id} · step {reply.version}")
    return embed


class NextStepButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_ID):
    """A button that carries (game, version, command) and so keeps working after a restart."""

    def __init__(self, game_id: int, version: int, step: str, label: str = "Next") -> None:
        super().__init__(
            discord.ui.Button(
                label=_clip(label, 80),
                style=discord.ButtonStyle.primary,
                custom_id=f"soloist:{game_id}:{version}:{step}",
            )
        )
        self.game_id, self.version, self.step = game_id, version, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: Any, /
    ) -> NextStepButton:
        return cls(int(match["game"]), int(match["version"]), match["step"], item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        service = interaction.client.service  # type: ignore[attr-defined]
        try:
            reply = await service.act(
                ctx_of(interaction),
                None,
                NextStep.action(self.step),
                game_id=self.game_id,
                expected_version=self.version,
            )
        except Exception as exc:  # the one error path for buttons
            await interaction.client.reply_error(interaction, exc)  # type: ignore[attr-defined]
            return
        await send(interaction, reply)


class LogPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"soloist-log:(?P<user>\d+):(?P<page>\d+)",
):
    """Previous / next page of a player's logbook history; works after a restart too."""

    def __init__(self, user_id: int, page: int, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"soloist-log:{user_id}:{page}",
            )
        )
        self.user_id, self.page = user_id, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: Any, /
    ) -> LogPageButton:
        return cls(int(match["user"]), int(match["page"]), item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        logbook = interaction.client.logbook  # type: ignore[attr-defined]
        try:
            reply = await logbook.history(ctx_of(interaction), self.user_id, self.page)
        except Exception as exc:
            await interaction.client.reply_error(interaction, exc)  # type: ignore[attr-defined]
            return
        interaction.extras["reply"] = reply
        await interaction.response.edit_message(embed=embed_for(reply), view=view_for(reply))


def view_for(reply: Reply) -> discord.ui.View | None:
    view = discord.ui.View(timeout=None)
    if reply.next_steps and reply.game_id is not None and reply.version is not None:
        for step in reply.next_steps:
            view.add_item(NextStepButton(reply.game_id, reply.version, step.step_id, step.label))
    if reply.pager is not None:
        user, page, pages = reply.pager
        if page > 1:
            view.add_item(LogPageButton(user, page - 1, "◀ Newer"))
        if page < pages:
            view.add_item(LogPageButton(user, page + 1, "Older ▶"))
    return view if view.children else None


async def send(interaction: discord.Interaction, reply: Reply) -> None:
    """The one way a cog answers: an embed, a button for the next step, a file if any."""
    interaction.extras["reply"] = reply
    kwargs: dict[str, Any] = {"embed": embed_for(reply), "ephemeral": reply.ephemeral}
    view = view_for(reply)
    if view is not None:
        kwargs["view"] = view
    if reply.files:
        kwargs["files"] = [
            discord.File(io.BytesIO(data), filename=name) for name, data in reply.files
        ]
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs)
    else:
        await interaction.response.send_message(**kwargs)
