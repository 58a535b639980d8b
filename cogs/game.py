"""/game: what every game shares: status, undo, sheet, history, players, abandon, export, import,
reminders and campaigns; and the scheduler that posts due reminders. Its commands are built
from their models (bot/table/commands.py); the cog does their work and keeps what is Discord's
own: the autocompletes and the reminders' posts."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.core.errors import InputError
from bot.i18n import localize, tr
from bot.on_discord.deadline import defer
from bot.on_discord.render import ctx_of, send, view_for
from bot.on_discord.slash import DeclaredGroup, completes
from bot.store.models import utcnow
from bot.table import reminders
from bot.table.commands import GAME
from bot.table.service import CAMPAIGN_CHARS
from cogs.base import TableCog, progress
from cogs.pages import names_of, page_reply

log = logging.getLogger("soloist.reminders")
MAX_IMPORT_BYTES = 2_000_000
TICK_SECONDS = 60.0  # how often the scheduler looks for due reminders
MESSAGE_TEXT = 2000


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class Game(DeclaredGroup, TableCog, group_name="game", description="The game in this channel"):
    declares = GAME

    async def run_status(self, interaction: discord.Interaction) -> None:
        await send(interaction, await self.service.status(ctx_of(interaction)))

    async def run_undo(self, interaction: discord.Interaction, steps: int) -> None:
        await send(interaction, await self.service.undo(ctx_of(interaction), steps))

    async def run_sheet(self, interaction: discord.Interaction, id: int | None) -> None:
        await send(interaction, await self.service.sheet(ctx_of(interaction), id))

    async def run_history(
        self, interaction: discord.Interaction, page: int, id: int | None
    ) -> None:
        await send(interaction, await self.service.history(ctx_of(interaction), page, id))

    async def run_show(self, interaction: discord.Interaction, id: int) -> None:
        await send(interaction, await self.service.show(ctx_of(interaction), id))

    @completes("show", "id")
    @completes("sheet", "id")
    @completes("history", "id")
    @completes("page", "id")
    async def finished_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """Your finished games, newest first (an integer option sends what is typed so far)."""
        games = await self.service.finished_games(interaction.user.id, str(current or ""))
        return [app_commands.Choice(name=label, value=game_id) for game_id, label in games]

    async def run_players(self, interaction: discord.Interaction, add: Any, remove: Any) -> None:
        reply = await self.service.players(
            ctx_of(interaction), add.id if add else None, remove.id if remove else None
        )
        await send(interaction, reply)

    async def run_remind(self, interaction: discord.Interaction, after: str) -> None:
        hours = reminders.parse_after(after)
        await send(interaction, await self.service.remind(ctx_of(interaction), hours))

    @completes("remind", "after")
    async def after_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        offered = [(reminders.hours_text(h), str(h)) for h in reminders.COMMON_HOURS]
        try:
            typed = reminders.parse_after(current) if current.strip() else None
        except InputError:
            typed = None
        if typed is not None and str(typed) not in dict(offered).values():
            offered.insert(0, (reminders.hours_text(typed), str(typed)))
        offered.append((reminders.OFF, reminders.OFF))
        locale = await self.bot.locale_for(interaction)  # type: ignore[attr-defined]
        return [app_commands.Choice(name=tr(name, locale), value=value) for name, value in offered]

    async def run_campaign(self, interaction: discord.Interaction, name: str) -> None:
        await send(interaction, await self.service.campaign(ctx_of(interaction), name))

    @completes("campaign", "name")
    async def campaign_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        names = await self.service.campaign_names(interaction.guild_id or 0, current)
        typed = " ".join(current.split())[:CAMPAIGN_CHARS]
        if typed and typed.lower() not in {n.lower() for n in names} | {reminders.OFF}:
            names = [*names[:23], typed]  # a new campaign
        names = [*names[:24], reminders.OFF]
        return [app_commands.Choice(name=n, value=n) for n in names]

    async def run_page(
        self, interaction: discord.Interaction, id: int | None, campaign: str | None, revoke: bool
    ) -> None:
        ctx = ctx_of(interaction)
        if campaign is not None and (id is not None or revoke):
            raise InputError("Give `campaign` alone: a campaign's page has no game number.")
        if revoke:
            reply = await self.service.revoke_game_pages(ctx, id)
            reply.ephemeral = True
            links = getattr(self.bot, "post_links", None)
            if links is not None and reply.game_id is not None:
                links.forget(game_id=reply.game_id)
            await send(interaction, reply)
            return
        if campaign is not None:
            link = await self.service.campaign_page(ctx, campaign, names_of(interaction))
        else:
            link = await self.service.game_page(ctx, id, names_of(interaction))
        await send(interaction, page_reply(link))

    @completes("page", "campaign")
    async def page_campaigns(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        names = await self.service.campaign_names(interaction.guild_id or 0, current)
        return [app_commands.Choice(name=n, value=n) for n in names[:25]]

    async def run_abandon(self, interaction: discord.Interaction) -> None:
        await send(interaction, await self.service.abandon(ctx_of(interaction)))

    async def run_export(self, interaction: discord.Interaction) -> None:
        await defer(interaction, thinking=True)  # a long game takes a moment
        await send(interaction, await self.service.export(ctx_of(interaction)))

    async def run_import(self, interaction: discord.Interaction, file: discord.Attachment) -> None:
        if file.size > MAX_IMPORT_BYTES:
            raise InputError("That file is too large to be a Soloist export.")
        # Replaying and writing a long game can outlast Discord's 3 s: answer "thinking" first,
        # so a user never sees "did not respond" (and retries, importing twice).
        await defer(interaction, thinking=True)
        raw = await file.read()
        reply = await self.service.import_game(ctx_of(interaction), raw, progress(interaction))
        await send(interaction, reply)

    # ---------------------------------------------------------------- the reminder scheduler
    async def cog_load(self) -> None:
        # A bot may tick at another pace (tests let simulated days pass in a few ticks).
        seconds = getattr(self.bot, "reminder_tick_seconds", TICK_SECONDS)
        self.reminder_tick.change_interval(seconds=seconds)

    @commands.Cog.listener("on_ready")
    async def _start_reminders(self) -> None:
        """Connected: the scheduler runs (not in the console or `sync`, which never connect,
        so no loop waits there for a connection that never comes)."""
        if not self.reminder_tick.is_running():
            self.reminder_tick.start()

    async def cog_unload(self) -> None:
        self.reminder_tick.cancel()

    @tasks.loop(seconds=TICK_SECONDS)
    async def reminder_tick(self) -> None:
        """Everything is in the database (games.remind_at), so a restart loses nothing."""
        try:
            await reminders.send_due(self.service.db, utcnow(), self.post_reminder)
        except Exception:  # a database hiccup must not stop the loop for good
            log.exception("reminder tick failed")

    async def post_reminder(self, due: reminders.Due) -> None:
        """A short message in the game's channel pinging exactly its owner and players,
        with the next step and its buttons."""
        row, reply = await self.service.game_status(due.game_id)
        if row.status != "active":
            return
        preferences = self.bot.preferences  # type: ignore[attr-defined]
        locale = await preferences.public_locale(row.guild_id, row.locale)
        users = reminders.pinged(row)
        text = "\n".join(tr(line, locale) for line in reminders.reminder_lines(row, reply))
        content = _clip(" ".join(f"<@{u}>" for u in users) + "\n" + text, MESSAGE_TEXT)
        channel = self.bot.get_partial_messageable(row.channel_id, guild_id=row.guild_id or None)
        view = view_for(localize(reply, locale))
        pinged = [discord.Object(u) for u in users]  # these, and nobody else
        mentions = discord.AllowedMentions(
            everyone=False, roles=False, replied_user=False, users=pinged
        )
        try:
            await channel.send(
                content, allowed_mentions=mentions, **({"view": view} if view is not None else {})
            )
        except (discord.Forbidden, discord.NotFound) as exc:  # no right to post, channel gone
            log.info("reminder for game #%s not posted in %s: %s", row.id, row.channel_id, exc)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Game(bot))
