"""Sam (medium), played from the replies alone: the same physical table and the same own
turns as the scripted player (gwt.py), but every line comes from what the bot's replies show.

What the player does, reading each reply:
- the turn prompt (`Take your turn, then /gwt turn …`): takes its own turn, then types what
  changed on its table the way the prompt shows (`/gwt turn cattle:… engine:…`, a job-market
  row alone `jobs:3=CB`), or presses "table unchanged"; the first time, the whole table, as
  the setup's tip shows (`/gwt turn jobs:… token:… cattle:… …`);
- the herder question: Kansas City by its button; on the trail as the question says (its
  turn's changes typed, or the first button when nothing changed);
- a question with a line to edit and send, or one option's example: its table's value, or
  "Unchanged" when the question shows that value as last time's;
- a tie the rules leave open: the first of the buttons;
- the end, when the prompt has shown `/gwt end you:… objectives:… job_token:…`: its total,
  Sam's objective cards' VP and who took the job-market token.
German: worker letters as the German prompt names them (H Handwerker, L Lokführer), hazard
sections by their German names, `du` for the job-market token it took."""

from __future__ import annotations

from typing import Any, ClassVar

from bench.taps.gwt import KC_STEPS, OPTIONS, STEPS, GwtTable, same, shortest
from bench.taps.prompted import Intent, Press, Typed, Vocabulary
from bench.taps.screen import Screen
from bot.games.great_western_trail.names import HAZARD
from bot.i18n import catalog

TABLE = set(OPTIONS)
END = {"you": 92, "objectives": 9, "job_token": "you"}  # its total, his objectives, the token
LAST_TIME = ("last time: `", "zuletzt: `")
UNCHANGED = ("Unchanged", "Unverändert")
TABLE_UNCHANGED = ("Sam's turn · table unchanged", "Sams Zug · Tisch unverändert")
SAMS_TURN = ("Sam's turn", "Sams Zug")
GERMAN_LETTERS = str.maketrans({"B": "H", "E": "L"})  # the German prompt: H Handwerker, L Lokführer
ENGLISH_LETTERS = str.maketrans({"H": "B", "L": "E"})


def _german_jobs(value: str) -> str:
    return " ".join(
        f"{cost}{colon}{letters.translate(GERMAN_LETTERS)}"
        for cost, colon, letters in (t.rpartition(":") for t in value.split(" "))
    )


class GwtPrompted:
    label = "Sam"
    german: ClassVar[dict[str, Any]] = {"jobs": _german_jobs, "job_token": {"you": "du"}}

    def __init__(self) -> None:
        self.table = GwtTable()
        self.told: dict[str, str] = {}  # what the bot remembers of the table, as far as told
        self.my_turns = 0
        self.steps = 0  # Sam's herder since his last Kansas City
        self.last_turn = False
        self.sam_turns = 0
        self.kc_ahead = 0  # his Kansas Cities done on the table before the bot said them

    def start(self) -> str:
        return "/gwt start seed:25"

    def over(self, state: dict[str, Any]) -> bool:
        return state.get("status") == "finished"

    def opponent_turns(self, state: dict[str, Any]) -> int:
        return self.sam_turns

    def fix(self, intent: Typed, refusal: str) -> Typed | None:
        """The end's options, as a refusal names them (`you` is missing)."""
        if intent.command != "gwt end":
            return None
        values = {**END, "cities": 20}  # cities: Sam's city VP as its board shows them
        named = [o for o in values if f"`{o}`" in refusal or f"`{_german(o)}`" in refusal]
        given = dict(intent.options)
        added = [(o, str(values[o])) for o in named if o not in given]
        return Typed(intent.command, (*intent.options, *added)) if added else None

    @staticmethod
    def comparable(state: dict[str, Any]) -> dict[str, Any]:
        """The public state with the job market as remembered in English letters: the bot
        keeps the letters as typed (H and L in German)."""
        remembered = dict(state.get("remembered") or {})
        if "jobs" in remembered:
            remembered["jobs"] = remembered["jobs"].translate(ENGLISH_LETTERS)
        return {**state, "remembered": remembered}

    # ---------------------------------------------------------------- reading Sam's moves
    def _follow(self, english: Screen) -> None:
        for fact in english.facts:
            if fact.startswith("**Kansas City.**") and self.kc_ahead:
                self.kc_ahead -= 1  # done on the table already, before your turn
                continue
            before = {o: same(o, v, self.table.report(o)) for o, v in self.told.items()}
            changed = self.table.sam_did(fact)
            if changed is not None and before.get(changed):
                self.told[changed] = self.table.report(changed)
            if m := STEPS.search(fact):
                self.steps += int(m[1])
                self.sam_turns += 1

    def _my_turn(self) -> None:
        self.my_turns += 1
        self.table.my_turn(self.my_turns)
        if self.table.over:
            self.last_turn = True

    # ---------------------------------------------------------------- deciding
    def decide(self, screen: Screen, english: Screen | None, speak: Vocabulary) -> Intent:
        if english is not None:
            self._follow(english)
        asked = Screen(screen.prompt)
        ending = speak.read(asked, "gwt end")
        examples = speak.read(asked, "gwt turn")
        if ending:
            return self._turn(screen, speak)
        if any("herder" in e for e in examples):
            return self._herder(screen, speak)
        if screen.edit:
            return self._fields(screen, speak)
        options = [o for e in examples for o in e if o in TABLE]
        if options:
            return self._one(screen, options[0])
        if screen.buttons:
            return Press(1)  # a tie the rules leave to the player: the first offered
        raise RuntimeError(f"Sam: nothing to answer in {screen.text!r}")

    def _turn(self, screen: Screen, speak: Vocabulary) -> Intent:
        """Sam's turn is over: take yours, then start his with what changed."""
        if self.last_turn:
            if speak.read(Screen(screen.prompt), "gwt end") == [{}]:  # the prompt names none
                return Typed.of("gwt end")  # the refusal will name what it needs
            return Typed.of("gwt end", **END)
        self._my_turn()
        if not self.told:  # the setup's tip: the whole table with his first turn
            tip = [e for e in speak.read(screen, "gwt turn") if set(e) >= TABLE]
            if tip:
                self.told = {o: self.table.report(o) for o in OPTIONS}
                return Typed("gwt turn", tuple(self.told.items()))
        changes = self._changes()
        if changes:
            return Typed("gwt turn", tuple(changes))
        n = screen.button(*TABLE_UNCHANGED) or screen.button(*SAMS_TURN)
        if n is None:
            raise RuntimeError(f"Sam: no button for his turn in {screen.buttons}")
        return Press(n)

    def _herder(self, screen: Screen, speak: Vocabulary) -> Intent:
        if self.steps >= KC_STEPS:
            self.steps = 0
            n = screen.button_with("Kansas City")
            if self.last_turn or "herder:kansas_city jobs:" not in screen.prompt.replace(
                "viehtreiber:kansas_city arbeitsmarkt:", "herder:kansas_city jobs:"
            ):
                return Press(n) if n else Typed.of("gwt turn", herder="kansas_city")
            # as the question says: his Kansas City and your turn, then what changed
            self.table.kansas_city()
            self.kc_ahead += 1
            self._my_turn()
            changes = self._changes()
            if changes:
                return Typed("gwt turn", (("herder", "kansas_city"), *changes))
            return Typed.of("gwt turn", herder="kansas_city", table="same")
        short = speak.read(Screen(screen.prompt), "gwt turn")
        says = any("cattle" in e and "herder" not in e for e in short)  # "that answers this"
        if self.last_turn or not says:  # no turn of yours follows, or no word of the short path
            n = screen.button("He stopped on the trail", "Er hielt auf dem Trail")
            return Press(n) if n else Typed.of("gwt turn", herder="trail")
        # as the question says: your turn, then what changed answers it
        self._my_turn()
        changes = self._changes()
        if changes:
            return Typed("gwt turn", tuple(changes))
        return Press(1)  # "nothing changed: the first button"

    def _changes(self) -> list[tuple[str, str]]:
        changed = []
        for option, told in self.told.items():
            now = self.table.report(option)
            if not same(option, told, now):
                changed.append((option, shortest(option, told, now)))
                self.told[option] = now
        return changed

    def _fields(self, screen: Screen, speak: Vocabulary) -> Intent:
        """Several facts at once: the line to edit and send shows the remembered ones."""
        shown = speak.read(Screen(f"`/{screen.edit}`"), "gwt turn")
        asked = shown[0] if shown else {}
        values = {o: self.table.report(o) for o in asked}
        self.told.update(values)
        differ = [(o, v) for o, v in values.items() if not _remembered(o, asked[o], v)]
        if not differ:
            n = screen.button(*UNCHANGED)
            if n:
                return Press(n)
        return Typed("gwt turn", tuple(differ or values.items()))

    def _one(self, screen: Screen, option: str) -> Intent:
        value = self.table.report(option)
        self.told[option] = value
        if option == "jobs":
            self.told["token"] = str(self.table.token)
        last = _last_time(screen.prompt)
        if last is not None and _remembered(option, last, value):
            n = screen.button(*UNCHANGED)
            if n:
                return Press(n)
        for label in _labels(option, value):  # a button that says the value
            n = screen.button(label)
            if n:
                return Press(n)
        return Typed.of("gwt turn", **{option: value})


def _german(option: str) -> str:
    return catalog("de").commands.get(f"gwt end {option}", option)


def _last_time(prompt: str) -> str | None:
    for marker in LAST_TIME:
        if marker in prompt:
            return prompt.split(marker, 1)[1].split("`", 1)[0]
    return None


def _remembered(option: str, shown: str, value: str) -> bool:
    """Whether the value the question shows (either language's letters) is the table's."""
    if shown in ("…", ""):
        return False
    english = shown.translate(ENGLISH_LETTERS) if option == "jobs" else shown
    if option == "hazards":  # the sections by their German names
        english = " ".join(
            (HAZARD.read(head) or head) + colon + rest
            for head, colon, rest in (t.partition(":") for t in english.split())
        )
    return same(option, english, value)


def _labels(option: str, value: str) -> list[str]:
    """The buttons that would say this value (either language)."""
    if option == "buildings":
        return [value]
    if value == "none":
        return {
            "hazards": ["No hazard on the trail", "Keine Gefahr auf dem Trail"],
            "outlaws": ["No outlaw on a numbered space", "Kein Bandit auf einem nummerierten Feld"],
            "cattle": ["The market is empty", "Der Markt ist leer"],
        }.get(option, [])
    return []
