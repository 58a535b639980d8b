"""Choose, don't type: the answers offered for /gah options come from the game's own state,
and the Emperor VP the player reads off the board is a button at the round end."""

from bot.core.game import NextStep
from bot.games.grand_austria import suggest
from bot.games.grand_austria.data import gah_data
from bot.games.grand_austria.setup import parse_modules
from bot.games.grand_austria.state import GahOptions

from .helpers import DICE, RULES, new, new_with, play, turn


def _at_round_end(state, round_number: int, emperor: int):
    state.round, state.turns_this_round, state.emperor = round_number, 2, emperor
    return state


def test_a_reconstructed_emperor_space_offers_each_possible_vp_as_a_button():
    state = _at_round_end(new(emperor="ask"), 3, 8)
    out = RULES.describe(state)
    assert [s.step_id for s in out.next_steps] == [
        "round_end:emperor_vp=5",
        "round_end:emperor_vp=6",
    ]
    assert [s.label for s in out.next_steps] == ["Space 8 gives 5 VP", "Space 8 gives 6 VP"]
    said = [line for line in out.prompt.splitlines() if "Emperor space 8" in line]
    assert said == [  # once: the buttons, or the line that ends the round with it
        "Leopold is scored on Emperor space 8, whose VP is reconstructed (5 or 6): press the VP "
        "your board shows, or give it as `emperor_vp:` in the line above."
    ]
    assert out.prompt.startswith("End round 3 and resolve Leopold's next turn at once: `/gah turn")
    state, _ = RULES.apply(state, NextStep.action(out.next_steps[1].step_id))
    assert state.vp == 6 and state.emperor_vp_answers == {8: 6}


def test_a_known_emperor_space_or_a_chosen_table_needs_no_answer():
    for state in (
        _at_round_end(new(emperor="ask"), 3, 7),  # space 7 is printed: 5 VP
        _at_round_end(new(emperor="S3"), 3, 8),  # the table answers
        _at_round_end(new(emperor="ask"), 2, 8),  # no Emperor scoring after round 2
    ):
        steps = RULES.describe(state).next_steps
        assert [s.step_id for s in steps] == ["round_end"]
        assert RULES.summary(state)["emperor_vp_options"] == []


def test_an_answered_emperor_space_is_not_asked_again():
    state = _at_round_end(new(emperor="ask"), 3, 8)
    state.emperor_vp_answers = {8: 5}
    assert RULES.summary(state)["emperor_vp_options"] == []


def test_the_card_autocomplete_offers_only_the_cards_left_in_this_game():
    state, _ = turn(new(), 203, dice=DICE)  # card 203 waits on the queue
    summary = RULES.summary(state)
    offered = [value for _, value in suggest.cards_left(summary)]
    assert 203 not in offered and len(offered) == 19
    assert set(offered) <= set(range(193, 213))  # Leopold's deck only
    for _ in range(2):  # two guest symbols: the queue, then the refilled queue
        state, _ = play(state, command="turn", queue="Y3 B0 R2 G4 Y0")
    assert state.pending is None and state.deck.discards == [203]
    assert 203 not in [value for _, value in suggest.cards_left(RULES.summary(state))]
    everything = [value for _, value in suggest.cards_left(None)]
    assert len(everything) == 40


def test_the_full_ballrooms_offer_leaves_out_the_ones_known_to_be_full():
    state = new_with("1")
    offer = suggest.ballroom_answers(RULES.summary(state))
    assert [v for _, v in offer] == ["none", "1", "2", "3", "1 2", "1 3", "2 3", "1 2 3"]
    assert offer[4][0] == "Ballroom 1 and Ballroom 2 are full"
    state.ballrooms.full = [0]
    offer = suggest.ballroom_answers(RULES.summary(state))
    assert [v for _, v in offer] == ["none", "2", "3", "2 3"]


def test_every_module_set_offered_starts_a_game_against_the_opponent_it_names():
    offer = suggest.module_sets()
    assert len(offer) == 16  # no module, and every set of 1, 2, 3 and 5
    for label, value in offer:
        modules = parse_modules(value)
        opponent = GahOptions(modules=modules).opponent
        assert opponent.capitalize() in label, (label, value)


def test_item_and_toll_spaces_are_the_spaces_that_hold_them():
    hautel = new_with("3", "hautel_couture", reserved="69 99 90")
    assert hautel.hautel is not None
    hautel.hautel.items = {2: "wine", 5: "cake"}
    assert suggest.item_spaces(RULES.summary(hautel)) == [
        ("space 2 · wine", 2),
        ("space 5 · cake", 5),
    ]
    toll = new_with("3", "toll_bridge_hotel")
    assert toll.toll is not None
    toll.toll.tokens = [0, 2, 0, 1, 0, 0]
    assert suggest.toll_spaces(RULES.summary(toll)) == [
        ("space 2 · 2 cogwheels", 2),
        ("space 4 · 1 cogwheel", 4),
    ]


def test_the_staff_offer_is_the_private_deck_less_the_cards_already_face_up():
    state = new()
    state.staff_revealed = [30, 41]
    offered = [value for _, value in suggest.staff_cards(RULES.summary(state))]
    assert 30 not in offered and 41 not in offered and 27 in offered
    assert set(offered) == set(gah_data().private_deck_candidates) - {30, 41}
    assert suggest.staff_cards(RULES.summary(state))[0] == (
        "#27 Booking Manager (3 VP per occupied red room)",
        27,
    )
    assert len(suggest.staff_cards(None)) == 48  # /gah staff-card looks up any card


def test_a_queue_being_typed_is_read_back_or_its_mistake_named():
    assert suggest.read_queue("Y3 b0") == [("… 2 of 5 guests: 3 VP yellow, 0 VP blue", "Y3 b0")]
    full = "Y3 B0 R2* G4 Y0"
    assert suggest.read_queue(full) == [
        ("✓ queue: 3 VP yellow, 0 VP blue, 2 VP red*, 4 VP green, 0 VP yellow", full)
    ]
    assert suggest.read_queue("Y3 Q0")[0][0].startswith("`Q0` is not a guest")
    assert suggest.read_queue(full + " B1")[0][0].startswith("The queue needs 5 guests")
    assert suggest.read_queue("  ") == []


def test_dice_being_typed_are_read_back_or_their_mistake_named():
    assert suggest.read_dice("2 2 1 3 2 0") == [("✓ 10 dice: 1:2 2:2 3:1 4:3 5:2", "2 2 1 3 2 0")]
    assert suggest.read_dice("1:2 9:1")[0][0].startswith("`9:1` is not `value:count`")


def test_the_lounge_and_the_coloured_dice_being_typed_are_read_back():
    assert suggest.read_lounge("R3 y5 B2") == [
        ("✓ lounge: 3 VP red, 5 VP yellow, 2 VP blue", "R3 y5 B2")
    ]
    assert suggest.read_coloured("R4 B2") == [("✓ coloured dice: red on 4, blue on 2", "R4 B2")]
    assert suggest.read_coloured("none") == [("✓ no coloured die left", "none")]
    assert suggest.read_coloured("R0") == [("The red die must show 1 to 6.", "R0")]
    assert suggest.read_coloured("X1")[0][0].startswith("`X1` is not a coloured die")
