"""python -m bench.taps [--lang de] [--show NAME]: one scripted full game per opponent, and
what it took (see runner.py). The scripts are in players.py, one class per opponent."""

from __future__ import annotations

import argparse
import asyncio

from bench.taps.players import PLAYERS
from bench.taps.runner import play, table


async def main(locale: str | None, show: str | None) -> None:
    counts = [await play(make(), locale=locale) for make in PLAYERS]
    print(table(counts))
    for count in counts:
        if show and show.lower() in count.label.lower():
            print(f"\n{count.label}:")
            print("\n".join(f"  {line}" for line in count.lines))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lang", choices=["en", "de"], default=None)
    parser.add_argument("--show", help="print the lines of the opponent whose name contains this")
    args = parser.parse_args()
    asyncio.run(main(args.lang, args.show))
