"""A clean shutdown: status edits already under way finish before the database and Discord's
session close, later ones are skipped, and nothing is logged as an error."""

import asyncio
import logging

from tests.cogs.test_status_message_discord import the_status


async def test_a_clean_shutdown_drains_status_edits_and_logs_no_error(table, caplog, monkeypatch):
    env, channel, alice, _ = table
    await alice.slash(channel, "glasgow start", seed=3)
    entered, gate = asyncio.Event(), asyncio.Event()
    http = env.bot.http
    send = http.request

    async def like_aiohttp(route, *args, **kwargs):  # a closed client's session refuses requests
        if env.bot.is_closed():
            raise RuntimeError("Session is closed")
        if route.method == "PATCH" and not gate.is_set():  # the status edit of the next command
            entered.set()  # …waits here
            await gate.wait()
        return await send(route, *args, **kwargs)

    monkeypatch.setattr(http, "request", like_aiohttp)
    command = asyncio.create_task(
        alice.slash(channel, "glasgow action", chosen="other", ignored="other")
    )
    await entered.wait()
    with caplog.at_level(logging.INFO):
        closing = asyncio.create_task(env.bot.close())  # …while the bot is told to stop
        for _ in range(50):
            await asyncio.sleep(0)
        gate.set()
        await closing
        await command
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
    assert the_status(channel).embeds[0].footer.text == "game #1 · step 2"  # it finished
