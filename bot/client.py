"""The discord.py bot: needs no privileged intent, loads the cogs, handles every error once."""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import Awaitable, Callable

import discord
from discord import app_commands
from discord.ext import commands

from bot.challenges.service import ChallengeService
from bot.errors import user_message
from bot.games.registry import cog_extensions
from bot.i18n import tr
from bot.logbook.service import LogbookService
from bot.render import ChoiceSelect, FormButton, LogPageButton, NextStepButton
from bot.table.preferences import Preferences
from bot.table.reply import Reply
from bot.table.service import TableService
from bot.translator import CatalogTranslator

log = logging.getLogger("soloist.client")
HOOKS_DRAIN = 10.0  # seconds a shutdown waits for status edits under way, then cancels them
discord.VoiceClient.warn_nacl = False  # no voice here
logging.getLogger("discord.client").setLevel(logging.ERROR)
SHARED_COGS = (
    "cogs.game",
    "cogs.logbook",
    "cogs.challenge",
    "cogs.help",
    "cogs.settings",
    "cogs.status",
)  # each game's own cog comes from its spec


def settle_heap() -> None:
    """Move everything loaded at start-up (libraries, game data) out of the garbage
    collector's sight: full collections then stop pausing commands (p99 68 → 15 ms)."""
    gc.collect()
    gc.freeze()


class SoloistBot(commands.AutoShardedBot):
    """Several processes can each run some shards (SHARD_COUNT, SHARD_IDS) over one database."""

    def __init__(
        self,
        service: TableService,
        *,
        shard_count: int | None = None,
        shard_ids: list[int] | None = None,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            allowed_mentions=discord.AllowedMentions.none(),
            help_command=None,
            shard_count=shard_count,
            shard_ids=shard_ids,
        )
        self.service = service
        self.logbook = LogbookService(service.db)
        self.challenges = ChallengeService(service.db)
        self.preferences = Preferences(service.db)
        self.tree.on_error = self.on_app_command_error
        self.tree.interaction_check = self.before_command  # type: ignore[method-assign]
        # Play-by-post hooks, filled by cogs: `before` runs as a command arrives (e.g. to
        # un-archive its thread), `after` once its reply is sent (e.g. to edit the status
        # message). A failing hook is logged and never spoils the command.
        self.before_listeners: list[Callable[[discord.Interaction], Awaitable[None]]] = []
        self.reply_listeners: list[Callable[[discord.Interaction, Reply], Awaitable[None]]] = []
        self._hooks: set[asyncio.Task[None]] = set()  # after-reply hooks under way
        self._stopping = False
        self._settled = False  # the heap is frozen once, after the first READY

    async def setup_hook(self) -> None:
        await self.tree.set_translator(CatalogTranslator())
        for name in (*cog_extensions(), *SHARED_COGS):
            await self.load_extension(name)
        self.add_dynamic_items(NextStepButton, ChoiceSelect, FormButton, LogPageButton)

    async def on_ready(self) -> None:
        """Once connected: freeze the heap then, not before login (its full collection, 35 ms
        to 0.1 s after start-up, would otherwise delay READY)."""
        if not self._settled:
            self._settled = True
            settle_heap()

    async def close(self) -> None:
        """Graceful: commands in flight finish, new ones are refused politely, the status
        edits under way finish (or are cancelled after a while), then the database and
        Discord's session close."""
        self._stopping = True
        await self.service.shutdown()
        await self._drain_hooks()
        await self.service.db.close()
        await super().close()

    async def _drain_hooks(self) -> None:
        if not self._hooks:
            return
        _, late = await asyncio.wait(set(self._hooks), timeout=HOOKS_DRAIN)
        for task in late:
            task.cancel()
        await asyncio.gather(*late, return_exceptions=True)
        if late:
            log.info("shutdown: cancelled %d status edit(s) still under way", len(late))

    async def locale_for(self, interaction: discord.Interaction) -> str:
        """The language to answer this user in (docs/i18n.md); the console's `lang` first."""
        chosen = getattr(interaction, "chosen_locale", None)
        if chosen:
            return str(chosen)
        return await self.preferences.locale(
            interaction.guild_id or 0, interaction.user.id, getattr(interaction, "locale", None)
        )

    async def before_command(self, interaction: discord.Interaction) -> bool:
        for listener in self.before_listeners:
            try:
                await listener(interaction)
            except Exception:
                log.exception("before-command hook failed")
        return True

    async def after_reply(self, interaction: discord.Interaction, reply: Reply) -> None:
        """Run the after-reply hooks as one task the shutdown can wait for; once the bot is
        stopping, a reply's hooks are skipped (the next start's first command catches up)."""
        if self._stopping:
            return
        task = asyncio.ensure_future(self._run_hooks(interaction, reply))
        self._hooks.add(task)
        task.add_done_callback(self._hooks.discard)
        await task

    def keep(self, task: asyncio.Task[None]) -> None:
        """Work a hook left running after the reply (a paced status edit): the shutdown waits
        for it like for the hooks themselves."""
        self._hooks.add(task)
        task.add_done_callback(self._hooks.discard)

    async def _run_hooks(self, interaction: discord.Interaction, reply: Reply) -> None:
        for listener in self.reply_listeners:
            try:
                await listener(interaction, reply)
            except Exception:
                log.exception("after-reply hook failed")

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await self.reply_error(interaction, error)

    async def reply_error(self, interaction: discord.Interaction, error: BaseException) -> None:
        """Every error is a short ephemeral message; unexpected ones show a reference id."""
        if isinstance(error, app_commands.TransformerError):
            message = f"`{error.value}` is not a valid value for that option."
        elif isinstance(error, app_commands.CheckFailure):
            message = "You can't use that command here."
        else:
            message, _ = user_message(error)
        try:
            message = tr(message, await self.locale_for(interaction))
        except Exception:  # the database may be what failed: answer in English then
            log.exception("could not find the user's language")
        interaction.extras["error"] = message
        if interaction.response.is_done():
            await interaction.followup.send(message, ephemeral=True)
        else:
            await interaction.response.send_message(message, ephemeral=True)
