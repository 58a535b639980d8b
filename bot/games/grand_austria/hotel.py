"""The opponent's hotel on the night side: where each guest goes, as the solo rules place it.

The hotel is a fixed board on the core `Grid`: cell (floor, column), a tile whose kind is the
guest's colour and whose mark is the room's colour. The state keeps the plain record the
players read and export (`{"1.2": "yellow"}`, room label → guest colour); each question builds
the grid from it."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache

from bot.core.grid import Cell, Grid, Tile
from bot.games.grand_austria.data import Colour, Space, gah_data


@cache
def spaces() -> dict[Cell, Space]:
    """The board: every room by its cell (floor, column), bottom floor first, from the left."""
    return {(s.floor, s.column): s for s in gah_data().spaces}


@cache
def _by_label() -> dict[str, Cell]:
    return {s.label: cell for cell, s in spaces().items()}


@cache
def _groups() -> tuple[tuple[Cell, ...], ...]:
    groups: dict[int, list[Cell]] = {}
    for cell, s in spaces().items():
        groups.setdefault(s.group, []).append(cell)
    return tuple(map(tuple, groups.values()))


def grid(hotel: Mapping[str, str]) -> Grid:
    """The hotel as a grid (a label that names no room of the board is no room). One command
    asks about the same hotel many times (each guest in the queue, the board text), so the
    grid is built once per hotel seen: read it, never change it."""
    return _grid(tuple(sorted(hotel.items())))


@lru_cache(maxsize=64)
def _grid(hotel: tuple[tuple[str, str], ...]) -> Grid:
    board, by_label = spaces(), _by_label()
    built = Grid()
    for label, colour in hotel:
        if (cell := by_label.get(label)) is not None:
            mark = board[cell].colour[0].upper()
            built.place(cell, Tile(kind=colour, owner="opponent", mark=mark))
    return built


@cache
def _placement(colour: Colour) -> tuple[Cell, ...]:
    """The rooms a guest of `colour` may take, in the order the solo rules try them: a pure
    function of the printed board, so sorted once, not for every guest asked about.
    Blue, red, yellow: the matching rooms from the left on the bottommost floor first.
    Green: any room, from the bottom in the rightmost column first."""
    board = spaces()
    if colour == "green":
        return tuple(sorted(board, key=lambda c: (-c[1], c[0])))
    return tuple(sorted(c for c in board if board[c].colour == colour))


def room_for(hotel: Mapping[str, str], colour: Colour) -> Space | None:
    """The first empty room of the guest's placement order (above), or None."""
    cell = grid(hotel).first_empty(_placement(colour))
    return None if cell is None else spaces()[cell]


def occupied(hotel: Mapping[str, str]) -> list[Space]:
    return [spaces()[cell] for cell in grid(hotel).occupied()]


def room_vp(hotel: Mapping[str, str]) -> int:
    """Final scoring: each occupied room is worth its floor number."""
    return sum(s.floor for s in occupied(hotel))


def full_floors(hotel: Mapping[str, str]) -> int:
    return len(grid(hotel).full_rows(spaces()))


def full_columns(hotel: Mapping[str, str]) -> int:
    return len(grid(hotel).full_columns(spaces()))


def full_groups(hotel: Mapping[str, str]) -> int:
    built = grid(hotel)
    return sum(built.full(group) for group in _groups())


def rooms_by_colour(hotel: Mapping[str, str]) -> dict[str, int]:
    counts = {"blue": 0, "red": 0, "yellow": 0}
    for s in occupied(hotel):
        counts[s.colour] += 1
    return counts


@cache
def _floors_and_columns() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The board text's rows (top floor first) and columns: static, so worked out once."""
    board = spaces()
    floors = sorted({floor for floor, _ in board}, reverse=True)
    return tuple(floors), tuple(sorted({column for _, column in board}))


def render(
    hotel: Mapping[str, str],
    vacant: Mapping[str, str] | None = None,
    cogs: list[str] | None = None,
) -> str:
    """A grid a player can hold against the board: top floor first; letters are room colours,
    uppercase when occupied, lowercase for a reserved vacant room, `*` a cogwheel, `·` empty."""
    board, by_label = spaces(), _by_label()
    reserved = {by_label[label] for label in vacant or {} if label in by_label}
    cogwheels = {by_label[label] for label in cogs or [] if label in by_label}

    def empty(cell: Cell) -> str:
        space = board.get(cell)
        if space is None:  # not a room of the board
            return " "
        if cell in reserved:
            return space.colour[0]
        return "*" if cell in cogwheels else "·"

    floors, columns = _floors_and_columns()
    return grid(hotel).board_text(floors, columns, empty=empty, columns_below=True)
