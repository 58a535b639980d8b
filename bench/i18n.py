"""What German costs: every reply of seeded Leopold games said in German.

    python -m bench.i18n [--games 10]

Plays whole games through the table service (as bench.games does), keeps every reply, then
times `localize(reply, "de")` per reply: cold (the line cache empty, every line matched against
the templates) and warm (lines seen before, as in a long-running bot). Also reports how many of
the shown lines have German.

Leopold's replies are built as messages (bot/core/said.py): each line is said from its key.
The same replies with every message made a plain English string again (what the matcher had
to take apart before issue 45) are timed in the same run, cold and warm, and the German of
both is compared.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import platform
import tempfile
import time
from collections import Counter
from pathlib import Path

import bot.i18n as i18n
from bench.games import percentile, play_game
from bot.core.game import NextStep
from bot.core.reply import Reply
from bot.i18n import localize, messages, needs_translation
from bot.store.database import Database
from bot.store.migrate import upgrade
from bot.table.service import TableService


async def replies(games: int, path: Path) -> list[Reply]:
    url = f"sqlite+aiosqlite:///{path}"
    await asyncio.to_thread(upgrade, url)
    service = TableService(Database(url))
    out: list[Reply] = []
    for seed in range(games):
        await play_game(service, seed + 1, seed, [], out)
    await service.db.close()
    return out


def timed(shown: list[Reply]) -> list[float]:
    latencies = []
    for reply in shown:
        start = time.perf_counter()
        localize(reply, "de")
        latencies.append(time.perf_counter() - start)
    return latencies


def plain(reply: Reply) -> Reply:
    """The reply with every message a plain English string: what the matcher takes apart."""
    ask = reply.ask
    if ask is not None:
        choices = [c.model_copy(update={"label": str(c.label)}) for c in ask.choices]
        update = {"prompt": str(ask.prompt), "reason": str(ask.reason), "choices": choices}
        ask = ask.model_copy(update=update)
    steps = [NextStep(str(s.label), s.command, s.args) for s in reply.next_steps]
    facts = [str(fact) for fact in reply.facts]
    return dataclasses.replace(
        reply, facts=facts, prompt=str(reply.prompt), next_steps=steps, ask=ask
    )


def clear() -> None:
    i18n._german_line.cache_clear()
    i18n._translated.cache_clear()
    i18n._finished.cache_clear()


def said_share(shown: list[Reply]) -> Counter[object]:
    messages.TALLY = Counter()
    try:
        for reply in shown:
            localize(reply, "de")
        return messages.TALLY
    finally:
        messages.TALLY = None


def report(name: str, values: list[float]) -> None:
    p50, p99 = percentile(values, 0.5) * 1e3, percentile(values, 0.99) * 1e3
    rate = len(values) / sum(values)
    print(f"{name}: p50 {p50:.3f} ms, p99 {p99:.3f} ms per reply, {rate:,.0f} replies/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        shown = asyncio.run(replies(args.games, Path(tmp) / "bench.db"))
    i18n.catalog("de")  # loading the catalogs is start-up work, not a command's
    matched = [plain(reply) for reply in shown]
    clear()
    cold = timed(shown)
    warm = timed(shown)
    clear()
    matched_cold = timed(matched)
    matched_warm = timed(matched)
    tally = said_share(shown)
    differ = sum(
        localize(a, "de").text != localize(b, "de").text
        for a, b in zip(shown, matched, strict=True)
    )
    lines = [
        line
        for reply in shown
        for text in (reply.title, *reply.facts, reply.prompt, reply.board or "")
        for line in text.split("\n")
        if needs_translation(line)
    ]
    german = sum(i18n._german_line(line) is not None for line in lines)
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print(f"{len(shown)} replies, {len(lines)} lines to translate, {german} have German")
    print(
        f"facts, prompts, questions and buttons: {tally['said']} lines said from messages, "
        f"{tally['matched']} matched; {differ} replies read differently matched"
    )
    for name, values in (
        ("messages, cold", cold),
        ("messages, warm", warm),
        ("matched, cold", matched_cold),
        ("matched, warm", matched_warm),
    ):
        report(name, values)


if __name__ == "__main__":
    main()
