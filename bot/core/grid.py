"""A grid of cells with owners: edge adjacency, bounding box, corners, and a text rendering.

Coordinates are (row, col) integers and may be negative: a city grows in every direction.
A fixed board (a hotel of floors and columns) is the same grid read against the cells its
board has (`board`, from the game's data): what is empty, which rows, columns or groups are
full, the first empty cell in a placement order, and a text with the board's labels.
A `Grid` is a pydantic model, so it is stored in a game's state as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import lru_cache
from typing import Any

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

    # Every board question reads the stored keys back as cells, one by one: a pure parse of a
    # short text, so each key is read once (bounded; a board has a few dozen cells).
    @staticmethod
    @lru_cache(maxsize=4096)
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

    # ------------------------------------------------------------------ a fixed board
    def taken(self) -> frozenset[Cell]:
        """The cells a tile stands on, for many questions about one board in a row."""
        return frozenset(map(self.cell_of, self.cells))

    def empty_of(self, board: Iterable[Cell]) -> list[Cell]:
        """The board's cells nothing stands on, in the board's order."""
        taken = self.taken()
        return [cell for cell in board if cell not in taken]

    def full(self, cells: Iterable[Cell]) -> bool:
        """Does a tile stand on every one of `cells` (a row, a column, a group of the board)?"""
        return self.taken().issuperset(cells)

    def full_rows(self, board: Iterable[Cell]) -> list[int]:
        """The rows of the board with a tile on each of their cells, in order."""
        return self._full_lines(board, 0)

    def full_columns(self, board: Iterable[Cell]) -> list[int]:
        """The columns of the board with a tile on each of their cells, in order."""
        return self._full_lines(board, 1)

    def _full_lines(self, board: Iterable[Cell], axis: int) -> list[int]:
        lines: dict[int, list[Cell]] = {}
        for cell in board:
            lines.setdefault(cell[axis], []).append(cell)
        taken = self.taken()
        return sorted(line for line, cells in lines.items() if taken.issuperset(cells))

    def first_empty(
        self,
        board: Iterable[Cell],
        order: Callable[[Cell], Any] | None = None,
        where: Callable[[Cell], bool] = lambda cell: True,
    ) -> Cell | None:
        """The first empty board cell that fits `where`, by the placement `order` (a sort key:
        `lambda c: (c[0], c[1])` is row by row from the left; None: the board's own order, for
        a board listed in placement order already); None when none is left."""
        fitting = (c for c in self.empty_of(board) if where(c))
        if order is None:
            return next(fitting, None)
        return min(fitting, key=order, default=None)

    # ------------------------------------------------------------------ text
    def text(self, *, empty: str = "··", pad: int = 0) -> str:
        """The grid as rows of two-character marks, with row/column numbers, `pad` empty
        cells around it (so the player sees where building is possible)."""
        box = self.bounds()
        if box is None:
            return "(empty)"
        top, left, bottom, right = box
        rows = range(top - pad, bottom + pad + 1)
        return self.board_text(
            rows, range(left - pad, right + pad + 1), empty=empty, width=2, label_width=3
        )

    def board_text(
        self,
        rows: Sequence[int],
        cols: Sequence[int],
        *,
        empty: str | Callable[[Cell], str] = "·",
        row_label: Callable[[int], str] = str,
        col_label: Callable[[int], str] = str,
        columns_below: bool = False,
        width: int = 1,
        label_width: int = 0,
    ) -> str:
        """`rows` × `cols` in the order given (e.g. the top floor first), each row led by its
        label and the column labels above (or below) them. A tile shows its mark (else the
        start of its kind); an empty cell shows `empty` or what `empty(cell)` says (a reserved
        room, a token on the board). Cells are as wide as the widest mark or label, at least
        `width`; row labels at least `label_width`."""
        marks = {self.cell_of(key): tile.mark or tile.kind[:2] for key, tile in self.cells.items()}

        def mark(cell: Cell) -> str:
            if cell in marks:
                return marks[cell]
            return empty if isinstance(empty, str) else empty(cell)

        cells = [[mark((row, col)) for col in cols] for row in rows]
        heads = [col_label(col) for col in cols]
        labels = [row_label(row) for row in rows]
        width = max([width, *(len(m) for line in cells for m in line), *map(len, heads)])
        label_width = max([label_width, *map(len, labels)])

        def row_text(texts: list[str]) -> str:  # rjust: as `>` would align, at a third the cost
            return " ".join([text.rjust(width) for text in texts])

        header = " " * (label_width + 1) + row_text(heads)
        lines = [
            f"{label.rjust(label_width)} {row_text(line)}"
            for label, line in zip(labels, cells, strict=True)
        ]
        return "\n".join([*lines, header] if columns_below else [header, *lines])
