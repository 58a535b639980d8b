"""The game reminder scheduler at 100,000 games: one tick's indexed query, and a tick that
claims a full batch of due reminders.

    python -m bench.reminders [--db sqlite|postgres] [--games 100000] [--due 200] [--runs 200]

Most games have no reminder; a tenth of them have one pending, `--due` of those already due;
a fifth of all games have ended. Each game carries a state of about 2 kB, as real ones do, so
the table is as large on disk as a busy server's. The schema comes from the migrations
(PostgreSQL: schema `soloist_bench_reminders`, dropped and rebuilt). Printed: the query plan,
p50/p99 of the due query when nothing is due (the usual tick) and when a batch is due, and of
a whole tick claiming a batch of 100 (the reminders are re-armed between runs, untimed).
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

from sqlalchemy import Connection, text, update

from bench import load
from bench.logbook import timed
from bot.store.database import Database
from bot.store.models import GameRow
from bot.table import reminders

SCHEMA = "soloist_bench_reminders"
NOW = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
STATE = {"cards": list(range(150)), "board": ["Y3 B0 R2 G4 Y0"] * 40, "vp": 0}  # ~2 kB


def rows(games: int, due: int) -> list[dict]:
    rng = random.Random(15)
    pending = set(rng.sample(range(games), games // 10))
    already = set(rng.sample(sorted(pending), due))
    out = []
    for n in range(games):
        ended = n % 5 == 0
        remind_at = None
        if n in pending:
            hours = -rng.uniform(0.01, 5) if n in already else rng.uniform(0.5, 72)
            remind_at = NOW + timedelta(hours=hours)
        out.append(
            {
                "guild_id": 1 + n % 500,
                "channel_id": n,
                "game_key": "gah",
                "options": {"difficulty": "hard"},
                "seed": n,
                "owner_id": 1 + n % 3000,
                "players": [],
                "status": ("finished" if n % 2 else "abandoned") if ended else "active",
                "state": STATE,
                "version": 1 + n % 200,
                "depth": n % 200,
                "created_at": NOW - timedelta(days=30),
                "updated_at": NOW - timedelta(hours=1),
                "remind_after": 24 if remind_at is not None else None,
                "remind_at": remind_at if not ended else None,
            }
        )
    return out


async def prepare(backend: str, folder: Path) -> Database:
    url, schema = await load.prepare(backend, folder, SCHEMA)
    return Database(url, schema=schema)


async def fill(db: Database, games: int, due: int) -> None:
    data = rows(games, due)

    def job(conn: Connection) -> None:
        for chunk in range(0, len(data), 5000):
            conn.execute(GameRow.__table__.insert(), data[chunk : chunk + 5000])

    await db.write(job)
    await db.write(lambda conn: conn.execute(text("ANALYZE games")))  # not every schema


async def plan(db: Database) -> str:
    compiled = reminders.DUE.compile(dialect=db.dialect)
    values = compiled.construct_params({"now": NOW, "limit": reminders.BATCH})
    params = tuple(values[name] for name in compiled.positiontup or [])
    if db.is_sqlite:
        params = tuple(p.isoformat(" ") if isinstance(p, datetime) else p for p in params)
    prefix = "EXPLAIN QUERY PLAN" if db.is_sqlite else "EXPLAIN ANALYZE"
    found = await db.read(lambda conn: conn.exec_driver_sql(f"{prefix} {compiled}", params).all())
    return "\n".join("    " + str(row[-1]) for row in found)


def show(name: str, ms: list[float]) -> None:
    ms = sorted(ms)
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
    print(f"{name:<40} p50 {statistics.median(ms):7.3f} ms  p99 {p99:7.3f} ms")


async def rearm(db: Database, ids: list[int], due_at: datetime) -> None:
    table = GameRow.__table__
    await db.write(
        lambda conn: conn.execute(update(table).where(table.c.id.in_(ids)).values(remind_at=due_at))
    )


async def main(backend: str, games: int, due: int, runs: int, folder: Path) -> None:
    db = await prepare(backend, folder)
    begin = time.perf_counter()
    await fill(db, games, due)
    print(f"machine: {platform.machine()}, Python {platform.python_version()}, {backend}")
    took = time.perf_counter() - begin
    print(f"{games:,} games ({games // 10:,} with a reminder, {due} due) written in {took:.1f} s")
    print("plan of the due query:")
    print(await plan(db))

    quiet = NOW - timedelta(days=1)  # nothing is due yet: the usual tick
    show(
        "due query, nothing due",
        await timed(runs, lambda: db.read(lambda c: reminders.due(c, quiet))),
    )
    found = await db.read(lambda c: reminders.due(c, NOW))
    print(f"due at NOW: {len(found)} in the first batch of {reminders.BATCH}")
    show(
        f"due query, {len(found)} due",
        await timed(runs, lambda: db.read(lambda c: reminders.due(c, NOW))),
    )

    async def post(_due: reminders.Due) -> None:
        return None

    ticks = []
    ids = [r.game_id for r in await db.read(lambda c: reminders.due(c, NOW, games))]
    due_at = NOW - timedelta(minutes=1)
    for _ in range(max(1, runs // 10)):
        await rearm(db, ids, due_at)
        begin = time.perf_counter()
        claimed = await reminders.send_due(db, NOW, post)
        ticks.append((time.perf_counter() - begin) * 1000)
        assert claimed == len(ids), claimed
    show(f"whole tick claiming {len(ids)} (no posting)", ticks)
    await db.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--due", type=int, default=200)
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(main(args.db, args.games, args.due, args.runs, Path(tmp)))
