"""Setup per difficulty, the deck (reshuffle, physical cards, order as state), movement,
Kansas City, card corrections and scoring."""

import pytest

from bot.core.errors import InputError, RuleError
from bot.games.great_western_trail.data import gwt_data
from bot.games.great_western_trail.spec import RULES, SPEC
from tests.games.great_western_trail.helpers import Play, start, with_workers


# ------------------------------------------------------------------ setup
def test_easy_removes_cards_13_to_15_and_delivers_first_to_bloomington():
    st = start("easy", tile="builder")
    assert sorted(st.deck.draw_pile) == list(range(1, 13))
    assert st.board.workers == {"cowboy": 1, "builder": 2, "engineer": 1}
    assert st.board.specialization == "builder"
    assert st.options.first_delivery == "Bloomington"
    with pytest.raises(RuleError):
        Play(st)("turn", card=13)


def test_hard_adds_a_cowboy_builder_and_engineer_and_delivers_first_to_peoria():
    st = start("hard", tile="engineer")
    assert sorted(st.deck.draw_pile) == list(range(1, 16))
    assert st.board.workers == {"cowboy": 2, "builder": 2, "engineer": 3}
    assert st.board.specialization == "engineer"
    assert st.options.first_delivery == "Peoria"


def test_first_delivery_can_be_tuned_and_the_random_tile_is_seeded():
    assert start("hard", first_delivery="chicago").options.first_delivery == "Chicago"
    drawn = [start(tile="random", seed=s).options.tile for s in range(12)]
    assert drawn == [start(tile="random", seed=s).options.tile for s in range(12)]
    assert set(drawn) == {"cowboy", "builder", "engineer"}
    _, out = RULES.new_game({"difficulty": "medium"}, 9)
    text = "\n".join(out.facts)
    assert 'I drew the "2" tile for Sam' in text and "reconstructed" in text
    assert "Fees for hands on Sam's buildings go to the bank" in text
    assert "slide the remaining foresight tiles to the bottom spaces" in text
    assert "slide the others away from the stack" in text
    assert out.picture is not None and out.picture.kind == "gwt_board"


def test_start_options_are_checked_by_the_start_model():
    with pytest.raises(InputError):
        SPEC.start_options({"difficulty": "brutal"})
    assert SPEC.start_options({}) == {
        "difficulty": "medium",
        "first_delivery": None,
        "tile": "random",
    }


# ------------------------------------------------------------------ the deck
def finish_turn(play: Play, **table) -> Play:
    """Answer whatever the card needs with an empty table, Sam staying on the trail."""
    answers = {
        "jobs": "6:-",
        "token": 1,
        "cattle": "none",
        "engine": "0",
        "outlaws": "none",
        "hazards": "none",
        "buildings": 0,
        "herder": "trail",
        **table,
    }
    while play.ask is not None:
        play("turn", **{play.ask.option: answers[play.ask.option]})
    return play


def test_the_discards_are_reshuffled_when_the_deck_is_empty_at_the_start_of_his_turn():
    play = Play(start("easy", seed=4))
    order = list(play.st.deck.draw_pile)
    for _ in range(12):
        finish_turn(play("turn"))
    assert play.st.deck.draw_pile == [] and play.st.deck.discards == order
    play("turn")
    assert play.facts[0] == "Sam's deck is empty: shuffle his discard pile to form a new deck."
    assert sorted([*play.st.deck.draw_pile, play.st.card]) == list(range(1, 13))


def test_deck_order_is_state_so_the_same_card_comes_again():
    st = start(seed=8)
    first = Play(st)("turn").st.card
    again = Play(st)("turn").st.card  # the old state: as after an undo
    assert first == again == st.deck.draw_pile[0]


def test_a_physical_card_is_taken_from_the_deck_and_cannot_come_twice():
    play = finish_turn(Play(start(seed=2))("turn", card=7))
    assert 7 not in play.st.deck.draw_pile
    with pytest.raises(RuleError):
        play("turn", card=7)


def test_a_card_in_his_discard_pile_is_refused_as_drawn_since_the_last_shuffle():
    play = finish_turn(Play(start(seed=2))("turn", card=7))
    with pytest.raises(RuleError) as refused:
        play("turn", card=7)
    assert str(refused.value) == (
        "Card 7 has already been drawn since the last shuffle: it is in the discard pile until "
        "the deck runs out. Give a card still in the deck, or leave the card out and I draw."
    )


def test_a_turn_waiting_on_a_question_refuses_a_new_card():
    play = Play(start())("turn", card=1)
    with pytest.raises(RuleError):
        play("turn", card=2)
    with pytest.raises(RuleError):
        play("answer", pick="x")


# ------------------------------------------------------------------ movement
def test_movement_is_clamped_to_1_to_5_and_buildings_ask_for_yours():
    st = with_workers(start(), cowboy=6, builder=1, engineer=1, spec="cowboy")
    assert "**5 steps**" in Play(st)("turn", card=13).text()
    play = Play(start())("turn", card=10)
    assert play.ask.option == "buildings" and len(play.ask.choices) == 13
    play("turn", buildings=0)
    assert "**1 step**" in play.text()
    st = start()
    st.board.buildings = [1, 2, 3]
    assert "**4 steps**" in Play(st)("turn", card=10, buildings=4).text()


def test_answers_given_early_are_kept_for_the_step_that_needs_them():
    play = Play(start())("turn", card=10, cattle="C3")  # the move asks first
    assert play.ask.option == "buildings"
    play("turn", buildings=2)
    assert "Sam buys **Corriente 3" in play.text()


def test_a_state_stored_with_held_answers_on_top_loads_them_onto_the_agenda():
    play = Play(start())("turn", card=10)
    old = play.st.model_dump(mode="json")
    old["agenda"].pop("held", None)
    old["held"] = {"cattle": "C3"}  # how the answers given early were stored before
    play.st = RULES.load(old)
    assert play.st.agenda.held == {"cattle": "C3"} and "held" not in play.st.model_dump()
    play("turn", buildings=2)
    assert "Sam buys **Corriente 3" in play.text() and play.st.agenda.held == {}


# ------------------------------------------------------------------ corrections
def test_a_player_corrects_a_card_and_the_bot_says_what_their_card_says():
    play = Play(start())
    play("card", number=3, movement="fixed", value=4)
    assert play.facts[0].startswith(
        "Card #3 corrected (movement fixed, value 4): your card says move 4 steps, then buy"
    )
    play("turn", card=3)
    assert "your card says: movement fixed, value 4" in play.facts[0]
    assert "**4 steps**" in play.text()
    with pytest.raises(RuleError):
        play("card", number=5, value=0)
    with pytest.raises(InputError, match="Say what your card shows"):
        play("card", number=5)
    assert "Reconstructed" in RULES.show_card(play.st, 8).facts[1]
    with pytest.raises(InputError):
        RULES.show_card(play.st, 16)


# ------------------------------------------------------------------ Kansas City
def test_kansas_city_after_the_action_delivers_in_order_and_new_york_repeatedly():
    play = Play(start())
    play("turn", card=7, herder="kansas_city")
    text = play.text()
    assert text.index("farthest from the objective stack") < text.index("**Kansas City.**")
    assert "**bottom** foresight space" in text and "skipped (no income)" in text
    assert "Sam delivers to **Bloomington**" in text
    finish_turn(play("turn", card=8), herder="kansas_city")
    assert "Sam delivers to **Peoria**" in play.text()
    # the arrow between Bloomington and Peoria gives him an objective card
    assert play.st.board.objectives == 3  # the starting one, card #7, the arrow
    assert "Sam takes the objective card for his delivery" in play.text()
    play.st.board.deliveries = ["Bloomington", "Peoria", "Chicago", "Toledo", "Pittsburgh"]
    play.st.board.deliveries += ["Philadelphia", "New York"]
    finish_turn(play("turn", card=9), herder="kansas_city")
    assert "Sam delivers to **New York**" in play.text()


def test_kansas_city_takes_a_disc_from_his_least_valuable_station_when_the_supply_is_empty():
    st = start()
    st.board.stations = [3, 6, 7, 8, 9]
    st.board.deliveries = ["Bloomington"] + ["Peoria"] * 8
    assert st.board.discs == 0
    play = finish_turn(Play(st)("turn", card=7), herder="kansas_city")
    assert "take his disc from **station 3**" in play.text()
    assert play.st.board.stations == [6, 7, 8, 9]


# ------------------------------------------------------------------ scoring
def test_sam_scores_categories_2_to_7_9_and_11_and_the_tie_rule_decides():
    st = with_workers(start(), cowboy=6, builder=5, engineer=1, spec="cowboy")
    st.board.buildings = [4, 7]  # 3 + 6
    st.board.stations = [1, 5]  # 1 + 3
    play = Play(st)
    play("end", you=30, cities=5, objectives=6, job_token="sam")
    # buildings 9, cities 5, stations 4, objectives 6, workers 4*3, token 2 = 38
    assert play.st.result == {
        "you": 30,
        "sam": 38,
        "outcome": "loss",
        "cities": 5,
        "objectives": 6,
        "job_token": "sam",
        "yours": {},
    }
    assert "Sam wins, 38 to 30." in play.facts
    seat = RULES.results(play.st)[0]
    assert (seat.opponent, seat.score, seat.opponent_score, seat.outcome) == ("Sam", 30, 38, "loss")
    with pytest.raises(RuleError):
        play("turn")
    tie = Play(start())("end", you=0, cities=0, objectives=0, job_token="you")
    assert tie.st.result["outcome"] == "tie"  # data/games.yaml: a tie is a tie


def test_data_totals():
    data = gwt_data()
    assert len(data.cards) == 15 and len(data.buildings.tiles) == 12
    assert data.workers.tiles_per_type * 3 == 54
    assert all(c.uncertain for c in data.cards)
