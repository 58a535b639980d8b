import pytest

from bot.client import SoloistBot
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
