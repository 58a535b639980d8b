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
from bot.core.vocabulary import DIFFICULTY, OUTCOME, PERIOD
from bot.i18n import localize, normalize, tr
from bot.logbook.catalogue import catalogue
from bot.logbook.free import NAME_CHARS as FREE_NAME_CHARS
from bot.logbook.free import free_key, free_name, known_game
from bot.logbook.reminders import HOURS, OFF
from bot.logbook.timezones import known_timezones
from bot.on_discord.deadline import defer
from bot.on_discord.render import ctx_of, embed_for, message, send
from bot.table.commands import ResultsChannel
from cogs.base import MAX_CHOICES, ServiceAccess, offer, progress
from cogs.pages import names_of, page_reply, post_links

log = logging.getLogger("soloist.logbook")
MAX_IMPORT_BYTES = 2_000_000
TICK_SECONDS = 60  # the streak reminder scheduler: one indexed query per tick
PLAY = "the play's number: 12 for #12 in /history"
WHOSE = "whose plays (default: yours)"
Place = app_commands.AppCommandChannel | app_commands.AppCommandThread


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


async def known_game_autocomplete(
    _interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return _known_games(current)[:MAX_CHOICES]


async def _games(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The bot's games first, then the player's own other games (as they wrote them, the
    latest first)."""
    logbook = interaction.client.logbook  # type: ignore[attr-defined]
    return _known_games(current) + [
        app_commands.Choice(name=name, value=name)
        for name in await logbook.free_games(interaction.user.id, current)
    ]


async def game_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return (await _games(interaction, current))[:MAX_CHOICES]


async def played_game_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The games a play can be logged for, and last what is typed: a game played for the
    first time."""
    offered = await _games(interaction, current)
    typed = " ".join(current.split())[:FREE_NAME_CHARS]
    if typed and not any(typed.casefold() == c.name.casefold() for c in offered):
        offered = [*offered[: MAX_CHOICES - 1], app_commands.Choice(name=typed, value=typed)]
    return offered[:MAX_CHOICES]


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


async def timezone_autocomplete(
    _interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    needle = current.strip().lower()
    return [
        app_commands.Choice(name=z, value=z)
        for z in sorted(known_timezones())
        if needle in z.lower()
    ][:25]


async def campaign_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The campaigns of the player whose stats are asked for (the `user` option, else you)."""
    user = getattr(interaction.namespace, "user", None)
    who = getattr(user, "id", None) or interaction.user.id
    names = await interaction.client.logbook.campaigns(who, current)  # type: ignore[attr-defined]
    return [app_commands.Choice(name=n[:100], value=n) for n in names]


async def challenge_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[int]]:
    """The server challenges the player whose plays are asked for has plays in."""
    user = getattr(interaction.namespace, "user", None)
    who = getattr(user, "id", None) or interaction.user.id
    found = await interaction.client.logbook.challenges(who, current)  # type: ignore[attr-defined]
    return [app_commands.Choice(name=label[:100], value=number) for label, number in found]


async def hour_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    needle = current.strip().lower()
    off = tr(OFF, await interaction.client.locale_for(interaction))  # type: ignore[attr-defined]
    options = [(off, OFF), *((f"{h:02d}:00", f"{h:02d}:00") for h in HOURS)]
    return [
        app_commands.Choice(name=name, value=value)
        for name, value in options
        if needle in name or needle in value
    ][:25]


class LogbookCog(ServiceAccess, commands.GroupCog, group_name="log", description="Your logbook"):
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
    @app_commands.command(description="Log a play that did not run through the bot")
    @app_commands.describe(
        game="the game you played: one of the bot's, or any other by its name",
        opponent="the solo opponent you played against (another game: any text, or none)",
        difficulty="the opponent's difficulty, if it has one",
        score="your score",
        opponent_score="the opponent's score",
        outcome="optional: win, loss or tie (both scores decide it)",
        date="the day you played, YYYY-MM-DD (default today)",
        modules="expansion modules, e.g. 1 3",
    )
    @app_commands.autocomplete(game=played_game_autocomplete, opponent=opponent_autocomplete)
    @app_commands.choices(difficulty=offer(DIFFICULTY), outcome=offer(OUTCOME))
    async def play(
        self,
        interaction: discord.Interaction,
        game: app_commands.Range[str, 1, 60],
        opponent: app_commands.Range[str, 1, 40] | None = None,
        difficulty: str | None = None,
        score: app_commands.Range[int, -999, 9999] | None = None,
        opponent_score: app_commands.Range[int, -999, 9999] | None = None,
        outcome: str | None = None,
        date: app_commands.Range[str, 1, 20] | None = None,
        modules: app_commands.Range[str, 1, 20] | None = None,
    ) -> None:
        reply = await self.logbook.log_play(
            ctx_of(interaction),
            game,
            opponent,
            difficulty=difficulty,
            score=score,
            opponent_score=opponent_score,
            outcome=outcome,
            day=date,
            modules=modules,
        )
        await send(interaction, reply)

    @app_commands.command(description="Change one of your plays")
    @app_commands.describe(
        play=PLAY,
        score="your score",
        opponent_score="the opponent's score",
        outcome="win, loss or tie",
        date="the day you played, YYYY-MM-DD",
    )
    @app_commands.choices(outcome=offer(OUTCOME))
    async def edit(
        self,
        interaction: discord.Interaction,
        play: app_commands.Range[int, 1, 2**62],
        score: app_commands.Range[int, -999, 9999] | None = None,
        opponent_score: app_commands.Range[int, -999, 9999] | None = None,
        outcome: str | None = None,
        date: app_commands.Range[str, 1, 20] | None = None,
    ) -> None:
        reply = await self.logbook.edit_play(
            ctx_of(interaction),
            play,
            score=score,
            opponent_score=opponent_score,
            outcome=outcome,
            day=date,
        )
        await send(interaction, reply)

    @app_commands.command(description="Delete one of your plays")
    @app_commands.describe(play=PLAY)
    async def delete(
        self, interaction: discord.Interaction, play: app_commands.Range[int, 1, 2**62]
    ) -> None:
        await send(interaction, await self.logbook.delete_play(ctx_of(interaction), play))

    @app_commands.command(description="Your timezone, for play streaks (an IANA name)")
    @app_commands.describe(name="an IANA timezone name, e.g. Europe/Berlin")
    @app_commands.autocomplete(name=timezone_autocomplete)
    async def timezone(
        self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 64]
    ) -> None:
        await send(interaction, await self.logbook.set_timezone(ctx_of(interaction), name))

    @app_commands.command(description="A DM when your play streak is about to break")
    @app_commands.describe(at="the hour of your day (your /log timezone), 0–23, or off")
    @app_commands.autocomplete(at=hour_autocomplete)
    async def remind(
        self, interaction: discord.Interaction, at: app_commands.Range[str, 1, 8]
    ) -> None:
        await send(interaction, await self.logbook.set_streak_reminder(ctx_of(interaction), at))

    @app_commands.command(description="All your plays as CSV and JSON")
    async def export(self, interaction: discord.Interaction) -> None:
        await defer(interaction, thinking=True, ephemeral=True)
        await send(interaction, await self.logbook.export(ctx_of(interaction)))

    @app_commands.command(name="import", description="Import plays from a CSV (as exported)")
    @app_commands.describe(file="a CSV file as /log export writes it")
    async def import_(self, interaction: discord.Interaction, file: discord.Attachment) -> None:
        if file.size > MAX_IMPORT_BYTES:
            raise InputError("That file is too large to import.")
        # 20,000 rows take longer than Discord's 3 s: "thinking" first, then the count.
        await defer(interaction, thinking=True, ephemeral=True)
        data = await file.read()
        reply = await self.logbook.import_csv(ctx_of(interaction), data, progress(interaction))
        await send(interaction, reply)


class StatsCog(ServiceAccess, commands.Cog):
    @app_commands.command(description="Plays, wins, streaks and charts")
    @app_commands.describe(
        user=WHOSE,
        game="only this game's plays",
        opponent="only the plays against this opponent",
        difficulty="only the plays at this difficulty",
        campaign="only this campaign's plays",
        thread="only the plays in this thread or channel",
        challenge="only the plays of this server challenge (its number)",
        page="a link to your web page instead: stats, plays and challenges",
    )
    @app_commands.autocomplete(
        game=game_autocomplete,
        opponent=opponent_autocomplete,
        campaign=campaign_autocomplete,
        challenge=challenge_autocomplete,
    )
    @app_commands.choices(difficulty=offer(DIFFICULTY))
    async def stats(
        self,
        interaction: discord.Interaction,
        user: discord.User | None = None,
        game: app_commands.Range[str, 1, 60] | None = None,
        opponent: app_commands.Range[str, 1, 40] | None = None,
        difficulty: str | None = None,
        campaign: app_commands.Range[str, 1, 60] | None = None,
        thread: Place | None = None,
        challenge: app_commands.Range[int, 1, 2**31] | None = None,
        page: bool = False,
    ) -> None:
        where = channel_id_of(thread)
        ctx = ctx_of(interaction)
        who = user.id if user else None
        if page:
            if who is not None and who != ctx.user_id:
                raise InputError("Only your own page: leave out `user`.")
            link = await self.service.player_page(ctx, names_of(interaction))
            await send(interaction, page_reply(link))
            return
        await self.logbook.check_filters(
            ctx,
            who,
            game=game,
            opponent=opponent,
            campaign=campaign,
            thread=where,
            challenge=challenge,
        )
        await defer(interaction, thinking=True)  # the chart takes a moment to draw
        reply = await self.logbook.stats(
            ctx,
            who,
            game=game,
            opponent=opponent,
            difficulty=difficulty,
            campaign=campaign,
            thread=where,
            challenge=challenge,
            locale=await self.bot.locale_for(interaction),  # type: ignore[attr-defined]
        )
        await send(interaction, reply)

    @app_commands.command(description="Your streaks in one line, fit to post")
    @app_commands.describe(user="whose streaks (default: yours)")
    async def streak(
        self, interaction: discord.Interaction, user: discord.User | None = None
    ) -> None:
        await send(
            interaction, await self.logbook.streak(ctx_of(interaction), user.id if user else None)
        )

    @app_commands.command(description="Every logged play, page by page")
    @app_commands.describe(
        user=WHOSE,
        page="the page to show (default 1)",
        campaign="only this campaign's plays",
        thread="only the plays in this thread or channel",
        challenge="only the plays of this server challenge (its number)",
    )
    @app_commands.autocomplete(campaign=campaign_autocomplete, challenge=challenge_autocomplete)
    async def history(
        self,
        interaction: discord.Interaction,
        user: discord.User | None = None,
        page: app_commands.Range[int, 1, 10_000] = 1,
        campaign: app_commands.Range[str, 1, 60] | None = None,
        thread: Place | None = None,
        challenge: app_commands.Range[int, 1, 2**31] | None = None,
    ) -> None:
        reply = await self.logbook.history(
            ctx_of(interaction),
            user.id if user else None,
            page,
            campaign=campaign,
            thread=channel_id_of(thread),
            challenge=challenge,
        )
        await send(interaction, reply)

    @app_commands.command(description="This server's best players")
    @app_commands.describe(
        game="only this game (default: every game)",
        period="only the last year, month or week (default: all time)",
    )
    @app_commands.autocomplete(game=known_game_autocomplete)
    @app_commands.choices(period=offer(PERIOD))
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: app_commands.Range[str, 1, 60] | None = None,
        period: str = "all",
    ) -> None:
        await send(interaction, await self.logbook.leaderboard(ctx_of(interaction), game, period))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(LogbookCog(bot))
    await bot.add_cog(StatsCog(bot))
