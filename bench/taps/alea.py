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

from bench.taps.alea_game import Board, FifthAvenue
from bot.core.reply import Reply
from bot.games.fifth_avenue.data import CENTRAL_PARK

HIGH_BIDS = (0, 0, 6, 8, 8, 9, 10, 11, 12, 13, 15)
SPOILER = re.compile(r"\|\|(.+?)\|\|")  # Discord's hidden text: Alea's bids in a round


class AleaPlayers:
    label = "Alea"

    def __init__(self, seed: int = 11) -> None:
        self.board = Board(random.Random(seed))
        self.rng = random.Random(seed + 1)
        self.table = FifthAvenue(random.Random(seed + 2), self.board)  # the whole game
        self.script = self.play()
        self.reply: Reply | None = None
        self.reveals = 0  # Alea's hidden bids opened: a tap each (a spoiler, `reveal N`)

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
        """The whole game (alea_game.py): a round whenever a commissioner returns, to the
        supply row's end or the second building stop."""
        reply = yield "/alea start partner:2 seed:3"
        while True:
            districts = self.table.next_round()
            while districts == []:  # his markers only in stopped districts: no auction
                districts = self.table.next_round()
            if districts is None:
                break
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
            self.reveals += 1  # his bid opened once the two have bid
            high = self.rng.choice(HIGH_BIDS)
            if district == CENTRAL_PARK:
                high = min(high, 8)
            winner = "me" if self.rng.random() < 0.5 else "partner"
            if bid > high:  # Alea holds the high bid: do they overbid him?
                wanted = district == CENTRAL_PARK or bool(self.board.empty(district))
                if not (wanted and bid <= 14):
                    won.append(self.board.alea_wins(district))
                    continue
            if district != CENTRAL_PARK and not self.board.build(district, winner):
                self.board.stopped.add(district)
                stops.append(district)
        if not won and not stops:
            return (yield self.press(reply, "round", won="none"))
        line = f"/alea round won:{'; '.join(won) or 'none'}"
        return (yield line + (f" stop:{', '.join(stops)}" if stops else ""))

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
