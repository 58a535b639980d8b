"""Drawing every game's board at 1× and at 2× (the pages' `srcset`), in the same run:

    python -m bench.boards [--runs 200]

Each game's board is drawn from a state a few commands in (the states the web tests draw),
in English, 1× and 2× in turn, `--runs` times each after one warm-up draw of each (fonts
loaded, GAH's empty board kept), so a drift of the machine's load touches both. Measured:
the drawer alone, PNG encoding included (what a board request costs a page worker, and
what a page costs once more for its board's size). Not measured: the HTTP request, the
state's replay, the picture cache (a kept picture costs nothing)."""

from __future__ import annotations

import argparse
import os
import platform
import time
from typing import Any

from bench.games import percentile
from bot.games.registry import spec_for
from bot.web.build import board_png

GAMES: dict[str, tuple[dict[str, Any], list[dict[str, Any]]]] = {
    "alea": (
        {"mode": "virtual"},
        [{"command": "auction", "district": "Times Square", "high_bid": 5}],
    ),
    "gah": (
        {"difficulty": "hard", "emperor_vp_variant": "S2"},
        [{"command": "turn", "queue": "Y3 B0 R2 G4 Y0", "dice": "1:2 2:2 3:1 4:3 5:2"}],
    ),
    "glasgow": (
        {"freddy": "I"},
        [
            {"command": "action", "chosen": "other"},
            {"command": "action", "chosen": "other"},
            {"command": "row", "buildings": "park:1 shop:3 tenement:2"},
            {"command": "build", "building": 2, "at": "E5"},
            {"command": "done"},
        ],
    ),
    "gwt": ({"difficulty": "hard"}, []),
    "waterdeep": ({"lord": "Durnan"}, [{"command": "place", "space": "Blackstaff Tower"}]),
}


def state_of(game: str) -> Any:
    rules = spec_for(game).rules
    options, actions = GAMES[game]
    state, _ = rules.new_game(options, 3)
    for action in actions:
        state, _ = rules.apply(state, action)
    return state


def main(runs: int) -> None:
    print(
        f"{platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
        f"Python {platform.python_version()}, load average {os.getloadavg()}"
    )
    print("| game | 1× p50 | 1× p99 | 2× p50 | 2× p99 | 2×/1× (p50) | 1× size, bytes | 2× bytes |")
    print("|---|---|---|---|---|---|---|---|")
    for game in sorted(GAMES):
        state = state_of(game)
        times: dict[int, list[float]] = {1: [], 2: []}
        sizes = {scale: len(board_png(game, state, "en", scale) or b"") for scale in (1, 2)}
        for _ in range(runs):
            for scale in (1, 2):
                start = time.perf_counter()
                board_png(game, state, "en", scale)
                times[scale].append((time.perf_counter() - start) * 1000)
        p = {s: (percentile(t, 0.5), percentile(t, 0.99)) for s, t in times.items()}
        print(
            f"| {game} | {p[1][0]:.1f} ms | {p[1][1]:.1f} ms | {p[2][0]:.1f} ms | "
            f"{p[2][1]:.1f} ms | {p[2][0] / p[1][0]:.1f} | {sizes[1]:,} | {sizes[2]:,} |"
        )
    print(f"load average at the end {os.getloadavg()}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=200)
    main(parser.parse_args().runs)
