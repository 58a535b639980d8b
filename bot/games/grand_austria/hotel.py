"""The opponent's hotel on the night side: where each guest goes, as the solo rules place it."""

from __future__ import annotations

from bot.games.grand_austria.data import Colour, Space, gah_data


def empty_spaces(hotel: dict[str, Colour]) -> list[Space]:
    return [s for s in gah_data().spaces if s.label not in hotel]


def can_house(hotel: dict[str, Colour], colour: Colour) -> bool:
    return room_for(hotel, colour) is not None


def room_for(hotel: dict[str, Colour], colour: Colour) -> Space | None:
    """Blue, red, yellow: first matching space from the left on the bottommost possible floor.
    Green: first empty space from the bottom in the rightmost possible column."""
    free = empty_spaces(hotel)
    if colour == "green":
        ordered = sorted(free, key=lambda s: (-s.column, s.floor))
    else:
        ordered = sorted((s for s in free if s.colour == colour), key=lambda s: (s.floor, s.column))
    return ordered[0] if ordered else None


def occupied(hotel: dict[str, Colour]) -> list[Space]:
    return [s for s in gah_data().spaces if s.label in hotel]


def room_vp(hotel: dict[str, Colour]) -> int:
    """Final scoring: each occupied room is worth its floor number."""
    return sum(s.floor for s in occupied(hotel))


def full_floors(hotel: dict[str, Colour]) -> int:
    spaces = gah_data().spaces
    return sum(all(s.label in hotel for s in spaces if s.floor == f) for f in range(1, 5))


def full_columns(hotel: dict[str, Colour]) -> int:
    spaces = gah_data().spaces
    return sum(all(s.label in hotel for s in spaces if s.column == c) for c in range(1, 6))


def full_groups(hotel: dict[str, Colour]) -> int:
    groups: dict[int, list[Space]] = {}
    for s in gah_data().spaces:
        groups.setdefault(s.group, []).append(s)
    return sum(all(s.label in hotel for s in members) for members in groups.values())


def rooms_by_colour(hotel: dict[str, Colour]) -> dict[str, int]:
    counts = {"blue": 0, "red": 0, "yellow": 0}
    for s in occupied(hotel):
        counts[s.colour] += 1
    return counts


def render(
    hotel: dict[str, Colour], vacant: dict[str, Colour] | None = None, cogs: list[str] | None = None
) -> str:
    """A grid a player can hold against the board: top floor first; letters are room colours,
    uppercase when occupied, lowercase for a reserved vacant room, `*` a cogwheel, `·` empty."""
    vacant, cogs = vacant or {}, cogs or []
    lines = []
    for floor in range(4, 0, -1):
        cells = []
        for s in (s for s in gah_data().spaces if s.floor == floor):
            if s.label in hotel:
                cells.append(s.colour[0].upper())
            elif s.label in vacant:
                cells.append(s.colour[0])
            else:
                cells.append("*" if s.label in cogs else "·")
        lines.append(f"{floor} " + " ".join(cells))
    lines.append("  1 2 3 4 5")
    return "\n".join(lines)
