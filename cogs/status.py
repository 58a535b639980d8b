"""Play-by-post: the living status message and sleeping threads.

Each game in a server has one status message in its channel: the post of its first command
(its start) becomes it, pinned where the bot may, and edited through the channel (never the
15-minute interaction token) after the commands and button presses: the opponent's board and
score, who the table waits for, the exact next step, when it last moved, and the next-step
buttons. The edit is made after the reply, off the command's path, and paced (cogs/pace.py):
a game's message is edited at once after a quiet spell, then at most once every
`pace.STATUS_EVERY` seconds, with the newest state. When the game moves on, older replies lose
their buttons in that same paced edit, so no out-of-date buttons look live. The edit renders
the state the command left (`Reply.standing`) unless the stored version is newer (another
process wrote it), so without reading the whole game again. A command
arriving in an archived thread wakes the thread first.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import weakref
from collections.abc import Callable
from typing import Any

import discord
from discord.ext import commands

from bot.core.reply import Reply
from bot.i18n import localize, tr
from bot.on_discord.internals import edit_message
from bot.on_discord.render import embed_for, view_for
from bot.store.models import GameRecord
from bot.table.threads import last_facts, set_status_message
from cogs import pace
from cogs.base import ServiceAccess
from cogs.pace import Pace
from cogs.pages import post_links

log = logging.getLogger("soloist.status")
ENDED = {"finished": "Finished {when}.", "abandoned": "Abandoned {when}; not scored."}
NO_RIGHT = "I could not pin this game's status message: I need the Pin Messages permission here."
PINS_FULL = "I could not pin this game's status message: this channel has all the pins it can hold."
NOT_PINNED = "I could not pin this game's status message: Discord refused."
MAX_PINS_REACHED = 30003  # Discord's error code for a full pin list
MAX_SHOWN = 50_000  # games whose status message is known to be current: skip their edit
MAX_POSTS = 20  # a game's replies with buttons remembered, to take their buttons off later
Shown = tuple[int, int, str, str]  # (message, version, status, locale) last put on screen
Posted = tuple[int, int]  # (channel, message): where a reply was posted


def _stamp(row: GameRecord) -> str:
    """Discord shows a timestamp in each reader's own time zone, and "3 days ago"."""
    at = int(row.updated_at.timestamp())
    return f"<t:{at}:f> (<t:{at}:R>)"


def status_embed(row: GameRecord, reply: Reply, locale: str) -> discord.Embed:
    """Where the game stands, for someone coming back after days: the board (the opponent's
    side and the score), whom the table waits for and the exact next step, when it last moved."""
    embed = embed_for(reply)
    embed.set_author(name=tr("Where the game stands", locale))
    if row.status == "active":
        players = " ".join(f"<@{p}>" for p in [row.owner_id, *row.players])
        embed.add_field(name=tr("Waiting for", locale), value=players, inline=False)
        embed.add_field(name=tr("Last updated", locale), value=_stamp(row), inline=False)
    else:
        ended = ENDED.get(row.status, "Ended {when}.").format(when=_stamp(row))
        embed.add_field(name=tr("Result", locale), value=tr(ended, locale), inline=False)
    return embed


def _known_rights(interaction: discord.Interaction, row: GameRecord) -> discord.Permissions | None:
    """The bot's permissions in the game's channel when this interaction tells them (a
    thread has its parent's)."""
    if interaction.channel_id in (row.channel_id, row.parent_id):
        return interaction.app_permissions
    return None


def _may_post(rights: discord.Permissions, channel: object, row: GameRecord) -> bool:
    in_thread = isinstance(channel, discord.Thread) or row.parent_id is not None
    return rights.send_messages_in_threads if in_thread else rights.send_messages


async def wake(channel: object, rights: discord.Permissions | None) -> bool:
    """Un-archive a sleeping thread where the bot may (a locked one needs Manage Threads)."""
    if not isinstance(channel, discord.Thread) or not channel.archived:
        return False
    if rights is not None:
        may = rights.manage_threads or (not channel.locked and rights.send_messages_in_threads)
        if not may:
            return False
    try:
        await channel.edit(archived=False)
    except discord.HTTPException:
        log.info("could not un-archive thread %s", channel.id)
        return False
    return True


class StatusMessages(ServiceAccess, commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        super().__init__(bot)
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._shown: dict[int, Shown] = {}
        self._posts: dict[int, dict[Posted, int]] = {}  # game → its replies with buttons → version
        self._told: set[int] = set()  # games whose players were told their message is not pinned
        self.pace: Pace[int, tuple[discord.Interaction, Reply]] = Pace(
            self._paced, pace.STATUS_EVERY, spawn=self._spawn
        )

    async def cog_load(self) -> None:
        self.bot.before_listeners.append(self.wake_thread)  # type: ignore[attr-defined]
        self.bot.reply_listeners.append(self.after_reply)  # type: ignore[attr-defined]

    async def cog_unload(self) -> None:
        self.bot.before_listeners.remove(self.wake_thread)  # type: ignore[attr-defined]
        self.bot.reply_listeners.remove(self.after_reply)  # type: ignore[attr-defined]

    async def wake_thread(self, interaction: discord.Interaction) -> None:
        """A command in an archived thread un-archives it (a game's thread sleeps after a
        quiet week; its game is still there)."""
        await wake(interaction.channel, interaction.app_permissions)

    async def after_reply(self, interaction: discord.Interaction, reply: Reply) -> None:
        if reply.game_id is None or not isinstance(interaction, discord.Interaction):
            return  # not about a game, or the console: no channel to post in
        if reply.read_only and (reply.state or {}).get("status") != "active":
            return  # a look at an ended game (here, or by id from anywhere): nothing to show
        posted: Posted | None = interaction.extras.get("posted")
        buttons = reply.next_steps or (reply.ask is not None and reply.ask.fields)
        if posted is not None and reply.version is not None and buttons:  # a form's too
            self._note(reply.game_id, posted, reply.version)
        shown = self._shown.get(reply.game_id)
        if shown is not None and reply.version is not None and shown[1] >= reply.version:
            if shown[1] > reply.version:  # a reply that was out of date when it arrived
                await self._retire(reply.game_id, shown[1], shown[0])
            return  # a look at the game (status, board): the message already shows this
        # the paced edit also takes the buttons off the replies this one supersedes: one piece
        # of work after the reply, off the next command's path
        self.pace.request(reply.game_id, (interaction, reply))

    async def _paced(self, game_id: int, said: tuple[discord.Interaction, Reply]) -> None:
        interaction, reply = said
        await self.refresh(game_id, interaction, reply)

    def _spawn(self, work: Any) -> asyncio.Task[None]:
        """Work after a reply, as a task the bot's shutdown waits for."""
        task: asyncio.Task[None] = asyncio.ensure_future(work)
        keep = getattr(self.bot, "keep", None)
        if keep is not None:
            keep(task)
        return task

    def _note(self, game_id: int, posted: Posted, version: int) -> None:
        """Remember a reply that shows buttons, to take them off when the game moves on."""
        if len(self._posts) >= MAX_SHOWN:
            self._posts.clear()
        posts = self._posts.setdefault(game_id, {})
        posts[posted] = version
        while len(posts) > MAX_POSTS:
            del posts[next(iter(posts))]

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    async def refresh(
        self,
        game_id: int,
        interaction: discord.Interaction | None = None,
        said: Reply | None = None,
    ) -> None:
        """Show game `game_id` as it stands now, and take the buttons off its older replies.
        Under the game's lock, so two quick commands leave the newer state on screen. The
        state is the one the command `said` left (`Reply.standing`: the paced edit runs the
        latest command's), unless the database holds a newer version (another process, e.g.
        another shard's, moved the game since: one cheap read tells), else a fresh read. A
        game without a status message makes the reply just posted in its channel (`said`,
        e.g. its start) the status message, so a game has one living post, not two."""
        async with self._lock(game_id):
            row, standing = await self._standing(game_id, said)
            if not row.guild_id:
                await self._retire(game_id, row.version)
                return  # a DM has no pins and no audience: its replies say it all
            locale = await self.bot.preferences.public_locale(  # type: ignore[attr-defined]
                row.guild_id, row.locale
            )
            shown = self._shown.get(game_id)
            now = (row.status_message_id, row.version, row.status, locale)
            if shown is None or shown != now:
                await self._show(row, standing(), locale, interaction, said, shown)
            version = row.version if row.status == "active" else None
            await self._retire(game_id, version, row.status_message_id)

    async def _standing(
        self, game_id: int, said: Reply | None
    ) -> tuple[GameRecord, Callable[[], Reply]]:
        """The game's row and its status reply (built only if the message must change): from
        the reply in hand when its command wrote the state, else read. The row in hand was
        read before this process adopted or posted a status message: the message it knows
        is the newer."""
        standing = said.standing if said is not None else None
        shown = self._shown.get(game_id)
        if (
            standing is None
            or standing.row.id != game_id
            or (shown is not None and shown[1] > standing.row.version)  # newer on screen
        ):
            row, reply = await self.service.game_status(game_id)
            return row, lambda: reply
        stored = await self.service.stored_version(game_id)
        if stored is not None and stored > standing.row.version:  # another process moved it
            row, reply = await self.service.game_status(game_id)
            return row, lambda: reply
        row = standing.row
        if shown is not None and shown[0] != row.status_message_id:
            row = dataclasses.replace(row, status_message_id=shown[0])
        return row, standing.build

    async def _show(
        self,
        row: GameRecord,
        reply: Reply,
        locale: str,
        interaction: discord.Interaction | None,
        said: Reply | None,
        shown: Shown | None = None,
    ) -> None:
        rights = _known_rights(interaction, row) if interaction is not None else None
        channel = await self._channel(row, interaction)
        await wake(channel, rights)
        message_id = row.status_message_id
        may_post = rights is None or _may_post(rights, channel, row)
        adopt = self._adoptable(row, interaction, said) if message_id is None and may_post else None
        posted: Posted | None = interaction.extras.get("posted") if interaction else None
        into = adopt if message_id is None else message_id
        pressed_here = posted is not None and posted[1] == into  # a press answered in place
        if (adopt is not None or pressed_here) and said is not None and said.version == row.version:
            reply = dataclasses.replace(reply, facts=said.facts)  # what the post itself said
        embed, view = await self._render(row, reply, locale)
        candidate = adopt if message_id is None else message_id
        if candidate is not None and await self._edit(channel, candidate, embed, view, row, rights):
            if candidate == adopt:
                await set_status_message(self.service.db, row.id, adopt)
                await self._pin(channel.get_partial_message(adopt), row, rights, locale)
            elif row.status == "active" and shown is not None and shown[2] != "active":
                message = channel.get_partial_message(candidate)  # its end was undone
                await self._pin(message, row, rights, locale)
            self._remember(row.id, (candidate, row.version, row.status, locale))
            return
        if row.status != "active":
            return  # an ended game's last reply says it; no new post for it
        if not may_post:
            return  # answering commands needs no channel rights; posting does
        posted = await self._post(channel, embed, view, row, rights, locale)
        if posted is not None:
            await set_status_message(self.service.db, row.id, posted)
            self._remember(row.id, (posted, row.version, row.status, locale))

    def _adoptable(
        self, row: GameRecord, interaction: discord.Interaction | None, said: Reply | None
    ) -> int | None:
        """The message just posted in the game's own channel for this game, if any: it
        becomes the status message instead of a second post saying the same."""
        posted: Posted | None = interaction.extras.get("posted") if interaction else None
        if posted is None or said is None or said.game_id != row.id:
            return None
        channel_id, message_id = posted
        if channel_id != row.channel_id or row.status != "active":
            return None
        self._posts.get(row.id, {}).pop(posted, None)  # the status message keeps its buttons
        return message_id

    async def _retire(self, game_id: int, version: int | None, keep: int | None = None) -> None:
        """Take the buttons off the game's replies older than `version` (all of them when the
        game has ended: None), so only current buttons look live; the status message `keep`
        keeps its own."""
        posts = self._posts.get(game_id)
        if not posts:
            return
        older = [p for p, at in posts.items() if version is None or at < version]
        for posted in older:  # taken at once: a retirement running beside this one skips them
            del posts[posted]
        if not posts:
            del self._posts[game_id]
        for channel_id, message_id in older:
            if message_id == keep:
                continue
            try:
                await self._patch(channel_id, message_id, view=None)
            except discord.HTTPException:
                log.info("game %s: could not take the buttons off message %s", game_id, message_id)

    async def _patch(
        self,
        channel_id: int,
        message_id: int,
        *,
        embed: discord.Embed | None = None,
        view: discord.ui.View | None,
    ) -> None:
        """`PartialMessage.edit(embed=…, view=…)` without parsing the edited message back
        into a Message nobody reads: a buttons-off edit follows most commands and a status
        edit many (issue 22). Our views are all dynamic items, which the client dispatches
        by their custom ids, so no view is stored for the message."""
        await edit_message(self.bot, channel_id, message_id, embed=embed, view=view)

    async def _render(
        self, row: GameRecord, reply: Reply, locale: str
    ) -> tuple[discord.Embed, discord.ui.View | None]:
        """The message in the game's language; an ended game shows how it ended (what its
        last command said) rather than the step it had reached, and no buttons."""
        if row.status != "active":
            ending = await last_facts(self.service.db, row.id)
            reply = dataclasses.replace(reply, facts=ending, prompt="")
        url = await post_links(self.bot).url(row.id, row.guild_id)
        reply = localize(dataclasses.replace(reply, web_url=url), locale)
        if row.status == "active":
            view = view_for(reply)
        else:  # an ended game keeps only its "View on the web" link
            view = view_for(dataclasses.replace(reply, version=None)) if url else None
        return status_embed(row, reply, locale), view

    def _remember(self, game_id: int, shown: Shown) -> None:
        if len(self._shown) >= MAX_SHOWN:
            self._shown.clear()
        self._shown[game_id] = shown

    async def _channel(self, row: GameRecord, interaction: discord.Interaction | None) -> Any:
        """The game's channel. A thread Discord archived is out of the bot's cache: the
        interaction's own copy (or a fetch) says whether it sleeps, so it can be woken."""
        here = interaction.channel if interaction is not None else None
        if here is not None and here.id == row.channel_id:
            return here
        channel = self.bot.get_channel(row.channel_id)
        if channel is None and row.parent_id is not None:
            with contextlib.suppress(discord.HTTPException):
                channel = await self.bot.fetch_channel(row.channel_id)
        return channel or self.bot.get_partial_messageable(row.channel_id, guild_id=row.guild_id)

    async def _edit(
        self,
        channel: Any,
        message_id: int,
        embed: discord.Embed,
        view: discord.ui.View | None,
        row: GameRecord,
        rights: discord.Permissions | None,
    ) -> bool:
        """Edit the status message in place; False when it is gone (deleted), so a new one
        is posted. An ended game's last edit also takes it off the pins."""
        try:
            await self._patch(channel.id, message_id, embed=embed, view=view)
        except discord.NotFound:
            return False
        message = channel.get_partial_message(message_id)
        if row.status != "active" and (rights is None or rights.pin_messages):
            with contextlib.suppress(discord.HTTPException):  # not pinned, or may not unpin
                await message.unpin()
        return True

    async def _post(
        self,
        channel: Any,
        embed: discord.Embed,
        view: discord.ui.View | None,
        row: GameRecord,
        rights: discord.Permissions | None,
        locale: str,
    ) -> int | None:
        """Post a new status message and pin it."""
        kwargs: dict[str, Any] = {"embed": embed}
        if view is not None:
            kwargs["view"] = view
        try:
            message = await channel.send(**kwargs)
        except discord.Forbidden:
            log.info("no status message in channel %s: the bot may not post there", channel.id)
            return None
        await self._pin(message, row, rights, locale)
        return int(message.id)

    async def _pin(
        self,
        message: discord.Message | discord.PartialMessage,
        row: GameRecord,
        rights: discord.Permissions | None,
        locale: str,
    ) -> None:
        """Pin the status message; where the bot may not, say so plainly, with a link to it,
        once per game (not after every command), and log it."""
        why = await _pin(message) if rights is None or rights.pin_messages else NO_RIGHT
        if why is None:
            return
        log.info("game %s: status message %s not pinned: %s", row.id, message.id, why)
        if row.id in self._told:
            return
        if len(self._told) >= MAX_SHOWN:
            self._told.clear()
        self._told.add(row.id)
        line = tr(f"{why} It stays up to date at {message.jump_url}", locale)
        with contextlib.suppress(discord.HTTPException):
            await message.channel.send(line)


async def _pin(message: discord.Message | discord.PartialMessage) -> str | None:
    """Pin the status message; None when pinned, else why not, in one plain sentence."""
    try:
        await message.pin(reason="Soloist: the game's status message")
    except discord.Forbidden:
        return NO_RIGHT
    except discord.HTTPException as exc:
        return PINS_FULL if exc.code == MAX_PINS_REACHED else NOT_PINNED
    return None


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(StatusMessages(bot))
