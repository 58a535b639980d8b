"""Fifth Avenue with two players: a scripted pair of players against Alea, for bench.taps.

The players keep a physical board: seven districts of five plots (a to e, the plots next to
each other as drawn below), businesses on plots (at most two, never beside a skyscraper on the
same plot) and skyscrapers (theirs and Alea's). Between auction rounds they place businesses
from the supply row; when a commissioner returns, they hold one auction per district holding
its markers, then Central Park: the bot shows Alea's bid for each of them at once, hidden,
and they tell it what he won when the round is over. In an auction they bid first (the
highest bid so far is the script's), Alea bids third (they open his hidden bid), and they
overbid him only where they still want a plot and his bid is not too high. Whoever wins a
district builds on its most valuable empty plot; Alea's plots are chosen by his rule as the
bot states it. The game ends with the business supply row empty, or the second building
stop."""

from __future__ import annotations

import random
import re
from collections.abc import Generator
from dataclasses import dataclass, field

from bot.games.fifth_avenue.data import CENTRAL_PARK, alea_data
from bot.table.reply import Reply

PLOTS = "abcde"
NEXT_TO = {"a": "bc", "b": "ad", "c": "ade", "d": "bce", "e": "cd"}
TYPES = ("boutique", "jeweler", "gallery", "perfumery")
VP = {0: 1, 1: 2, 2: 3, 3: 5, 4: 8}
HIGH_BIDS = (0, 0, 6, 8, 8, 9, 10, 11, 12, 13, 15)
PLACEMENTS = (5, 5, 5, 5)  # businesses placed before each auction round, then the end
AUCTION_DISTRICTS = (3, 4, 3)
SPOILER = re.compile(r"\|\|(.+?)\|\|")  # Discord's hidden text: Alea's bids in a round


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


class AleaPlayers:
    label = "Alea"

    def __init__(self, seed: int = 11) -> None:
        self.board = Board(random.Random(seed))
        self.rng = random.Random(seed + 1)
        self.script = self.play()
        self.reply: Reply | None = None

    def start(self) -> str:
        return next(self.script)

    def answer(self, reply: Reply) -> str:
        self.reply = reply
        return self.script.send(reply)

    def over(self, reply: Reply) -> bool:
        return (reply.state or {}).get("phase") == "finished"

    def opponent_turns(self, reply: Reply) -> int:
        return int((reply.state or {}).get("auctions") or 0)

    # ---------------------------------------------------------------- the game
    def play(self) -> Generator[str, Reply, None]:
        reply = yield "/alea start partner:2 seed:3"
        for rnd, placements in enumerate(PLACEMENTS):
            for _ in range(placements):
                self.board.place_business()
            if rnd == len(AUCTION_DISTRICTS):
                break
            live = self.board.live()
            districts = self.rng.sample(live, min(AUCTION_DISTRICTS[rnd], len(live)))
            reply = yield from self.round(districts)
            if (reply.state or {}).get("phase") == "ended":
                break
        if (reply.state or {}).get("phase") == "play":
            reply = yield "/alea supply-empty"
        me, partner = self.board.score["me"] + 40, self.board.score["partner"] + 37
        yield f"/alea end score:{me} partner_score:{partner}"

    def round(self, districts: list[str]) -> Generator[str, Reply, Reply]:
        """A commissioner's return: the bot shows Alea's bid for each auction hidden; in each
        auction the players bid, then open his bid (a tap on the spoiler, not a command) and
        carry on; when the round is over they tell the bot what he won, in one line."""
        reply = yield f"/alea round districts:{', '.join(districts)}"
        bids = self.hidden_bids(reply)
        won: list[str] = []
        stops: list[str] = []
        for district, bid in zip([*districts, CENTRAL_PARK], bids, strict=True):
            if len(self.board.stopped) >= 2:
                break  # the second building stop ended the game: no further auction
            high = self.rng.choice(HIGH_BIDS)
            if district == CENTRAL_PARK:
                high = min(high, 8)
            winner = "me" if self.rng.random() < 0.5 else "partner"
            if bid > high:  # Alea holds the high bid: do they overbid him?
                wanted = district == CENTRAL_PARK or bool(self.board.empty(district))
                if not (wanted and bid <= 14):
                    won.append(self.alea_wins(district))
                    continue
            if district != CENTRAL_PARK and not self.board.build(district, winner):
                self.board.stopped.add(district)
                stops.append(district)
        if not won and not stops:
            return (yield self.press(reply, "round", won="none"))
        line = f"/alea round won:{'; '.join(won) or 'none'}"
        return (yield line + (f" stop:{', '.join(stops)}" if stops else ""))

    def alea_wins(self, district: str) -> str:
        """Both pass: Alea wins; in a district he builds, told with the round's result."""
        if district == CENTRAL_PARK:
            return district
        empty = self.board.empty(district)
        if not empty:
            self.board.stopped.add(district)
            return f"{district}=none"
        self.board.build(district, "alea")
        return f"{district}={' '.join(f'{p}:{t}' for p, t in empty.items())}"

    @staticmethod
    def hidden_bids(reply: Reply) -> list[int]:
        """Alea's bids as the players read them, each opened in its own auction."""
        found = [m.strip("\u2007 ") for text in reply.facts for m in SPOILER.findall(text)]
        return [int(bid) for bid in found]

    @staticmethod
    def press(reply: Reply, command: str, **args: str) -> str:
        for n, step in enumerate(reply.next_steps, 1):
            if step.command == command and all(
                dict(step.args).get(k) == v for k, v in args.items()
            ):
                return f"press {n}"
        options = " ".join(f"{k}:{v}" for k, v in args.items())
        return f"/alea {command} {options}"
