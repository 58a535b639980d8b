"""python -m bench.taps [--player best|prompted|both] [--lang en|de|both] [--show NAME]

One full game per opponent, and what it took: the scripted best case (runner.py, the script
knows every shortcut) and the prompt-only player (prompted.py: reads only the replies, slips
about one typed line in ten), in English and German. The scripts are in players.py."""

from __future__ import annotations

import argparse
import asyncio

from bench.taps.players import PLAYERS, PROMPTED
from bench.taps.prompted import PromptCount, play_prompted, table_of
from bench.taps.runner import Count, play, table


async def main(player: str, langs: list[str], show: str | None) -> None:
    best: list[Count] = []
    prompted: list[PromptCount] = []
    if player in ("best", "both"):
        best = [
            await play(make(), locale=None if langs == ["en"] else langs[0]) for make in PLAYERS
        ]
        print(table(best))
    if player in ("prompted", "both"):
        for lang in langs:
            prompted += [await play_prompted(make(), locale=lang) for make in PROMPTED]
        print()
        print(table_of(best, prompted))
    for count in [*best, *prompted]:
        if show and show.lower() in count.label.lower():
            where = f" ({count.locale})" if isinstance(count, PromptCount) else ""
            print(f"\n{count.label}{where}:")
            print("\n".join(f"  {line}" for line in count.lines))
            for refusal in getattr(count, "refusals", []):
                print(f"  refused: {refusal}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--player", choices=["best", "prompted", "both"], default="both")
    parser.add_argument("--lang", choices=["en", "de", "both"], default="both")
    parser.add_argument("--show", help="print the lines of the opponent whose name contains this")
    args = parser.parse_args()
    languages = ["en", "de"] if args.lang == "both" else [args.lang]
    asyncio.run(main(args.player, languages, args.show))
