"""The issue's whole story in one game: started in a thread, left for a day, found again by its
reminder (after a restart) and by its pinned status message, moved on by the status message's
own button, without typing."""

from __future__ import annotations

import pytest

from tests.cogs.test_reminders_discord import (
    HOUR,
    TICK,
    quick_bot,
    reminders_in,
    restart,
    sim_clock,
    wait,
    without_streak_scheduler,
)
from tests.cogs.test_status_message_discord import NO_CONTRACT

__all__ = ["sim_clock"]


@pytest.fixture
def simcord_bot(db):
    return quick_bot(db)


def status_of(thread):  # type: ignore[no-untyped-def]
    [status] = thread.pinned_messages()
    return status


def labels(message) -> list[str]:  # type: ignore[no-untyped-def]
    """A message's buttons' labels and its select menu's options' labels."""
    items = [item for row in message.components for item in row.children]
    return [o.label for i in items for o in getattr(i, "options", [])] + [
        i.label for i in items if not hasattr(i, "options")
    ]


async def test_a_thread_game_left_for_a_day_is_found_by_its_reminder_and_status_message(
    table, sim_clock, db
):
    env, channel, alice, _ = table
    without_streak_scheduler(env)
    await alice.slash(channel, "glasgow start", freddy="II", seed=3, thread=True)
    [thread] = channel.threads
    await alice.slash(thread, "game remind", after="24")
    status = status_of(thread)
    await restart(env, db)
    await wait(env, 24 + TICK / HOUR)
    [reminder] = reminders_in(thread)  # in the game's thread, not the channel
    assert reminders_in(channel) == []
    assert reminder.content.splitlines()[0] == alice.mention
    # the pinned status message still says what to do, with the buttons to do it
    assert status_of(thread).id == status.id
    assert "No special contract" in labels(status_of(thread))
    pressed = await alice.select(status_of(thread), [NO_CONTRACT])
    assert not pressed.ephemeral
    moved = status_of(thread)
    assert moved.id == status.id and moved.embeds[0].footer.text == "game #1 · step 3"
    await wait(env, 23)  # the move started the wait again: no second ping yet
    assert len(reminders_in(thread)) == 1
    await wait(env, 1 + TICK / HOUR)
    assert len(reminders_in(thread)) == 2
