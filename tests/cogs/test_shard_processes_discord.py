"""Shards in several processes: two bot clients, SHARD_COUNT=2 with SHARD_IDS=0 and
SHARD_IDS=1, each with its own engine over one database (two processes), each on its own
simulated gateway serving only its own guild (SimCord allows one live Env per event loop:
the second runs on an event loop of its own, in a thread). A game played through one is
read, move by move, by the other through the shared database."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable
from typing import Any

from simcord import Env

from bot.core.reply import Ctx
from bot.on_discord.client import SoloistBot
from bot.store.database import Database
from bot.table.service import TableService
from tests.cogs.test_logbook_discord import embed_text

QUEUE, DICE = "Y3 B0 R2 G4 Y0", "1:2 2:2 3:1 4:3 5:2"
TURN = {"command": "turn", "queue": "B5 R1 Y0 G2 R4", "dice": DICE}


class Apart:
    """An event loop of its own in a thread: the other process's."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    async def run(self, work: Awaitable[Any]) -> Any:
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(work, self.loop))

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


async def _made(make: Any) -> Any:
    return make()


async def test_two_shard_processes_serve_their_own_guilds_over_one_database(db):
    apart = Apart()

    async def second_process() -> tuple[Env, Database]:
        other = Database(db.url, schema=db.schema)  # the second process's own engine
        env = Env(SoloistBot(TableService(other), shard_count=2, shard_ids=[1]))
        await env.start()
        await env.bot.tree.sync()
        return env, other

    zero = Env(SoloistBot(TableService(db), shard_count=2, shard_ids=[0]))
    await zero.start()
    one, other = await apart.run(second_process())
    try:
        await zero.bot.tree.sync()
        assert zero.bot.shard_ids == [0] and one.bot.shard_ids == [1]
        await apart.run(_made(lambda: one.create_guild("padding")))  # no id the same twice
        here = zero.create_guild("shard zero", shard_id=0)
        there = await apart.run(_made(lambda: one.create_guild("shard one", shard_id=1)))
        assert here.id != there.id
        hotel = here.create_text_channel("hotel")
        inn = await apart.run(_made(lambda: there.create_text_channel("inn")))
        alice = here.add_member(zero.create_user("alice"))
        bob = await apart.run(_made(lambda: there.add_member(one.create_user("bob"))))
        assert hotel.id != inn.id and alice.id != bob.id
        assert zero.bot.get_guild(there.id) is None and one.bot.get_guild(here.id) is None

        started = await alice.slash(hotel, "gah start", seed=3)
        assert "Grand Austria Hotel" in started.response.embeds[0].title
        begun = await apart.run(bob.slash(inn, "gah start", seed=4))
        assert "Grand Austria Hotel" in begun.response.embeds[0].title

        # The other process reads alice's game through the database, move by move.
        at_hotel = Ctx(here.id, hotel.id, alice.id)
        assert (await apart.run(one.bot.service.status(at_hotel))).version == 1
        await alice.slash(hotel, "gah turn", queue=QUEUE, dice=DICE)
        assert (await apart.run(one.bot.service.status(at_hotel))).version == 2
        # ...and continues it (as a command would after a resharding moved the guild)
        moved = await apart.run(one.bot.service.act(at_hotel, "gah", TURN))
        assert moved.version == 3
        shown = await alice.slash(hotel, "game status")
        assert shown.response.embeds[0].footer.text.endswith("step 3")
        assert "last time: `/gah turn queue:… B5 R1 Y0 R4`" in embed_text(shown.response)
        # bob's game is his alone, untouched by any of it
        assert (await zero.bot.service.status(Ctx(there.id, inn.id, bob.id))).version == 1
    finally:
        await apart.run(one.shutdown())
        await apart.run(other.close())
        await zero.shutdown()
        apart.stop()
