"""What every Soloist cog shares: the services, and one way to run a game command."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import replace
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.errors import RuleError, SoloistError
from bot.core.reply import Reply
from bot.games.registry import spec_for
from bot.i18n import ENGLISH, localize, refuse_ambiguous, tr
from bot.logbook.service import LogbookService
from bot.on_discord import slash
from bot.on_discord.deadline import defer
from bot.on_discord.render import ctx_of, message, send
from bot.store.models import utcnow
from bot.table.pictures import attach
from bot.table.service import MAX_SEED, TableService
from bot.table.threads import thread_name

log = logging.getLogger("soloist.cogs")
ARCHIVE_AFTER = 10080  # minutes: a game's thread hides after a quiet week; a command wakes it
THREAD_RIGHTS = {
    "create_public_threads": "Create Public Threads",
    "send_messages_in_threads": "Send Messages in Threads",
}
# a server challenge's game: only its player sees the cards come (CREATE_PRIVATE_THREADS is
# 1 << 36 in Discord's permission flags; the thread is made with `invitable: false`)
PRIVATE_THREAD_RIGHTS = {
    "create_private_threads": "Create Private Threads",
    "send_messages_in_threads": "Send Messages in Threads",
}


MAX_CHOICES = 25  # Discord shows at most 25 autocomplete choices
offer = slash.offer  # the cogs' choices of a declared value, made as the builder makes them


async def reader_locale(interaction: discord.Interaction) -> str:
    """The reader's language (English where the client has no preferences, as in tests of a
    cog alone)."""
    locale_for = getattr(interaction.client, "locale_for", None)
    return ENGLISH if locale_for is None else str(await locale_for(interaction))


async def choices(
    interaction: discord.Interaction, offer: Iterable[tuple[str, Any]], current: str = ""
) -> list[app_commands.Choice[Any]]:
    """Autocomplete: the offered (label, value) pairs labelled in the reader's language whose
    label or value contains what is typed so far (all of them for "": completions the offer
    made of a typed value itself), at most 25."""
    locale = await reader_locale(interaction)
    needle = current.strip().lower()
    shown = [(tr(label, locale), value) for label, value in offer]
    return [
        app_commands.Choice(name=label[:100], value=value)
        for label, value in shown
        if needle in label.lower() or needle in str(value).lower()
    ][:MAX_CHOICES]


async def game_now(interaction: discord.Interaction, game_key: str) -> Reply | None:
    """The channel's game as `/game status` shows it, read only and unlogged, for
    autocomplete; None when no `game_key` game runs there (a finished one on view included)."""
    service = getattr(interaction.client, "service", None)
    if service is None:
        return None
    try:
        reply: Reply = await service.look(ctx_of(interaction))
    except SoloistError:
        return None
    state = reply.state or {}
    return reply if state.get("game") == game_key and state.get("status") == "active" else None


def progress(interaction: discord.Interaction) -> Callable[[str], Awaitable[None]]:
    """A long command's "so far" line, shown by editing its deferred "thinking…" message
    (fronts without one, like the console, skip it); the result follows as usual."""

    async def show(text: str) -> None:
        edit = getattr(interaction, "edit_original_response", None)
        if edit is not None and interaction.response.is_done():
            await edit(content=tr(text, await reader_locale(interaction)))  # said once, here

    return show


def thread_parent(
    interaction: discord.Interaction, *, private: bool = False
) -> discord.TextChannel:
    """The channel a game's thread opens from; a one-line refusal where none can (a DM,
    a thread already, a channel without threads, or missing permissions), before anything
    changes. A `private` thread needs its own right."""
    channel = getattr(interaction, "channel", None)
    if not interaction.guild_id:
        raise RuleError("A game gets its own thread only in a server: start it without thread.")
    if isinstance(channel, discord.Thread):
        raise RuleError("This is a thread already: start the game here without thread.")
    if not isinstance(channel, discord.TextChannel):
        raise RuleError(
            "A game's thread opens from a text channel: start it there, or here without thread."
        )
    if private and channel.is_news():
        raise RuleError(
            "A challenge's game is played in a private thread, which an announcement channel "
            "cannot hold: join from a text channel."
        )
    rights = interaction.app_permissions
    needed = PRIVATE_THREAD_RIGHTS if private else THREAD_RIGHTS
    missing = [label for flag, label in needed.items() if not getattr(rights, flag)]
    if missing:
        raise RuleError(
            f"I need the {' and '.join(missing)} permission here to open a thread: "
            "ask a moderator, or start without thread."
        )
    return channel


async def open_thread(
    parent: discord.TextChannel,
    name: str,
    starter: discord.User | discord.Member,
    *,
    private: bool = False,
) -> discord.Thread:
    """A public thread for one game (a `private` one that its starter cannot open to others,
    for a server challenge), with its starter in it (so it sits in their thread list and they
    hear of it); Discord hides it after a quiet week, and a command wakes it."""
    kinds = discord.ChannelType
    kind = kinds.news_thread if parent.is_news() else kinds.public_thread
    extra: dict[str, Any] = {}
    if private:
        kind, extra = kinds.private_thread, {"invitable": False}
    try:
        thread = await parent.create_thread(
            name=name,
            type=kind,
            auto_archive_duration=ARCHIVE_AFTER,
            reason="Soloist: a game",
            **extra,
        )
    except discord.Forbidden:
        raise RuleError(
            "Discord did not let me open a thread here: start without thread, or ask a "
            "moderator for my thread permissions."
        ) from None
    try:
        await thread.add_user(starter)
    except discord.HTTPException:
        log.info("could not add %s to thread %s", starter.id, thread.id)
    return thread


async def post(channel: discord.abc.Messageable, reply: Reply) -> discord.Message:
    """A reply as a message of its own, not an answer to an interaction (a thread's first
    post): embed, next-step buttons, pictures."""
    await attach(reply)
    return await channel.send(**message(reply))


async def _remove(thread: discord.Thread) -> None:
    """A thread whose game did not start goes again."""
    try:
        await thread.delete()
    except discord.HTTPException:
        log.warning("could not delete thread %s after a failed start", thread.id)


class ServiceAccess:
    """The bot's services, for a cog (mixed in before commands.Cog or GroupCog)."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def service(self) -> TableService:
        return self.bot.service  # type: ignore[attr-defined,no-any-return]

    @property
    def logbook(self) -> LogbookService:
        return self.bot.logbook  # type: ignore[attr-defined,no-any-return]


class TableCog(ServiceAccess, commands.GroupCog):
    game_key: str | None = None

    async def start_game(
        self,
        interaction: discord.Interaction,
        options: dict[str, Any],
        seed: int | None = None,
        *,
        thread: bool = False,
        players: list[int] | None = None,
    ) -> None:
        """Every game's `start`: one path, so a start option common to all games (a thread
        of its own for play-by-post) is written once. `players` may change the game besides
        the starter (Alea's partner). The game remembers the starter's language for its
        public posts (status message, reminders)."""
        assert self.game_key is not None
        locale = await self.bot.locale_for(interaction)  # type: ignore[attr-defined]
        if thread:
            await self._start_in_thread(interaction, options, seed, locale, players)
            return
        ctx = ctx_of(interaction)
        reply = await self.service.start(ctx, self.game_key, options, seed, players, locale=locale)
        await send(interaction, reply)

    async def _start_in_thread(
        self,
        interaction: discord.Interaction,
        options: dict[str, Any],
        seed: int | None,
        locale: str,
        players: list[int] | None = None,
    ) -> None:
        """Open a public thread named after the game, start the game in it and post its
        start there; the channel gets one line linking to it. Everything that can refuse is
        checked before the thread exists, and a start that fails anyway removes it."""
        assert self.game_key is not None
        parent = thread_parent(interaction)
        spec = spec_for(self.game_key)
        options = spec.start_options(options)
        if seed is None:
            seed = secrets.randbelow(MAX_SEED)
        state, _ = spec.rules.new_game(options, seed)  # a game that cannot start stops here
        name = thread_name(spec, options, spec.rules.summary(state), utcnow().date())
        await defer(interaction, thinking=True)  # a thread, a start and a post
        thread = await open_thread(parent, name, interaction.user)
        reply = await self._start_there(interaction, thread, options, seed, locale, players)
        line = f"{spec.name}, game #{reply.game_id}, is played in its own thread: {thread.mention}"
        await interaction.followup.send(tr(line, locale))
        await self.bot.after_reply(interaction, reply)  # type: ignore[attr-defined]

    async def _start_there(
        self,
        interaction: discord.Interaction,
        thread: discord.Thread,
        options: dict[str, Any],
        seed: int,
        locale: str,
        players: list[int] | None = None,
    ) -> Reply:
        """Start the game in its new thread and post the start there; a start that fails
        removes the thread."""
        assert self.game_key is not None
        ctx = replace(ctx_of(interaction), channel_id=thread.id)
        parent_id = thread.parent_id
        try:
            reply = await self.service.start(
                ctx, self.game_key, options, seed, players, parent_id=parent_id, locale=locale
            )
        except Exception:
            await _remove(thread)
            raise
        shown = localize(reply, locale)
        interaction.extras["reply"] = shown
        posted = await post(thread, shown)
        interaction.extras["posted"] = (thread.id, posted.id)  # to become the status message
        return reply

    async def game_now(self, interaction: discord.Interaction) -> Reply | None:
        assert self.game_key is not None
        return await game_now(interaction, self.game_key)

    async def act(self, interaction: discord.Interaction, command: str, **options: Any) -> None:
        """Send one rule command to the channel's game and answer with the reply."""
        action: dict[str, Any] = {"command": command, **options}  # read as English by the service
        refuse_ambiguous(str(self.game_key), options, await reader_locale(interaction))
        await send(interaction, await self.service.act(ctx_of(interaction), self.game_key, action))
