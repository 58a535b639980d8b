"""Discord's 3 seconds, on a slow host: the watchdog defers what has no answer after 2 s, and
the answer follows as an edit of the deferred response, never "This interaction failed".

SimCord's clock is virtual (interactions expire 3 s after creation on it); a slowed service
moves it on past the watchdog's 2 s, lets the watchdog act, then past Discord's 3 s."""

import asyncio
from types import SimpleNamespace

import discord
import pytest

from bot.hosting.metrics import DEFERRALS, MISSED_DEADLINES
from bot.on_discord import render
from bot.on_discord.deadline import THINKING, TIMER
from bot.on_discord.internals import answered_as
from tests.cogs.test_grand_austria_discord import DICE, QUEUE, embed_text

DEFERRED, DEFERRED_UPDATE, UPDATE = 5, 6, 7  # Discord's interaction callback types


def callbacks(env) -> list[int]:
    return [r.json["type"] for r in env.http_requests if r.path.endswith("/callback")]


def edits_of_original(env) -> int:
    return sum(
        1 for r in env.http_requests if r.method == "PATCH" and r.path.endswith("/@original")
    )


def slowed(env, monkeypatch, method: str) -> None:
    """The service's `method` answers 3.5 s (virtual) after the interaction was created: it
    moves the clock past the watchdog's 2 s, waits for the watchdog to have acted, then past
    Discord's 3 s, when only a deferral still lets the answer through."""
    real = getattr(env.bot.service, method)
    rescue = env.bot.watchdog.rescue
    rescued = asyncio.Event()

    async def watched_rescue(interaction):
        try:
            await rescue(interaction)
        finally:
            rescued.set()

    async def slow(*args, **kwargs):
        for _ in range(5):  # the interaction's own arrival (on_interaction) arms the watchdog
            await asyncio.sleep(0)
        env.backend.advance_clock(2.5)
        await env.external_wait(rescued.wait(), reason="the watchdog's timer is due")
        env.backend.advance_clock(1.0)
        return await real(*args, **kwargs)

    monkeypatch.setattr(env.bot.watchdog, "rescue", watched_rescue)
    monkeypatch.setattr(env.bot.service, method, slow)


def count(metric) -> float:
    return metric._value.get()


async def test_a_slow_slash_command_is_deferred_by_the_watchdog_then_edited_in(table, monkeypatch):
    env, channel, alice, _ = table
    deferrals = count(DEFERRALS.labels(reason="watchdog"))
    missed = count(MISSED_DEADLINES)
    slowed(env, monkeypatch, "start")
    started = await alice.slash(channel, "gah start", seed=7, emperor_table="S2")
    assert callbacks(env) == [DEFERRED]  # the watchdog's "thinking…", and no second response
    assert edits_of_original(env) == 1  # the answer is the deferred response, edited
    assert "Grand Austria Hotel" in started.response.embeds[0].title
    assert not env.errors
    assert count(DEFERRALS.labels(reason="watchdog")) == deferrals + 1
    assert count(MISSED_DEADLINES) == missed


async def test_a_slow_button_press_is_a_deferred_update_then_an_edit_of_its_message(
    table, monkeypatch
):
    env, channel, alice, _ = table
    await alice.slash(channel, "gah start", seed=7, emperor_table="S2")
    turned = await alice.slash(channel, "gah turn", queue=QUEUE, dice=DICE)
    pressed = turned.response
    before = len(callbacks(env))
    slowed(env, monkeypatch, "act")
    clicked = await alice.click(pressed, label="Leopold's turn 4")
    assert callbacks(env)[before:] == [DEFERRED_UPDATE]  # not a second, failed, UPDATE_MESSAGE
    assert edits_of_original(env) == 1
    assert clicked.response.id == pressed.id  # the pressed message itself shows the answer
    assert "card **200**" in embed_text(clicked)
    assert not env.errors


async def test_a_fast_command_is_answered_at_once_and_never_deferred(table, monkeypatch):
    env, channel, alice, _ = table
    deferrals = count(DEFERRALS.labels(reason="watchdog"))
    timers = []
    watch = env.bot.watchdog.watch

    def watched(interaction):
        watch(interaction)
        timers.append(interaction.extras[TIMER])

    monkeypatch.setattr(env.bot.watchdog, "watch", watched)
    started = await alice.slash(channel, "gah start", seed=7)
    assert callbacks(env) == [4]  # CHANNEL_MESSAGE_WITH_SOURCE
    assert "Grand Austria Hotel" in started.response.embeds[0].title
    assert count(DEFERRALS.labels(reason="watchdog")) == deferrals
    assert len(timers) == 1 and timers[0].cancelled()  # the answer ended its watch


async def test_an_answer_that_comes_while_the_watchdog_defers_waits_and_edits(table, monkeypatch):
    """The watchdog's deferral is on its way to Discord when the command's answer is ready:
    the answer waits for it (one lock per interaction) and edits it in, no second response."""
    env, channel, alice, _ = table
    deferring, arrived = asyncio.Event(), asyncio.Event()
    real_defer, real_respond = discord.InteractionResponse.defer, render.respond
    real_start = env.bot.service.start

    async def defer(self, **kwargs):
        deferring.set()
        await env.external_wait(arrived.wait(), reason="the command's answer is ready")
        for _ in range(20):  # room for an answer that does not wait to go first
            await asyncio.sleep(0)
        return await real_defer(self, **kwargs)

    async def respond(interaction, **kwargs):
        arrived.set()
        return await real_respond(interaction, **kwargs)

    async def slow(*args, **kwargs):
        for _ in range(5):
            await asyncio.sleep(0)
        env.backend.advance_clock(2.5)
        await env.external_wait(deferring.wait(), reason="the watchdog is deferring")
        return await real_start(*args, **kwargs)

    monkeypatch.setattr(discord.InteractionResponse, "defer", defer)
    monkeypatch.setattr(render, "respond", respond)
    monkeypatch.setattr(env.bot.service, "start", slow)
    started = await alice.slash(channel, "gah start", seed=7)
    assert callbacks(env) == [DEFERRED]
    assert edits_of_original(env) == 1
    assert "Grand Austria Hotel" in started.response.embeds[0].title
    assert not env.errors


async def test_without_the_watchdog_a_slow_command_fails(table, monkeypatch):
    """The check above can fail: the same slowed start, unwatched, is "interaction failed"."""
    env, channel, alice, _ = table
    real = env.bot.service.start

    async def slow(*args, **kwargs):
        env.backend.advance_clock(3.5)
        return await real(*args, **kwargs)

    monkeypatch.setattr(env.bot.watchdog, "watch", lambda interaction: None)
    monkeypatch.setattr(env.bot.service, "start", slow)
    missed = count(MISSED_DEADLINES)
    await alice.slash(channel, "gah start", seed=7)
    await env.settle()
    # the answer came too late, and Discord refused it: "Unknown interaction"
    assert any("10062" in str(error) for error in env.errors)
    assert count(MISSED_DEADLINES) == missed + 1  # counted once, the error's answer included
    env.check_errors = False  # those refusals are this test's point


async def test_a_response_answered_through_another_object_reads_as_done_and_refuses_a_second():
    """The one write of discord.py's private response state (deadline.answered_as): a command
    held at start-up and deferred by the watchdog on its early object is answered by an edit,
    not a second response. An upgrade of discord.py that moves that state fails here."""
    response = discord.InteractionResponse(SimpleNamespace())  # type: ignore[arg-type]
    assert not response.is_done() and response.type is None
    answered_as(response, THINKING)
    assert response.is_done()
    assert response.type is THINKING
    with pytest.raises(discord.InteractionResponded):
        await response.defer(thinking=True)
