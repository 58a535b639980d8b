"""A separate scheduler process for the exactly-once test: once told to go, it runs one
reminder tick and one challenge-closing tick at the given moment and prints one JSON line
per reminder it claimed and per challenge it closed.

    python -m tests.procs.claimer --url URL [--schema S] --at ISO --go FILE
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from datetime import datetime
from pathlib import Path

from bot.store.database import Database
from bot.table import reminders
from bot.table.contests import Contests
from bot.table.service import TableService


def say(**fields: object) -> None:
    sys.stdout.write(json.dumps(fields) + "\n")
    sys.stdout.flush()


async def main(args: argparse.Namespace) -> None:
    db = Database(args.url, schema=args.schema)
    await db.read(lambda conn: conn.exec_driver_sql("SELECT 1").scalar())  # connected
    say(ready=True)
    go = Path(args.go)
    while not go.exists():  # both processes start their ticks at the same moment
        await asyncio.sleep(0.005)
    now = datetime.fromisoformat(args.at)

    async def post(due: reminders.Due) -> None:
        say(reminder=due.game_id)

    async def close() -> None:
        for closing in await Contests(TableService(db)).close_due(now):
            say(closed=closing.challenge.id)

    await asyncio.gather(reminders.send_due(db, now, post, batch=3), close())
    await db.close()
    say(done=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--schema", default=None)
    parser.add_argument("--at", required=True)
    parser.add_argument("--go", required=True)
    asyncio.run(main(parser.parse_args()))
