"""A typical full game against Sam (medium), played by a person at a physical table.

The table: a 2-player job market (rows of 2 spaces; rows 1-2 filled at setup, the token on
row 3), a cattle market of 7 cards, your engine, the numbered outlaw spaces and the three
hazard sections, your buildings. What changes it, written down here and not tuned to the bot:

- your own turns, in a loop of five: 1 hire the cheapest worker outside the token's row and
  move your engine 2; 2 build (up to 7 buildings); 3 buy the first two cattle cards; 4 move
  your engine 3 and clear the first hazard (or, with none, take the lowest outlaw);
  5 Kansas City: the bottom foresight tile of each column goes out (workers to the job
  market's token row, hazards and outlaws to the trail), then refill the cattle market to 7;
- Sam's turns, as his replies say: the worker he hires, the cattle he buys (and the cards his
  leftover cowboys reveal), the hazard and outlaw he takes, his Kansas City (foresight tiles);
  his herder reaches Kansas City once he has gone 10 steps since the last time.

The game ends when a worker would go below the last row of the job market: whoever's turn it
was finishes, the other takes one last turn, then `/gwt end`. The person answers what the
bot asks from this table: a shown button where one fits (the remembered value unchanged, `none`,
a count), else the shortest line that works."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from bot.core.agenda import Choice
from bot.core.reply import Reply

COSTS = [6, 6, 7, 5, 7, 8, 6, 8, 7, 9, 8, 10]  # job-market rows from the top
# the foresight tiles as they come out, three per Kansas City (one per column)
FORESIGHT = "C B flood:3 E G C drought:2 B E O C rockfall:4 B E flood:2 C G B".split()  # noqa: SIM905
CATTLE_STACK = "C3 A1 L2 S4 H5 C3 M3 A2 L3 S4 C4 H3 A1 M4 L2 C3 S5 H4 A2 L2 M3 C5".split()  # noqa: SIM905
KC_STEPS = 10  # Sam's herder reaches Kansas City once he has gone this far since the last time
SECTIONS = ("flood", "drought", "rockfall")
OPTIONS = ("jobs", "token", "cattle", "engine", "outlaws", "hazards", "buildings")


@dataclass
class GwtTable:
    rows: list[list[str]] = field(default_factory=lambda: [list("CB"), list("EC")])
    token: int = 3  # 1 = top row; workers come out into this row
    cattle: list[str] = field(default_factory=lambda: ["C3", "C3", "L2", "S4", "H5", "A1", "M3"])
    engine: int = 0
    outlaws: dict[int, str] = field(default_factory=lambda: {2: "G", 5: "O"})
    hazards: dict[str, list[int]] = field(default_factory=lambda: {"flood": [4], "drought": [3]})
    buildings: int = 0
    foresight: int = 0
    stack: int = 0
    over: bool = False  # the job market is full: the game ends after this round

    # ---------------------------------------------------------------- as the person reports it
    def report(self, option: str) -> str:
        if option == "jobs":
            shown = self.rows + [[]] * (self.token - len(self.rows))
            return " ".join(f"{COSTS[i]}:{''.join(r) or '-'}" for i, r in enumerate(shown))
        if option == "token":
            return str(self.token)
        if option == "cattle":
            return " ".join(self.cattle) or "none"
        if option == "engine":
            return str(self.engine)
        if option == "outlaws":
            return " ".join(f"{s}:{c}" for s, c in sorted(self.outlaws.items())) or "none"
        if option == "hazards":
            found = [f"{s}:{':'.join(map(str, v))}" for s, v in self.hazards.items() if v]
            return " ".join(found) or "none"
        if option == "buildings":
            return str(self.buildings)
        raise KeyError(option)

    # ---------------------------------------------------------------- changes
    def add_worker(self, letter: str) -> None:
        while len(self.rows) < self.token:
            self.rows.append([])
        self.rows[self.token - 1].append(letter)
        if len(self.rows[self.token - 1]) == 2:
            self.token += 1
            if self.token > len(COSTS):
                self.over = True
                self.token = len(COSTS)

    def kansas_city(self) -> None:
        for _ in range(3):
            tile = FORESIGHT[self.foresight % len(FORESIGHT)]
            self.foresight += 1
            if tile in "CBE":
                self.add_worker(tile)
            elif tile in "GO":
                free = [s for s in range(1, 10) if s not in self.outlaws]
                self.outlaws[free[0]] = tile
            else:
                section, vp = tile.split(":")
                if len(self.hazards.setdefault(section, [])) < 4:
                    self.hazards[section].append(int(vp))

    def draw_cattle(self, cards: int) -> None:
        for _ in range(cards):
            self.cattle.append(CATTLE_STACK[self.stack % len(CATTLE_STACK)])
            self.stack += 1

    def hire_cheapest(self) -> None:
        places = [
            (COSTS[i], i, j)
            for i, row in enumerate(self.rows)
            if i + 1 != self.token
            for j, _ in enumerate(row)
        ]
        if places:
            _, i, j = min(places)
            del self.rows[i][j]

    def my_turn(self, number: int) -> None:
        """Your own turn, the loop of five written down above."""
        step = number % 5
        if step == 1:
            self.hire_cheapest()
            self.engine += 2
        elif step == 2:
            self.buildings = min(7, self.buildings + 1)
        elif step == 3:
            del self.cattle[:2]
        elif step == 4:
            self.engine += 3
            cleared = next((s for s in SECTIONS if self.hazards.get(s)), None)
            if cleared is not None:
                self.hazards[cleared].pop()
            elif self.outlaws:
                del self.outlaws[min(self.outlaws)]
        else:
            self.kansas_city()
            self.draw_cattle(max(0, 7 - len(self.cattle)))

    # ---------------------------------------------------------------- Sam's moves, as told
    def sam_did(self, fact: str) -> str | None:
        """Carry out on the table what one line of Sam's turn says; the report it changed
        as the bot can follow it (a card or tile named), None otherwise."""
        if m := re.search(r"Sam hires the \*\*\w+ in row (\d+), place (\d+)", fact):
            del self.rows[int(m[1]) - 1][int(m[2]) - 1]
            return "jobs"
        if m := re.search(r"Sam buys \*\*(.+?) \(\d+ cowboy", fact):
            for card in m[1].split(" + "):
                name, vp = card.rsplit(" ", 1)
                self.cattle.remove(f"{BREEDS[name]}{vp}")
            return "cattle"
        if m := re.search(r"takes the \*\*([\w ]+) \((\d) VP\)\*\* from the market", fact):
            self.cattle.remove(f"{BREEDS[m[1]]}{m[2]}")
            return "cattle"
        if m := re.search(r"Sam removes the \*\*(\w+) hazard worth (\d) VP", fact):
            self.hazards[m[1]].remove(int(m[2]))
            return "hazards"
        if m := re.search(r"outlaw on space (\d)\*\*", fact):
            del self.outlaws[int(m[1])]
            return "outlaws"
        if m := re.search(r"draw (\d+) cards from the market cattle stack", fact):
            self.draw_cattle(int(m[1]))  # cards the bot cannot know
        elif fact.startswith("**Kansas City.**"):
            self.kansas_city()  # foresight tiles the bot cannot know
        return None


BREEDS = {
    "Black Angus": "A",
    "Longhorn": "L",
    "Corriente": "C",
    "Shorthorn": "S",
    "Hereford": "H",
    "Simmental": "M",
}
STEPS = re.compile(r"Move Sam's herder \*\*(\d) step")
REMEMBERED = re.compile(r"last time: `([^`]*)`")


def shortest(option: str, told: str, now: str) -> str:
    """A whole report, or for the job market only its changed rows (`3=CB 4=7:E`), as the
    turn prompt shows."""
    if option != "jobs":
        return now
    old, new = told.split(), now.split()
    rows = [
        f"{i}={row.split(':')[1]}" if i <= len(old) else f"{i}={row}"
        for i, row in enumerate(new, 1)
        if i > len(old) or old[i - 1] != row
    ]
    partial = " ".join(rows)
    return partial if len(old) <= len(new) and len(partial) < len(now) else now


def same(option: str, one: str, other: str) -> bool:
    """Whether two reports describe the same table (cards in any order, case aside)."""
    a, b = one.strip().upper(), other.strip().upper()
    if option == "cattle":
        return sorted(a.split()) == sorted(b.split())
    return a.split() == b.split()


class GwtPlayer:
    label = "Sam"
    reads_english = True  # it follows Sam's moves in his English sentences (runner.py)

    def __init__(self) -> None:
        self.table = GwtTable()
        self.told: dict[str, str] = {}  # what the bot remembers, as far as this person knows
        self.my_turns = 0
        self.steps = 0  # Sam's herder since his last Kansas City
        self.last_turn = False  # the job market is full: one last round
        self.sam_turns = 0
        self.kc_ahead = 0  # his Kansas Cities done on the table before the bot said them

    def start(self) -> str:
        return "/gwt start seed:25"

    def over(self, reply: Reply) -> bool:
        return bool(reply.state and reply.state.get("status") == "finished")

    def opponent_turns(self, reply: Reply) -> int:
        return self.sam_turns

    def answer(self, reply: Reply) -> str:
        for fact in reply.facts:
            self._follow(fact)
            if m := STEPS.search(fact):
                self.steps += int(m[1])
                self.sam_turns += 1
        ask = reply.ask
        if ask is None:
            return self._next_turn(reply)
        if ask.option == "herder":
            return self._herder(reply)
        if ask.option == "pick":
            return "press 1"  # a tie the rules leave open: the first offered
        if ask.fields:
            return self._fields(reply)
        return self._one(reply, ask.option)

    def _follow(self, fact: str) -> None:
        """Sam's move on the table; where the bot can follow it, it remembers the result."""
        if fact.startswith("**Kansas City.**") and self.kc_ahead:
            self.kc_ahead -= 1  # done on the table already, before your turn
            return
        before = {o: same(o, v, self.table.report(o)) for o, v in self.told.items()}
        changed = self.table.sam_did(fact)
        if changed is not None and before.get(changed):
            self.told[changed] = self.table.report(changed)

    # ---------------------------------------------------------------- your turn, then Sam's
    def _my_turn(self) -> None:
        self.my_turns += 1
        self.table.my_turn(self.my_turns)
        if self.table.over:
            self.last_turn = True  # Sam takes his last turn, then the game is scored

    def _changes(self) -> list[str]:
        """What changed on the table since the bot heard it: the options to type."""
        changed = []
        for option, told in self.told.items():
            now = self.table.report(option)
            if not same(option, told, now):
                changed.append(f"{option}:{shortest(option, told, now)}")
                self.told[option] = now
        return changed

    def _next_turn(self, reply: Reply) -> str:
        """Sam's turn is over: take yours, then start his with what changed."""
        if self.last_turn:
            return "/gwt end you:92 objectives:9 job_token:you"
        self._my_turn()
        if any("Tell me all of it once" in fact for fact in reply.facts):
            self.told = {o: self.table.report(o) for o in OPTIONS}  # the tip after setup
            return " ".join(["/gwt turn", *(f"{o}:{v}" for o, v in self.told.items())])
        changes = self._changes()
        if changes:
            return " ".join(["/gwt turn", *changes])
        for label in ("Sam's turn · table unchanged", "Sam's turn"):
            pressed = self._press_step(reply, label)
            if pressed:
                return pressed
        return "/gwt turn"

    def _herder(self, reply: Reply) -> str:
        if self.steps >= KC_STEPS:
            self.steps = 0
            if self.last_turn:
                return self._press_value(reply, "kansas_city") or "/gwt turn herder:kansas_city"
            self.table.kansas_city()  # his Kansas City, then your turn, told in one line
            self.kc_ahead += 1
            self._my_turn()
            changes = self._changes()
            return " ".join(["/gwt turn herder:kansas_city", *changes])
        if self.last_turn:
            return self._press_value(reply, "trail") or "/gwt turn herder:trail"
        nxt = self._press_label(
            reply, "On the trail · after your turn: Sam's next, table unchanged"
        )
        if nxt is None:
            return self._press_value(reply, "trail") or "/gwt turn herder:trail"
        self._my_turn()  # he stopped on the trail: your turn, then his next at once
        changes = self._changes()
        return " ".join(["/gwt turn", *changes]) if changes else nxt

    # ---------------------------------------------------------------- Sam's questions
    def _one(self, reply: Reply, option: str) -> str:
        assert reply.ask is not None
        value = self.table.report(option)
        self.told[option] = value
        if option == "jobs":
            self.told["token"] = str(self.table.token)
        remembered = REMEMBERED.search(reply.ask.reason or "")
        if remembered and same(option, remembered[1], value):
            pressed = self._press_label(reply, "Unchanged")
            if pressed:
                return pressed
        pressed = self._press_value(reply, value)
        if pressed:
            return pressed
        if option == "jobs":  # the prompt asks for the token with the rows
            return f"/gwt turn jobs:{value} token:{self.table.token}"
        return f"/gwt turn {option}:{value}"

    def _fields(self, reply: Reply) -> str:
        assert reply.ask is not None
        differ = []
        for f in reply.ask.fields:
            now = self.table.report(f.option)
            self.told[f.option] = now
            if f.remembered is None or not same(f.option, f.remembered, now):
                shown = now if f.remembered is None else shortest(f.option, f.remembered, now)
                differ.append(f"{f.option}:{shown}")
        if not differ:
            pressed = self._press_label(reply, "Unchanged")
            if pressed:
                return pressed
        return " ".join(["/gwt turn", *differ])

    # ---------------------------------------------------------------- buttons
    @staticmethod
    def _press_step(reply: Reply, label: str) -> str | None:
        for i, step in enumerate(reply.next_steps, 1):
            if step.label == label:
                return f"press {i}"
        return None

    @staticmethod
    def _press_value(reply: Reply, value: str) -> str | None:
        """The button that sends `value` alone."""
        return _press_choice(reply, lambda c: c.value.lower() == value.lower() and not c.also)

    @staticmethod
    def _press_label(reply: Reply, label: str) -> str | None:
        return _press_choice(reply, lambda c: c.label == label)


def _press_choice(reply: Reply, fits: Callable[[Choice], bool]) -> str | None:
    ask = reply.ask
    if ask is None:
        return None
    for i, choice in enumerate(ask.choices, 1):
        if fits(choice):
            return f"press {i}"
    return None
