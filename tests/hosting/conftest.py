"""A SimCord bot with two shards in one process, for what readiness asks Discord."""

import pytest

from bot.on_discord.client import SoloistBot
from bot.table.service import TableService


@pytest.fixture
def simcord_bot(db):
    return SoloistBot(TableService(db), shard_count=2)


@pytest.fixture
async def site(db):
    """The pages' front, building in threads of this process (no page is built here)."""
    from bot.web.site import Site

    built = Site(db, lambda: "http://pages.test")
    yield built
    await built.close()
