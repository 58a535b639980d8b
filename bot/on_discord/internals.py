"""The few internals of discord.py the bot needs and discord.py offers no public way to, in
this one place: nothing else in bot/ or cogs/ reaches into discord.py's private names.
tests/cogs/test_discord_internals.py fails when an upgrade of discord.py moves one of them.

- `parsers`: the gateway's reader of each event, by name. Start-up holds every event until
  the database is open (client.py) by putting its own readers in their place; discord.py's
  gateway (and SimCord) read each event through this table.
- `state`: the client's connection state, which `discord.Interaction(data=…, state=…)` takes
  to read an interaction Discord sent while start-up held it.
- `edit_message`: `PartialMessage.edit(embed=…, view=…)` without parsing the edited message
  back into a `Message` nobody reads (a buttons-off edit follows most commands, a status edit
  many: issue 22), and without storing a view (ours are all dynamic items, dispatched by
  their custom ids).
- `answered_as`: say an interaction's response was answered (as a kind) through another
  object of the same interaction (bot/on_discord/deadline.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from discord.http import handle_message_parameters
from discord.state import ConnectionState


def state(client: discord.Client) -> ConnectionState[Any]:
    return client._connection


def parsers(client: discord.Client) -> dict[str, Callable[[Any], Any]]:
    return client._connection.parsers


async def edit_message(
    client: discord.Client,
    channel_id: int,
    message_id: int,
    *,
    embed: discord.Embed | None = None,
    view: discord.ui.View | None,
) -> None:
    connection = client._connection
    connection.prevent_view_updates_for(message_id)
    parts = {"embed": embed} if embed is not None else {}
    with handle_message_parameters(view=view, **parts) as params:
        await connection.http.edit_message(channel_id, message_id, params=params)


def answered_as(
    response: discord.InteractionResponse, kind: discord.InteractionResponseType | None
) -> None:
    """What `is_done()` and `type` read, written."""
    response._response_type = kind
