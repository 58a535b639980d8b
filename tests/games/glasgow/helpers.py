"""Cities drawn as text for the tests: `te` is your tenement, `TE` Freddy's, `..` empty.
Rows are read from the top-left cell given (default D4); goods of factories and banks by cell."""

from __future__ import annotations

from bot.games.glasgow.city import MARK, Building, City, label, parse_cell
from bot.games.glasgow.freddy import Placement

KIND = {mark: kind for kind, mark in MARK.items()}


def city_of(picture: str, top_left: str = "D4", goods: dict[str, str] | None = None) -> City:
    city = City()
    top, left = parse_cell(top_left)
    for r, line in enumerate(line for line in picture.strip().splitlines() if line.strip()):
        for c, mark in enumerate(line.split()):
            if mark == "..":
                continue
            cell = (top + r, left + c)
            city.place(
                cell,
                Building(
                    kind=KIND[mark.lower()],
                    owner="you" if mark.islower() else "freddy",
                    mark=mark,
                    good=(goods or {}).get(label(cell)),
                    vp=5 if mark.lower() == "la" else None,
                ),
            )
    return city


def labels(cells) -> set[str]:
    return {label(c) for c in cells}


def placing(city: City, kind: str, good: str | None = None, **kw) -> Placement:
    from bot.games.glasgow.city import Dealt

    return Placement(city, Dealt(kind=kind, cost=2, good=good), **kw)
