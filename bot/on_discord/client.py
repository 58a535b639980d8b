"""The discord.py bot: needs no privileged intent, loads the cogs, handles every error once.

This module imports only discord.py: `python -m bot run` logs in with it alone, and the rest
(SQLAlchemy, the services, the cogs, the catalogs) loads while the bot connects
(docs/performance.md, issue 22)."""

from __future__ import annotations

import asyncio
import contextvars
import gc
import importlib
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.on_discord import internals

if TYPE_CHECKING:
    from bot.challenges.service import ChallengeService
    from bot.core.reply import Reply
    from bot.logbook.service import LogbookService
    from bot.table.preferences import Preferences
    from bot.table.service import TableService

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


def cogs() -> list[str]:
    from bot.games.registry import cog_extensions

    return [*cog_extensions(), *SHARED_COGS]


def import_serving() -> None:
    """What serving needs and login does not (SQLAlchemy, the services, the cogs and their
    commands): a third of a second, imported in a worker thread while the bot connects."""
    for name in ("bot.table.service", "bot.challenges.service", *cogs()):
        importlib.import_module(name)


def import_games() -> None:
    from bot.games.registry import SPECS

    for _ in SPECS.values():
        pass


# What Discord sends the bot besides interactions (which come whatever the intents): servers,
# channels and threads. Not the messages, typing and reactions of everyone in every channel
# the bot can see, which it would parse and cache and never read (issue 22).
INTENTS = discord.Intents(guilds=True)
FULL_EVERY = 2  # collections of the middle generation per full one (CPython's default: 10)


def settle_heap() -> None:
    """Move everything loaded at start-up (libraries, game data) out of the garbage
    collector's sight: full collections then stop pausing commands (p99 68 → 15 ms).

    They then scan only what came after start-up (a few ms), so they can come more often:
    each of discord.py's interactions is a reference cycle, and it waits for a full
    collection with all it holds (the reply, the game's state). With CPython's default, 200
    busy games kept about 27,000 such objects waiting, and the heap kept their room: 4.7 MiB
    of RSS (docs/performance.md, issue 22)."""
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_EVERY)


class SoloistBot(commands.AutoShardedBot):
    """Several processes can each run some shards (SHARD_COUNT, SHARD_IDS) over one database.

    Given its table service, the bot serves at once (the console, `sync`, the tests). Without
    one (`python -m bot run`) it logs in first, and loads its commands and opens the database
    meanwhile (`open_database`): what Discord sends before it serves waits, in order, and is
    read then, so no interaction is lost or refused."""

    service: TableService
    logbook: LogbookService
    challenges: ChallengeService
    preferences: Preferences

    def __init__(
        self,
        service: TableService | None = None,
        *,
        shard_count: int | None = None,
        shard_ids: list[int] | None = None,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=INTENTS,
            allowed_mentions=discord.AllowedMentions.none(),
            help_command=None,
            shard_count=shard_count,
            shard_ids=shard_ids,
        )
        from bot.on_discord.deadline import Watchdog

        self.watchdog = Watchdog()  # Discord's 3 s: defers what has no answer after 2 s
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
        self.opening: asyncio.Task[None] | None = None  # the database, opening
        self._held: list[tuple[contextvars.Context, Callable[[Any], Any], Any]] = []
        self._parsers: dict[str, Callable[[Any], Any]] | None = None  # while holding
        if service is not None:
            self.serve(service)
        else:
            self._hold_events()

    @property
    def serving(self) -> bool:
        return self._parsers is None

    def serve(self, service: TableService) -> None:
        """The services, on the open database; then what Discord sent meanwhile, in order
        (the commands are declared by then: `declare`)."""
        from bot.challenges.service import ChallengeService
        from bot.games.registry import bgg_ids
        from bot.logbook.service import LogbookService
        from bot.table.preferences import Preferences

        self.service = service
        self.logbook = LogbookService(service.db, bgg=bgg_ids)
        self.challenges = ChallengeService(service.db)
        self.preferences = Preferences(service.db)
        if self._parsers is not None:
            internals.parsers(self).update(self._parsers)
            self._parsers = None
        held, self._held = self._held, []
        for context, parse, data in held:
            try:
                context.run(parse, data)
            except Exception:
                log.exception("a gateway event held during start-up failed")

    def _hold_events(self) -> None:
        """Until `serve`, every gateway event is kept, with the context it came in, instead
        of read (discord.py's gateway and SimCord both read through the state's `parsers`);
        the connection itself (HELLO, heartbeats, IDENTIFY) does not wait."""
        parsers = internals.parsers(self)
        self._parsers = dict(parsers)

        def holding(parse: Callable[[Any], Any]) -> Callable[[Any], None]:
            return lambda data: self._held.append((contextvars.copy_context(), parse, data))

        for event, parse in self._parsers.items():
            parsers[event] = holding(parse)
        parsers["INTERACTION_CREATE"] = self._hold_interaction(parsers["INTERACTION_CREATE"])

    def _hold_interaction(self, hold: Callable[[Any], None]) -> Callable[[Any], None]:
        """A command held during start-up still gets Discord's 3 s: the watchdog watches it
        from its arrival (deadline.watch_early)."""
        from bot.on_discord.deadline import watch_early

        def holding(data: Any) -> None:
            hold(data)
            try:
                watch_early(
                    self.watchdog, discord.Interaction(data=data, state=internals.state(self))
                )
            except Exception:
                log.exception("an interaction held during start-up could not be watched")

        return holding

    async def setup_hook(self) -> None:
        if self.serving:  # else the opening declares them, before it serves
            await self.declare()

    async def declare(self) -> None:
        """The commands (the cogs), their German names and the buttons that outlive a
        restart."""
        from bot.on_discord.render import (
            ChoiceSelect,
            ConfirmButton,
            FormButton,
            LogPageButton,
            NextStepButton,
        )
        from bot.on_discord.translator import CatalogTranslator

        await self.tree.set_translator(CatalogTranslator())
        for name in cogs():
            await self.load_extension(name)
        self.add_dynamic_items(
            NextStepButton, ChoiceSelect, FormButton, LogPageButton, ConfirmButton
        )

    def open_database(self, opener: Callable[[], Awaitable[TableService]]) -> asyncio.Task[None]:
        """While the bot logs in and connects: the imports in a worker thread (the event loop
        keeps the connection going), the commands, the database, then serve. `close` cancels
        an opening still under way; the task fails as `opener` does."""
        self.opening = asyncio.ensure_future(self._open(opener))
        return self.opening

    async def _open(self, opener: Callable[[], Awaitable[TableService]]) -> None:
        await asyncio.to_thread(import_serving)
        await self.declare()
        # every game's rules and data are read in a worker thread while the database opens,
        # not on the event loop by each game's first command (which would wait on the import
        # lock, seconds on a loaded host); what comes meanwhile is held, and watched
        games = asyncio.ensure_future(asyncio.to_thread(import_games))
        try:
            service = await opener()
        finally:
            await games
        self.serve(service)

    async def on_ready(self) -> None:
        """Once connected: freeze the heap then, not before login (its full collection, 35 ms
        to 0.1 s after start-up, would otherwise delay READY)."""
        if not self._settled:
            self._settled = True
            settle_heap()

    def not_ready(self) -> list[str]:
        """What keeps this process's shards from serving (`/readyz`, bot/hosting/health.py):
        empty once the bot serves and every shard it runs is READY and connected."""
        if self.is_closed():
            return ["discord: closed"]
        problems = [] if self.serving else ["discord: commands not loaded yet"]
        if not self.is_ready():
            return [*problems, "discord: shards not READY yet"]
        down = sorted(shard for shard, info in self.shards.items() if info.is_closed())
        if down:
            problems.append(f"discord: shard {', '.join(map(str, down))} disconnected")
        return problems

    async def close(self) -> None:
        """Graceful: commands in flight finish, new ones are refused politely, the status
        edits under way finish (or are cancelled after a while), then the database and
        Discord's session close."""
        self._stopping = True
        if self.opening is not None and not self.opening.done():
            self.opening.cancel()
            await asyncio.gather(self.opening, return_exceptions=True)
        if self.serving:
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

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.watchdog.watch(interaction)

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
        from bot.core.errors import user_message
        from bot.i18n import tr

        try:
            locale = await self.locale_for(interaction)
        except Exception:  # the database may be what failed: answer in English then
            log.exception("could not find the user's language")
            locale = "en"

        def say(text: str) -> str:
            return tr(text, locale)

        if isinstance(error, app_commands.TransformerError):
            from bot.on_discord.refusals import transform_refused

            message = await transform_refused(interaction, error, locale)
        elif isinstance(error, app_commands.CheckFailure):
            from bot.on_discord.refusals import check_refused

            message = await check_refused(interaction, locale)
        else:
            message, _ = user_message(error, say)
        interaction.extras["error"] = message
        from bot.on_discord.deadline import respond

        await respond(interaction, content=message, ephemeral=True)
