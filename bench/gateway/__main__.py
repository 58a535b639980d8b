"""python -m bench.gateway: what a command costs over Discord's gateway, beside the floor.

    python -m bench.gateway [--blocks 3] [--sequential 200] [--channels 200] [--commands 10]
                            [--before DIR]

Each bot runs as its own process, unmodified, against a Discord-compatible gateway and REST
API on loopback (discord_fake.py): the real bot (`python -m bot run`, SQLite) and a trivial
discord.py bot with one slash command answering one embed (trivial.py). Blocks alternate
between them (and, with --before DIR, a checkout of another commit run the same way), so
the machine's mood hits all alike; each figure is the median over the blocks, and each ratio
the median of the blocks' own ratios. In each block, per bot:

* start to READY: from starting the process to its IDENTIFY (READY goes back at once);
* start to first answer: from starting the process to the answer of a command sent as soon as
  it has identified (what a bot does after login to be able to answer shows here);
* one command after the other (a game's first PART commands in one channel, then the next
  channel): the round trip of each (INTERACTION_CREATE sent to the interaction's answer
  received), and the bot's CPU time per command, counted until the bot has been quiet for
  --tail seconds (so work after the reply, e.g. the status message, is in it);
* 200 channels at once, each sending its next command when the last is answered: commands/s;
* the bot's RSS after that, with a game active in every channel;
* then --chatter messages that other people write in the server's channels, each after
  typing (the events the bot's intents ask for): the bot's CPU per message.

The real bot plays seeded Leopold games (`/gah start`, `turn`, `round-end`); its latency is
reported for `/gah turn`. No game ends in the timed phases: a game's end posts its result card
(the logbook's queries and a matplotlib chart, tens of milliseconds), which is not a turn's
cost. The trivial bot answers `/ping`. --routes prints the REST calls and each thread's CPU.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.gateway.discord_fake import FakeDiscord
from bench.gateway.script import Command, gah_scripts, ping_scripts

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
LAUNCH = HERE / "launch.py"
FLOOR = HERE / "floor.py"
TICKS = os.sysconf("SC_CLK_TCK")
PART = 21  # a game's start and its next 20 commands (a whole game is 24 to 26)


@dataclass
class Bot:
    label: str
    kind: str  # "trivial" or "real"
    code: Path | None = None  # the checkout the real bot runs from


@dataclass
class Block:
    ready: float
    first: float  # seconds from the process's start to its first answer
    latencies: list[float]  # seconds, the reported command
    cpu: float  # seconds of CPU per command, one channel
    throughput: float  # commands/s, many channels
    loaded_p99: float  # seconds, many channels
    rss: float  # MiB
    rest: float  # REST calls per command besides the answer
    chatter: float = 0.0  # seconds of CPU per message others write in the server
    chatter_events: int = 0  # the events those messages made, by the bot's intents
    unknown: list[str] = field(default_factory=list)
    floor: dict[str, dict[str, float]] | None = None  # floor.py's p50s (s), per command kind


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def thread_cpu(pid: int) -> dict[str, float]:
    """CPU seconds per thread (by name and id)."""
    out = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            stat = (task / "stat").read_text()
        except OSError:
            continue
        name = stat[stat.index("(") + 1 : stat.rindex(")")]
        fields = stat.rsplit(")", 1)[1].split()
        out[f"{name}:{task.name}"] = (int(fields[11]) + int(fields[12])) / TICKS
    return out


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def run_block(bot: Bot, db: Path, scripts: list[list[Command]], args: argparse.Namespace):
    line = sequence(scripts, args.warmup + args.sequential)
    fake = FakeDiscord(channels=line[-1][0] + 1 + args.channels)
    port = await fake.start()
    folder = Path(tempfile.mkdtemp(prefix="bench-gateway-"))
    shutil.copy(db, folder / "bench.db")
    env = os.environ | {
        "DISCORD_TOKEN": "bench.fake.token",
        "DATABASE_URL": f"sqlite+aiosqlite:///{folder / 'bench.db'}",
        "LOG_LEVEL": "WARNING",
    }
    if bot.code is not None:
        env["PYTHONPATH"] = str(bot.code)
    if args.memory is not None:
        env["BENCH_MEMORY"] = str(
            args.memory / f"{bot.label}-{len(list(args.memory.glob(bot.label + '-*')))}"
        )
    errors = (folder / "stderr").open("w")
    began = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, str(LAUNCH), str(port), bot.kind],
        env=env,
        cwd=folder,
        stdout=subprocess.DEVNULL,
        stderr=errors,
    )
    try:
        await asyncio.wait_for(fake.identified.wait(), 120)
        ready = fake.identified_at - began
        probe = Probe(proc.pid, env.get("BENCH_MEMORY"))
        return await _measure(fake, proc.pid, line, scripts, args, ready, began, probe)
    except Exception:
        errors.flush()
        print((folder / "stderr").read_text()[-3000:], file=sys.stderr)
        raise
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
        errors.close()
        await fake.stop()
        shutil.rmtree(folder, ignore_errors=True)


async def _measure(
    fake: FakeDiscord,
    pid: int,
    line: list[tuple[int, Command]],
    scripts: list[list[Command]],
    args: argparse.Namespace,
    ready: float,
    began: float,
    probe: Probe,
) -> Block:
    first_answer = 0.0
    await probe("ready")
    for channel, (_, data) in line[: args.warmup]:
        await fake.interact(channel, data)
        first_answer = first_answer or time.perf_counter() - began
    await fake.quiet(args.tail)
    await probe("warm")
    timed = line[args.warmup :]
    report = "turn" if any(name == "turn" for _, (name, _) in timed) else timed[0][1][0]
    cpu, rest = cpu_seconds(pid), fake.rest_calls
    threads = thread_cpu(pid)
    latencies = []
    for channel, (name, data) in timed:
        took = await fake.interact(channel, data)
        if name == report:
            latencies.append(took)
    await fake.quiet(args.tail)
    await probe("sequential")
    if args.routes:
        print(dict(fake.routes.most_common()))
        after = thread_cpu(pid)
        print(
            {k: round(v - threads.get(k, 0), 2) for k, v in after.items() if v - threads.get(k, 0)}
        )
    cpu = (cpu_seconds(pid) - cpu) / len(timed)
    rest = (fake.rest_calls - rest) / len(timed) - 1
    first = line[-1][0] + 1
    channels = range(first, first + args.channels)
    plays = {c: scripts[c % len(scripts)] for c in channels}
    await asyncio.gather(*(fake.interact(c, plays[c][0][1]) for c in channels))  # the starts
    await fake.quiet(args.tail)
    await probe("starts")
    loaded: list[float] = []

    async def play(channel: int) -> None:
        for _, data in plays[channel][1 : 1 + args.commands]:
            loaded.append(await fake.interact(channel, data))

    began = time.perf_counter()
    await asyncio.gather(*(play(c) for c in channels))
    throughput = len(loaded) / (time.perf_counter() - began)
    await fake.quiet(args.tail)
    rss = rss_mib(pid)
    await probe("end")
    chatter = cpu_seconds(pid)
    chatter_events = await fake.chatter(args.chatter)
    await asyncio.sleep(args.tail)  # the events read (no REST call marks their end)
    chatter = (cpu_seconds(pid) - chatter) / args.chatter if args.chatter else 0.0
    return Block(
        ready=ready,
        first=first_answer,
        latencies=latencies,
        cpu=cpu,
        throughput=throughput,
        loaded_p99=percentile(loaded, 0.99),
        rss=rss,
        rest=rest,
        chatter=chatter,
        chatter_events=chatter_events,
        unknown=sorted(set(fake.unknown)),
    )


@dataclass
class Probe:
    """With --memory: a report of the bot's memory at each phase (memory.py, by SIGUSR1)."""

    pid: int
    folder: str | None
    done: int = 0

    async def __call__(self, phase: str) -> None:
        if self.folder is None:
            return
        self.done += 1
        os.kill(self.pid, signal.SIGUSR1)
        report = Path(self.folder) / f"{self.done}.txt"
        for _ in range(2400):
            await asyncio.sleep(0.05)
            if report.exists():
                await asyncio.sleep(0.2)  # written
                report.rename(report.with_name(f"{self.done}-{phase}.txt"))
                return


def sequence(scripts: list[list[Command]], count: int) -> list[tuple[int, Command]]:
    """One command after the other: a game's first PART commands in one channel, then the
    next game in the next channel, so no game ends (its result card is the logbook's)."""
    out: list[tuple[int, Command]] = []
    channel = 0
    while len(out) < count:
        out += [(channel, command) for command in scripts[channel % len(scripts)][:PART]]
        channel += 1
    return out[:count]


def plays_of(line: list[tuple[int, Command]]) -> list[dict[str, Any]]:
    """The sequential commands as the table service takes them, game by game (floor.py)."""
    games: dict[int, dict[str, Any]] = {}
    for channel, (name, data) in line:
        [sub] = data["options"]
        given = {o["name"]: o["value"] for o in sub.get("options", [])}
        if name == "start":
            options = {"difficulty": given["difficulty"]}
            options["emperor_vp_variant"] = given.get("emperor_table", "ask")
            games[channel] = {"game": data["name"], "seed": given["seed"], "options": options}
            games[channel]["actions"] = []
        elif channel in games:
            games[channel]["actions"].append({"command": name, **given})
    return list(games.values())


async def run_floor(code: Path, plays: Path) -> dict[str, dict[str, float]]:
    """floor.py in a process of its own, on the checkout `code` (its table service)."""
    out = plays.with_name(f"floor-{code.name}-{time.monotonic_ns()}.json")
    env = os.environ | {"PYTHONPATH": str(code), "LOG_LEVEL": "WARNING"}
    command = [sys.executable, str(FLOOR), str(plays), str(out)]
    await asyncio.to_thread(subprocess.run, command, env=env, cwd=code, check=True)
    found: dict[str, dict[str, float]] = json.loads(out.read_text())
    out.unlink()
    return found


def compile_bytecode(code: Path) -> None:
    """The checkout's own modules as bytecode, as a bot that has started once has them (where
    PYTHONDONTWRITEBYTECODE is set, every start would compile them; discord.py, the trivial
    bot's only code, is compiled when installed)."""
    compiling = [sys.executable, "-m", "compileall", "-q", "bot", "cogs"]
    subprocess.run(compiling, cwd=code, check=True, stdout=subprocess.DEVNULL)


def template_db(folder: Path) -> Path:
    """A migrated, empty database, copied for every block (a restart, not a first install)."""
    from bot.store.migrate import upgrade

    path = folder / "template.db"
    upgrade(f"sqlite+aiosqlite:///{path}")
    return path


def describe(blocks: dict[str, list[Block]], bots: list[Bot]) -> str:
    floor = blocks[bots[0].label]
    rows = [
        ("start to READY", "s", lambda b: b.ready),
        ("start to first answer", "s", lambda b: b.first),
        ("command p50", "ms", lambda b: 1000 * percentile(b.latencies, 0.5)),
        ("command p99", "ms", lambda b: 1000 * percentile(b.latencies, 0.99)),
        ("CPU per command", "ms", lambda b: 1000 * b.cpu),
        ("200 channels", "commands/s", lambda b: b.throughput),
        ("200 channels p99", "ms", lambda b: 1000 * b.loaded_p99),
        ("RSS, a game in every channel", "MiB", lambda b: b.rss),
        ("REST calls per command besides the answer", "", lambda b: b.rest),
        ("CPU per message others write in the server", "ms", lambda b: 1000 * b.chatter),
    ]
    head = "| measure | " + " | ".join(
        f"{bot.label}" + ("" if i == 0 else f" | ratio {bot.label}/{bots[0].label}")
        for i, bot in enumerate(bots)
    )
    lines = [head + " |", "|---" * (1 + 2 * len(bots) - 1) + "|"]
    for name, unit, value in rows:
        cells = [f"{name} ({unit})" if unit else name]
        for i, bot in enumerate(bots):
            mine = blocks[bot.label]
            cells.append(f"{statistics.median(value(b) for b in mine):.2f}")
            if i:
                pairs = zip(mine, floor, strict=False)
                ratios = [value(m) / value(f) for m, f in pairs if value(f)]
                cells.append(f"{statistics.median(ratios):.2f}×" if ratios else "–")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


REPORT = "turn"  # the command the floor is reported for: `/gah turn`


def _floor_line(block: Block) -> str:
    f = block.floor or {}
    return " ".join(
        f"{part} {1000 * f[part].get(REPORT, 0.0):.2f} ms" for part in ("rules", "raw", "service")
    )


def _parts(block: Block, trivial: Block) -> dict[str, float]:
    """One block's floor and ratios (seconds and plain ratios)."""
    f = block.floor or {}
    rules, raw = f["rules"][REPORT], f["raw"][REPORT]
    service = f["service"][REPORT]
    p50, floor_p50 = percentile(block.latencies, 0.5), percentile(trivial.latencies, 0.5)
    discord_side = p50 - service
    return {
        "rules": rules,
        "raw": raw,
        "service": service,
        "service/floor": service / (rules + raw),
        "discord": discord_side,
        "discord/trivial": discord_side / floor_p50,
        "turn/trivial": p50 / floor_p50,
        "channels/trivial": block.throughput / trivial.throughput,
        "first/trivial": block.first / trivial.first,
        "rss/trivial": block.rss / trivial.rss,
    }


FLOOR_ROWS = [
    ("rules alone, `apply` (ms)", "rules", 1000, ""),
    ("raw sqlite3 write, one transaction (ms)", "raw", 1000, ""),
    ("table service, `act` (ms)", "service", 1000, ""),
    ("table service / (rules + raw write)", "service/floor", 1, "≤ 1.5"),
    ("Discord side: round trip − service (ms)", "discord", 1000, ""),
    ("Discord side / trivial bot's command", "discord/trivial", 1, "≤ 1.5"),
    ("`/gah turn` p50 / trivial bot's command", "turn/trivial", 1, "≤ 2.5"),
    ("200 channels: commands/s / trivial's", "channels/trivial", 1, "≥ 0.35"),
    ("start to first answer / trivial's", "first/trivial", 1, "≤ 1.5"),
    ("RSS, a game in every channel / trivial's", "rss/trivial", 1, "≤ 1.5"),
]


def against_floor(blocks: dict[str, list[Block]], bots: list[Bot]) -> str:
    """Each real bot's floor and every ratio the targets name, block by block paired with
    the trivial bot's run of the same block."""
    real = [bot for bot in bots if bot.kind == "real"]
    trivial = blocks[bots[0].label]
    lines = [
        "| measure | " + " | ".join(bot.label for bot in real) + " | target |",
        "|---" * (len(real) + 2) + "|",
    ]
    parts = {
        bot.label: [_parts(b, t) for b, t in zip(blocks[bot.label], trivial, strict=False)]
        for bot in real
    }
    for name, key, scale, target in FLOOR_ROWS:
        cells = [name]
        for bot in real:
            value = statistics.median(p[key] for p in parts[bot.label]) * scale
            cells.append(f"{value:.2f}" + ("×" if scale == 1 else ""))
        lines.append("| " + " | ".join([*cells, target]) + " |")
    return "\n".join(lines)


async def main(args: argparse.Namespace) -> None:
    bots = [Bot("trivial", "trivial"), Bot("soloist", "real", ROOT)]
    if args.before is not None:
        bots.append(Bot("before", "real", args.before.resolve()))
    length = max(PART, args.commands + 1)
    gah = await gah_scripts([length] * 8)
    ping = ping_scripts(length)
    results: dict[str, list[Block]] = {bot.label: [] for bot in bots}
    for bot in bots:
        if bot.code is not None:
            compile_bytecode(bot.code)
    with tempfile.TemporaryDirectory() as folder:
        db = await asyncio.to_thread(template_db, Path(folder))
        plays = Path(folder) / "plays.json"
        plays.write_text(json.dumps(plays_of(sequence(gah, args.warmup + args.sequential))))
        for block in range(args.blocks):
            order = bots if block % 2 == 0 else bots[::-1]
            for bot in order:
                scripts = ping if bot.kind == "trivial" else gah
                result = await run_block(bot, db, scripts, args)
                if bot.code is not None and not args.no_floor:
                    result.floor = await run_floor(bot.code, plays)
                results[bot.label].append(result)
                print(
                    f"block {block + 1} {bot.label:8} ready {result.ready:.2f} s  "
                    f"first {result.first:.2f} s  "
                    f"p50 {1000 * percentile(result.latencies, 0.5):.2f} ms  "
                    f"p99 {1000 * percentile(result.latencies, 0.99):.2f} ms  "
                    f"cpu {1000 * result.cpu:.2f} ms  {result.throughput:.0f}/s  "
                    f"rss {result.rss:.0f} MiB  rest {result.rest:.2f}  "
                    f"chatter {1000 * result.chatter:.3f} ms"
                    + (f"  unknown {result.unknown}" if result.unknown else "")
                    + (f"  floor {_floor_line(result)}" if result.floor else ""),
                    flush=True,
                )
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    print(f"\n{machine}; {args.blocks} blocks, medians\n")
    print(describe(results, bots))
    if not args.no_floor:
        print(f"\nAgainst the floor ({REPORT}; ratios: the median of the blocks' own)\n")
        print(against_floor(results, bots))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--blocks", type=int, default=3)
    parser.add_argument("--warmup", type=int, default=30)
    parser.add_argument("--sequential", type=int, default=200)
    parser.add_argument("--channels", type=int, default=200)
    parser.add_argument("--commands", type=int, default=10, help="per channel, timed")
    parser.add_argument("--tail", type=float, default=3.5, help="seconds of quiet after a phase")
    parser.add_argument("--routes", action="store_true", help="print the REST calls made")
    parser.add_argument(
        "--chatter", type=int, default=2000, help="messages others write at the end (0: none)"
    )
    parser.add_argument("--no-floor", action="store_true", help="skip floor.py")
    parser.add_argument("--before", type=Path, help="also run the real bot from this checkout")
    parser.add_argument(
        "--memory", type=Path, help="a folder: each bot's memory at each phase (memory.py)"
    )
    asyncio.run(main(parser.parse_args()))
