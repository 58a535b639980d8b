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

from bot.games.fifth_avenue.data import CENTRAL_PARK, alea_data

PLOTS = "abcde"
NEXT_TO = {"a": "bc", "b": "ad", "c": "ade", "d": "bce", "e": "cd"}
TYPES = ("boutique", "jeweler", "gallery", "perfumery")
VP = {0: 1, 1: 2, 2: 3, 3: 5, 4: 8}


@dataclass
class Plot:
    businesses: list[str] = field(default_factory=list)
    skyscraper: str | None = None  # "me", "partner", "alea"

    @property
    def empty(self) -> bool:
        return not self.businesses and self.skyscraper is None


@dataclass
class Board:
    rng: random.Random
    districts: dict[str, dict[str, Plot]] = field(default_factory=dict)
    stopped: set[str] = field(default_factory=set)
    score: dict[str, int] = field(default_factory=lambda: {"me": 0, "partner": 0})

    def __post_init__(self) -> None:
        for name in alea_data().districts:
            self.districts[name] = {p: Plot() for p in PLOTS}
            self.districts[name][self.rng.choice(PLOTS)].businesses.append(self.rng.choice(TYPES))

    def live(self) -> list[str]:
        return [d for d in self.districts if d not in self.stopped]

    def types_next_to(self, district: str, plot: str) -> int:
        plots = self.districts[district]
        return len({t for p in NEXT_TO[plot] for t in plots[p].businesses})

    def empty(self, district: str) -> dict[str, int]:
        """The empty plots and the business types next to each, as the bot asks for them."""
        return {
            p: self.types_next_to(district, p)
            for p, plot in self.districts[district].items()
            if plot.empty
        }

    def place_business(self) -> None:
        spots = [
            (d, p)
            for d in self.live()
            for p, plot in self.districts[d].items()
            if plot.skyscraper is None and len(plot.businesses) < 2
        ]
        if spots:
            d, p = self.rng.choice(spots)
            self.districts[d][p].businesses.append(self.rng.choice(TYPES))

    def build(self, district: str, who: str) -> bool:
        """The winner builds on the most valuable empty plot; False when none is left."""
        empty = self.empty(district)
        if who != "alea" and any(
            plot.skyscraper == who for plot in self.districts[district].values()
        ):
            return True  # adds to their own plot
        if not empty:
            return False
        best = max(VP[t] for t in empty.values())
        chosen = [p for p, t in empty.items() if VP[t] == best]
        for p in chosen if who == "alea" else chosen[:1]:
            self.districts[district][p].skyscraper = who
        if who != "alea":
            self.score[who] += best
        return True

    def alea_wins(self, district: str) -> str:
        """Both pass: Alea wins; in a district he builds, told as the round's result takes it
        (`52nd St West=a:2 b:1`, `…=none` with no empty plot: a building stop)."""
        if district == CENTRAL_PARK:
            return district
        empty = self.empty(district)
        if not empty:
            self.stopped.add(district)
            return f"{district}=none"
        self.build(district, "alea")
        return f"{district}={' '.join(f'{p}:{t}' for p, t in empty.items())}"


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
