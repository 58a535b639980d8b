"""Sharding settings reach the bot, and commands work on every shard."""

import pytest

from bot.on_discord.client import SoloistBot
from bot.settings import Settings
from bot.table.service import TableService


def test_shard_settings_parse_from_the_environment(monkeypatch):
    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", "1, 3")
    settings = Settings(_env_file=None)
    assert settings.shard_count == 4 and settings.shard_ids == [1, 3]


@pytest.fixture
def simcord_bot(db):
    return SoloistBot(TableService(db), shard_count=2)


async def test_commands_answer_on_both_shards(simcord_env):
    await simcord_env.bot.tree.sync()
    for shard in (0, 1):
        guild = simcord_env.create_guild(f"shard {shard}", shard_id=shard)
        channel = guild.create_text_channel("hotel")
        member = guild.add_member(simcord_env.create_user(f"p{shard}"))
        result = await member.slash(channel, "gah start", seed=shard)
        assert "Grand Austria Hotel" in result.response.embeds[0].title
