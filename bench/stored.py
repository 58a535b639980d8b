"""What keeping messages in the database costs: the facts of the log and a state's question
kept as key and values (bot/core/said.py `stored`) instead of their English text alone.

    python -m bench.stored [--reads 30]

Plays one whole game of each opponent (bench.taps' scripted players, English console, one
SQLite file), then measures
- the size of each log row's facts as SQLite holds them (JSON text): as kept now, and as the
  same lines' English text alone (what was kept before);
- the size of each game's state, both ways (a pending question's lines): the final state and
  the snapshots kept every 25 actions (mid-game, a question often pending);
- the time `/game history` takes to read and say a page in German and in English, through the
  console (the read, the reply, its German, the console's text), on the rows as kept now and
  then on the same rows rewritten as English text (matched again): the first read of each page
  (every line cache empty) and the median of `--reads` reads after.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import select, text, update

import bot.i18n as i18n
from bench.taps import gah
from bench.taps.alea import AleaPlayers
from bench.taps.glasgow import FreddyII
from bench.taps.gwt import GwtPlayer
from bench.taps.runner import MOST_LINES
from bench.taps.waterdeep import WaterdeepPlayer
from bot.console import Console, render_text
from bot.core.said import english_data, unstored_lines
from bot.on_discord.client import SoloistBot
from bot.store.database import Database
from bot.store.migrate import upgrade
from bot.store.models import ActionRow, GameRow
from bot.table.service import TableService

PLAYERS: dict[str, Callable[[], Any]] = {
    "Leopold": gah.leopold,
    "Elisabeth": gah.elisabeth,
    "Alea": AleaPlayers,
    "Freddy II": FreddyII,
    "Sam": GwtPlayer,
    "Pseudo": WaterdeepPlayer,
}


STATE_NOW = text("SELECT state FROM games WHERE channel_id = :channel")
DURING: dict[str, tuple[int, int, int]] = {}  # opponent → (states, bytes now, as English text)


async def play_all(db: Database) -> dict[str, int]:
    """One whole game per opponent, each in a channel of its own: channel → opponent. The
    state after each line is measured too (DURING: a question pending, as kept)."""
    bot = SoloistBot(TableService(db))
    await bot.setup_hook()
    channels = {}
    for channel, (label, make) in enumerate(PLAYERS.items(), start=1):
        console, player = Console(bot, user_id=1, channel_id=channel), make()
        line = player.start()
        for _ in range(MOST_LINES):
            reply = await console.execute(line)
            if not reply.ok:
                raise RuntimeError(f"{label}: `{line}` was refused: {reply.facts}")
            kept = await db.read(lambda conn, c=channel: conn.execute(STATE_NOW, {"channel": c}))
            raw = kept.scalar_one()
            english = json.dumps(english_data(json.loads(raw)))
            states, now, before = DURING.get(label, (0, 0, 0))
            DURING[label] = (states + 1, now + len(raw), before + len(english))
            if player.over(reply):
                break
            line = player.answer(reply)
        channels[label] = channel
    return channels


def sizes(path: Path) -> dict[str, tuple[int, int, int]]:
    """game key → (rows, bytes of facts as kept now, bytes as English text alone); and the
    states under `state:`."""
    import sqlite3

    out: dict[str, tuple[int, int, int]] = {}
    with sqlite3.connect(path) as conn:
        query = "SELECT g.game_key, a.facts FROM actions a JOIN games g ON g.id = a.game_id"
        for key, text in conn.execute(query):
            english = json.dumps([str(line) for line in unstored_lines(json.loads(text))])
            rows, now, before = out.get(key, (0, 0, 0))
            out[key] = (rows + 1, now + len(text), before + len(english))
        states = (
            "SELECT 'state:' || game_key, state FROM games UNION ALL SELECT 'snapshot:' || "
            "g.game_key, s.state FROM snapshots s JOIN games g ON g.id = s.game_id"
        )
        for key, text in conn.execute(states):  # a finished game's, and mid-game ones
            english = json.dumps(english_data(json.loads(text)))
            rows, now, before = out.get(key, (0, 0, 0))
            out[key] = (rows + 1, now + len(text), before + len(english))
    return out


async def history_times(db: Database, channel: int, reads: int) -> dict[str, tuple[float, float]]:
    """locale → (first read of every page, median of `reads` reads of page 1), in ms."""
    bot = SoloistBot(TableService(db))
    await bot.setup_hook()
    out = {}
    for locale in ("de", "en"):
        console = Console(bot, user_id=1, channel_id=channel)
        await console.execute(f"lang {locale}")
        clear()
        first = await _timed(console, "/game history")
        times = [await _timed(console, "/game history") for _ in range(reads)]
        out[locale] = (first, statistics.median(times))
    return out


def clear() -> None:
    """Every line cache of the edge empty: a page read for the first time."""
    i18n._german_line.cache_clear()
    i18n._translated.cache_clear()
    i18n._finished.cache_clear()


async def _timed(console: Console, line: str) -> float:
    start = time.perf_counter()
    reply = await console.execute(line)
    render_text(reply)
    took = (time.perf_counter() - start) * 1000
    assert reply.ok, reply.text
    return took


async def as_english_text(db: Database) -> None:
    """Every row rewritten as it was kept before: facts and questions as English text."""

    def write(conn: Any) -> None:
        for row_id, facts in conn.execute(select(ActionRow.id, ActionRow.facts)).all():
            plain = [str(fact) for fact in facts]
            conn.execute(update(ActionRow).where(ActionRow.id == row_id).values(facts=plain))
        for game_id, state in conn.execute(select(GameRow.id, GameRow.state)).all():
            conn.execute(
                update(GameRow).where(GameRow.id == game_id).values(state=english_data(state))
            )

    await db.write(write)


async def main(reads: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "stored.db"
        url = f"sqlite+aiosqlite:///{path}"
        await asyncio.to_thread(upgrade, url)
        db = Database(url)
        channels = await play_all(db)
        print(f"# bench.stored on {platform.python_version()}, load {os.getloadavg()[0]:.1f}")
        print("\n| game | rows | facts bytes now | as English text | per row now | before |")
        print("|---|---:|---:|---:|---:|---:|")
        for key, (rows, now, before) in sorted(sizes(path).items()):
            per = f"{now / rows:.0f} | {before / rows:.0f}"
            print(f"| {key} | {rows} | {now:,} | {before:,} | {per} |")
        print("\n| opponent | states during the game | bytes now | as English text |")
        print("|---|---:|---:|---:|")
        for label, (states, now, before) in DURING.items():
            print(f"| {label} | {states} | {now / states:.0f} | {before / states:.0f} |")
        kept = {label: await history_times(db, ch, reads) for label, ch in channels.items()}
        await as_english_text(db)
        old = {label: await history_times(db, ch, reads) for label, ch in channels.items()}
        print(f"\n`/game history` page 1, ms (first read, caches empty / median of {reads})")
        print("| opponent | de, messages | de, English rows | en, messages | en, English rows |")
        print("|---|---:|---:|---:|---:|")
        for label in channels:
            cells = [
                f"{kind[loc][0]:.1f} / {kind[loc][1]:.1f}"
                for loc in ("de", "en")
                for kind in (kept[label], old[label])
            ]
            print(f"| {label} | {' | '.join(cells)} |")
        print(f"\nload average after: {os.getloadavg()[0]:.1f}")
        await db.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reads", type=int, default=30)
    asyncio.run(main(parser.parse_args().reads))
