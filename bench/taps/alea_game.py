"""A whole two-player game of Fifth Avenue at the table, to its real end, for bench.taps.

What the two players do between Alea's auctions, as the base game's rules have it
(data/alea.yaml, the rule text's two-player section): they take turns; a turn is one of the
options A to D and moves a commissioner one step towards Central Park, leaving a marker in the
district it leaves; option B places a business from the current set of the supply row (20
businesses in sets of 3, 2, 3, 2 …; taking a set's second-to-last one sends its last one below
Central Park), on an empty plot or beside one business. A commissioner moving on from Central
Park returns to City Hall and starts a round of auctions: one per district holding its
markers, then Central Park. The game ends when the supply row is empty or with the second
building stop. The players choose B on about two turns in five while the row lasts."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from bench.taps.alea import Board

SETS = (3, 2, 3, 2, 3, 2, 3, 2)
ROUTES = {  # a commissioner's steps towards Central Park (building-stop districts skipped)
    "City Hall": ("34th St West", "34th St East"),
    "34th St West": ("42nd St West", "Times Square"),
    "34th St East": ("42nd St East", "Times Square"),
    "Times Square": ("52nd St West", "52nd St East"),
    "42nd St West": ("52nd St West",),
    "42nd St East": ("52nd St East",),
    "52nd St West": ("Central Park",),
    "52nd St East": ("Central Park",),
    "Central Park": ("City Hall",),
}
PLACE_BUSINESS = 0.4


@dataclass
class Commissioner:
    at: str = "City Hall"
    markers: list[str] = field(default_factory=list)


@dataclass
class FifthAvenue:
    rng: random.Random
    board: Board
    supply: list[int] = field(default_factory=lambda: list(SETS))  # businesses left per set
    below_park: int = 0
    commissioners: list[Commissioner] = field(
        default_factory=lambda: [Commissioner(), Commissioner()]
    )
    turns: int = 0

    @property
    def supply_empty(self) -> bool:
        return not any(self.supply)

    def next_round(self) -> list[str] | None:
        """Play turns until a commissioner returns (the districts of its auctions, in the
        order he passed them) or the supply row runs out (None)."""
        while not self.supply_empty:
            self.turns += 1
            if self.rng.random() < PLACE_BUSINESS:
                self._place_business()
                if self.supply_empty:
                    return None
            returned = self._move_commissioner()
            if returned is not None:
                return returned
        return None

    def _place_business(self) -> None:
        current = next(i for i, left in enumerate(self.supply) if left)
        self.supply[current] -= 1
        self.board.place_business()
        if self.supply[current] == 1:  # the set's last one goes below Central Park
            self.supply[current] = 0
            self.below_park += 1

    def _move_commissioner(self) -> list[str] | None:
        him = self.rng.choice(self.commissioners)
        leaving = him.at
        options = [d for d in ROUTES[leaving] if d not in self.board.stopped]
        while not options:  # every next district stopped: skip on towards Central Park
            leaving = self.rng.choice(ROUTES[leaving])
            options = [d for d in ROUTES[leaving] if d not in self.board.stopped]
        him.at = self.rng.choice(options)
        if leaving in self.board.districts and leaving not in self.board.stopped:
            him.markers.append(leaving)
        if him.at == "City Hall":  # back from Central Park: a round of auctions
            held = [d for d in him.markers if d not in self.board.stopped]
            him.markers = []
            return list(dict.fromkeys(held))
        return None
