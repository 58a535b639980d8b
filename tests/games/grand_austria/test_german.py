"""Every line Grand Austria Hotel shows has German (data/locales/de/gah.yaml): whole seeded games
with every module and entrance, the player's commands, the errors, the cards, the offers."""

import re
from unittest.mock import patch

import pytest

from bot.core.errors import SoloistError
from bot.core.game import Outcome
from bot.games.grand_austria import suggest
from bot.games.grand_austria.card_view import card_facts
from bot.games.grand_austria.data import gah_data
from bot.games.grand_austria.scoring import staff_line
from bot.games.grand_austria.spec import SPEC
from bot.i18n import Catalog, catalog, needs_translation, tr

from .helpers import DICE, QUEUES, RULES, coloured_left

SETUPS = [
    {"difficulty": "easy", "emperor_vp_variant": "ask"},
    {"difficulty": "medium", "emperor_vp_variant": "S3"},
    {"difficulty": "hard", "emperor_vp_variant": "ask", "modules": "1 2"},
    {"difficulty": "hard", "modules": "3 5", "entrance": "hautel_couture"},
    {"difficulty": "medium", "modules": "3", "entrance": "nine_stars_inn"},
    {"difficulty": "hard", "modules": "3", "entrance": "sushi_resort"},
    {"difficulty": "hard", "modules": "3", "entrance": "toll_bridge_hotel"},
    {"difficulty": "hard", "modules": "1 2 3 5", "entrance": "sushi_resort"},
]


def printed_names() -> list[str]:
    """Names kept as our data spells them: opponents, guests, staff, entrances, modules."""
    data = gah_data()
    names = ["Leopold", "Elisabeth", "Hautel Couture", "Nine Stars Inn", "Sushi Resort"]
    names += ["Toll Bridge Hotel", "Start Player", "Let's Waltz!"]
    names += [g.name for g in data.guests.values()] + [c.name for c in data.staff.values()]
    names += [str(m["name"]) for m in data.waltz.modules.values()]
    return sorted(names, key=len, reverse=True)


NAMES = re.compile("|".join(re.escape(n) for n in printed_names()))


def untranslated(texts: list[str]) -> list[str]:
    """Lines without German, and the parts of a German line a template left English (what a
    placeholder matched that is neither a printed name nor a command)."""
    book = catalog("de")
    lines = {line for text in texts for line in text.split("\n")}
    found: list[list[str]] = [[]]  # the parts left English, per line() call in progress
    line, fragment = Catalog.line, Catalog.fragment

    def said(self: Catalog, text: str, depth: int = 0) -> str | None:
        found.append([])
        result = line(self, text, depth)
        parts = found.pop()
        if result is not None:  # a way that failed (a list with an unknown part) leaves none
            found[-1].extend(parts)
        return result

    def part(self: Catalog, value: str, depth: int) -> str:
        result = fragment(self, value, depth)
        if result == value and needs_translation(NAMES.sub("", value)) and value[:1] != "/":
            found[-1].append(f"part {value!r}")
        return result

    missing: list[str] = []
    with patch.object(Catalog, "line", said), patch.object(Catalog, "fragment", part):
        for text in lines:
            german = book.line(text) if needs_translation(text) else text
            if german is None:
                missing.append(text)
            elif ENGLISH.search(NAMES.sub("", CODE.sub("", german))):
                missing.append(f"English left in {german!r}")
    return sorted(set(missing + found[0]))


CODE = re.compile(r"`[^`]*`")
ENGLISH = re.compile(r"\b(the|and|is|are|of|with|your|his|her|from|takes|scores|round|turn)\b")


def shown(outcome: Outcome, state) -> list[str]:
    texts = [*outcome.facts, outcome.prompt, RULES.board(state)]
    texts += [step.label for step in outcome.next_steps]
    if outcome.ask is not None:
        texts += [outcome.ask.text(), *(c.label for c in outcome.ask.choices)]
    return texts


def attempt(state, action: dict, texts: list[str]):
    """Apply the action; a refusal's message is shown too, and the state stays."""
    try:
        state, outcome = RULES.apply(state, action)
    except SoloistError as exc:
        texts.append(str(exc))
        return state, False
    texts.extend(shown(outcome, state))
    return state, True


def player_actions(state) -> list[dict]:
    """The entrance's own commands a player gives between the opponent's turns."""
    if state.entrance == "hautel_couture" and state.hautel is not None:
        return [
            {"command": "item", "space": space, "guest": guest}
            for space in sorted(state.hautel.items)[:2]
            for guest in ("none", "1", "2", "3")
        ]
    if state.entrance == "nine_stars_inn":
        return [{"command": "completed"}]
    if state.entrance == "sushi_resort":
        return [{"command": "cogwheel", "event": e} for e in ("taken", "rightmost")]
    if state.entrance == "toll_bridge_hotel":
        return [{"command": "toll", "space": s, "money": m} for s in (1, 4) for m in (0, 3)]
    return []


def play_one(state, i: int, texts: list[str]):
    """The player's `i`-th line of a seeded game: the round's end when it is due, else a turn
    with every module's report (a refused line answered again without the extras)."""
    if state.pending is None and state.turns_this_round == 2:
        action: dict = {"command": "round_end"}
        for _ in range(3):
            state, done = attempt(state, action, texts)
            if done:
                break
            if "ballroom_vp" in texts[-1]:
                action["ballroom_vp"] = 4
            if "emperor_vp" in texts[-1]:
                action["emperor_vp"] = RULES.summary(state)["emperor_vp_options"][-1]
        for extra in player_actions(state):
            state, _ = attempt(state, extra, texts)
        return state
    action = {"command": "turn", "queue": QUEUES[i % 4]}
    if state.pending is None or state.pending.dice is None:
        action["dice"] = DICE
    if 2 in state.options.modules:
        action |= {"coloured": coloured_left(state), "lounge": "R3 Y5 B2"}
    if 1 in state.options.modules:
        action["full"] = "none" if i % 3 else "1"
    state, done = attempt(state, action, texts)
    if not done:  # answer the stored question without the extras
        state, _ = attempt(state, {"command": "turn", "queue": QUEUES[i % 4]}, texts)
    return state


def play_whole_game(options: dict, seed: int) -> list[str]:
    state, outcome = RULES.new_game(options, seed)
    texts = shown(outcome, state)
    for i in range(400):
        if state.phase != "play":
            break
        state = play_one(state, i, texts)
    for action in (
        {"command": "final", "player_score": 90},
        {"command": "final", "player_score": 90, "player_staff": "28 46"},
        {"command": "final", "player_score": 90, "staff_vp": 12},
    ):
        state, done = attempt(state, action, texts)
        if done:
            break
    return texts


@pytest.mark.parametrize("options", SETUPS, ids=lambda o: o.get("entrance") or o["difficulty"])
def test_a_whole_seeded_game_reads_in_german_line_by_line(options):
    texts = []
    for seed in (3, 11):
        texts += play_whole_game(options, seed)
    assert len(texts) > 200
    assert untranslated(texts) == []


def test_refusals_read_in_german():
    state, _ = RULES.new_game({"emperor_vp_variant": "S2"}, 5)
    texts: list[str] = []
    for action in (
        {"command": "turn", "queue": "Y3 B0"},
        {"command": "turn", "queue": "Q3 B0 R2 G4 Y0"},
        {"command": "turn", "queue": "Y9 B0 R2 G4 Y0"},
        {"command": "turn", "queue": "Y3* B0 R2 G4 Y0"},
        {"command": "turn", "dice": "7:2"},
        {"command": "turn", "dice": "1 2"},
        {"command": "turn", "dice": "1:9 2:9"},
        {"command": "turn", "full": "1"},
        {"command": "turn", "coloured": "R4"},
        {"command": "turn", "card": 230},
        {"command": "round_end"},
        {"command": "round_end", "emperor_vp": 5},
        {"command": "claim", "objective": "A"},
        {"command": "claim", "objective": "A"},
        {"command": "staff", "card": 3},
        {"command": "final", "player_score": 80},
        {"command": "item", "space": 1, "guest": "1"},
        {"command": "toll", "space": 1},
    ):
        state, _ = attempt(state, action, texts)
    elisabeth, _ = RULES.new_game({"modules": "1 2", "emperor_vp_variant": "S2"}, 5)
    for action in (
        {"command": "turn", "full": "7"},
        {"command": "turn", "dice": DICE, "coloured": "X4"},
        {"command": "turn", "dice": DICE, "coloured": "R4 R2"},
        {"command": "turn", "dice": DICE, "coloured": "R0"},
        {"command": "turn", "dice": "1:1", "coloured": "R2"},
        {"command": "turn", "dice": DICE, "coloured": "R9"},
        {"command": "turn", "lounge": "R3 Q5"},
        {"command": "turn", "coloured": "R4"},
        {"command": "turn", "card": 214, "queue": "R5 B7 Y0 G0 R1", "dice": DICE},
        {"command": "turn", "card": 215},
        {"command": "round_end"},
    ):
        elisabeth, _ = attempt(elisabeth, action, texts)
    sushi, _ = RULES.new_game({"modules": "3", "entrance": "sushi_resort"}, 5)
    for action in (
        {"command": "turn", "queue": "Y3* B0* R2 G4 Y0", "dice": DICE},
        {"command": "cogwheel", "event": "taken"},
        {"command": "completed"},
    ):
        sushi, _ = attempt(sushi, action, texts)
    for options in (
        {"modules": "4"},
        {"modules": "9"},
        {"modules": "x"},
        {"entrance": "sushi_resort"},
        {"reserved": "1 2 3"},
        {"modules": "3", "entrance": "hautel_couture", "reserved": "1 2"},
        {"modules": "3", "entrance": "hautel_couture", "reserved": "55 56 999"},
    ):
        try:
            RULES.new_game(options, 1)
        except SoloistError as exc:
            texts.append(str(exc))
    assert len(texts) >= 30
    assert untranslated(texts) == []


def test_cards_staff_help_and_the_offers_read_in_german():
    cards = [card for deck in gah_data().decks.values() for card in deck.cards]
    texts = [line for card in cards for line in card_facts(card)]
    texts += [staff_line(n) for n in gah_data().staff]
    texts += [SPEC.opponent, SPEC.rules_source, SPEC.reconstructed]
    texts += [label for label, _ in suggest.module_sets() + suggest.ballroom_answers(None)]
    texts += [label for label, _ in suggest.cards_left(None)]
    typed = ["Y3 B0", "Y3 B0 R2* G4 Y0", "G1 Q2", "Y3 B0 R2 G4 Y0 B1", "Y99"]
    texts += [label for text in typed for label, _ in suggest.read_queue(text)]
    dice = ("1:2 4:3", "1:2 9:1", "9 9")
    texts += [label for text in dice for label, _ in suggest.read_dice(text)]
    for text in ("R3 Y5 B2", "R3 Q5", "R4 R2", "none", "R0", "B9"):
        texts += [label for label, _ in suggest.read_lounge(text) + suggest.read_coloured(text)]
    assert untranslated(texts) == []


def test_the_german_reads_as_the_german_edition():
    said = tr(
        "Leopold takes the **yellow guest worth 3 VP** at queue position 1 (housable in the "
        "hotel, yellow, most VP) and scores 3 VP.",
        "de",
    )
    assert said == (
        "Leopold nimmt den **gelben Gast für 3 SP** von Platz 1 der Warteschlange (im Hotel "
        "unterzubringen, gelb, meiste SP) und bekommt 3 SP."
    )
    room = "He places an occupied red room on **2.3** (floor 2, column 3). Discard the guest card "
    assert tr(room + "and refill the queue.", "de") == (
        "Er belegt ein rotes Zimmer auf **2.3** (Stockwerk 2, Spalte 3). Wirf die Gastkarte ab "
        "und fülle die Warteschlange auf."
    )
    asked = tr(
        "Leopold's card 200 needs the action board (the die it takes changes the game): "
        "`/gah turn dice:1:2 2:2`.",
        "de",
    )
    assert asked.endswith("`/gah zug würfel:1:2 2:2`.")
