"""Every line Sam shows has German, including the ones only a long game reaches (a disc from
his least valuable station, a replaced building, the end of the track, a delivery arrow, a
refused report): seeded random games through the rules, answering every question with the
table's own kind of answer."""

from __future__ import annotations

import random
import re
from typing import Any

from bot.core.errors import SoloistError
from bot.core.game import Outcome
from bot.games.great_western_trail.reports import read_back
from bot.games.great_western_trail.spec import RULES
from bot.i18n import catalog, needs_translation

# words of ours that must not survive into German (what a template's placeholder let through)
ENGLISH = re.compile(
    r"\b(the|his|and|of|with|from|to|VP|none|station|space|row|cowboys?|builders?|engineers?|"
    r"tied|player|decides|choice|most|cheapest|leftmost|fewest|green|hands?|steps?|movement|"
    r"value|per|card|turn)\b"
)


class Reader:
    def __init__(self) -> None:
        self.book = catalog("de")
        self.untranslated: dict[str, str] = {}
        self.seen: set[str] = set()

    def read(self, text: str | None) -> None:
        for line in (text or "").split("\n"):
            if line in self.seen or not needs_translation(line):
                continue
            self.seen.add(line)
            german = self.book.line(line)
            if german is None:
                self.untranslated[line] = "no German"
            elif ENGLISH.search(re.sub(r"`[^`]*`", "", german)):
                self.untranslated[line] = german

    def outcome(self, out: Outcome) -> None:
        for text in [*out.facts, out.prompt, *(s.label for s in out.next_steps)]:
            self.read(text)
        if out.ask is not None:
            self.read(out.ask.text())
            for choice in out.ask.choices:
                self.read(choice.label)


def report(r: random.Random, option: str) -> Any:
    if option == "jobs":
        return " ".join(
            f"{r.randint(4, 9)}:"
            + ("".join(r.choice("CBE") for _ in range(r.randint(0, 3))) or "-")
            for _ in range(r.randint(1, 6))
        )
    if option == "cattle":
        cards = (r.choice("ALCSHM") + str(r.choice([1, 2, 3, 3, 4, 5])) for _ in range(7))
        return "none" if r.random() < 0.1 else " ".join(list(cards)[: r.randint(1, 7)])
    if option == "hazards":
        sections = r.sample(["flood", "drought", "rockfall"], r.randint(1, 3))
        tiles = (
            f"{s}:" + ":".join(str(r.randint(2, 4)) for _ in range(r.randint(1, 3)))
            for s in sections
        )
        return "none" if r.random() < 0.2 else " ".join(tiles)
    if option == "outlaws":
        spaces = r.sample(range(1, 10), r.randint(1, 3))
        return "none" if r.random() < 0.2 else " ".join(f"{s}:{r.choice('GO')}" for s in spaces)
    if option == "engine":
        return r.choice([str(r.randint(0, 39)), f"S{r.randint(1, 8)}"])
    if option == "herder":
        return r.choice(["trail", "kansas_city", "kansas_city"])
    return r.randint(0, 12) if option == "buildings" else r.randint(1, 6)


def play(seed: int, reader: Reader) -> None:
    r = random.Random(seed)
    options: dict[str, Any] = {"difficulty": r.choice(["easy", "medium", "hard"])}
    options["tile"] = r.choice(["cowboy", "builder", "engineer", "random"])
    if r.random() < 0.3:
        options["first_delivery"] = r.choice(["fulton", "chicago", "new_york"])
    st, out = RULES.new_game(options, seed)
    reader.outcome(out)
    for _ in range(100):
        ask = st.agenda.ask
        action: dict[str, Any]
        if ask is None:
            action = {"command": "turn"}
            if r.random() < 0.05:
                fix = {"movement": r.choice(["fixed", "workers"]), "value": r.randint(1, 3)}
                action = {"command": "card", "number": r.randint(1, 15), **fix}
        elif ask.choices and (ask.option == "pick" or r.random() < 0.5):
            value: Any = r.choice(ask.choices).value
            value = int(value) if ask.option in ("buildings", "token") else value
            action = {"command": ask.command, ask.option: value, **ask.extra}
        else:
            action = {"command": "turn", ask.option: report(r, ask.option)}
            if ask.option == "jobs":
                action["token"] = r.randint(1, 6)
            if ask.option in ("jobs", "cattle", "hazards", "outlaws", "engine"):
                try:
                    for entry in read_back(ask.option, str(action[ask.option])):
                        reader.read(entry)
                except SoloistError as error:
                    reader.read(str(error))
        if r.random() < 0.03:
            action = {"command": "turn", "card": r.randint(1, 15), "cattle": "Q9"}
        try:
            st, out = RULES.apply(st, action)
        except SoloistError as error:
            reader.read(str(error))
            continue
        reader.outcome(out)
        reader.read(RULES.board(st))
    if st.agenda.ask is None:
        end = {"command": "end", "you": r.randint(50, 120), "cities": 9, "objectives": 12}
        st, out = RULES.apply(st, {**end, "job_token": r.choice(["sam", "you"])})
        reader.outcome(out)
    for number in range(1, 16):
        reader.outcome(RULES.show_card(st, number))


RARE = [
    "Sam's supply is empty: take his disc from",
    "so he replaces his building",
    "the arrow between them gives",
    "Sam now has more",
    "Sam's deck is empty",
    "Sam is still resolving card",
    "corrected",
]


def test_every_line_of_long_random_games_against_sam_reads_in_german():
    reader = Reader()
    for seed in range(30):
        play(seed, reader)
    assert reader.untranslated == {}
    assert [rare for rare in RARE if not any(rare in line for line in reader.seen)] == []


def test_the_board_picture_is_drawn_in_the_readers_language():
    from bot.games.great_western_trail.pictures import _lines, gwt_board_png

    st = RULES.new_game({"difficulty": "hard", "tile": "engineer"}, 4)[0]
    st.board.outlaws = ["orange", "green", "orange"]
    data = RULES.picture(st).data
    assert _lines(data, "de") == [
        "Gebäude: keine",
        "Bahnhöfe: keine   Scheiben im Vorrat: 14",
        "Lieferungen: keine",
        "Aufträge: 1   Banditen: 1 grün, 2 orange",
        "Gefahren (SP): keine   Rinder (SP): keine",
    ]
    assert _lines(data)[3] == "Objectives: 1   outlaws: 1 green, 2 orange"
    german = gwt_board_png({**data, "locale": "de"})
    assert german.startswith(b"\x89PNG") and german != gwt_board_png(data)
