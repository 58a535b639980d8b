"""`/log import` of 10,000 plays (issue 43): a BG Stats export and a BoardGameGeek plays XML,
each generated, read, checked and written into a fresh SQLite logbook. Target: ≤ 5 s each.

python -m bench.plays_import [--plays 10000]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.core.reply import Ctx
from bot.games.registry import bgg_ids
from bot.logbook.service import LogbookService
from bot.store.database import Database
from bot.store.migrate import upgrade

GAMES = [
    ("Grand Austria Hotel", 182874, "Leopold"),
    ("Great Western Trail: Second Edition", 341169, "Automa"),
    ("Spirit Island", 162886, "Level 3"),
    ("Brettspiel Straße", 0, "Automa"),
]
ME = Ctx(1, 1, 7)


def bg_stats(plays: int) -> bytes:
    rng = random.Random(1)
    start = datetime(2000, 1, 1)
    people = [{"id": 1, "name": "Zoë"}, {"id": 2, "name": "Leopold", "metaData": {"isNpc": 1}}]
    people += [{"id": 3, "name": "Automa"}, {"id": 4, "name": "Level 3"}]
    games = [{"id": i + 1, "name": n, "bggId": b} for i, (n, b, _o) in enumerate(GAMES)]
    rival = {"Leopold": 2, "Automa": 3, "Level 3": 4}
    out = []
    for i in range(plays):
        g = rng.randrange(len(GAMES))
        when = start + timedelta(days=i // 3, hours=rng.randrange(8, 22))
        mine, theirs = rng.randrange(40, 160), rng.randrange(40, 160)
        out.append(
            {
                "playDate": when.strftime("%Y-%m-%d %H:%M:%S"),
                "gameRefId": g + 1,
                "durationMin": rng.randrange(20, 150),
                "playerScores": [
                    {"playerRefId": 1, "score": str(mine), "winner": mine > theirs},
                    {
                        "playerRefId": rival[GAMES[g][2]],
                        "score": str(theirs),
                        "winner": theirs > mine,
                    },
                ],
            }
        )
    document = {"games": games, "players": people, "plays": out, "userInfo": {"meRefId": 1}}
    return json.dumps(document).encode()


def bgg_xml(plays: int) -> bytes:
    rng = random.Random(2)
    start = datetime(2000, 1, 1)
    lines = ['<?xml version="1.0" encoding="utf-8"?>', '<plays username="zoe" userid="1">']
    for i in range(plays):
        name, number, rival = GAMES[rng.randrange(len(GAMES))]
        day = (start + timedelta(days=i // 3)).date().isoformat()
        mine, theirs = rng.randrange(40, 160), rng.randrange(40, 160)
        lines += [
            f'<play id="{i}" date="{day}" quantity="1" length="60" incomplete="0">',
            f'<item name="{name}" objecttype="thing" objectid="{number}"/><players>',
            f'<player username="zoe" name="Zoë" score="{mine}" win="{int(mine > theirs)}"/>',
            f'<player name="{rival}" score="{theirs}" win="{int(theirs > mine)}"/>',
            "</players></play>",
        ]
    lines.append("</plays>")
    return "\n".join(lines).encode()


async def one(kind: str, data: bytes, path: Path) -> None:
    url = f"sqlite+aiosqlite:///{path}"
    await asyncio.to_thread(upgrade, url)
    db = Database(url)
    logbook = LogbookService(db, lambda: datetime(2026, 11, 29, tzinfo=UTC), bgg=bgg_ids)
    bgg_ids()  # the games' specs loaded before the clock starts, as in a running bot
    begin = time.perf_counter()
    reply = await logbook.import_file(ME, data)
    took = time.perf_counter() - begin
    again = time.perf_counter()
    await logbook.import_file(ME, data)  # every play a duplicate
    twice = time.perf_counter() - again
    print(f"{kind:<14} {len(data) / 1e6:5.2f} MB  import {took:5.2f} s  again {twice:5.2f} s")
    print(f"{'':<14} {reply.facts[0]}")
    await db.close()


async def main(plays: int) -> None:
    cores = os.cpu_count()
    print(f"machine: {platform.machine()}, {cores} cores, Python {platform.python_version()}")
    with tempfile.TemporaryDirectory() as tmp:
        await one("BG Stats", bg_stats(plays), Path(tmp) / "a.db")
        await one("BoardGameGeek", bgg_xml(plays), Path(tmp) / "b.db")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--plays", type=int, default=10_000)
    asyncio.run(main(parser.parse_args().plays))
