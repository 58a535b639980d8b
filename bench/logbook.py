"""/stats and /leaderboard over 100,000 generated plays (SQLite).

python -m bench.logbook [--plays 100000] [--users 200] [--runs 50]
"""

from __future__ import annotations

import argparse
import asyncio
import platform
import random
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import Connection, insert

from bot.core.reply import Ctx
from bot.logbook.service import LogbookService
from bot.logbook.timezones import day_number
from bot.store.database import Database
from bot.store.migrate import upgrade
from bot.store.models import PlayRow

GAMES = [("gah", "Leopold", "hard"), ("gwt", "Sam", "medium"), ("glasgow", "Freddy II", None)]


async def fill(db: Database, plays: int, users: int) -> None:
    rng = random.Random(1)
    start = datetime(2024, 1, 1, tzinfo=UTC)
    rows = []
    for i in range(plays):
        game, opponent, level = rng.choice(GAMES)
        moment = start + timedelta(minutes=rng.randrange(3 * 365 * 24 * 60))
        score, other = rng.randrange(40, 120), rng.randrange(40, 120)
        outcome = "win" if score > other else "loss"
        rows.append(
            {
                "user_id": 1 + i % users,
                "guild_id": 1,
                "channel_id": 1,
                "game_key": game,
                "opponent": opponent,
                "difficulty": level,
                "modules": "",
                "score": score,
                "opponent_score": other,
                "outcome": outcome,
                "played_at": moment,
                "local_day": day_number(moment, "UTC"),
                "source": "bot",
            }
        )

    def job(conn: Connection) -> None:
        for chunk in range(0, len(rows), 5000):
            conn.execute(insert(PlayRow), rows[chunk : chunk + 5000])

    await db.write(job)


async def timed(runs: int, call) -> list[float]:  # type: ignore[no-untyped-def]
    out = []
    for _ in range(runs):
        begin = time.perf_counter()
        await call()
        out.append((time.perf_counter() - begin) * 1000)
    return sorted(out)


def show(name: str, ms: list[float]) -> None:
    print(f"{name:<28} p50 {statistics.median(ms):7.2f} ms  p99 {ms[int(0.99 * len(ms))]:7.2f} ms")


async def main(plays: int, users: int, runs: int, path: Path) -> None:
    url = f"sqlite+aiosqlite:///{path}"
    await asyncio.to_thread(upgrade, url)
    db = Database(url)
    begin = time.perf_counter()
    await fill(db, plays, users)
    print(f"machine: {platform.machine()}, Python {platform.python_version()}")
    print(f"{plays} plays for {users} users inserted in {time.perf_counter() - begin:.1f} s")
    logbook = LogbookService(db)
    me, server = Ctx(1, 1, 7), Ctx(1, 1, 7)
    show("/stats (no chart)", await timed(runs, lambda: logbook.stats(me, chart=False)))
    show("/stats (with PNG)", await timed(runs, lambda: logbook.stats(me)))
    show(
        "/stats game filter", await timed(runs, lambda: logbook.stats(me, game="gah", chart=False))
    )
    show("/streak", await timed(runs, lambda: logbook.streak(me)))
    show("/leaderboard all", await timed(runs, lambda: logbook.leaderboard(server)))
    show(
        "/leaderboard month", await timed(runs, lambda: logbook.leaderboard(server, period="month"))
    )
    await db.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--plays", type=int, default=100_000)
    parser.add_argument("--users", type=int, default=200)
    parser.add_argument("--runs", type=int, default=50)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(main(args.plays, args.users, args.runs, Path(tmp) / "logbook.db"))
