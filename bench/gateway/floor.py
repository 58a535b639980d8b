"""The floor of a command, measured in one process (`bench.gateway` runs it per block):

    python bench/gateway/floor.py PLAYS.json OUT.json   # PYTHONPATH: the checkout measured

PLAYS.json holds the benchmark's sequential commands as the table service takes them (one
game after the other, each begun with its start). Three figures per command, each the wall
time of that command alone, one after the other on an idle event loop:

* rules: the pure `apply` of the game's rules on the previous state (no store, no reply);
* raw write: one sqlite3 transaction writing the rows that command writes (the game's new
  state and version with a compare-and-swap, its log entry), from JSON text made beforehand:
  no ORM, no SQLAlchemy; WAL and the bot's own `synchronous` (NORMAL);
* service: `TableService.act` (or `start`) of the checkout, on SQLite, as the bot calls it
  (its thread hop, its load, the rules, its write and commit, the reply it builds).

Run as a file with PYTHONPATH set to a checkout, so a "before" checkout is measured with its
own table service; the rules and the raw write are the same work in both.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

STAMP = datetime(2026, 1, 1, tzinfo=UTC).strftime("%Y-%m-%d %H:%M:%S.%f")


def _p50(values: list[float]) -> float:
    return statistics.median(values) if values else 0.0


def rules_alone(plays: list[dict[str, Any]]) -> tuple[dict[str, list[float]], list[list[str]]]:
    """Each command's pure `apply`, timed; and each game's states as JSON text, for the raw
    write (made outside the timing)."""
    from bot.games.registry import spec_for

    took: dict[str, list[float]] = {}
    texts: list[list[str]] = []
    for game in plays:
        spec = spec_for(game["game"])
        rules = spec.rules
        options = spec.start_options(game["options"])
        began = time.perf_counter()
        state, _ = rules.new_game(options, game["seed"])
        took.setdefault("start", []).append(time.perf_counter() - began)
        states = [json.dumps(state.model_dump(mode="json"))]
        for action in game["actions"]:
            typed = spec.english(action)
            began = time.perf_counter()
            state, _ = rules.apply(state, typed)
            took.setdefault(action["command"], []).append(time.perf_counter() - began)
            states.append(json.dumps(state.model_dump(mode="json")))
        texts.append(states)
    return took, texts


def raw_write(
    db: Path, plays: list[dict[str, Any]], texts: list[list[str]]
) -> dict[str, list[float]]:
    """The same rows, written by hand: one transaction per command (the start inserts the
    game row and its first log entry; a command updates the row by compare-and-swap on its
    version and appends its log entry)."""
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("PRAGMA foreign_keys=ON")
    took: dict[str, list[float]] = {}
    for index, (game, states) in enumerate(zip(plays, texts, strict=True)):
        began = time.perf_counter()
        conn.execute("BEGIN IMMEDIATE")
        game_id = conn.execute(
            "INSERT INTO games (guild_id, channel_id, game_key, options, seed, owner_id, "
            "players, status, state, version, depth, created_at, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, 'active', ?, 1, 0, ?, ?)",
            (
                1,
                10_000 + index,
                game["game"],
                json.dumps(game["options"]),
                str(game["seed"]),
                1,
                "[]",
                states[0],
                STAMP,
                STAMP,
            ),
        ).lastrowid
        conn.execute(
            "INSERT INTO actions (game_id, seq, user_id, created_at, command, args, facts) "
            "VALUES (?, 1, 1, ?, 'start', ?, ?)",
            (game_id, STAMP, json.dumps({"seed": game["seed"]}), "[]"),
        )
        conn.execute("COMMIT")
        took.setdefault("start", []).append(time.perf_counter() - began)
        for version, (action, text) in enumerate(
            zip(game["actions"], states[1:], strict=True), start=1
        ):
            args = json.dumps({k: v for k, v in action.items() if k != "command"})
            began = time.perf_counter()
            conn.execute("BEGIN IMMEDIATE")
            changed = conn.execute(
                "UPDATE games SET version = ?, updated_at = ?, state = ?, depth = ? "
                "WHERE id = ? AND version = ?",
                (version + 1, STAMP, text, version, game_id, version),
            ).rowcount
            assert changed == 1
            conn.execute(
                "INSERT INTO actions (game_id, seq, user_id, created_at, command, args, facts) "
                "VALUES (?, ?, 1, ?, ?, ?, ?)",
                (game_id, version + 1, STAMP, action["command"], args, "[]"),
            )
            conn.execute("COMMIT")
            took.setdefault(action["command"], []).append(time.perf_counter() - began)
    conn.close()
    return took


async def service_alone(
    db: Path, plays: list[dict[str, Any]], channels: int
) -> dict[str, list[float]]:
    """The checkout's table service on the same commands, as the bot calls it."""
    from bot.core.reply import Ctx
    from bot.on_discord.client import settle_heap
    from bot.store.database import Database
    from bot.table.service import TableService

    database = Database(f"sqlite+aiosqlite:///{db}")
    service = TableService(database)
    settle_heap()
    took: dict[str, list[float]] = {}
    for index, game in enumerate(plays):
        ctx = Ctx(guild_id=1, channel_id=channels + index, user_id=1)
        began = time.perf_counter()
        await service.start(ctx, game["game"], game["options"], game["seed"])
        took.setdefault("start", []).append(time.perf_counter() - began)
        for action in game["actions"]:
            began = time.perf_counter()
            await service.act(ctx, game["game"], action)
            took.setdefault(action["command"], []).append(time.perf_counter() - began)
    await database.close()
    return took


def measure(plays: list[dict[str, Any]]) -> dict[str, Any]:
    from bot.store.migrate import upgrade

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "floor.db"
        upgrade(f"sqlite+aiosqlite:///{path}")
        rules, texts = rules_alone(plays)
        asyncio.run(service_alone(path, plays, 20_000))  # a warm-up pass: imports, caches, the heap
        rules, texts = rules_alone(plays)
        raw = raw_write(path, plays, texts)
        service = asyncio.run(service_alone(path, plays, 30_000))
    return {
        "rules": {k: _p50(v) for k, v in rules.items()},
        "raw": {k: _p50(v) for k, v in raw.items()},
        "service": {k: _p50(v) for k, v in service.items()},
    }


if __name__ == "__main__":
    plays = json.loads(Path(sys.argv[1]).read_text())
    Path(sys.argv[2]).write_text(json.dumps(measure(plays)))
