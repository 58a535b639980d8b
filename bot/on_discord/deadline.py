"""Discord's 3 seconds: every interaction is answered or deferred in time, however busy the host.

A watchdog timer per interaction fires `GRACE` seconds after Discord created it (its snowflake
time); if nothing has answered by then, it defers, and the answer follows as an edit of the
deferred response (`respond`, and `send` in render.py). Every answer and deferral goes through
`answering`: one lock per interaction, so the command's own answer and the watchdog never both
respond (the loser sees `is_done()` and takes the edit route)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import datetime
from typing import Any

import discord

from bot.on_discord.internals import answered_as

log = logging.getLogger("soloist.deadline")
GRACE = 2.0  # seconds after creation the watchdog defers what has no answer yet
DEADLINE = 3.0  # Discord's: no first response by then, and the user sees "interaction failed"
WATCHED = (
    discord.InteractionType.application_command,
    discord.InteractionType.component,
    discord.InteractionType.modal_submit,
)  # not autocomplete: it cannot be deferred, and Discord simply shows no choices
THINKING = discord.InteractionResponseType.deferred_channel_message
UPDATING = discord.InteractionResponseType.deferred_message_update
LOCK, TIMER, STARTED, COMPLETED = "answer-lock", "answer-timer", "answer-started", "completed"
MISSED = "missed-deadline"


def _deferred(reason: str) -> None:
    # the metrics (prometheus-client) load after login, not before: bot/on_discord/client.py
    from bot.hosting.metrics import DEFERRALS

    DEFERRALS.labels(reason=reason).inc()


def _missed(interaction: discord.Interaction) -> None:
    """Count the interaction once as missed, however many answers then try (an error's too)."""
    if interaction.extras.get(MISSED):
        return
    interaction.extras[MISSED] = True
    from bot.hosting.metrics import MISSED_DEADLINES

    MISSED_DEADLINES.inc()


_early: dict[int, discord.Interaction] = {}  # came while the bot was still opening (by id)


def watch_early(watchdog: Watchdog, interaction: discord.Interaction) -> None:
    """An interaction that came before the bot serves (its database still opening) is read
    again then, as a new object: this early one is watched meanwhile, and the later one adopts
    its lock and its response (`_adopt`)."""
    watchdog.watch(interaction)
    _early[interaction.id] = interaction


def _adopt(interaction: discord.Interaction) -> None:
    early = _early.pop(getattr(interaction, "id", 0), None)
    if early is None:
        return
    interaction.extras[LOCK] = _lock(early)
    interaction.extras["early"] = early
    timer = early.extras.pop(TIMER, None)
    if timer is not None:  # the later object's own timer, or its answer, takes over
        timer.cancel()


def _sync(interaction: discord.Interaction) -> None:
    """Under the lock: a deferral made on the early object counts for this one too."""
    early = interaction.extras.get("early")
    if early is None or interaction.response.is_done() or not early.response.is_done():
        return
    answered_as(interaction.response, early.response.type)
    interaction.extras["deferred_by"] = early.extras.get("deferred_by")


def age(interaction: discord.Interaction, now: datetime | None = None) -> float:
    """Seconds since Discord created the interaction (its snowflake's time); 0 for the
    console's, which has no snowflake and no deadline."""
    snowflake = getattr(interaction, "id", None)
    if snowflake is None:
        return 0.0
    created = discord.utils.snowflake_time(snowflake)
    return ((now or discord.utils.utcnow()) - created).total_seconds()


def _lock(interaction: discord.Interaction) -> asyncio.Lock:
    lock: asyncio.Lock = interaction.extras.setdefault(LOCK, asyncio.Lock())
    return lock


@asynccontextmanager
async def answering(interaction: discord.Interaction) -> AsyncIterator[None]:
    """Hold while answering or deferring: the watchdog stands down (its timer is cancelled, or
    it waits for the lock and then sees the answer). A first response sent after Discord's
    3 s is counted as a missed deadline, whether Discord refuses it or not."""
    _adopt(interaction)
    interaction.extras[STARTED] = True
    timer = interaction.extras.pop(TIMER, None)
    if timer is not None:
        timer.cancel()
    async with _lock(interaction):
        _sync(interaction)
        if not interaction.response.is_done() and age(interaction) > DEADLINE:
            _missed(interaction)  # Discord refuses a first response this late (or barely takes it)
        yield


async def defer(
    interaction: discord.Interaction, *, thinking: bool = True, ephemeral: bool = False
) -> None:
    """A command that knows it takes long defers by its own choice (unless the watchdog has
    already): "thinking…", and its answer follows."""
    async with answering(interaction):
        if interaction.response.is_done():
            return
        await interaction.response.defer(thinking=thinking, ephemeral=ephemeral)
        interaction.extras["deferred_by"] = "command"
        _deferred("command")


def awaits_edit(interaction: discord.Interaction) -> bool:
    """The watchdog deferred with "thinking…" and nothing has completed it yet: the answer
    is an edit of that deferred response."""
    return (
        interaction.extras.get("deferred_by") == "watchdog"
        and getattr(interaction.response, "type", None) == THINKING
        and not interaction.extras.get(COMPLETED)
    )


async def respond(interaction: discord.Interaction, **kwargs: Any) -> int | None:
    """Answer with a message by the right route, whoever came first: the response itself, an
    edit of the watchdog's deferred response, or a follow-up. The message's id, where
    Discord says it (None from the console)."""
    async with answering(interaction):
        if not interaction.response.is_done():
            sent: Any = await interaction.response.send_message(**kwargs)
            return getattr(sent, "message_id", None)
        if awaits_edit(interaction):
            kwargs.pop("ephemeral", None)  # the deferred response's own visibility stays
            files = kwargs.pop("files", None)
            if files is not None:
                kwargs["attachments"] = files
            edited = await interaction.edit_original_response(**kwargs)
            interaction.extras[COMPLETED] = True
            return edited.id
        sent = await interaction.followup.send(**kwargs, wait=True)
        return getattr(sent, "id", None)


async def replace_pressed(
    interaction: discord.Interaction,
    embed: discord.Embed,
    view: Any,
    files: list[Any] | None = None,
) -> bool:
    """A press answered in place: at once (UPDATE_MESSAGE), or as an edit of the pressed
    message after the watchdog deferred it (DEFERRED_UPDATE_MESSAGE). False where neither
    fits (the press was answered some other way): the caller answers anew."""
    kept = {} if files is None else {"attachments": files}  # None: the message keeps its own
    async with answering(interaction):
        if not interaction.response.is_done():
            await interaction.response.edit_message(embed=embed, view=view, **kept)
        elif getattr(interaction.response, "type", None) == UPDATING and not interaction.extras.get(
            COMPLETED
        ):
            await interaction.edit_original_response(embed=embed, view=view, **kept)
            interaction.extras[COMPLETED] = True
        else:
            return False
    return True


class Watchdog:
    """Defers whatever has no answer `grace` seconds after its creation."""

    def __init__(
        self, grace: float = GRACE, clock: Callable[[], datetime] = discord.utils.utcnow
    ) -> None:
        self.grace = grace
        self.clock = clock
        self._rescues: set[asyncio.Task[None]] = set()

    def watch(self, interaction: discord.Interaction) -> None:
        """Arm the timer as the interaction arrives (an answer already under way needs none)."""
        _adopt(interaction)
        if interaction.type not in WATCHED or interaction.extras.get(STARTED):
            return
        if interaction.response.is_done():
            return
        # A clock behind Discord's reads a negative age: count from the arrival then.
        delay = max(self.grace - max(age(interaction, self.clock()), 0.0), 0.0)
        loop = asyncio.get_running_loop()
        interaction.extras[TIMER] = loop.call_later(delay, self._fire, interaction)

    def _fire(self, interaction: discord.Interaction) -> None:
        interaction.extras.pop(TIMER, None)
        task = asyncio.ensure_future(self.rescue(interaction))
        self._rescues.add(task)
        task.add_done_callback(self._rescues.discard)

    async def rescue(self, interaction: discord.Interaction) -> None:
        """Defer now, unless the command answered meanwhile: a button or select as a deferred
        update of its message (its answer then edits that message), anything else as
        "thinking…"."""
        async with _lock(interaction):
            _sync(interaction)
            if interaction.response.is_done() or interaction.extras.get(STARTED):
                return
            late = age(interaction, self.clock()) > DEADLINE
            in_place = interaction.type is not discord.InteractionType.application_command and (
                getattr(interaction, "message", None) is not None
            )
            try:
                await interaction.response.defer(thinking=not in_place)
            except discord.HTTPException as error:  # too late already: Unknown interaction
                _missed(interaction)
                log.warning(
                    "the watchdog could not defer interaction %s: %s", interaction.id, error
                )
                return
            interaction.extras["deferred_by"] = "watchdog"
            _deferred("watchdog")
            if late:
                _missed(interaction)
            log.info("deferred interaction %s at %.2f s", interaction.id, age(interaction))
