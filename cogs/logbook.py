"""The logbook: /log (play, edit, delete, timezone, remind, export, import), /stats, /streak,
/history, /leaderboard; a finished game's result card; the streak reminder scheduler."""

from __future__ import annotations

import contextlib
import logging
from functools import partial
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.core.errors import InputError
from bot.core.reply import Reply
from bot.i18n import localize, normalize, tr
from bot.logbook.catalogue import catalogue
from bot.logbook.commands import LOG, OWN
from bot.logbook.exchange import MAX_IMPORT_BYTES
from bot.logbook.free import NAME_CHARS as FREE_NAME_CHARS
from bot.logbook.free import free_key, free_name, known_game
from bot.logbook.reminders import HOURS, OFF
from bot.logbook.timezones import known_timezones
from bot.on_discord.deadline import defer
from bot.on_discord.render import ctx_of, embed_for, message, send
from bot.on_discord.slash import DeclaredGroup, completes
from bot.table.commands import ResultsChannel
from cogs.base import MAX_CHOICES, ServiceAccess, progress
from cogs.pages import names_of, page_reply, post_links

log = logging.getLogger("soloist.logbook")
TICK_SECONDS = 60  # the streak reminder scheduler: one indexed query per tick


def channel_id_of(value: Any) -> int | None:
    """A channel option's id (the console hands over the typed `<#123>` or `123`)."""
    if value is None:
        return None
    if isinstance(value, str):
        digits = value.strip().strip("<#>")
        if not digits.isdigit() or not 0 < int(digits) < 2**63:
            raise InputError("`thread` must be a channel or thread, e.g. `<#123>`.")
        return int(digits)
    return int(value.id)


def _known_games(current: str) -> list[app_commands.Choice[str]]:
    needle = current.strip().lower()
    return [
        app_commands.Choice(name=entry.name, value=key)
        for key, entry in catalogue().items()
        if needle in entry.name.lower() or needle in key
    ]


async def _games(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The bot's games first, then the player's own other games (as they wrote them, the
    latest first)."""
    logbook = interaction.client.logbook  # type: ignore[attr-defined]
    return _known_games(current) + [
        app_commands.Choice(name=name, value=name)
        for name in await logbook.free_games(interaction.user.id, current)
    ]


async def opponent_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The chosen game's opponents; for another game, the player's earlier opponents of it."""
    chosen = getattr(interaction.namespace, "game", None) or ""
    key = known_game(chosen)
    if key is None and chosen.strip():
        with contextlib.suppress(InputError):
            logbook = interaction.client.logbook  # type: ignore[attr-defined]
            names = await logbook.free_opponents(
                interaction.user.id, free_key(free_name(chosen)), current
            )
            return [app_commands.Choice(name=n, value=n) for n in names][:MAX_CHOICES]
        return []
    games = [catalogue()[key]] if key else list(catalogue().values())
    names = [name for entry in games for name in entry.opponents]
    return [app_commands.Choice(name=n, value=n) for n in names if current.lower() in n.lower()][
        :MAX_CHOICES
    ]


def _whose(interaction: discord.Interaction) -> int:
    """The player whose plays an option completes: the `user` option, else the one asking."""
    user = getattr(interaction.namespace, "user", None)
    return getattr(user, "id", None) or interaction.user.id


class LogbookCog(
    DeclaredGroup, ServiceAccess, commands.GroupCog, group_name="log", description="Your logbook"
):
    """/log (bot/logbook/commands.py), a finished game's result card, streak reminders."""

    declares = LOG

    async def cog_load(self) -> None:
        self.bot.reply_listeners.append(self.post_result_card)  # type: ignore[attr-defined]

    async def cog_unload(self) -> None:
        self.streak_reminders.cancel()
        listeners = self.bot.reply_listeners  # type: ignore[attr-defined]
        if self.post_result_card in listeners:
            listeners.remove(self.post_result_card)

    # ------------------------------------------------------------------ result cards
    async def post_result_card(self, interaction: discord.Interaction, reply: Reply) -> None:
        """After the reply that finishes a game: its result card in the game's channel and in
        the server's results channel, if one is set. A results channel the bot cannot post in
        is said once, in the game's channel; the command itself is never spoiled."""
        if (reply.state or {}).get("status") != "finished" or reply.game_id is None:
            return
        if reply.read_only:
            return  # a look at a finished game: its card was posted when it ended
        if getattr(interaction, "channel", None) is None:
            return  # the console: no channel to post in
        guild_id, channel_id, results_id, game_locale = await self.logbook.results_channel(
            reply.game_id
        )
        locale = await self.bot.preferences.public_locale(guild_id, game_locale)  # type: ignore[attr-defined]
        card = await self.logbook.result_card(reply.game_id, partial(tr, locale=locale))
        if card is None:
            return
        card.sheet = reply.sheet  # the game's score sheet is its result card (issue 26)
        card.web_url = await post_links(self.bot).url(reply.game_id, guild_id)
        card = localize(card, locale)
        here = interaction.channel
        if getattr(here, "id", None) != channel_id:
            here = await self._channel(channel_id)
        await self._post(here, card)
        if results_id is None or results_id == channel_id:
            return
        if await self.service.holds_result(reply.game_id):
            return  # a challenge's attempt: its standings come at the close
        try:
            await self._post(await self._channel(results_id), card)
        except (discord.Forbidden, discord.NotFound) as exc:
            log.info("result card for game %s not posted in %s: %s", reply.game_id, results_id, exc)
            line = (
                f"I can't post result cards in <#{results_id}>: give me Send Messages, "
                "Embed Links and Attach Files there, or choose another channel with "
                f"`{ResultsChannel.line()}`."
            )
            await here.send(tr(line, locale))  # type: ignore[union-attr]

    async def _channel(self, channel_id: int) -> Any:
        return self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)

    @staticmethod
    async def _post(channel: Any, card: Reply) -> None:
        await channel.send(**message(card))

    # ------------------------------------------------------------------ streak reminders
    @tasks.loop(seconds=TICK_SECONDS)
    async def streak_reminders(self) -> None:
        """One tick: the due reminders in one indexed query, each claimed once (a conditional
        update, so two processes never both send it), then DMed. A closed DM is skipped."""
        try:
            due = await self.logbook.due_streak_reminders()
        except Exception:
            log.exception("streak reminder tick failed")
            return
        for user_id, locale, reply in due:
            try:
                user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
                await user.send(embed=embed_for(localize(reply, normalize(locale))))
            except discord.HTTPException as exc:
                log.info("streak reminder for %s not sent: %s", user_id, exc)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """Connected: the scheduler runs (not in the console or `sync`, which never connect)."""
        if not self.streak_reminders.is_running():
            self.streak_reminders.start()

    # ------------------------------------------------------------------ commands
    @completes("play", "game")
    async def played_game_complete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The games a play can be logged for, and last what is typed: a game played for the
        first time."""
        offered = await _games(interaction, current)
        typed = " ".join(current.split())[:FREE_NAME_CHARS]
        if typed and not any(typed.casefold() == c.name.casefold() for c in offered):
            offered = [*offered[: MAX_CHOICES - 1], app_commands.Choice(name=typed, value=typed)]
        return offered[:MAX_CHOICES]

    @completes("play", "opponent")
    async def opponent_complete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await opponent_autocomplete(interaction, current)

    @completes("timezone", "name")
    async def timezone_complete(
        self, _interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        needle = current.strip().lower()
        return [
            app_commands.Choice(name=z, value=z)
            for z in sorted(known_timezones())
            if needle in z.lower()
        ][:25]

    @completes("remind", "at")
    async def hour_complete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        needle = current.strip().lower()
        off = tr(OFF, await self.bot.locale_for(interaction))  # type: ignore[attr-defined]
        options = [(off, OFF), *((f"{h:02d}:00", f"{h:02d}:00") for h in HOURS)]
        return [
            app_commands.Choice(name=name, value=value)
            for name, value in options
            if needle in name or needle in value
        ][:25]

    async def run_play(self, interaction: discord.Interaction, **options: Any) -> None:
        options["day"] = options.pop("date")
        game, opponent = options.pop("game"), options.pop("opponent")
        options["bgg_id"] = options.pop("bgg")
        reply = await self.logbook.log_play(ctx_of(interaction), game, opponent, **options)
        await send(interaction, reply)

    async def run_edit(self, interaction: discord.Interaction, **options: Any) -> None:
        options["day"] = options.pop("date")
        play = options.pop("play")
        await send(interaction, await self.logbook.edit_play(ctx_of(interaction), play, **options))

    async def run_delete(self, interaction: discord.Interaction, play: int) -> None:
        await send(interaction, await self.logbook.delete_play(ctx_of(interaction), play))

    async def run_timezone(self, interaction: discord.Interaction, name: str) -> None:
        await send(interaction, await self.logbook.set_timezone(ctx_of(interaction), name))

    async def run_remind(self, interaction: discord.Interaction, at: str) -> None:
        await send(interaction, await self.logbook.set_streak_reminder(ctx_of(interaction), at))

    async def run_export(self, interaction: discord.Interaction, format: str | None) -> None:
        await defer(interaction, thinking=True, ephemeral=True)
        pages = post_links(self.bot).url  # a game's page in the BG Stats comments, if on
        await send(interaction, await self.logbook.export(ctx_of(interaction), format, pages))

    async def run_import(
        self,
        interaction: discord.Interaction,
        file: discord.Attachment,
        me: str | None,
        opponent: str | None,
    ) -> None:
        if file.size > MAX_IMPORT_BYTES:
            raise InputError(
                f"The file is larger than {MAX_IMPORT_BYTES // 1_000_000} MB; nothing was imported."
            )
        # 20,000 rows take longer than Discord's 3 s: "thinking" first, then the count.
        await defer(interaction, thinking=True, ephemeral=True)
        data = await file.read()
        reply = await self.logbook.import_file(
            ctx_of(interaction), data, progress(interaction), me=me, opponent=opponent
        )
        await send(interaction, reply)


class StatsCog(DeclaredGroup, ServiceAccess, commands.Cog):
    """/stats, /streak, /history, /leaderboard (bot/logbook/commands.py)."""

    declares = OWN

    @completes("stats", "game")
    async def game_complete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return (await _games(interaction, current))[:MAX_CHOICES]

    @completes("stats", "opponent")
    async def opponent_complete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await opponent_autocomplete(interaction, current)

    @completes("stats", "campaign")
    @completes("history", "campaign")
    async def campaign_complete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The campaigns of the player whose stats are asked for (the `user` option, else
        you)."""
        names = await self.logbook.campaigns(_whose(interaction), current)
        return [app_commands.Choice(name=n[:100], value=n) for n in names]

    @completes("stats", "challenge")
    @completes("history", "challenge")
    async def challenge_complete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """The server challenges the player whose plays are asked for has plays in."""
        found = await self.logbook.challenges(_whose(interaction), current)
        return [app_commands.Choice(name=label[:100], value=number) for label, number in found]

    @completes("leaderboard", "game")
    async def known_game_complete(
        self, _interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return _known_games(current)[:MAX_CHOICES]

    async def run_stats(
        self, interaction: discord.Interaction, user: Any, thread: Any, page: bool, **filters: Any
    ) -> None:
        ctx = ctx_of(interaction)
        who = user.id if user else None
        if page:
            if who is not None and who != ctx.user_id:
                raise InputError("Only your own page: leave out `user`.")
            link = await self.service.player_page(ctx, names_of(interaction))
            await send(interaction, page_reply(link))
            return
        filters["thread"] = channel_id_of(thread)
        level = filters.pop("difficulty")
        await self.logbook.check_filters(ctx, who, **filters)
        await defer(interaction, thinking=True)  # the chart takes a moment to draw
        locale = await self.bot.locale_for(interaction)  # type: ignore[attr-defined]
        reply = await self.logbook.stats(ctx, who, difficulty=level, locale=locale, **filters)
        await send(interaction, reply)

    async def run_streak(self, interaction: discord.Interaction, user: Any) -> None:
        who = user.id if user else None
        await send(interaction, await self.logbook.streak(ctx_of(interaction), who))

    async def run_history(
        self, interaction: discord.Interaction, user: Any, page: int, thread: Any, **filters: Any
    ) -> None:
        who = user.id if user else None
        where = channel_id_of(thread)
        reply = await self.logbook.history(ctx_of(interaction), who, page, thread=where, **filters)
        await send(interaction, reply)

    async def run_leaderboard(
        self, interaction: discord.Interaction, game: str | None, period: str
    ) -> None:
        await send(interaction, await self.logbook.leaderboard(ctx_of(interaction), game, period))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(LogbookCog(bot))
    await bot.add_cog(StatsCog(bot))
