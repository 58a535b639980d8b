"""Freddy II (Glasgow), played from the replies alone: the same physical table and the same own
turns as the scripted player (glasgow.py), every line read off the reply, and Freddy's ties
chosen by the player (never his suggested cells wholesale).

What the player does, reading each reply:
- the action question: both actions in one line when it shows `chosen2:…`; the rows with the
  last action when it says they are asked next, or the row an exchange changed; a lone
  action by its button;
- the row question: the rows it names, or "Unchanged";
- the build question: its buildings one line each (`/glasgow build building:N at:…`), the last
  with `done:yes` and, when the question shows the line for it, Freddy II's storage answered
  ahead; nothing to build: "Done";
- Freddy's tie: the cell that spares its own houses (not next to them), else the first;
- the storage question: its buttons, or the line with each good;
- the final: the goods left in its storage.
It follows Freddy's buildings on the city the replies draw (capital letters are his)."""

from __future__ import annotations

import random
import re
from typing import Any, ClassVar

from bench.taps.glasgow import GlasgowTable, cell_of, label, neighbours
from bench.taps.prompted import Intent, Press, Typed, Vocabulary
from bench.taps.screen import Screen

PLACE = re.compile(r"(?:Round|Runde) (\d)/2 · (?:turn|Zug) (\d)/4")
GRID_HEAD = re.compile(r"^ {3,}[A-Z](?: {2}[A-Z])*\s*$")
CELL = re.compile(r"^[A-Z]\d{1,2}\b")
ROWS = ("buildings", "row2", "row3", "row4")
GOODS = ("stone", "steel", "gold", "whisky")
UNCHANGED = ("Unchanged", "Unverändert")
DONE = ("Done: Freddy builds the rest", "Fertig: Freddy baut den Rest")
CONTRACT_BUTTONS = {
    ("other", "other"): ("No special contract", "Kein Sonderauftrag"),
    ("whisky", "other"): ("Chose whisky", "Whisky gewählt"),
    ("other", "whisky"): ("Ignored whisky", "Whisky ignoriert"),
    ("exchange", "other"): ("Chose exchange", "Austausch gewählt"),
    ("other", "exchange"): ("Ignored exchange", "Austausch ignoriert"),
    ("double", "other"): ("Chose double", "Doppelauftrag gewählt"),
}
# the German a German player types for the contracts (the buttons' and the facts' words)
CONTRACTS_DE = {"exchange": "austausch", "double": "doppelauftrag", "other": "sonstiger"}


class FreddyPrompted:
    label = "Freddy II"
    german: ClassVar[dict[str, Any]] = {
        **{o: CONTRACTS_DE for o in ("chosen", "ignored", "chosen2", "ignored2")},
        "both": {"yes": "ja"},
        "done": {"yes": "ja"},
        **{g: {"yes": "ja", "no": "nein"} for g in GOODS},
    }

    def __init__(self, seed: int = 7) -> None:
        self.table = GlasgowTable(random.Random(seed))
        self.round = 0
        self.turn = 0
        self.actions: list[tuple[str, str]] = []
        self.rows_before: list[list[str]] = []
        self.builds: list[tuple[int, tuple[int, int]]] | None = None
        self.told: dict[str, str] = {}  # storage answers given

    def start(self) -> str:
        return "/glasgow start freddy:II seed:5"

    def over(self, state: dict[str, Any]) -> bool:
        return bool(state.get("result"))

    def opponent_turns(self, state: dict[str, Any]) -> int:
        return (int(state["round"]) - 1) * 4 + int(state["turn"])

    # ---------------------------------------------------------------- the table moves on
    def _follow(self, english: Screen) -> None:
        for cell, mark in _city(english.text).items():
            if cell not in self.table.city and mark.isupper():
                self.table.place(cell, mark)  # Freddy's: it may fire your factories
        found = PLACE.search(english.text)
        if not found:
            return
        now = (int(found.group(1)), int(found.group(2)))
        if now[0] != self.round:
            self.round = now[0]
            self.table.deal_round()
        if now[1] != self.turn:
            self.turn = now[1]
            self.rows_before = [list(r) for r in self.table.rows]
            self.actions = (
                [self.table.action(self.turn) for _ in range(2)] if self.turn <= 3 else []
            )
            self.builds = None

    # ---------------------------------------------------------------- deciding
    def decide(self, screen: Screen, english: Screen | None, speak: Vocabulary) -> Intent:
        if english is not None:
            self._follow(english)
        asked = Screen(screen.prompt)
        if speak.read(asked, "glasgow final"):
            g = self.table.goods
            return Typed.of("glasgow final", stone=g["stone"], steel=g["steel"], gold=g["gold"])
        if speak.read(asked, "glasgow action"):
            return self._actions(screen, speak)
        if speak.read(asked, "glasgow build"):
            return self._build(screen, speak)
        if screen.edit and screen.edit.startswith(speak.command("glasgow row")):
            return self._rows(screen, speak)
        if speak.read(asked, "glasgow row"):
            return self._rows(screen, speak)
        if speak.read(screen, "glasgow room") or any(_is_storage(b) for b in screen.buttons):
            return self._room(screen, speak)
        if screen.buttons and all(CELL.match(b) for b in screen.buttons):
            return self._pick(screen)
        raise RuntimeError(f"Freddy II: nothing to answer in {screen.text!r}")

    def _actions(self, screen: Screen, speak: Vocabulary) -> Intent:
        shown = speak.read(Screen(screen.prompt), "glasgow action")
        chosen, ignored = self.actions.pop(0)
        both_at_once = any("chosen2" in e for e in shown)
        args: list[tuple[str, str]] = []
        if self.actions and both_at_once:
            second = self.actions.pop(0)
            if (chosen, ignored) == second == ("other", "other"):
                args.append(("both", "yes"))
            else:
                args += [("chosen", chosen), ("ignored", ignored)]
                args += [("chosen2", second[0]), ("ignored2", second[1])]
        else:
            args += [("chosen", chosen), ("ignored", ignored)]
        rows = self._rows_ahead(shown) if not self.actions else []
        builds = [] if self.actions else self._builds_ahead(screen, speak, shown, args, rows)
        if not rows and not builds and len(args) == 2:
            n = screen.button(*CONTRACT_BUTTONS[(chosen, ignored)])
            if n:
                return Press(n)
        # a normal contract is said only for the second action (`chosen2:other`: it had none)
        typed = [(o, v) for o, v in args if v != "other" or o == "chosen2"]
        return Typed("glasgow action", tuple(typed + rows + builds))

    def _builds_ahead(
        self,
        screen: Screen,
        speak: Vocabulary,
        shown: list[dict[str, str]],
        args: list[tuple[str, str]],
        rows: list[tuple[str, str]],
    ) -> list[tuple[str, str]]:
        """The turn's builds with its last action, where the question offers the line for
        them (`building:… at:… done:…`): its own buildings and cells, the offered `done`,
        and the storage goods it shows answered from its own table. Not after an exchange
        it reports no row for (the row question comes then)."""
        offered = [e for e in shown if "building" in e]
        if not offered and rows:  # after the rows: `building:… at:… done:…` as a fragment
            offered = [_fragment(screen.prompt, speak)]
        exchanged = any(v == "exchange" for o, v in args if o.startswith("chosen"))
        if not offered or "building" not in offered[0] or (exchanged and not rows):
            return []
        if self.builds is None:
            self.builds = self._plan()
        several = speak.name("glasgow action building2") in screen.prompt
        if not self.builds or (len(self.builds) > 1 and not several):
            return []
        options: list[tuple[str, str]] = []
        for n, (position, cell) in enumerate(self.builds, 1):
            self.table.place(cell, "xx")
            suffix = "" if n == 1 else str(n)
            options += [(f"building{suffix}", str(position)), (f"at{suffix}", label(cell))]
        self.builds = []
        options.append(("done", offered[0].get("done", "yes")))
        goods = [g for g in offered[0] if g in GOODS]
        answers = {g: "yes" if self.table.full(g) else "no" for g in goods}
        self.told.update(answers)
        return options + list(answers.items())

    def _rows_ahead(self, shown: list[dict[str, str]]) -> list[tuple[str, str]]:
        """The rows the question says come next (an example with `chosen:…` and rows), and
        the rows an exchange of this turn changed."""
        asked: list[str] = []
        for example in shown:
            if example.get("chosen") == "…":
                asked += [o for o in example if o in ROWS]
        changed = [
            "buildings" if a == self.turn else f"row{a}"
            for a in range(self.turn, len(self.table.rows) + 1)
            if self.table.rows[a - 1] != self.rows_before[a - 1]
        ]
        return [(o, self._row(o)) for o in dict.fromkeys([*asked, *changed])]

    def _row(self, option: str) -> str:
        index = self.turn - 1 if option == "buildings" else int(option[3:]) - 1
        return " ".join(self.table.rows[index])

    def _rows(self, screen: Screen, speak: Vocabulary) -> Intent:
        shown = speak.read(screen, "glasgow row")
        fields = shown[-1] if shown else {"buildings": "…"}
        rows = {o: self._row(o) for o in fields if o in ROWS}
        if screen.edit and all(_same_row(fields[o], rows[o]) for o in rows):
            n = screen.button(*UNCHANGED)
            if n:
                return Press(n)
        return Typed("glasgow row", tuple(rows.items()))

    def _build(self, screen: Screen, speak: Vocabulary) -> Intent:
        """The first build line the question offers, with its own buildings and cells: all
        of the turn's in one line (`building2:… at2:…` when it shows them) and the offered
        `done` (Freddy's suggested cells where he ties) on the last."""
        if self.builds is None:
            self.builds = self._plan()
        if not self.builds:
            n = screen.buttons and 1  # the first offered way to be done
            return Press(n) if n else Typed.of("glasgow done")
        offered = speak.read(Screen(screen.prompt), "glasgow build")
        first = offered[0] if offered else {}
        several = {"building2", "at2"} <= set(speak.options("glasgow build").values()) and (
            speak.name("glasgow build building2") in screen.prompt
        )
        options: list[tuple[str, str]] = []
        while self.builds:
            position, cell = self.builds.pop(0)
            self.table.place(cell, "xx")
            n = len(options) // 2 + 1
            suffix = "" if n == 1 else str(n)
            options += [(f"building{suffix}", str(position)), (f"at{suffix}", label(cell))]
            if not several:
                break
        if not self.builds:
            options.append(("done", first.get("done", "yes")))
            options += self._storage_ahead(screen, speak)
        return Typed("glasgow build", tuple(options))

    def _plan(self) -> list[tuple[int, tuple[int, int]]]:
        return self.table.plan_builds(self.turn)

    def _storage_ahead(self, screen: Screen, speak: Vocabulary) -> list[tuple[str, str]]:
        """Freddy II's storage question, answered with the last building where the build
        question shows the line for it (`/glasgow done steel:no`)."""
        shown = speak.read(Screen(screen.prompt), "glasgow done")
        goods = [g for e in shown for g in e if g in GOODS]
        answers = {g: "yes" if self.table.full(g) else "no" for g in dict.fromkeys(goods)}
        self.told.update(answers)
        return list(answers.items())

    def _room(self, screen: Screen, speak: Vocabulary) -> Intent:
        shown = speak.read(screen, "glasgow room")
        fields = [g for e in shown[-1:] for g in e if g in GOODS]
        if fields:
            answers = {g: "yes" if self.table.full(g) else "no" for g in fields}
            if all(self.told.get(g) == a for g, a in answers.items()):
                n = screen.button(*UNCHANGED)
                if n:
                    return Press(n)
            self.told.update(answers)
            return Typed("glasgow room", tuple(answers.items()))
        for n, shown_label in enumerate(screen.buttons, 1):
            good = _is_storage(shown_label)
            if good and self.table.full(good) == _says_full(shown_label):
                self.told[good] = "yes" if self.table.full(good) else "no"
                return Press(n)
        n = screen.button(*UNCHANGED)
        if n:
            return Press(n)
        raise RuntimeError(f"Freddy II: no storage answer in {screen.buttons}")

    def _pick(self, screen: Screen) -> Intent:
        """Freddy's tie, the player's choice: a cell not next to its own houses if any."""
        mine = {c for c, m in self.table.city.items() if m == "xx"}  # your own buildings
        for n, shown in enumerate(screen.buttons, 1):
            cell = cell_of(CELL.match(shown).group(0))  # type: ignore[union-attr]
            if not any(near in mine for near in neighbours(cell)):
                return Press(n)
        return Press(1)


STORAGE = re.compile(r"^(stone|steel|gold|whisky) full$|^room for (stone|steel|gold|whisky)$")
STORAGE_DE = {"Stein": "stone", "Stahl": "steel", "Gold": "gold", "Whisky": "whisky"}


def _fragment(prompt: str, speak: Vocabulary) -> dict[str, str]:
    """The action options a backticked fragment shows (`building:… at:… done:suggested`,
    `stone:…`), as English option name → the value shown (the done value in English)."""
    names = speak.options("glasgow action")
    found: dict[str, str] = {}
    for fragment in re.findall(r"`([^`]*)`", prompt):
        if fragment.startswith("/"):
            continue  # a command line, not a fragment to add
        for word in fragment.split():
            name, _, value = word.partition(":")
            if name in names:
                found[names[name]] = value
    if "done" in found:
        found["done"] = "suggested" if found["done"] in ("suggested", "vorschlag") else "yes"
    return found


def _is_storage(shown: str) -> str | None:
    found = STORAGE.match(shown)
    if found:
        return found.group(1) or found.group(2)
    for word, good in STORAGE_DE.items():
        if shown in (f"{word} voll", f"Platz für {word}"):
            return good
    return None


def _says_full(shown: str) -> bool:
    return shown.endswith(" full") or shown.endswith(" voll")


def _same_row(shown: str, row: str) -> bool:
    return shown.strip().lower() == row.lower()


def _city(text: str) -> dict[tuple[int, int], str]:
    """The city the reply draws between ``` fences: cell → its two-letter mark."""
    cells: dict[tuple[int, int], str] = {}
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if not GRID_HEAD.match(line):
            continue
        columns = [(p, ch) for p, ch in enumerate(line) if ch.isalpha()]
        for row in lines[i + 1 :]:
            if not row[:3].strip().isdigit():
                break
            number = int(row[:3])
            for p, letter in columns:
                mark = row[p - 1 : p + 1]
                if mark.strip() and mark != "··" and mark.isalpha():
                    cells[cell_of(f"{letter}{number}")] = mark
        break
    return cells
