"""No line reads an unseen card (issue 41, N1): what the opponent will do, as the bot shows it
before it happens (a plan, a preview, a conditional, a prompt), reads only what the table
shows. Swapping only his face-down cards (the order of what nobody has seen) changes nothing
a player reads. One test over every game, each at a position where the next hidden card would
decide what the line says if the bot read it; then Waterdeep's case that leaked: his owner
reward on the Tower of the Order (or the Dragon Tower) makes him play his top intrigue card."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.core.secrecy import SECRET_FLOOR
from bot.games.registry import spec_for
from bot.games.waterdeep.plan import INSTEAD_DRAWS, round_plan
from tests.games.waterdeep.helpers import board

SECRET = SECRET_FLOOR + 0x41_2026
# His hand (the three quests), the spaces left free and his tavern, found by search: his
# first agent goes to his Tower of the Order (no coin), and if you take it first the intrigue
# card your visit gives him decides where he goes (Ambush: The Plinth, Lack of Faith: Castle
# Waterdeep): the old plan named that space, and so told the card.
TOWER = {
    "quests": ["deliver_an_ultimatum", "recruit_paladins_for_tyr"],
    "free": ["castle_waterdeep", "the_plinth"],
    "tavern": {"rogue": 2, "cleric": 1},
}
PILES: dict[str, list[tuple[str, ...]]] = {  # where each game keeps its face-down orders
    "gah": [("deck", "draw_pile"), ("staff_deck", "draw_pile"), ("hautel", "item_pool")],
    "gwt": [("deck", "draw_pile")],
    "glasgow": [],  # Freddy draws nothing of his own: his moves come from the table
    "alea": [("stack", "draw_pile")],
    "waterdeep": [
        ("buildings", "draw_pile"),
        ("quest_deck", "draw_pile"),
        ("intrigue_deck", "draw_pile"),
    ],
}
START = {
    "gah": {"difficulty": "hard", "emperor_table": "S2", "modules": "3"},
    "gwt": {"difficulty": "hard"},
    "glasgow": {"freddy": "II"},
    "alea": {"mode": "virtual"},
}


def tower_position(card: str, seed: int) -> Any:
    """Pseudo owns the Tower of the Order; your agent is next; `card` tops his intrigue."""
    st = board(
        TOWER["quests"],
        free=TOWER["free"],
        in_play=[("tower_of_the_order", "pseudo")],
        intrigue=[card, *(c for c in ("ambush", "lack_of_faith") if c != card)],
        tavern=TOWER["tavern"],
    )
    st.to_move, st.seed = "you", seed
    return st


def position(game: str, seed: int) -> Any:
    """A position where the opponent's next hidden card is the one that would show."""
    if game == "waterdeep":
        return tower_position("ambush", seed)
    spec = spec_for(game)
    state, _ = spec.rules.new_game(spec.start_options(START[game]), seed)
    return state


def swapped(game: str, state: Any) -> Any:
    """The same position, only his face-down orders reversed (every next draw another)."""
    rules = spec_for(game).rules
    dumped = json.loads(json.dumps(state.model_dump(mode="json")))
    for holder, pile in PILES[game]:
        found = (dumped.get(holder) or {}).get(pile)
        if found:
            dumped[holder][pile] = list(reversed(found))
    return rules.load(dumped)


def read(game: str, state: Any) -> str:
    """Everything the bot shows of a position before the opponent acts: its reply (facts,
    prompt, the question and its buttons), the summary a front-end reads, and the board."""
    rules = spec_for(game).rules
    out = rules.describe(state)
    steps = [(s.label, s.step_id) for s in out.next_steps]
    ask = out.ask.model_dump() if out.ask is not None else None
    shown = {"facts": out.facts, "prompt": out.prompt, "steps": steps, "ask": ask}
    shown["summary"] = rules.summary(state)
    shown["board"] = rules.board(state)
    return json.dumps(shown, sort_keys=True, default=str)


@pytest.mark.parametrize("seed", [SECRET, 7], ids=["challenge", "ordinary"])
@pytest.mark.parametrize("game", list(PILES))
def test_what_the_bot_shows_ahead_does_not_change_when_only_his_hidden_cards_do(game, seed):
    spec = spec_for(game)
    state = position(game, seed)
    other = swapped(game, state)
    hidden, turned = spec.same.hidden_now(state), spec.same.hidden_now(other)
    if PILES[game]:  # the swap really turned what is to come
        assert hidden != turned
    else:
        assert all(not h.items for h in hidden)
    assert read(game, other) == read(game, state)


@pytest.mark.parametrize("seed", [SECRET, 7], ids=["challenge", "ordinary"])
def test_his_plan_says_he_plays_his_top_intrigue_card_without_naming_where_it_sends_him(seed):
    ambush, mishap = tower_position("ambush", seed), tower_position("lack_of_faith", seed)
    first = round_plan(ambush).steps[0]
    assert first.space is not None and first.space.id == "tower_of_the_order"
    assert first.instead is None and first.instead_draws
    assert round_plan(mishap).steps[0] == first
    line = spec_for("waterdeep").rules.describe(ambush).facts[1]
    head = "› His agent 1 → **Tower of the Order**"
    assert line == f"{head} (if you take it first: {INSTEAD_DRAWS})."
    assert "Plinth" not in line and "Castle" not in line


def test_the_card_would_show_if_the_plan_read_it():
    """The position is one where it matters: played out, the two cards send him apart."""
    from bot.core.agenda import Agenda, Inputs, run
    from bot.games.waterdeep.data import waterdeep_data
    from bot.games.waterdeep.script import decide
    from bot.games.waterdeep.state import LATER
    from bot.games.waterdeep.turn import HANDLERS
    from bot.games.waterdeep.visits import Collect, you_visit

    went = []
    for card in ("ambush", "lack_of_faith"):
        st = tower_position(card, 7)
        st.elsewhere = 1
        visit = Collect([])
        you_visit(st, waterdeep_data().space("tower_of_the_order"), None, visit)
        st.agenda = Agenda(steps=visit.inserted)
        assert run(st.agenda, st, HANDLERS, Inputs({LATER: True}), []) is None
        went.append(decide(st, reassigning=False).space.id)
    assert went == ["the_plinth", "castle_waterdeep"]
