"""python -m bench.deadline: Discord's 3 seconds on a loaded host (issue 40, item 8).

    python -m bench.deadline [--burners 8] [--burst 40] [--seconds 120]

Starts `--burners` CPU burners (busy processes; this machine has 2 cores), then a fresh bot
(`python -m bot run`, SQLite, unmodified) against the loopback Discord of bench/gateway, and as
soon as it has identified sends the first command of every game, then a burst of `--burst`
`/gah start` at once in as many channels. Interactions carry real snowflakes (their creation
time is when they are sent), so the bot's watchdog sees their true age.

Per interaction it records the first response (callback: an answer, or a deferral) and the
answer itself (the callback's message, or the edit of the deferred response). A failed
interaction is one with no first response within 3 s of creation, as Discord would show
"This interaction failed". Also reported: the event loop's longest stall, as the bot's own
log shows it (a probe below, enabled with BENCH_LOOP_LAG), and the bot's RSS.

Bounded: stops by itself after `--seconds`; the burners and the bot are killed in a `finally`.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from aiohttp import web

from bench.gateway.__main__ import LAUNCH, rss_mib, template_db
from bench.gateway.discord_fake import (
    FakeDiscord,
    interaction,
    slash,
    user,
)
from bot.on_discord.deadline import DEADLINE

PARTNER = 900_000_000_000_099_999  # Fifth Avenue's second player
FIRSTS: list[tuple[str, dict[str, Any]]] = [
    ("gah start", slash("gah", {"seed": 1, "emperor_table": "S2"}, "start")),
    ("gwt start", slash("gwt", {"seed": 1}, "start")),
    ("glasgow start", slash("glasgow", {"seed": 1}, "start")),
    ("waterdeep start", slash("waterdeep", {"lord": "Durnan", "seed": 1}, "start")),
    ("alea start", slash("alea", {"partner": str(PARTNER), "seed": 1}, "start")),
]
FIRSTS[-1][1]["resolved"] = {"users": {str(PARTNER): user(PARTNER, "partner")}}


@dataclass
class Seen:
    sent: float
    created: float  # wall clock, the snowflake's time
    first: float | None = None  # first response (answer or deferral), perf_counter
    kind: int | None = None  # its callback type
    answer: float | None = None


@dataclass
class DeadlineDiscord(FakeDiscord):
    """The loopback Discord, with real snowflakes and every response timed per interaction."""

    seen: dict[str, Seen] = field(default_factory=dict)
    _snow: itertools.count[int] = field(default_factory=lambda: itertools.count())

    def snowflake(self) -> int:
        import discord.utils

        return discord.utils.time_snowflake(datetime.now(UTC)) + next(self._snow) % 4096

    async def ask(self, index: int, data: dict[str, Any]) -> Seen:
        """INTERACTION_CREATE now; returns when answered (or after 30 s)."""
        token = f"tok{next(self._ids)}"
        payload = interaction(self.snowflake(), token, index, data)
        seen = self.seen[token] = Seen(time.perf_counter(), time.time())
        await self._send("INTERACTION_CREATE", payload)
        for _ in range(300):
            if seen.answer is not None:
                break
            await asyncio.sleep(0.1)
        return seen

    def _callback(self, token: str, body: dict[str, Any], now: float) -> web.Response:
        seen = self.seen.get(token)
        if seen is not None and seen.first is None:
            seen.first, seen.kind = now, int(body.get("type", 4))
            if seen.kind in (4, 7, 9):
                seen.answer = now
        return super()._callback(token, body, now)

    def _route(self, method: str, parts: list[str], body: dict[str, Any]) -> Any:
        if parts[0] == "webhooks" and len(parts) >= 3 and method in ("POST", "PATCH"):
            seen = self.seen.get(parts[2])
            if seen is not None and seen.answer is None:
                seen.answer = time.perf_counter()  # the deferred response's edit, or a follow-up
        return super()._route(method, parts, body)


async def run(args: argparse.Namespace, folder: Path, db: Path) -> str:
    burners: list[subprocess.Popen[bytes]] = []
    proc: subprocess.Popen[bytes] | None = None
    fake = DeadlineDiscord(channels=len(FIRSTS) + args.burst + 1)
    try:
        for _ in range(args.burners):
            burners.append(subprocess.Popen([sys.executable, "-c", "while True: pass"]))
        port = await fake.start()
        env = os.environ | {
            "DISCORD_TOKEN": "bench.fake.token",
            "DATABASE_URL": f"sqlite+aiosqlite:///{db}",
            "LOG_LEVEL": "WARNING",
            "WEB_ENABLED": "false",
            "WEB_PORT": "0",
            "BENCH_LOOP_LAG": str(folder / "lag"),
        }
        began = time.perf_counter()
        errors = (folder / "stderr").open("w")  # shown if the bot dies
        proc = subprocess.Popen(
            [sys.executable, str(LAUNCH), str(port), "real"], env=env, cwd=folder, stderr=errors
        )
        await asyncio.wait_for(fake.identified.wait(), args.seconds)
        ready = time.perf_counter() - began
        firsts = [await fake.ask(i, data) for i, (_, data) in enumerate(FIRSTS)]
        offset = len(FIRSTS)
        burst = await asyncio.wait_for(
            asyncio.gather(*(fake.ask(offset + i, FIRSTS[0][1]) for i in range(args.burst))),
            args.seconds,
        )
        burst_took = max(s.answer or time.perf_counter() for s in burst) - min(
            s.sent for s in burst
        )
        rss = rss_mib(proc.pid)
        lag = _lag(folder / "lag")
        return _report(
            args,
            ready,
            list(zip([n for n, _ in FIRSTS], firsts, strict=True)),
            burst,
            burst_took,
            rss,
            lag,
        )
    except Exception:
        print((folder / "stderr").read_text()[-3000:], file=sys.stderr)
        raise
    finally:
        for burner in burners:
            burner.kill()
        if proc is not None:
            proc.terminate()
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
        await fake.stop()
        for burner in burners:
            burner.wait()


def _lag(path: Path) -> float | None:
    try:
        return float(path.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def _report(
    args: argparse.Namespace,
    ready: float,
    firsts: list[tuple[str, Seen]],
    burst: list[Seen],
    burst_took: float,
    rss: float,
    lag: float | None,
) -> str:
    every = [s for _, s in firsts] + burst

    def first_age(s: Seen) -> float:
        return (s.first - s.sent) if s.first is not None else float("inf")

    failed = sum(1 for s in every if first_age(s) > DEADLINE)
    deferred = sum(1 for s in every if s.kind in (5, 6))
    slowest = max((s.answer or float("inf")) - s.sent for s in every)
    lines = [
        f"machine: {platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, "
        f"{args.burners} CPU burners; load average at the end {os.getloadavg()[0]:.1f}",
        f"start to READY: {ready:.2f} s",
    ]
    for name, s in firsts:
        how = "deferred" if s.kind in (5, 6) else "answered"
        lines.append(
            f"first /{name}: {how} at {first_age(s):.2f} s, answer at "
            f"{(s.answer or float('inf')) - s.sent:.2f} s"
        )
    lines += [
        f"burst of {len(burst)} /gah start at once: all answered in {burst_took:.2f} s "
        f"({len(burst) / burst_took:.1f} commands/s)",
        f"interactions: {len(every)}, failed (no response within 3 s): {failed}, "
        f"deferred: {deferred}, slowest answer {slowest:.2f} s, slowest first response "
        f"{max(first_age(s) for s in every):.2f} s",
        f"bot RSS after: {rss:.0f} MiB; longest event-loop stall: "
        + (f"{lag * 1000:.0f} ms" if lag is not None else "not measured"),
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--burners", type=int, default=8)
    parser.add_argument("--burst", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=120.0, help="bound on each phase")
    folder = Path(tempfile.mkdtemp(prefix="bench-deadline-"))
    try:
        db = template_db(folder)  # migrated before the clock starts, as a restart finds it
        print(asyncio.run(run(parser.parse_args(), folder, db)))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
