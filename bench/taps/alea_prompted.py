"""Fifth Avenue with Alea, played from the replies alone, to the game's real end
(alea_game.py plays the table: the players' turns, the commissioners, the supply row).

What the players do, reading each reply:
- between rounds: their turns until a commissioner returns, then the round as the prompt
  shows (`/alea round districts:…`); when the supply row runs out, `/alea supply-empty`;
- in a round: each auction in turn, the two bid, then open Alea's hidden bid (a tap each,
  counted) and overbid him where they still want the plot; when the round is over, what he
  won as the prompt shows (`/alea round won:…`, a building stop of theirs with `stop:`), or
  the button when he won nothing;
- the end: both scores, as the prompt shows."""

from __future__ import annotations

import random
import re
from typing import Any, ClassVar

from bench.taps.alea import HIGH_BIDS
from bench.taps.alea_game import Board, FifthAvenue
from bench.taps.prompted import Intent, Press, Reveal, Typed, Vocabulary
from bench.taps.screen import Screen
from bot.games.fifth_avenue.data import CENTRAL_PARK

BID = re.compile(r"Alea (?:bids|bietet)\s+(\d+)")
NOTHING = ("Alea won nothing", "Alea hat nichts gewonnen")


class AleaPrompted:
    label = "Alea"
    german: ClassVar[dict[str, Any]] = {}

    def __init__(self, seed: int = 11) -> None:
        self.rng = random.Random(seed + 1)
        self.board = Board(random.Random(seed))
        self.table = FifthAvenue(random.Random(seed + 2), self.board)
        self.auctions: list[str] = []  # this round's, in order, Central Park last
        self.next = 0  # the auction whose hidden bid opens next
        self.won: list[str] = []
        self.stops: list[str] = []
        self.nothing: int | None = None  # the round's "Alea won nothing" button

    def start(self) -> str:
        return "/alea start partner:2 seed:3"

    def over(self, state: dict[str, Any]) -> bool:
        return state.get("phase") == "finished"

    def opponent_turns(self, state: dict[str, Any]) -> int:
        return int(state.get("auctions") or 0)

    def decide(self, screen: Screen, english: Screen | None, speak: Vocabulary) -> Intent:
        prompt = Screen(screen.prompt)
        if speak.read(prompt, "alea end"):
            me, partner = self.board.score["me"] + 40, self.board.score["partner"] + 37
            return Typed.of("alea end", score=me, partner_score=partner)
        if self.auctions:
            return self._auction(screen)
        if screen.hidden:  # the round opened: Alea's bids, hidden
            return self._open(screen)
        if speak.read(prompt, "alea round"):
            districts = self.table.next_round()
            while districts == []:  # markers only in stopped districts: no auction
                districts = self.table.next_round()
            if districts is None:
                return Typed.of("alea supply-empty")
            self.auctions = [*districts, CENTRAL_PARK]
            self.next, self.won, self.stops = 0, [], []
            return Typed.of("alea round", districts=", ".join(districts))
        raise RuntimeError(f"Alea: nothing to answer in {screen.text!r}")

    def _open(self, screen: Screen) -> Intent:
        self.nothing = screen.button(*NOTHING)
        return self._reveal_next()

    def _reveal_next(self) -> Intent:
        self.next += 1
        return Reveal(self.next)

    def _auction(self, screen: Screen) -> Intent:
        """An opened bid: the auction it belongs to is played out, then the next opens; after
        the last, what he won."""
        if screen.hidden and self.next == 0:
            return self._open(screen)
        found = BID.search(screen.text)
        if found is None:
            raise RuntimeError(f"Alea: no bid in {screen.text!r}")
        self._play(self.auctions[self.next - 1], int(found.group(1)))
        if self.next < len(self.auctions) and len(self.board.stopped) < 2:
            return self._reveal_next()
        self.auctions = []
        if not self.won and not self.stops and self.nothing is not None:
            return Press(self.nothing)
        options = {"won": "; ".join(self.won) or "none"}
        if self.stops:
            options["stop"] = ", ".join(self.stops)
        return Typed.of("alea round", **options)

    def _play(self, district: str, bid: int) -> None:
        """One auction: the two have bid; Alea's bid above theirs wins unless they overbid
        him for a plot they still want."""
        high = self.rng.choice(HIGH_BIDS)
        if district == CENTRAL_PARK:
            high = min(high, 8)
        winner = "me" if self.rng.random() < 0.5 else "partner"
        if bid > high:
            wanted = district == CENTRAL_PARK or bool(self.board.empty(district))
            if not (wanted and bid <= 14):
                self.won.append(self.board.alea_wins(district))
                return
        if district != CENTRAL_PARK and not self.board.build(district, winner):
            self.board.stopped.add(district)
            self.stops.append(district)
