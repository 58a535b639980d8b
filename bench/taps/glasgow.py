"""Glasgow: a scripted player against Freddy II, for bench.taps.

The player keeps a physical table: a bag of building tiles dealt 3, 3, 2, 2 to the right of the
architects each round, the contract pile (twelve after two are discarded unseen, three of them
special: whisky, exchange, double), their storage (stone 5, steel 4, gold 3, the whisky
barrel) and the city. On their own turns they draw two contracts per action and resolve one
(a normal contract brings goods), then build what they can pay for from the row, tenements
next to their tenements; their factories fill their storage when a building lands in line with
them. What Freddy built is read off the public state (the city); where Freddy's rules leave a
choice they take the suggested cell."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from bot.core.agenda import Ask, AskField
from bot.core.reply import Reply

GAME = "glasgow"
CAPACITY = {"stone": 5, "steel": 4, "gold": 3, "whisky": 1}
COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# the bag: type, cost, and a landmark's VP or a factory's or bank's good (not the real tile
# list, which is not public; a plausible mix of the eight types)
TILES = [
    *(f"shop:{c}" for c in (2, 2, 3, 3, 3, 4)),
    *(f"tenement:{c}" for c in (1, 2, 2, 2, 3, 3, 3, 4)),
    *(f"park:{c}" for c in (1, 1, 2, 2)),
    "landmark:4:6",
    "landmark:5:8",
    "landmark:6:10",
    *(f"factory:2:{g}" for g in ("stone", "stone", "steel", "steel", "gold", "whisky")),
    "factory:3:other",
    *(f"bank:3:{g}" for g in ("stone", "steel", "gold", "factory")),
    "station:3",
    "station:4",
]
DISPLAY = (3, 3, 2, 2)  # buildings to the right of architects 1-4 (bottom to top)
PREFERENCE = ("tenement", "factory", "shop", "landmark", "bank", "park", "station")
SPECIALS = ("whisky", "exchange", "double")


def cell_of(text: str) -> tuple[int, int]:
    return int(text[1:]) - 1, COLUMNS.index(text[0].upper())


def label(cell: tuple[int, int]) -> str:
    return f"{COLUMNS[cell[1]]}{cell[0] + 1}"


def fits(cells: set[tuple[int, int]]) -> bool:
    rows = {r for r, _ in cells}
    cols = {c for _, c in cells}
    h, w = max(rows) - min(rows) + 1, max(cols) - min(cols) + 1
    return (h <= 4 and w <= 5) or (h <= 5 and w <= 4)


def neighbours(cell: tuple[int, int]) -> list[tuple[int, int]]:
    r, c = cell
    return [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]


@dataclass
class GlasgowTable:
    rng: random.Random
    bag: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)  # architect 1..4
    pile: list[str] = field(default_factory=list)
    goods: dict[str, int] = field(default_factory=lambda: {"stone": 1, "steel": 1, "gold": 0})
    whisky: int = 0
    double: bool = False
    city: dict[tuple[int, int], str] = field(default_factory=dict)  # cell -> mark
    my_factories: dict[tuple[int, int], str] = field(default_factory=dict)  # cell -> good

    def __post_init__(self) -> None:
        self.bag = list(TILES)
        self.rng.shuffle(self.bag)

    def deal_round(self) -> None:
        self.rows = [[self.bag.pop() for _ in range(n)] for n in DISPLAY]
        self.pile = ["normal"] * 11 + list(SPECIALS)
        self.rng.shuffle(self.pile)
        del self.pile[:2]  # two discarded unseen

    def replace_row(self, index: int) -> None:
        """An exchange: the row's buildings discarded, as many new ones dealt."""
        if 0 <= index < len(self.rows):
            self.rows[index] = [self.bag.pop() for _ in self.rows[index]]

    # ---------------------------------------------------------------- goods
    def gain(self, good: str, n: int) -> None:
        if good == "whisky":
            self.whisky = 1
        else:
            self.goods[good] = min(CAPACITY[good], self.goods[good] + n)

    def full(self, good: str) -> bool:
        if good == "whisky":
            return self.whisky >= 1
        return self.goods[good] >= CAPACITY[good]

    def wealth(self) -> int:
        return sum(self.goods.values())

    def pay(self, cost: int, extra_gold: int) -> bool:
        if self.goods["gold"] < extra_gold or self.wealth() - extra_gold < cost:
            return False
        self.goods["gold"] -= extra_gold
        for good in ("stone", "steel", "gold"):
            used = min(cost, self.goods[good])
            self.goods[good] -= used
            cost -= used
        return True

    # ---------------------------------------------------------------- the contracts
    def action(self, turn: int) -> tuple[str, str]:
        """Draw two contracts, resolve one; (chosen, ignored) as the bot's words."""
        drawn = [self.pile.pop(), self.pile.pop()]
        # a special contract is taken, except whisky when the barrel is already theirs
        wanted = [c for c in drawn if c != "normal" and not (c == "whisky" and self.whisky)]
        pick = wanted[0] if wanted else "normal"
        rest = list(drawn)
        rest.remove(pick)
        chosen = pick if pick != "normal" else "other"
        ignored = rest[0] if rest[0] != "normal" else "other"
        times = 2 if self.double else 1
        self.double = False
        if chosen == "whisky":
            self.whisky = 1
        elif chosen == "double":
            self.double = True
        elif chosen == "exchange":
            self.replace_row(turn)  # the next row: deal it fresh
        else:
            self.gain(self.rng.choice(("stone", "stone", "steel", "gold")), 3 * times)
        if ignored == "whisky":
            self.whisky = 0  # Freddy takes it
        elif ignored == "exchange":
            self.replace_row(turn)  # Freddy replaces the next row
        return chosen, ignored

    # ---------------------------------------------------------------- the city
    def legal(self, extra: dict[tuple[int, int], str] | None = None) -> list[tuple[int, int]]:
        city = {**self.city, **(extra or {})}
        if not city:
            return [cell_of("E5")]
        found = set()
        for cell in city:
            for n in neighbours(cell):
                if n not in city and n[0] >= 0 and n[1] >= 0 and fits({*city, n}):
                    found.add(n)
        return sorted(found)

    def place(self, cell: tuple[int, int], mark: str) -> None:
        for where, good in self.my_factories.items():
            if where == cell or where[0] == cell[0] or where[1] == cell[1]:
                self.gain(good, 1)
        self.city[cell] = mark

    def plan_builds(self, turn: int) -> list[tuple[int, tuple[int, int]]]:
        """Up to two buildings of this turn's row, the preferred kinds first, while the money
        lasts: (position in the row, cell), the factories' goods noted."""
        row = self.rows[turn - 1]
        order = sorted(range(len(row)), key=lambda i: PREFERENCE.index(row[i].split(":")[0]))
        planned: dict[tuple[int, int], str] = {}
        builds = []
        for nth, i in enumerate(order[:2]):
            kind, cost, *rest = row[i].split(":")
            if not self.pay(int(cost), nth):
                break
            cell = self.choose_cell(kind, planned)
            planned[cell] = kind[:2]
            if kind == "factory":
                self.my_factories[cell] = rest[0]
            builds.append((i + 1, cell))
        return builds

    def choose_cell(self, kind: str, planned: dict[tuple[int, int], str]) -> tuple[int, int]:
        legal = self.legal(planned)
        city = {**self.city, **planned}
        if kind == "tenement":
            near = [c for c in legal if any(city.get(n) == "te" for n in neighbours(c))]
            legal = near or legal
        return legal[0]

    def read_city(self, state: dict[str, object]) -> None:
        """Freddy's new buildings, off the public state (they may fire your factories)."""
        city = state.get("city") or {}
        assert isinstance(city, dict)
        for text, mark in city.items():
            cell = cell_of(text)
            if cell not in self.city:
                self.place(cell, mark)


class FreddyII:
    label = "Freddy II"
    reads_english = True  # it follows the questions' English lines (what they offer at once)

    def __init__(self, seed: int = 7) -> None:
        self.table = GlasgowTable(random.Random(seed))
        self.round = 0
        self.turn = 0
        self.actions: list[tuple[str, str]] = []  # this turn's contracts, not yet reported
        self.builds: list[tuple[int, tuple[int, int]]] = []  # (position, cell) still to type
        self.planned_turn = (0, 0)
        self.told: dict[str, str] = {}  # what the player last said of each storage
        self.rows_before: list[list[str]] = []  # the rows at the turn's start, before actions

    def start(self) -> str:
        return "/glasgow start freddy:II seed:5"

    # ---------------------------------------------------------------- the table moves on
    def _sync(self, reply: Reply) -> None:
        state = reply.state or {}
        if state.get("round") is None:
            return
        self.table.read_city(state)
        now = (int(state["round"]), int(state["turn"]))  # type: ignore[arg-type]
        if now[0] != self.round:
            self.round = now[0]
            self.table.deal_round()
        if now[1] != self.turn or now != self.planned_turn:
            if now[1] != self.turn:
                self.turn = now[1]
                self.actions = []
                self.rows_before = [list(r) for r in self.table.rows]
                if self.turn <= 3:
                    self.actions = [self.table.action(self.turn) for _ in range(2)]
            self.planned_turn = now
            self.builds = []
            self._planned = False

    def _plan_builds(self) -> None:
        self.builds.extend(self.table.plan_builds(self.turn))
        self._planned = True

    # ---------------------------------------------------------------- answering
    def answer(self, reply: Reply) -> str:
        self._sync(reply)
        ask = reply.ask
        command = ask.command if ask is not None else None
        if command == "action":
            return self._actions(reply)
        if command == "row":
            assert ask is not None
            return self._rows(reply, ask)
        if command == "build":
            if not getattr(self, "_planned", False):
                self._plan_builds()
            if self.builds:
                several = "building2:" in (reply.prompt or "")  # all of them in one line
                parts = []
                while self.builds and (several or not parts):
                    position, cell = self.builds.pop(0)
                    self.table.place(cell, "xx")
                    n = "" if not parts else str(len(parts) + 1)
                    parts.append(f"building{n}:{position} at{n}:{label(cell)}")
                last = "" if self.builds else " done:suggested" + self._storage_ahead(reply)
                return f"/glasgow build {' '.join(parts)}{last}"
            return self._press(reply, "done", suggested="yes") or "/glasgow done suggested:yes"
        if command == "pick":
            return "press 1"  # the suggested cell
        if command == "room":
            assert ask is not None
            return self._room(reply, ask)
        if command == "final":
            g = self.table.goods
            return f"/glasgow final stone:{g['stone']} steel:{g['steel']} gold:{g['gold']}"
        raise RuntimeError(f"Freddy II: nothing to answer to {reply.prompt!r}")

    def _actions(self, reply: Reply) -> str:
        """The turn's contracts in one line where the question offers it (both actions, and
        the rows it says come next or an exchange changed); a press for a lone first one."""
        prompt = reply.prompt or ""
        chosen, ignored = self.actions.pop(0)
        args = {"chosen": chosen, "ignored": ignored}
        if self.actions and "chosen2:" in prompt:
            second = self.actions.pop(0)
            if second == ("other", "other") == (chosen, ignored):
                args["both"] = "yes"  # neither action had a special contract
            elif second == ("other", "other"):
                args["chosen2"] = "other"
            else:
                args.update(chosen2=second[0], ignored2=second[1])
        rows = "" if self.actions else self._rows_ahead(prompt)
        if not rows and set(args) == {"chosen", "ignored"}:
            pressed = self._press(reply, "action", **args)
            if pressed:
                return pressed
        typed = [f"{k}:{v}" for k, v in args.items() if v != "other" or k == "chosen2"]
        builds = "" if self.actions else self._builds_ahead(prompt, args, rows)
        return " ".join(
            ["/glasgow action", *typed, *([rows] if rows else []), *([builds] if builds else [])]
        )

    def _builds_ahead(self, prompt: str, args: dict[str, str], rows: str) -> str:
        """The turn's builds with its last action where the question offers the line for
        them (its row known; not after an exchange it reports no row for), Freddy on his
        suggested cells and the storage goods the line shows answered."""
        offered = re.search(r"`/glasgow action [^`]*building:[^`]*`", prompt)
        exchanged = "exchange" in (args.get("chosen"), args.get("chosen2"))
        if not offered or (exchanged and not rows):
            return ""
        if not getattr(self, "_planned", False):
            self._plan_builds()
        if not self.builds:
            return ""
        parts = []
        for n, (position, cell) in enumerate(self.builds, 1):
            self.table.place(cell, "xx")
            suffix = "" if n == 1 else str(n)
            parts.append(f"building{suffix}:{position} at{suffix}:{label(cell)}")
        self.builds = []
        goods = re.findall(r"\b(stone|steel|gold|whisky):", offered.group(0))
        answers = {g: "yes" if self.table.full(g) else "no" for g in goods}
        self.told.update(answers)
        return " ".join([*parts, "done:suggested", *(f"{g}:{a}" for g, a in answers.items())])

    def _rows_ahead(self, prompt: str) -> str:
        """The rows the action question says are asked next (`buildings:… row2:…`), and the
        ones an exchange in this turn's actions changed, as the player sees them now."""
        asked = []
        for line in prompt.splitlines():
            if "rows are asked next" in line:
                asked = re.findall(r"\b(buildings|row[2-4]):…", line)
        changed = [
            "buildings" if a == self.turn else f"row{a}"
            for a in range(self.turn, len(self.table.rows) + 1)
            if self.table.rows[a - 1] != self.rows_before[a - 1]
        ]
        return " ".join(
            f"{o}:{' '.join(self.table.rows[(self.turn if o == 'buildings' else int(o[3:])) - 1])}"
            for o in dict.fromkeys([*asked, *changed])
        )

    def _storage_ahead(self, reply: Reply) -> str:
        """Freddy II's storage question answered with the last building, as the build
        question offers (`answer ahead … /glasgow done stone:no`): for every good your
        factories make, the one just built too."""
        if "answer ahead" not in (reply.prompt or ""):
            return ""
        goods = sorted(
            {g for g in self.table.my_factories.values() if g in CAPACITY},
            key=list(CAPACITY).index,
        )
        answers = {g: "yes" if self.table.full(g) else "no" for g in goods}
        self.told.update(answers)
        return "".join(f" {g}:{a}" for g, a in answers.items())

    def _rows(self, reply: Reply, ask: Ask) -> str:
        """Every row asked, off the display; "Unchanged" when the bot remembers them all."""
        fields = ask.fields or [AskField(option="buildings", label="")]
        rows = {
            f.option: " ".join(
                self.table.rows[self.turn - 1 if f.option == "buildings" else int(f.option[3:]) - 1]
            )
            for f in fields
        }
        if all(f.remembered == rows[f.option] for f in fields):
            return self._press(reply, "row", buildings="same") or "/glasgow row buildings:same"
        return "/glasgow row " + " ".join(f"{option}:{row}" for option, row in rows.items())

    def _room(self, reply: Reply, ask: Ask) -> str:
        """Whether each storage asked about is full; "Unchanged" when it is as told."""
        goods = [f.option for f in ask.fields] or [ask.extra.get("good", "")]
        answers = {g: "yes" if self.table.full(g) else "no" for g in goods}
        if all(self.told.get(g) == answers[g] for g in goods):
            same = self._press(reply, "room", full="same") or self._press(reply, "room")
            if same and (ask.fields or "Unchanged" in ask.choices[0].label):
                return same
        self.told.update(answers)
        if ask.fields:
            return "/glasgow room " + " ".join(f"{g}:{a}" for g, a in answers.items())
        good, full = goods[0], answers[goods[0]]
        return self._press(reply, "room", good=good, full=full) or (
            f"/glasgow room good:{good} full:{full}"
        )

    @staticmethod
    def _press(reply: Reply, command: str, **args: str) -> str | None:
        for n, step in enumerate(reply.next_steps, 1):
            if step.command == command and all(
                dict(step.args).get(k, v if v == "other" else None) == v for k, v in args.items()
            ):
                return f"press {n}"
        return None

    def over(self, reply: Reply) -> bool:
        return bool((reply.state or {}).get("result"))

    def opponent_turns(self, reply: Reply) -> int:
        state = reply.state or {}
        return (int(state["round"]) - 1) * 4 + int(state["turn"])  # type: ignore[arg-type]
