"""Freddy's building rules as ranked candidates: every rule is a small filter or key over the
legal cells (`bot.core.priority`), applied in the rule text's order. "If Freddy can do several
of these, he will": a soft filter that would keep no cell is skipped. "If he has several
equivalent options, you decide": the cells still tied are the player's choice.

Freddy II is a variant of Freddy I, as python-chess writes its variants: his own rules come
first and "otherwise the building rules of Freddy I apply"."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from bot.core.grid import Cell
from bot.core.priority import Choice, Filter, Key, TieBreak, resolve
from bot.core.said import Said, listed, say
from bot.games.glasgow.city import City, Dealt, activated

STORED = ("stone", "steel", "gold", "whisky")  # goods with a storage row on the player board
CAN_STILL = "his shop can still end in a corner"


@dataclass(frozen=True)
class Placement:
    """What Freddy builds and where things stand: the city, the building, how factories fire,
    and what the player said about full storage (good -> full)."""

    city: City
    dealt: Dealt
    trigger: str = "line"
    full: Mapping[str, bool] = field(default_factory=dict)
    tenement_neighbours: str = "own"  # "any": a tenement scores for every adjacent tenement

    def blocks_your_houses(self) -> bool:
        """Building next to your houses takes points from you, unless his building is a
        tenement and any neighbouring tenement scores (then it would give you points)."""
        if self.dealt.kind == "tenement" and self.tenement_neighbours == "any":
            return False
        return bool(self.city.owned("you", "tenement"))

    def neighbours(self, cell: Cell, owner: str, kind: str) -> int:
        return sum(
            1 for _, b in self.city.adjacent_tiles(cell) if b.owner == owner and b.kind == kind
        )

    def your_factories(self, cell: Cell) -> list[str]:
        """The goods of the player's factories a building on `cell` activates."""
        return [
            b.good or "other"  # type: ignore[attr-defined]
            for _, b in activated(self.city, cell, self.trigger)
            if b.owner == "you"
        ]

    def helps_you(self, good: str) -> bool:
        """A factory helps you unless you said your storage for its good is full."""
        return not self.full.get(good, False)

    def your_shops_with_a_chance(self) -> list[Cell]:
        return [c for c, _ in self.city.owned("you", "shop") if self.city.corner_chance(c)[0]]

    def shop_chance(self, shop: Cell, cell: Cell) -> float:
        hits, total = self.city.corner_chance(shop, [cell])
        return hits / total if total else 0.0


class FreddyI:
    """Shops to a corner (fixing the city's shape if he must); houses next to each other,
    ideally as a 2×2 block; otherwise the player decides."""

    name = "Freddy I"
    key = "I"

    def filters(self, p: Placement) -> list[Filter[Cell]]:
        return self.sure_corner(p) + self.building_rules(p)

    def building_rules(self, p: Placement) -> list[Filter[Cell]]:
        """Freddy I's rules after the sure corner (Freddy II falls back on these)."""
        found: list[Filter[Cell]] = []
        if p.dealt.kind == "shop":
            found.append(Filter(CAN_STILL, lambda c: p.city.corner_chance(c)[0] > 0))
        if p.dealt.kind == "tenement" and p.city.owned("freddy", "tenement"):
            found.append(
                Filter("next to his houses", lambda c: p.neighbours(c, "freddy", "tenement") > 0)
            )
        if any(b.good == "whisky" for _, b in p.city.owned("freddy", "factory")):  # type: ignore[attr-defined]
            found.append(
                Filter(
                    "activates his whisky factory: he takes your whisky",
                    lambda c: any(
                        b.owner == "freddy" and b.good == "whisky"  # type: ignore[attr-defined]
                        for _, b in activated(p.city, c, p.trigger)
                    ),
                )
            )
        return found

    def sure_corner(self, p: Placement) -> list[Filter[Cell]]:
        """A shop where it ends in a corner for sure: first of all his rules (Freddy II's
        example: "There is still no place for the shop, so that it is guaranteed to bring in
        the 5 bonus points, so Freddy tries to disturb your apartment buildings")."""
        if p.dealt.kind != "shop":
            return []
        return [Filter("his shop ends in a corner for sure", lambda c: _sure_corner(p, c))]

    def storage_questions(self, p: Placement) -> list[str]:
        """The goods whose storage he must know about before he chooses (none for him)."""
        return []

    def keys(self, p: Placement) -> list[Key[Cell]]:
        if p.dealt.kind == "tenement" and p.city.owned("freddy", "tenement"):
            return [Key("most of his houses in one 2×2 square", lambda c: _square(p, c))]
        return []


class FreddyII(FreddyI):
    """Tries to block you: next to your houses; not activating your factories unless your
    storage for that good is full; spoiling your shops' corners; otherwise Freddy I."""

    name = "Freddy II"
    key = "II"

    def filters(self, p: Placement) -> list[Filter[Cell]]:
        """A sure corner for his shop first (the example's order), then his own rules,
        then the rest of Freddy I's."""
        own = self.sure_corner(p)
        if p.blocks_your_houses():
            own.append(
                Filter("next to your houses", lambda c: p.neighbours(c, "you", "tenement") > 0)
            )
        if p.city.owned("you", "factory"):
            own += [
                Filter(
                    "activating none of your factories you have room for",
                    lambda c: not any(p.helps_you(g) for g in p.your_factories(c)),
                ),
                Filter(
                    "activating your factories whose storage is full",
                    lambda c: any(not p.helps_you(g) for g in p.your_factories(c)),
                ),
            ]
        shops = p.your_shops_with_a_chance()
        if shops:
            own.append(
                Filter(
                    "your shop can no longer end in a corner",
                    lambda c: any(p.shop_chance(s, c) == 0 for s in shops),
                )
            )
        rest = self.building_rules(p)
        if shops:
            # the example again: "No. 3 is omitted because the store would otherwise never
            # provide bonus points. Position 2 ... makes the grid larger": his shop's chance
            # of a corner before the larger grid
            box = p.city.size()
            mine = [f for f in rest if f.description == CAN_STILL]
            rest = [f for f in rest if f.description != CAN_STILL]
            own += [
                *mine,
                Filter(
                    "makes the grid larger: your shop's corner less likely",
                    lambda c: p.city.size([c]) != box,
                ),
            ]
        return own + rest

    def keys(self, p: Placement) -> list[Key[Cell]]:
        own: list[Key[Cell]] = []
        if p.blocks_your_houses():
            own.append(
                Key("next to the most of your houses", lambda c: p.neighbours(c, "you", "tenement"))
            )
        return own + super().keys(p)

    def storage_questions(self, p: Placement) -> list[str]:
        """The goods whose storage Freddy II must know about to choose: those of your
        factories that some of his best cells would activate and others would not."""
        if not p.city.owned("you", "factory"):
            return []
        cells = p.city.legal_cells()
        for sure in self.sure_corner(p):
            cells = [c for c in cells if sure.keep(c)] or cells
        if p.blocks_your_houses():
            near = [c for c in cells if p.neighbours(c, "you", "tenement") > 0]
            cells = near or cells
        sets = {frozenset(g for g in p.your_factories(c) if g in STORED) for c in cells}
        if len(sets) < 2:
            return []
        goods = set().union(*sets)
        return [g for g in STORED if g in goods and g not in p.full]


def _sure_corner(p: Placement, cell: Cell) -> bool:
    hits, total = p.city.corner_chance(cell)
    return total > 0 and hits == total


def _square(p: Placement, cell: Cell) -> int:
    """His houses in the best 2×2 square through `cell` that he could still complete."""
    best = 0
    for top in (cell[0] - 1, cell[0]):
        for left in (cell[1] - 1, cell[1]):
            square = [(top + r, left + c) for r in (0, 1) for c in (0, 1)]
            tiles = [p.city.get(s) for s in square]
            if any(t is not None and (t.owner != "freddy" or t.kind != "tenement") for t in tiles):
                continue
            if not p.city.final_boxes(square):
                continue
            best = max(best, sum(t is not None for t in tiles))
    return best


FREDDIES: dict[str, FreddyI] = {"I": FreddyI(), "II": FreddyII()}


def rank(freddy: FreddyI, p: Placement) -> Choice[Cell]:
    """Freddy's best cell for this building, or the cells tied for best (the player decides),
    with one line naming only the rules that chose: one that kept every cell, or would have
    kept none, decided nothing."""
    cells = p.city.legal_cells()
    if len(cells) == 1:
        return Choice(cells[0], say("the only cell where the city can grow"))
    choice = resolve(
        cells,
        filters=freddy.filters(p),
        keys=freddy.keys(p),
        tie_break=TieBreak.ASK,
    )
    if choice.option is not None or not choice.tied:
        reason = choice.reason if choice.option is None else _rules(choice.deciding)
        return Choice(choice.option, reason or say("no rule of his decides"), choice.tied)
    # a tie: the rules that chose, the rules that could not separate the cells left
    parts = [_rules(choice.deciding)] if choice.deciding else []
    if choice.undecided:
        parts.append(say("tied on {rules}", rules=_rules(choice.undecided)))
    elif not choice.deciding:
        parts.append(
            say(
                "none of {name}'s rules applies to a {kind} here",
                name=freddy.name,
                kind=p.dealt.kind,
            )
        )
    parts.append(say("the tied cells are your choice"))
    reason = Said("{parts}", parts=listed(parts, "; "))
    return Choice(None, reason, choice.tied, choice.deciding, choice.undecided)


def _rules(descriptions: Sequence[str]) -> str:
    """The rules that chose, by their descriptions (each a catalog line), joined by commas."""
    if not descriptions:
        return ""
    return Said("{rules}", rules=listed(say(d) for d in descriptions))
