"""bench.gateway's loopback Discord is Discord enough for both bots: each connects unmodified,
answers every command it is sent, and makes no REST call the fake does not serve (a route it
did not know would answer 404 and quietly change what is measured). Nothing is timed here."""

import argparse
import asyncio
import json

from bench.gateway.__main__ import ROOT, Bot, run_block, sequence, template_db
from bench.gateway.script import gah_scripts, ping_scripts

SMALL = argparse.Namespace(
    warmup=2, sequential=23, channels=3, commands=3, tail=0.2, routes=False, memory=None, chatter=5
)  # 25 commands in a row: a game's first 21 in one channel, then the next game's first 4


async def test_both_bots_answer_every_command_over_the_loopback_gateway(tmp_path):
    db = await asyncio.to_thread(template_db, tmp_path)
    for bot, scripts in (
        (Bot("trivial", "trivial"), ping_scripts(21)),
        (Bot("soloist", "real", ROOT), await gah_scripts([21, 21])),
    ):
        block = await run_block(bot, db, scripts, SMALL)
        assert block.unknown == [], bot.label
        assert 0 < block.ready < block.first and block.rss > 0 and block.throughput > 0
        timed = sequence(scripts, SMALL.warmup + SMALL.sequential)[SMALL.warmup :]
        reported = "ping" if bot.kind == "trivial" else "turn"
        assert len(block.latencies) == sum(name == reported for _, (name, _) in timed)
        assert block.chatter_events == 0  # neither asks for the server's messages or typing


async def test_the_server_chatter_follows_the_intents_a_bot_identifies_with():
    import discord

    from bench.gateway.discord_fake import FakeDiscord

    class Socket:
        def __init__(self) -> None:
            self.events: list[str] = []

        async def send_str(self, text: str) -> None:
            self.events.append(json.loads(text)["t"])

    fake = FakeDiscord(channels=3)
    fake._ws = socket = Socket()  # type: ignore[assignment]
    fake.intents = discord.Intents.default().value
    assert await fake.chatter(2) == 4
    assert socket.events == ["TYPING_START", "MESSAGE_CREATE"] * 2
    fake.intents = discord.Intents(guilds=True).value
    assert await fake.chatter(2) == 0


async def test_with_memory_the_bot_reports_its_memory_at_each_phase(tmp_path):
    db = await asyncio.to_thread(template_db, tmp_path)
    args = argparse.Namespace(**(vars(SMALL) | {"memory": tmp_path / "memory"}))
    await run_block(Bot("soloist", "real", ROOT), db, await gah_scripts([21, 21]), args)
    reports = sorted((tmp_path / "memory" / "soloist-0").iterdir())
    assert [p.name for p in reports] == [
        "1-ready.txt",
        "2-warm.txt",
        "3-sequential.txt",
        "4-starts.txt",
        "5-end.txt",
    ]
    end = reports[-1].read_text()
    assert end.startswith("VmRSS ") and "# arenas allocated current" in end
    assert "# sqlite: memory used" in end and "arena 0: system" in end
