"""A `web` process of the tests' own: the pages over a database, served as `python -m bot web`
serves them (`Pages`, with threads for the game pages), on 127.0.0.1 at a free port; it prints
one JSON line saying where, and stops when its stdin closes.

    python -m tests.web.pages_process --url URL [--schema S]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys

from bot.settings import Settings
from bot.store.database import Database
from bot.web.serve import Pages


async def main(url: str, schema: str | None) -> None:
    db = Database(url, schema=schema)
    settings = Settings(web_host="127.0.0.1", web_port=0, web_workers=0, web_base_url=None)
    pages = Pages(db, settings)
    where = await pages.start()
    sys.stdout.write(json.dumps({"at": where}) + "\n")
    sys.stdout.flush()
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)  # until closed
    await pages.stop()
    await db.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--schema")
    args = parser.parse_args()
    asyncio.run(main(args.url, args.schema))
