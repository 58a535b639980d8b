"""Grand Austria Hotel: a scripted player against Leopold (the base game) and Elisabeth
(modules 1 and 2), for bench.taps.

The player keeps a physical table: the guest deck and the queue of five (taking a guest shifts
the guests left of it one space to the right and a new guest fills the leftmost space), the ten
dice rolled each round, with module 2 three of them coloured and a lounge of celebrities, with
module 1 three ballrooms of fixed size and a balcony. On their own turns they take the best
cheap guest (with module 1 from round 2 every second one goes dancing, into the first ballroom
with space) and the die with most dice (a coloured one on their first turn of a round). What the
opponent took is read off the replies (queue position, die) and the public state (dancers)."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from bot.core.reply import Reply
from bot.games.grand_austria.data import gah_data

GAME = "gah"
LETTER = {"blue": "B", "red": "R", "yellow": "Y", "green": "G"}
COLOURS = ("red", "yellow", "blue")
GERMAN = {"rot": "red", "gelb": "yellow", "blau": "blue"}
TAKEN_GUEST = re.compile(r"queue position (\d)|von Platz (\d) der Warteschlange")
TAKEN_DIE = re.compile(r"takes a \*\*(\d)\*\* die|nimmt einen Würfel \*\*(\d)\*\*")
TAKEN_COLOURED = re.compile(
    r"takes the \*\*(red|yellow|blue) die\*\* from action space (\d)"
    r"|nimmt den \*\*(rot|gelb|blau)en Würfel\*\* von Aktionsfeld (\d)"
)
BALLROOM_SIZES = (5, 6, 7)  # the three random ballroom boards (the balcony is unlimited)


@dataclass
class GahTable:
    """The player's physical table."""

    rng: random.Random
    modules: tuple[int, ...]
    deck: list[tuple[str, int]] = field(default_factory=list)
    queue: list[tuple[str, int]] = field(default_factory=list)
    dice: list[int] = field(default_factory=lambda: [0] * 6)
    coloured: dict[str, int] = field(default_factory=dict)
    lounge: dict[str, int] = field(default_factory=dict)
    dancers: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # both players
    mine: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    guests_taken: int = 0
    round: int = 0

    def __post_init__(self) -> None:
        self.deck = [(g.colour, g.vp) for g in gah_data().guests.values()]
        self.rng.shuffle(self.deck)
        self.queue = [self.deck.pop() for _ in range(5)]

    # ---------------------------------------------------------------- what anybody does
    def take_guest(self, position: int) -> tuple[str, int]:
        guest = self.queue.pop(position - 1)
        self.queue.insert(0, self.deck.pop())
        return guest

    def follow(self, facts: list[str]) -> None:
        """The guests and dice the opponent took, as the reply's facts say (either language)."""
        for line in facts:
            for match in TAKEN_GUEST.finditer(line):
                self.take_guest(int(match.group(1) or match.group(2)))
            for match in TAKEN_DIE.finditer(line):
                self.take_die(int(match.group(1) or match.group(2)))
            for match in TAKEN_COLOURED.finditer(line):
                colour = match.group(1) or GERMAN[match.group(3)]
                self.take_die(int(match.group(2) or match.group(4)))
                self.coloured.pop(colour, None)
            if "takes a die:" in line or "nimmt einen Würfel:" in line:
                self.take_die(self.most_dice())  # the card's instruction, applied at the table

    def take_die(self, value: int) -> None:
        if self.dice[value - 1] > 0:
            self.dice[value - 1] -= 1

    def most_dice(self) -> int:
        top = max(self.dice)
        return max(v for v in range(1, 7) if self.dice[v - 1] == top)

    def new_round(self, number: int) -> None:
        self.round = number
        rolled = [self.rng.randint(1, 6) for _ in range(10)]
        self.dice = [rolled.count(v) for v in range(1, 7)]
        if 2 in self.modules:
            self.coloured = dict(zip(COLOURS, rolled[:3], strict=True))
            self.lounge = {c: self.rng.randint(1, 6) for c in COLOURS}

    def full(self) -> list[int]:
        return [i for i, size in enumerate(BALLROOM_SIZES) if self.dancers[i] >= size]

    # ---------------------------------------------------------------- the player's own turn
    def my_turn(self, first: bool) -> None:
        cheap = range(3, 6)
        best = max(cheap, key=lambda p: (self.queue[p - 1][1], p))
        self.take_guest(best)
        self.guests_taken += 1
        if 1 in self.modules and self.round >= 2 and self.guests_taken % 2 == 0:
            room = next((i for i in range(3) if i not in self.full()), 3)
            self.dancers[room] += 1
            self.mine[room] += 1
        if first and self.coloured:
            colour = next(iter(self.coloured))
            self.take_die(self.coloured.pop(colour))
        else:
            value = self.most_dice()
            self.take_die(value)
            for colour, at in list(self.coloured.items()):
                if at == value and self.dice[value - 1] < sum(
                    1 for v in self.coloured.values() if v == value
                ):
                    self.coloured.pop(colour)

    # ---------------------------------------------------------------- what the player types
    def queue_text(self) -> str:
        return " ".join(f"{LETTER[c]}{vp}" for c, vp in self.queue)

    def dice_text(self) -> str:
        return " ".join(str(n) for n in self.dice)

    def coloured_text(self) -> str:
        return " ".join(f"{c[0].upper()}{v}" for c, v in self.coloured.items()) or "none"

    def lounge_text(self) -> str:
        return " ".join(f"{c[0].upper()}{vp}" for c, vp in self.lounge.items())


OPTION_NAMES = {
    "queue": "queue",
    "warteschlange": "queue",
    "dice": "dice",
    "würfel": "dice",
    "coloured": "coloured",
    "farbig": "coloured",
    "lounge": "lounge",
    "full": "full",
    "voll": "full",
    "ballroom_vp": "ballroom_vp",
    "ballsaal_sp": "ballroom_vp",
    "emperor_vp": "emperor_vp",
    "kaiser_sp": "emperor_vp",
    "player_score": "player_score",
    "deine_punkte": "player_score",
}


class GahPlayer:
    def __init__(self, label: str, start: str, modules: tuple[int, ...], seed: int) -> None:
        self.label = label
        self._start = start
        self.modules = modules
        self.table = GahTable(random.Random(seed), modules)
        self.round = 0
        self.turns_seen = 0  # the opponent's turns whose moves are applied to the table
        self.my_turns_done = 0  # this round
        self.state: dict = {}

    def start(self) -> str:
        return self._start

    def over(self, reply: Reply) -> bool:
        return bool(reply.state) and reply.state.get("phase") == "finished"

    def opponent_turns(self, reply: Reply) -> int:
        return len((reply.state or {}).get("cards_played", []))

    # ---------------------------------------------------------------- reading the reply
    def _apply_opponent(self, reply: Reply) -> None:
        t = self.table
        t.follow(reply.facts)
        state = reply.state or {}
        if "dancers" in state:
            theirs = state["dancers"]
            t.dancers = [m + o for m, o in zip(t.mine, theirs, strict=True)]

    def _sync_round(self, state: dict) -> None:
        number = state.get("round", 1)
        if number != self.round:
            self.round = number
            self.my_turns_done = 0
            self.table.new_round(number)

    def _my_turns_until(self, state: dict) -> None:
        """Take the player's own turns that come before the opponent's next one (or before
        the round end): 1/4 for the opponent in odd rounds."""
        done_by_opponent = state.get("turns_this_round", 0)
        odd = self.round % 2 == 1
        if state.get("phase") != "play":
            want = 2
        elif odd:
            want = 0 if done_by_opponent == 0 else 2
        else:
            want = 2 if done_by_opponent == 2 else 1
        while self.my_turns_done < want:
            self.table.my_turn(first=self.my_turns_done == 0)
            self.my_turns_done += 1

    # ---------------------------------------------------------------- answering
    def answer(self, reply: Reply) -> str:
        state = self.state = reply.state or {}
        self._sync_round(state)  # a new round's dice first: its turn's facts take from them
        self._apply_opponent(reply)
        ask = reply.ask
        if state.get("pending_card") is None:  # between the opponent's turns: the player's
            self._my_turns_until(state)
            ending = state.get("phase") == "play" and state.get("turns_this_round", 0) >= 2
            if ending and ask is not None and ask.command == "turn":
                # the line ends the round and resolves the next round's turn: play up to it
                self._sync_round({"round": self.round + 1})
                self._my_turns_until({"turns_this_round": 0, "phase": "play"})
        if ask is not None:
            return self._answer_ask(reply)
        if state.get("phase") == "final":
            return "/gah final player_score:95"
        if state.get("turns_this_round", 0) >= 2:
            return self._round_end(reply, state)
        return self._press(reply, 1)  # draw the opponent's card

    @staticmethod
    def _named(prompt: str) -> list[str]:
        """The options the prompt's example line names (`/gah turn dice:… coloured:…`)."""
        examples = re.findall(r"`/\S+ \S+ ([^`]*)`", prompt)
        if not examples:
            return []
        names = re.findall(r"(?:^| )([^\s:]+):", examples[0])
        return [OPTION_NAMES[n] for n in names if n in OPTION_NAMES]

    def _fill(self, name: str) -> str:
        t = self.table
        return {
            "queue": t.queue_text,
            "dice": t.dice_text,
            "coloured": t.coloured_text,
            "lounge": t.lounge_text,
            "full": lambda: " ".join(str(i + 1) for i in t.full()) or "none",
            "ballroom_vp": lambda: str(self._ballroom_vp()),
            "emperor_vp": lambda: str(self.emperor_vp),
            "player_score": lambda: "95",
        }[name]()

    def _answer_ask(self, reply: Reply) -> str:
        ask = reply.ask
        assert ask is not None
        named = self._named(reply.prompt or ask.text())
        names = [f.option for f in ask.fields]
        names += [n for n in named if n not in names] or ([] if names else [ask.option])
        values = {n: self._fill(n) for n in names}
        line = f"/{GAME} {ask.command.replace('_', '-')} "
        # a button that sends exactly what the table shows
        for i, step in enumerate(reply.next_steps, 1):
            sent = dict(step.args)
            if names and all(
                sent.get(n) == v or (sent.get(n) == "same" and _remembered(ask, n) == v)
                for n, v in values.items()
            ):
                return f"press {i}"
        return line + " ".join(f"{n}:{v}" for n, v in values.items())

    def _ballroom_vp(self) -> int:
        """Elisabeth's share of the ballroom scored now, as the player scores it: 3 per dancer."""
        scored = {3: 0, 5: 1, 7: 2}.get(self.round)
        if 1 not in self.modules or scored is None:
            return 0
        dancers = self.state.get("dancers", [0, 0, 0, 0])
        return 3 * (dancers[scored] + (dancers[3] if scored == 2 else 0))

    @property
    def emperor_vp(self) -> int:
        """The VP the player's Emperor track shows where the bot asks (the lower reading)."""
        return (self.state.get("emperor_vp_options") or [0])[0]

    def _round_end(self, reply: Reply, state: dict) -> str:
        """Without a question to answer: the player knows the scored ballroom needs
        Elisabeth's VP and types it with the round end; otherwise a button."""
        parts = [f"ballroom_vp:{self._ballroom_vp()}"] if self._ballroom_vp() else []
        if not parts:
            return self._press(reply, 1)
        if state.get("emperor_vp_options"):
            parts.append(f"emperor_vp:{self.emperor_vp}")
        return "/gah round-end " + " ".join(parts)

    @staticmethod
    def _press(reply: Reply, n: int) -> str:
        if len(reply.next_steps) < n:
            raise RuntimeError(f"no button {n} in: {reply.prompt}")
        return f"press {n}"


def _remembered(ask, name: str) -> str | None:  # type: ignore[no-untyped-def]
    """The value the question shows as remembered: a field's, or `last time: `…`` in its reason."""
    for f in ask.fields:
        if f.option == name:
            return f.remembered
    found = re.search(r"`([^`]*)`", ask.reason or "")
    return found.group(1) if found and ask.option == name else None


def leopold() -> GahPlayer:
    return GahPlayer("Leopold", "/gah start difficulty:medium seed:3", (), seed=3)


def elisabeth() -> GahPlayer:
    return GahPlayer("Elisabeth", "/gah start difficulty:medium modules:1,2 seed:4", (1, 2), 4)
