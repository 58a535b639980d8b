"""The city: an edge-adjacent grid whose bounding box must fit 4x5 or 5x4 (the core `Grid`),
each building with its type and owner. Cells are named like a chess board, `A1` top left to `I9`:
the first building always stands on E5, so a city that grows 4 cells in any direction stays
on the board and no coordinate is ever negative."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel, Field

from bot.core.agenda import valid
from bot.core.errors import InputError, RuleError
from bot.core.grid import Cell, Grid, Tile
from bot.core.said import Said, say
from bot.core.tokens import number, short
from bot.games.glasgow.data import glasgow_data

Owner = Literal["you", "freddy"]
SIZE = 9
CENTRE: Cell = (4, 4)
COLUMNS = "ABCDEFGHI"
MARK = {
    "factory": "fa",
    "park": "pa",
    "tenement": "te",
    "landmark": "la",
    "bank": "ba",
    "station": "st",
    "shop": "sh",
}
Box = tuple[int, int, int, int]  # top, left, bottom, right


def label(cell: Cell) -> str:
    return f"{COLUMNS[cell[1]]}{cell[0] + 1}"


def parse_cell(text: str) -> Cell:
    """`C4` -> (3, 2); a column letter A-I and a row number 1-9."""
    raw = text.strip()
    if len(raw) < 2 or raw[0].upper() not in COLUMNS or not raw[1:].isdigit():
        raise InputError(
            f"`{short(raw)}` is not a cell: write a column A-I and a row 1-9, like `E5`."
        )
    row = number(raw[1:], what="row", low=1, high=SIZE)
    return row - 1, COLUMNS.index(raw[0].upper())


class Dealt(BaseModel):
    """A building tile as the player reads it off the display: type, printed cost, and the
    printed VP (landmarks) or the good (factories, banks)."""

    kind: str
    cost: int
    vp: int | None = None
    good: str | None = None

    def name(self) -> Said:
        """`stone factory (cost 2)`, a message (its key names the kind and good)."""
        good = f"{self.good} " if self.good else ""
        if self.vp is None:
            return say(f"{good}{self.kind} (cost {{cost}})", cost=self.cost)
        return say(f"{good}{self.kind} (cost {{cost}}, {{vp}} VP)", cost=self.cost, vp=self.vp)


class Building(Tile):
    cost: int = 0
    vp: int | None = None
    good: str | None = None


def shapes() -> list[tuple[int, int]]:
    return [tuple(s) for s in glasgow_data().city_shapes]  # type: ignore[misc]


class City(Grid):
    cells: dict[str, Building] = Field(default_factory=dict)  # type: ignore[assignment]

    def build(self, cell: Cell, dealt: Dealt, owner: Owner) -> Building:
        """Place a building after checking the rules: next to the city and within 4x5 / 5x4."""
        legal = self.legal_cells()
        if cell not in legal:  # the cells that would do, right there (the first: E5, said)
            cells = valid(label(c) for c in legal) if self.cells else ""
            raise RuleError(f"{self.why_not(cell)} {cells}".strip())
        mark = MARK[dealt.kind] if owner == "you" else MARK[dealt.kind].upper()
        building = Building(
            kind=dealt.kind,
            owner=owner,
            mark=mark,
            cost=dealt.cost,
            vp=dealt.vp,
            good=dealt.good,
        )
        self.place(cell, building)
        return building

    def building(self, cell: Cell) -> Building | None:
        return self.cells.get(self.key(cell))

    def legal_cells(self) -> list[Cell]:
        """Where the next building may go: E5 first, then empty cells sharing an edge with the
        city whose bounding box still fits 4x5 or 5x4."""
        if not self.cells:
            return [CENTRE]
        return [c for c in self.frontier() if self.fits(shapes(), extra=[c])]

    def why_not(self, cell: Cell) -> str:
        if not self.cells:
            return f"The first building starts the city on {label(CENTRE)}."
        if cell in self:
            return f"{label(cell)} is already built."
        if cell not in self.frontier():
            return f"{label(cell)} shares no edge with a building."
        return f"{label(cell)} would make the city larger than 4×5 or 5×4."

    def owned(self, owner: str, kind: str | None = None) -> list[tuple[Cell, Building]]:
        return [
            (c, b)
            for c, b in self.items()
            if b.owner == owner and (kind is None or b.kind == kind)  # type: ignore[attr-defined]
        ]

    # ------------------------------------------------------------ the final city's box
    def final_boxes(self, extra: Iterable[Cell] = ()) -> list[Box]:
        """Every 4x5 / 5x4 rectangle the finished city could still fill, given what is built
        (and `extra`)."""
        box = self.bounds(extra)
        if box is None:
            return []
        top, left, bottom, right = box
        found: set[Box] = set()
        for h, w in shapes():
            for t in range(bottom - h + 1, top + 1):
                for le in range(right - w + 1, left + 1):
                    found.add((t, le, t + h - 1, le + w - 1))
        return sorted(found)

    def corner_chance(self, cell: Cell, extra: Iterable[Cell] = ()) -> tuple[int, int]:
        """In how many of the possible final boxes `cell` is a corner, of how many."""
        boxes = self.final_boxes([*extra, cell])
        hits = sum(is_corner(cell, b) for b in boxes)
        return hits, len(boxes)


def is_corner(cell: Cell, box: Box) -> bool:
    top, left, bottom, right = box
    return cell[0] in (top, bottom) and cell[1] in (left, right)


def activated(city: City, cell: Cell, trigger: str) -> list[tuple[Cell, Building]]:
    """The factories a building on `cell` activates (itself too, when it is one): any in the
    same row or column (`line`), or only edge-adjacent ones (`adjacent`)."""
    found = []
    for other, building in city.items():
        if building.kind != "factory":  # type: ignore[attr-defined]
            continue
        same = other == cell
        if trigger == "line":
            hit = other[0] == cell[0] or other[1] == cell[1]
        else:
            hit = abs(other[0] - cell[0]) + abs(other[1] - cell[1]) == 1
        if same or hit:
            found.append((other, building))
    return found  # type: ignore[return-value]


def text(city: City) -> str:
    """The city as rows of marks, your buildings in lower case and Freddy's in capitals, with
    one ring of empty cells around it where building is possible."""
    box = city.bounds()
    if box is None:
        return "(no building yet: the first one goes on E5)"
    top, left, bottom, right = box
    top, left = max(0, top - 1), max(0, left - 1)
    bottom, right = min(SIZE - 1, bottom + 1), min(SIZE - 1, right + 1)
    lines = ["   " + " ".join(f"{COLUMNS[c]:>2}" for c in range(left, right + 1))]
    legal = set(city.legal_cells())
    for row in range(top, bottom + 1):
        marks = []
        for col in range(left, right + 1):
            tile = city.get((row, col))
            marks.append(tile.mark if tile else ("··" if (row, col) in legal else "  "))
        lines.append(f"{row + 1:>2} " + " ".join(f"{m:>2}" for m in marks))
    return "\n".join(lines)
