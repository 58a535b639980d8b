"""The schedulers (reminders, challenge closing, streak reminders) run only once connected:
the console never connects, so none starts there and none is left waiting for a connection
that never comes (which once ended every suite run with "Task exception was never retrieved
... Client has not been properly initialised")."""

from __future__ import annotations

import pytest
from discord.ext import tasks

from bot.on_discord.client import SoloistBot


def _loops(bot: SoloistBot) -> dict[str, tasks.Loop]:
    found = {}
    for cog in bot.cogs.values():
        for name in dir(type(cog)):
            loop = getattr(cog, name, None)
            if isinstance(loop, tasks.Loop):
                found[f"{type(cog).__name__}.{name}"] = loop
    return found


@pytest.mark.asyncio
async def test_the_console_starts_no_scheduler(service):
    bot = SoloistBot(service)
    await bot.setup_hook()
    loops = _loops(bot)
    names = {name.split(".")[1] for name in loops}
    assert {"reminder_tick", "streak_reminders", "challenge_closing"} <= names
    assert not [name for name, loop in loops.items() if loop.is_running()]


@pytest.mark.asyncio
async def test_connected_the_schedulers_run(simcord_env):
    loops = _loops(simcord_env.bot)
    assert loops
    assert [name for name, loop in loops.items() if not loop.is_running()] == []
