"""What open live streams of running games' pages cost the bot's commands:

    python -m bench.live_streams [--streams 500] [--games 10] [--commands 300] [--pace 20]
                                 [--rounds 2] [--apart] [--db PATH]

The bot's side: `--games` Grand Austria Hotel games in their channels, moved by the table
service (as a cog calls it) at `--pace` commands a second, round robin; each a turn or the
undo of it, so the games never end and every command moves its game (a new version, one
event for each of its streams). Each command's latency is timed.

The pages' side: the web app served in the same event loop as the commands (as
`python -m bot run` serves them: the costlier place), or with `--apart` in a process of its
own (as `python -m bot web`: it shares only the database and the machine's cores), over the
same SQLite database (WAL), its live streams polling at the default 1 s. `--streams` SSE
streams, spread evenly over the games' pages, are opened by a client in a process of its own
(as browsers elsewhere would be), which reads every event (it does not fetch the new page:
a browser following the newest step would, and those page requests are what
`python -m bench.web` measures).

The two conditions in turn, `--rounds` times, in the same run: commands with no stream open,
then with every stream open (a drift of the machine's load touches both). Reported: each
condition's command p50/p99/max and the ratio, the events the client read, the database
polls the streams made, and the load average (`/proc/loadavg`) before and after.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

import aiohttp
from aiohttp import web

from bench.games import DICE, OPTIONS, QUEUES, percentile
from bot.core.reply import Ctx
from bot.store.database import Database
from bot.store.migrate import upgrade
from bot.table.service import TableService
from bot.web.app import LIVE, make_app
from bot.web.site import Site
from bot.web.workers import builders


def load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def ms(values: list[float]) -> str:
    shown = [v * 1000 for v in values]
    return (
        f"p50 {percentile(shown, 0.5):.2f} ms  p99 {percentile(shown, 0.99):.2f} ms  "
        f"max {max(shown):.1f} ms  (n={len(shown)})"
    )


# ---------------------------------------------------------------------------- the client
async def client(base: str, paths: list[str]) -> None:
    """The streams' reader (a process of its own), driven by lines on stdin: `open`,
    `close`, `quit`; it answers each on stdout."""
    counts = {"events": 0, "beats": 0, "opened": 0, "refused": 0}
    connector = aiohttp.TCPConnector(limit=0)
    timeout = aiohttp.ClientTimeout(total=None, sock_read=None)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as http:
        tasks: list[asyncio.Task[None]] = []
        ready = asyncio.Queue[bool]()

        async def follow(path: str) -> None:
            try:
                async with http.get(base + path + "/live") as response:
                    if response.status != 200:
                        counts["refused"] += 1
                        await ready.put(False)
                        return
                    counts["opened"] += 1
                    await ready.put(True)
                    async for line in response.content:
                        if line.startswith(b"event:"):
                            counts["events"] += 1
                        elif line.startswith(b":"):
                            counts["beats"] += 1
            except (aiohttp.ClientError, asyncio.CancelledError):
                pass

        reader = asyncio.StreamReader()
        await asyncio.get_running_loop().connect_read_pipe(
            lambda: asyncio.StreamReaderProtocol(reader), sys.stdin
        )
        while line := (await reader.readline()).decode().strip():
            if line == "open":
                tasks = [asyncio.ensure_future(follow(path)) for path in paths]
                for _ in paths:
                    await ready.get()
            elif line == "close":
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)
                tasks = []
            print(json.dumps(counts), flush=True)
            if line == "quit":
                break


# ---------------------------------------------------------------------------- the bench
async def serve(url: str, most: int) -> tuple[web.AppRunner, Site, int]:
    """The pages as `run` serves them, with the limits opened for one client."""
    db = Database(url)
    site = Site(db, lambda: "http://127.0.0.1", builders(db, 1))
    app = make_app(site)
    live = app[LIVE]
    live.per_client = live.most = most  # the bench is one client
    site.limits.burst = site.limits.per_second = 1e9
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    tcp = web.TCPSite(runner, "127.0.0.1", 0)
    await tcp.start()
    port = tcp._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    return runner, site, port


async def apart(url: str, most: int) -> None:
    """`--apart`: the pages in a process of their own (as `python -m bot web`), until stdin
    closes; the port on stdout."""
    runner, site, port = await serve(url, most)
    print(port, flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    await runner.cleanup()
    await site.close()
    await site.db.close()


async def main(
    path: Path,
    streams: int,
    games: int,
    commands: int,
    pace: float,
    rounds: int,
    away: bool,
    nice: bool = False,
) -> None:
    url = f"sqlite+aiosqlite:///{path}"
    await asyncio.to_thread(upgrade, url)
    db = Database(url)
    service = TableService(db)
    ctxs = [Ctx(guild_id=0, channel_id=100 + g, user_id=1, console=True) for g in range(games)]
    pages, states = [], []
    for g, ctx in enumerate(ctxs):
        states.append((await service.start(ctx, "gah", OPTIONS, g)).state or {})
        pages.append(f"/g/{(await service.game_page(ctx)).token}")
    pages_process = None
    if away:
        pages_process = await asyncio.create_subprocess_exec(
            *(sys.executable, "-m", "bench.live_streams", "--apart", url, str(streams + 1)),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        port = int(await pages_process.stdout.readline())  # type: ignore[union-attr]
        live = None
    else:
        runner, site, port = await serve(url, streams + 1)
        live = runner.app[LIVE]
    paths = [pages[i % games] for i in range(streams)]
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bench.live_streams",
        "--client",
        f"http://127.0.0.1:{port}",
        *paths,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        # --nice-client: the readers (browsers elsewhere in life) yield the cores to the bot
        preexec_fn=(lambda: os.nice(19)) if nice else None,
    )
    assert child.stdin is not None and child.stdout is not None

    async def tell(word: str) -> dict[str, int]:
        child.stdin.write(f"{word}\n".encode())  # type: ignore[union-attr]
        await child.stdin.drain()  # type: ignore[union-attr]
        return json.loads(await child.stdout.readline())  # type: ignore[union-attr]

    undo_next = [False] * games

    async def play(n: int) -> list[float]:
        """`n` commands, round robin over the games: a move, then its undo (the state
        before the move comes back, so the next move is the same kind)."""
        latencies = []
        for i in range(n):
            g = i % games
            ctx, state = ctxs[g], states[g]
            t = time.perf_counter()
            if undo_next[g]:
                await service.undo(ctx, 1)
            elif state.get("pending_card") is not None:
                await service.act(ctx, "gah", {"command": "turn", "queue": QUEUES[i % 4]})
            elif state.get("turns_this_round", 0) < 2:
                turn = {"command": "turn", "queue": QUEUES[i % 4], "dice": DICE}
                await service.act(ctx, "gah", turn)
            else:
                await service.act(ctx, "gah", {"command": "round_end"})
            latencies.append(time.perf_counter() - t)
            undo_next[g] = not undo_next[g]
            await asyncio.sleep(1 / pace)
        return latencies

    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    )
    print(f"load before: {load()}")
    await play(30)  # warm: a process's first commands are slower
    alone: list[float] = []
    beside: list[float] = []
    events = 0
    polls_before = 0
    open_seconds = 0.0
    for n in range(rounds):
        alone += await play(commands)
        before = await tell("open")
        assert before["refused"] == 0, before
        reads = lambda: sum(w.reads for w in live.watches.values()) if live else 0  # noqa: E731
        polls_before, started = reads(), time.perf_counter()
        assert live is None or live.open == streams, (streams, live.open)
        beside += await play(commands)
        open_seconds += time.perf_counter() - started
        polls = reads() - polls_before
        after = await tell("close")
        events += after["events"] - before["events"]
        print(
            f"round {n + 1}: {streams} streams open over {games} games, "
            f"{polls if live else 'n/a'} database polls in {time.perf_counter() - started:.1f} s, "
            f"load {load()}\n    0 streams: {ms(alone[-commands:])}\n"
            f"    {streams} streams: {ms(beside[-commands:])}",
            flush=True,
        )
    totals = await tell("quit")
    await child.wait()
    print(f"commands with 0 streams:           {ms(alone)}")
    print(f"commands with {streams} streams open: {ms(beside)}")
    p50 = percentile(beside, 0.5) / percentile(alone, 0.5)
    p99 = percentile(beside, 0.99) / percentile(alone, 0.99)
    print(f"ratio (with / without): p50 {p50:.2f}  p99 {p99:.2f}")
    print(
        f"events read by the client: {events} ({totals['beats']} heartbeats); "
        f"streams opened {totals['opened']}, refused {totals['refused']}"
    )
    print(f"load after: {load()}")
    if pages_process is not None:
        pages_process.stdin.close()  # type: ignore[union-attr]
        await pages_process.wait()
    else:
        await runner.cleanup()
        await site.close()
    await db.close()


if __name__ == "__main__":
    if sys.argv[1:2] == ["--apart"]:
        asyncio.run(apart(sys.argv[2], int(sys.argv[3])))
        sys.exit(0)
    if sys.argv[1:2] == ["--client"]:
        asyncio.run(client(sys.argv[2], sys.argv[3:]))
        sys.exit(0)
    parser = argparse.ArgumentParser()
    parser.add_argument("--streams", type=int, default=500)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--commands", type=int, default=300, help="per condition and round")
    parser.add_argument("--pace", type=float, default=20.0, help="commands per second")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument(
        "--apart", action="store_true", help="the pages in a process of their own (bot web)"
    )
    parser.add_argument("--db", type=Path, default=None)
    parser.add_argument("--nice-client", action="store_true", help="the streams' reader at nice 19")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(
            main(
                args.db or Path(tmp) / "live.db",
                args.streams,
                args.games,
                args.commands,
                args.pace,
                args.rounds,
                args.apart,
                args.nice_client,
            )
        )
