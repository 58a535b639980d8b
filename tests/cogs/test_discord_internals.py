"""The discord.py internals in bot/on_discord/internals.py, checked against the discord.py
installed: each test fails when an upgrade moves or changes what the bot relies on."""

from __future__ import annotations

import inspect
from typing import Any

import discord
from discord.gateway import DiscordWebSocket
from discord.state import ConnectionState

from bot.on_discord import internals


def client() -> discord.Client:
    return discord.Client(intents=discord.Intents.none())


async def test_the_gateway_reads_every_event_through_the_parsers_start_up_replaces():
    bot = client()
    found = internals.parsers(bot)
    assert {"READY", "INTERACTION_CREATE", "MESSAGE_CREATE"} <= set(found)
    assert all(callable(parse) for parse in found.values())
    # the gateway takes the very table (so a reader put in it is the one called)
    assert "_connection.parsers" in inspect.getsource(DiscordWebSocket.from_client)
    assert "_discord_parsers[event]" in inspect.getsource(DiscordWebSocket.received_message)
    assert isinstance(internals.state(bot), ConnectionState)


async def test_a_quiet_edit_sends_the_embed_and_the_buttons_and_parses_nothing_back():
    bot = client()
    sent: list[tuple[int, int, Any]] = []

    async def edit_message(channel_id: int, message_id: int, *, params: Any) -> None:
        sent.append((channel_id, message_id, params.payload))

    internals.state(bot).http.edit_message = edit_message  # type: ignore[method-assign]
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Next", custom_id="next:1"))
    await internals.edit_message(bot, 5, 6, embed=discord.Embed(title="Game #1"), view=view)
    [(channel, message, payload)] = sent
    assert (channel, message) == (5, 6)
    assert payload["embeds"][0]["title"] == "Game #1"
    assert payload["components"][0]["components"][0]["custom_id"] == "next:1"
    # buttons off: an empty list of components, no embed sent
    await internals.edit_message(bot, 5, 6, view=None)
    assert sent[1][2]["components"] == [] and "embeds" not in sent[1][2]


async def test_answered_as_makes_a_response_done_of_that_kind():
    response = discord.InteractionResponse.__new__(discord.InteractionResponse)
    internals.answered_as(response, discord.InteractionResponseType.deferred_channel_message)
    assert response.is_done()
    assert response.type is discord.InteractionResponseType.deferred_channel_message
