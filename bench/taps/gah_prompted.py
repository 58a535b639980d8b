"""Leopold and Elisabeth (Grand Austria Hotel), played from the replies alone: the same physical
table and the same own turns as the scripted players (gah.py), every line read off the reply.

What the player does, reading each reply:
- "Take your turns 2 and 3, then draw Leopold's card for turn 4 …": takes those turns at the
  table, then sends the line to edit and send with every fact its table shows (the queue, the
  dice, the coloured dice and the lounge, the full ballrooms): the one-line way the prompt
  offers ("or let me resolve it at once");
- "End round 3 and resolve Leopold's next turn at once": rolls the next round's dice and, when
  the turn-order tiles give it the round's first turn (even rounds: Leopold holds 2/3), takes
  that turn, then the same; the round's numbers the reply says it needs come with it (the
  Emperor space's VP as its board shows it, the ballroom's VP as it scores them);
- "Leopold's card needs the refilled queue": the queue;
- the final: its total (and the numbers of round 7's end)."""

from __future__ import annotations

import random
import re
from typing import Any, ClassVar

from bench.taps.gah import GahTable
from bench.taps.prompted import Intent, Press, Typed, Vocabulary
from bench.taps.screen import Screen

YOUR_TURNS = re.compile(
    r"(?:Take your turns?|Mach deinen Zug|Mach deine Züge) (\d)(?: (?:and|und) (\d))?"
)
END_ROUND = re.compile(r"(?:[Ee]nd round|[Bb]eende Runde) (\d)")
EMPEROR = re.compile(r"Emperor space (\d+), whose VP is reconstructed \((\d+) or (\d+)\)")
DANCERS = re.compile(
    r"has (\d+) in (?:Ballroom \d|Balcony)(?: and (\d+) in (?:Ballroom \d|Balcony))?"
)
BALLROOMS = re.compile(
    r"Dancers: Ballroom 1 (\d+), Ballroom 2 (\d+), Ballroom 3 (\d+), Balcony (\d+)"
)
FIELDS = ("queue", "dice", "coloured", "lounge", "full", "ballroom_vp", "emperor_vp")


class GahPrompted:
    german: ClassVar[dict[str, Any]] = {}

    def __init__(self, label: str, start: str, modules: tuple[int, ...], seed: int) -> None:
        self.label = label
        self._start = start
        self.modules = modules
        self.table = GahTable(random.Random(seed), modules)
        self.round = 0
        self.why = ""  # the English twin's reply: its lines saying why a number is needed
        self.turns_taken = 0

    def start(self) -> str:
        return self._start

    def over(self, state: dict[str, Any]) -> bool:
        return state.get("phase") == "finished"

    def opponent_turns(self, state: dict[str, Any]) -> int:
        return len(state.get("cards_played", []))

    # ---------------------------------------------------------------- the table
    def _follow(self, english: Screen) -> None:
        t = self.table
        t.follow(english.facts)
        board = BALLROOMS.search(english.text)
        if board:  # hers as the board shows them, and yours
            t.dancers = [m + int(o) for m, o in zip(t.mine, board.groups(), strict=True)]

    def _new_round(self, number: int) -> None:
        self.round = number
        self.table.new_round(number)
        self.turns_taken = 0

    def _my_turn(self) -> None:
        self.table.my_turn(first=self.turns_taken == 0)
        self.turns_taken += 1

    # ---------------------------------------------------------------- deciding
    def decide(self, screen: Screen, english: Screen | None, speak: Vocabulary) -> Intent:
        if english is not None:
            self._follow(english)
            self.why = english.text
        if self.round == 0:
            self._new_round(1)
        prompt = screen.prompt.split("\n")[0]
        for match in YOUR_TURNS.finditer(prompt):
            for _ in (g for g in match.groups() if g):
                self._my_turn()
        ending = END_ROUND.search(prompt)
        if ending and int(ending.group(1)) < 7:
            self._new_round(int(ending.group(1)) + 1)
            if self.round % 2 == 0:  # the turn-order tiles swapped: your turn 1 comes first
                self._my_turn()
        command = "gah final" if speak.read(Screen(prompt), "gah final") else "gah turn"
        shown = speak.read(screen, command)
        wanted = [o for o in (shown[-1] if shown else {}) if o in (*FIELDS, "player_score")]
        if not wanted:
            if screen.buttons:
                return Press(1)
            raise RuntimeError(f"{self.label}: nothing to answer in {screen.text!r}")
        return Typed(command, tuple((o, self._fill(o)) for o in wanted))

    def _fill(self, option: str) -> str:
        t = self.table
        if option == "queue":
            return t.queue_text()
        if option == "dice":
            return t.dice_text()
        if option == "coloured":
            return t.coloured_text()
        if option == "lounge":
            return t.lounge_text()
        if option == "full":
            return " ".join(str(i + 1) for i in t.full()) or "none"
        if option == "ballroom_vp":
            found = DANCERS.search(self.why)
            return str(3 * sum(int(g) for g in found.groups() if g)) if found else "0"
        if option == "emperor_vp":
            found = EMPEROR.search(self.why)
            return found.group(2) if found else "0"  # the board shows the first reading
        return "95"  # player_score


def leopold() -> GahPrompted:
    return GahPrompted("Leopold", "/gah start difficulty:medium seed:3", (), seed=3)


def elisabeth() -> GahPrompted:
    return GahPrompted("Elisabeth", "/gah start difficulty:medium modules:1,2 seed:4", (1, 2), 4)
