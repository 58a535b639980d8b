"""A grid of cells with owners: edge adjacency, bounding box, corners, and a text rendering.

Coordinates are (row, col) integers and may be negative: a city grows in every direction.
A `Grid` is a pydantic model, so it is stored in a game's state as it is.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from pydantic import BaseModel, Field

Cell = tuple[int, int]
NEIGHBOURS: tuple[Cell, ...] = ((-1, 0), (1, 0), (0, -1), (0, 1))


class Tile(BaseModel):
    """What stands on a cell: its kind (e.g. `shop`), who owns it, and a short mark for the
    text grid (two characters read best)."""

    kind: str
    owner: str
    mark: str = ""


class Grid(BaseModel):
    cells: dict[str, Tile] = Field(default_factory=dict)  # "r,c" -> tile (JSON keys are text)

    @staticmethod
    def key(cell: Cell) -> str:
        return f"{cell[0]},{cell[1]}"

    @staticmethod
    def cell_of(key: str) -> Cell:
        row, col = key.split(",")
        return int(row), int(col)

    def __len__(self) -> int:
        return len(self.cells)

    def __contains__(self, cell: object) -> bool:
        return isinstance(cell, tuple) and self.key(cell) in self.cells

    def get(self, cell: Cell) -> Tile | None:
        return self.cells.get(self.key(cell))

    def place(self, cell: Cell, tile: Tile) -> None:
        if cell in self:
            raise ValueError(f"cell {cell} is taken")
        self.cells[self.key(cell)] = tile

    def items(self) -> Iterator[tuple[Cell, Tile]]:
        for key, tile in sorted(self.cells.items(), key=lambda kv: self.cell_of(kv[0])):
            yield self.cell_of(key), tile

    def occupied(self) -> list[Cell]:
        return [cell for cell, _ in self.items()]

    @staticmethod
    def neighbours(cell: Cell) -> list[Cell]:
        return [(cell[0] + dr, cell[1] + dc) for dr, dc in NEIGHBOURS]

    def adjacent_tiles(self, cell: Cell) -> list[tuple[Cell, Tile]]:
        return [(n, t) for n in self.neighbours(cell) if (t := self.get(n)) is not None]

    def frontier(self) -> list[Cell]:
        """Empty cells edge-adjacent to a built one (every cell of an empty grid is (0, 0))."""
        if not self.cells:
            return [(0, 0)]
        empty = {n for c in self.occupied() for n in self.neighbours(c) if n not in self}
        return sorted(empty)

    def bounds(self, extra: Iterable[Cell] = ()) -> tuple[int, int, int, int] | None:
        """(top, left, bottom, right) of the occupied cells plus `extra`, or None."""
        cells = [*self.occupied(), *extra]
        if not cells:
            return None
        rows = [r for r, _ in cells]
        cols = [c for _, c in cells]
        return min(rows), min(cols), max(rows), max(cols)

    def size(self, extra: Iterable[Cell] = ()) -> tuple[int, int]:
        """(height, width) of the bounding box."""
        box = self.bounds(extra)
        if box is None:
            return 0, 0
        top, left, bottom, right = box
        return bottom - top + 1, right - left + 1

    def fits(self, shapes: Iterable[tuple[int, int]], extra: Iterable[Cell] = ()) -> bool:
        """Does the bounding box (with `extra` built) fit inside one of `shapes` (h, w)?"""
        height, width = self.size(extra)
        return any(height <= h and width <= w for h, w in shapes)

    def corners(self) -> list[Cell]:
        """The four corner cells of the bounding box (fewer when it is a line or a point)."""
        box = self.bounds()
        if box is None:
            return []
        top, left, bottom, right = box
        return sorted({(top, left), (top, right), (bottom, left), (bottom, right)})

    def text(self, *, empty: str = "··", pad: int = 0) -> str:
        """The grid as rows of two-character marks, with row/column numbers, `pad` empty
        cells around it (so the player sees where building is possible)."""
        box = self.bounds()
        if box is None:
            return "(empty)"
        top, left, bottom, right = box
        top, left, bottom, right = top - pad, left - pad, bottom + pad, right + pad
        width = max(2, *(len(t.mark or t.kind[:2]) for _, t in self.items()))
        header = " " * 4 + " ".join(f"{c:>{width}}" for c in range(left, right + 1))
        lines = [header]
        for row in range(top, bottom + 1):
            marks = []
            for col in range(left, right + 1):
                tile = self.get((row, col))
                mark = (tile.mark or tile.kind[:2]) if tile else empty
                marks.append(f"{mark:>{width}}")
            lines.append(f"{row:>3} " + " ".join(marks))
        return "\n".join(lines)
