"""Start one bot against the loopback Discord of `bench.gateway`:

    python bench/gateway/launch.py PORT real     # `python -m bot run`, unmodified
    python bench/gateway/launch.py PORT trivial  # the trivial discord.py bot beside it

Run as a file (not `-m`), so that with PYTHONPATH set to another checkout the real bot comes
from there (the "before" of a comparison). The only change to either bot: discord.py's API
base and default gateway are this machine's loopback port instead of discord.com.
"""

from __future__ import annotations

import sys


def main() -> int:
    port, kind = int(sys.argv[1]), sys.argv[2]
    import discord.gateway
    import discord.http
    import yarl

    discord.http.Route.BASE = f"http://127.0.0.1:{port}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{port}/gw")
    if kind == "trivial":
        from trivial import run  # this folder, as the script's own directory

        return run()
    from bot.__main__ import main as bot_main

    return bot_main(["run"])


if __name__ == "__main__":
    import os

    memory = os.environ.get("BENCH_MEMORY")  # a folder: a report per SIGUSR1 (memory.py)
    if memory:
        from pathlib import Path

        from memory import install  # this folder, as the script's own directory

        install(Path(memory))
    lag = os.environ.get("BENCH_LOOP_LAG")  # a file: the event loop's longest stall so far
    if lag:
        from pathlib import Path

        from loop_lag import install_probe  # this folder, as the script's own directory

        install_probe(Path(lag))
    profile = os.environ.get("BENCH_PROFILE")  # a file: the bot's cProfile, written at exit
    if profile:
        import cProfile
        import time

        profiler = cProfile.Profile(time.thread_time)  # CPU of the event loop's thread
        try:
            sys.exit(profiler.runcall(main))
        finally:
            profiler.dump_stats(profile)
    sys.exit(main())
