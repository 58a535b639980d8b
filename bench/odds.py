"""Exact odds of Alea's bid against a simulation of the same accuracy.

    python -m bench.odds

"Same accuracy": the bot shows odds to 0.1 %, so the simulation needs a 95 % confidence
half-width of 0.05 percentage points on the likeliest bid; the exact enumeration has no error.
"""

from __future__ import annotations

import math
import platform
import statistics
import time

from bot.games.fifth_avenue.bids import distribution, simulate
from bot.games.fifth_avenue.data import alea_data

HALF_WIDTH = 0.0005


def main() -> None:
    full = alea_data().black_counts
    partly_known = ({4: 17, 5: 14, 6: 12}, [4, 5, 4, 6, 5, 6, 4])
    timings = []
    for _ in range(2000):
        start = time.perf_counter()
        distribution(*partly_known)
        timings.append((time.perf_counter() - start) * 1e3)
    timings.sort()
    exact = distribution(full)
    p = max(float(v) for v in exact.values())
    draws = math.ceil(1.96**2 * p * (1 - p) / HALF_WIDTH**2)
    start = time.perf_counter()
    sim = simulate(full, draws, seed=1)
    sim_seconds = time.perf_counter() - start
    error = max(abs(sim.get(b, 0.0) - float(q)) for b, q in exact.items())
    print(f"machine: {platform.machine()}, Python {platform.python_version()}")
    print(
        f"exact: p50 {statistics.median(timings):.3f} ms, p99 "
        f"{timings[int(0.99 * len(timings))]:.3f} ms per distribution (2000 runs)"
    )
    print(
        f"simulation: {draws} draws for ±{HALF_WIDTH:.2%} at 95 %: {sim_seconds:.2f} s, "
        f"largest error {error:.4%}"
    )
    print(f"exact is {sim_seconds * 1e3 / statistics.median(timings):,.0f}× faster")


if __name__ == "__main__":
    main()
