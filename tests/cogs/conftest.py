import pytest
from simcord.http import router

from bot.on_discord.client import SoloistBot
from bot.table.service import TableService


@pytest.fixture
def simcord_bot(db):
    return SoloistBot(TableService(db), shard_count=1)


@pytest.fixture
async def table(simcord_env):
    """A synced bot, a server with a channel, its owner player and a second member."""
    await simcord_env.bot.tree.sync()
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("hotel")
    alice = guild.add_member(simcord_env.create_user("alice"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    return simcord_env, channel, alice, bob


@pytest.fixture(autouse=True)
def pins_need_pin_messages(monkeypatch):
    """Discord since 2026-02-23: pinning and unpinning need the Pin Messages permission
    (1 << 51); Manage Messages alone no longer does. SimCord 3.2 still checks Manage Messages
    on its pin routes, so they check what Discord checks today."""
    for method, pinned in (("PUT", True), ("DELETE", False)):
        routes = [
            (template, _pin_route(pinned) if template[-2:] == ["pins", "{message_id}"] else handler)
            for template, handler in router._ROUTES[method]
        ]
        monkeypatch.setitem(router._ROUTES, method, routes)


def _pin_route(pinned: bool):
    def pin(ctx):
        channel = ctx.require_channel_permissions(ctx.int_arg("channel_id"), "pin_messages")
        ctx.require_message(channel.id, ctx.int_arg("message_id"))
        ctx.backend.set_pinned(channel.id, ctx.int_arg("message_id"), pinned)

    return pin
