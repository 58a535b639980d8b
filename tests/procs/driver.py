"""A separate bot process for the multi-process and crash tests: it fires commands through the
table service and prints one JSON line per command as soon as the command is acknowledged.

    python -m tests.procs.driver --url URL [--schema S] --channels 1,2 --count N --seed K
        [--tasks T] [--start]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys

from bot.core.errors import NoGame, SoloistError
from bot.core.reply import Ctx
from bot.store.database import Database
from bot.table.service import TableService

OPTS = {"difficulty": "hard", "emperor_vp_variant": "S2"}
QUEUES = ["Y3 B0 R2 G4 Y0", "B5 R1 Y0 G2 R4", "G0 G3 Y2 B1 R0"]


def say(**fields: object) -> None:
    sys.stdout.write(json.dumps(fields) + "\n")
    sys.stdout.flush()


async def fire(service: TableService, ctx: Ctx, rng: random.Random, start: bool) -> None:
    roll = rng.random()
    action = (
        {"command": "round_end"}
        if roll < 0.3
        else {"command": "turn", "queue": rng.choice(QUEUES), "dice": "1:2 2:2 3:1 4:3 5:2"}
    )
    try:
        reply = await service.act(ctx, "gah", action)
        say(game=reply.game_id, v=reply.version, cmd=action["command"], ch=ctx.channel_id)
        state = reply.state or {}
        if start and state.get("phase") == "final":
            reply = await service.act(
                ctx, "gah", {"command": "final", "player_score": 50, "player_staff": "none"}
            )
            say(game=reply.game_id, v=reply.version, cmd="final", ch=ctx.channel_id)
    except NoGame:
        if start:
            try:
                reply = await service.start(ctx, "gah", OPTS, rng.randrange(1000))
                say(game=reply.game_id, v=reply.version, cmd="start", ch=ctx.channel_id)
            except SoloistError:
                say(rejected="start")
    except SoloistError as exc:
        say(rejected=str(exc)[:60])


async def main(args: argparse.Namespace) -> None:
    db = Database(args.url, schema=args.schema)
    service = TableService(db)
    rng = random.Random(args.seed)
    channels = [int(c) for c in args.channels.split(",")]
    left = args.count

    async def worker(i: int) -> None:
        nonlocal left
        while left > 0:
            left -= 1
            ctx = Ctx(guild_id=1, channel_id=rng.choice(channels), user_id=1)
            await fire(service, ctx, rng, args.start)

    await asyncio.gather(*(worker(i) for i in range(args.tasks)))
    await db.close()
    say(done=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--schema", default=None)
    parser.add_argument("--channels", default="1")
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tasks", type=int, default=4)
    parser.add_argument("--start", action="store_true")
    asyncio.run(main(parser.parse_args()))
