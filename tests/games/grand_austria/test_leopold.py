"""Leopold's base-game rules, one rule per test."""

import pytest

from bot.core.errors import InputError, RuleError
from bot.games.grand_austria.choices import choose_die, choose_guest
from bot.games.grand_austria.data import gah_data
from bot.games.grand_austria.hotel import room_for
from bot.games.grand_austria.inputs import parse_dice, parse_queue
from bot.games.grand_austria.steps import GuestStep
from bot.i18n import tr

from .helpers import RULES, new, play, text, turn

ALL_DICE = "1:1 2:1 3:1 4:1 5:1 6:1"


def test_deck_has_20_cards_and_five_staff_symbols():
    deck = gah_data().decks["leopold"]
    assert sorted(c.number for c in deck.cards) == list(range(193, 213))
    staff = [c.number for c in deck.cards if any(e.type == "staff" for e in c.extras)]
    assert staff == deck.staff_symbol_cards == [198, 201, 205, 206, 207]


def test_same_seed_deals_the_same_deck():
    assert new(seed=3).deck.draw_pile == new(seed=3).deck.draw_pile
    assert new(seed=3).deck.draw_pile != new(seed=4).deck.draw_pile


def test_private_staff_deck_holds_five_end_game_cards():
    state = new()
    assert len(state.staff_deck.draw_pile) == 5
    assert set(state.staff_deck.draw_pile) <= set(gah_data().private_deck_candidates)


def test_easy_ignores_silver_guest_so_card_197_gives_no_guest():
    state, out = turn(new("easy"), 197, dice=ALL_DICE)
    assert state.hotel == {} and "takes no guest" in text(out)
    assert state.turns_this_round == 1  # no queue needed


def test_medium_card_200_gold_guest_gives_none_but_hard_takes_one():
    state, _ = turn(new("medium"), 200)
    assert state.pending is None and state.hotel == {}
    state, _ = turn(new("hard"), 200)
    assert state.pending is not None  # waits for the queue


def test_difficulty_filters_bottom_symbols():
    # card 193: objective ? with a gold border
    easy, _ = turn(new("easy"), 193, "B1 Y0 Y0 Y0 Y0")
    hard, _ = turn(new("hard"), 193, "B1 Y0 Y0 Y0 Y0")
    assert all(t.progress == "none" for t in easy.objectives.values())
    assert hard.objectives["A"].progress == "III"  # ? with hand right: least progress, leftmost


def test_guest_of_shown_colour_with_most_vp():
    choice = choose_guest(parse_queue("R1 R4 B7 R4 Y0"), "red", {}, "right")
    assert choice.slot is not None and choice.slot.position == 2  # tie 4/4, from the left


def test_no_guest_of_shown_colour_takes_most_vp_of_any():
    choice = choose_guest(parse_queue("B1 B4 Y7 G2 Y0"), "red", {}, "right")
    assert choice.slot is not None and choice.slot.position == 3


def test_no_guest_when_no_queue_guest_can_be_housed():
    spaces = gah_data().spaces
    no_blue_or_yellow = {s.label: s.colour for s in spaces if s.colour in ("blue", "yellow")}
    choice = choose_guest(parse_queue("B1 B4 Y7 Y2 Y0"), "any", no_blue_or_yellow, "right")
    assert choice.slot is None


def test_green_guest_goes_up_the_rightmost_column_then_the_next_column():
    hotel: dict[str, str] = {}
    labels = []
    for _ in range(6):
        space = room_for(hotel, "green")
        assert space is not None
        hotel[space.label] = "green"
        labels.append(space.label)
    assert labels == ["1.5", "2.5", "3.5", "4.5", "1.4", "2.4"]


def test_coloured_guest_takes_bottommost_row_then_leftmost():
    hotel: dict[str, str] = {}
    reds = []
    for _ in range(4):
        space = room_for(hotel, "red")
        assert space is not None
        hotel[space.label] = "red"
        reds.append(space.label)
    assert reds == ["1.3", "1.4", "2.3", "2.4"]


def test_covered_vp_space_scores():
    state = new()
    state.hotel = {s.label: "yellow" for s in gah_data().spaces if s.colour == "yellow"}
    state.hotel.pop("3.4")
    state, out = turn(state, 196, "Y2 B0 R0 G0 R0", ALL_DICE)  # yellow guest 2 VP on 3.4 (1 VP)
    assert state.hotel["3.4"] == "yellow"
    assert state.vp == 2 + 1
    assert "covering 1 VP" in text(out)


def test_second_guest_waits_for_the_refilled_queue():
    state, out = turn(new(), 203, "G3 Y1 B0 R0 R0", ALL_DICE)
    assert state.pending is not None and state.agenda.steps[0] == GuestStep(index=1)
    assert "refilled queue" in out.prompt
    with pytest.raises(RuleError, match="refilled queue"):
        play(state, command="turn")
    state, out = play(state, command="turn", queue="Y0 B5 R0 R0 G0")
    assert state.pending is None
    assert state.hotel == {"1.5": "green", "1.1": "blue"}
    assert state.vp == 3 + 5


def test_die_shown_value_missing_takes_most_dice():
    assert choose_die(parse_dice("1:0 2:1 5:3 6:3"), [1], "left").option == 6
    assert choose_die(parse_dice("1:0 2:1 5:3 6:3"), [1], "right").option == 5


def test_two_dice_take_the_one_with_more_dice():
    assert choose_die(parse_dice("3:1 4:2 1:5"), [3, 4], "right").option == 4


def test_emperor_steps_past_the_end_score_vp():
    state = new()
    state.emperor = 12
    state, out = turn(state, 210, "B0 Y0 Y0 Y0 Y0", ALL_DICE)  # Emperor +4
    assert state.emperor == 13
    assert state.vp == 3
    assert "3 VP for the steps past the end" in text(out)


def _to_round_end(state, round_number: int):
    state.round, state.turns_this_round = round_number, 2
    return state


def test_emperor_scoring_after_round_3_scores_and_moves_back_3():
    state = _to_round_end(new(), 3)
    state.emperor = 7
    state, _ = play(state, command="round_end")
    assert state.vp == 5 and state.emperor == 4 and state.round == 4


def test_no_emperor_scoring_after_round_2_but_tiles_swap():
    state = _to_round_end(new(), 2)
    state.emperor = 7
    state, out = play(state, command="round_end")
    assert state.vp == 0 and state.emperor == 7
    assert state.opponent_first  # round 3: Leopold holds 1/4 again
    assert "Leopold now holds 1/4" in text(out)


def test_uncertain_emperor_space_asks_and_remembers_the_answer():
    state = _to_round_end(new(emperor="ask"), 3)
    state.emperor = 8
    with pytest.raises(RuleError, match="5 or 6"):
        play(state, command="round_end")
    with pytest.raises(InputError):
        play(state, command="round_end", emperor_vp=9)
    state, _ = play(state, command="round_end", emperor_vp=6)
    assert state.vp == 6 and state.emperor_vp_answers == {8: 6}


def test_emperor_variant_setting_answers_without_asking():
    state = _to_round_end(new(emperor="S3"), 5)
    state.emperor = 10
    state, _ = play(state, command="round_end")
    assert state.vp == 7 and state.emperor == 5


def test_leopold_takes_turns_1_and_4_in_odd_rounds_and_2_and_3_in_even():
    state = new()
    assert state.turn_numbers == (1, 4)
    state = _to_round_end(state, 1)
    state, _ = play(state, command="round_end")
    assert state.turn_numbers == (2, 3)


def test_a_third_turn_in_a_round_is_refused_and_round_end_needs_two_turns():
    state, _ = turn(new("easy"), 197, dice=ALL_DICE)
    with pytest.raises(RuleError, match="still has turn 4"):
        play(state, command="round_end")
    state, _ = turn(state, 210, "B0 Y0 Y0 Y0 Y0")
    with pytest.raises(RuleError, match="both turns"):
        play(state, command="turn")


def test_staff_symbol_reveals_the_private_deck_top_card():
    state = new()
    top = state.staff_deck.draw_pile[0]
    state, out = turn(state, 201, "Y0 B0 R0 G0 R0", ALL_DICE)
    assert state.staff_revealed == [top]
    assert f"#{top}" in text(out)


def test_player_corrects_revealed_staff_card_from_physical_deck():
    state, _ = turn(new(), 201, "Y0 B0 R0 G0 R0", ALL_DICE)
    state, _ = play(state, command="staff", card=40)
    assert state.staff_revealed == [40]
    with pytest.raises(InputError):
        play(state, command="staff", card=99)


def test_apply_never_changes_the_given_state():
    state = new()
    before = state.model_dump()
    turn(state, 203, "G3 Y1 B0 R0 R0", ALL_DICE)
    assert state.model_dump() == before


def _final_state():
    state = new()
    state.phase = "final"
    state.vp = 40
    state.hotel = {"1.1": "blue", "2.1": "yellow", "4.5": "blue"}  # floors 1 + 2 + 4
    return state


def test_final_scoring_adds_track_rooms_and_staff_and_a_tie_goes_to_leopold():
    state = _final_state()
    state.staff_revealed = [28, 41]  # 3 per blue room (2) + 2 per Emperor space (0)
    state, out = play(state, command="final", player_score=53)
    assert state.result is not None
    assert state.result.breakdown == {"track": 40, "rooms": 7, "staff": 6}
    assert state.result.opponent_score == 53
    assert state.result.winner == "opponent"
    assert "a tie goes to Leopold" in text(out)
    assert out.finished


def test_final_scoring_player_wins_with_more():
    state, _ = play(_final_state(), command="final", player_score=48)
    assert state.result is not None and state.result.winner == "player"


def test_secretary_copies_the_players_best_end_game_card_or_asks():
    state = _final_state()
    state.staff_revealed = [29]
    with pytest.raises(RuleError, match="Secretary"):
        play(state, command="final", player_score=10)
    done, _ = play(state, command="final", player_score=10, player_staff="30 28")
    assert done.result is not None and done.result.breakdown["staff"] == 6  # 28: 2 blue rooms
    none, _ = play(state, command="final", player_score=10, player_staff="none")
    assert none.result is not None and none.result.breakdown["staff"] == 0


def test_the_final_asks_for_your_staff_only_when_leopold_has_the_secretary():
    state = _final_state()
    state.staff_revealed = [28, 41]
    prompt = RULES.describe(state).prompt
    assert prompt == "Final scoring: `/gah final player_score:…` with your total."
    state.staff_revealed = [28, 29]
    prompt = RULES.describe(state).prompt
    assert prompt == (
        "Final scoring: `/gah final player_score:…` with your total. Leopold has #29 "
        "Secretary: add your end-game staff cards' numbers, `/gah final player_score:… "
        "player_staff:…` (like `player_staff:28 46`; none: `/gah final player_score:… "
        "player_staff:none`)."
    )
    german = tr(prompt, "de")  # the form shown in the reader's words
    assert "(z. B. `dein_personal:28 46`; ohne: " in german, german


def test_marketing_director_counts_only_claimed_objectives():
    state = _final_state()
    state.staff_revealed = [40]
    state.objectives["A"].progress = "claimed"
    state.objectives["B"].progress = "II"
    state, _ = play(state, command="final", player_score=0)
    assert state.result is not None and state.result.breakdown["staff"] == 5


def test_final_before_round_7_is_refused():
    with pytest.raises(RuleError, match="after round 7"):
        play(new(), command="final", player_score=10)


@pytest.mark.parametrize(
    "queue",
    ["Y3 B0 R2 G4", "Y3 B0 R2 G4 Y0 B1", "X3 B0 R2 G4 Y0", "Y99 B0 R2 G4 Y0", "Y B0 R2 G4 Y0"],
)
def test_malformed_queue_is_rejected(queue):
    with pytest.raises(InputError):
        parse_queue(queue)


@pytest.mark.parametrize("dice", ["", "7:1", "1:11", "1 2 3", "1:5 2:6", "0 0 0 0 0 0", "abc"])
def test_malformed_dice_are_rejected(dice):
    with pytest.raises(InputError):
        parse_dice(dice)


def test_both_dice_formats_mean_the_same():
    assert parse_dice("1:2 2:2 3:1 4:3 5:2") == parse_dice("2 2 1 3 2 0") == [2, 2, 1, 3, 2, 0]


def test_describe_offers_the_next_step():
    state = new()
    assert [s.command for s in RULES.describe(state).next_steps] == ["turn"]
    state.turns_this_round = 2
    assert [s.command for s in RULES.describe(state).next_steps] == ["round_end"]


def test_when_no_guest_can_be_housed_the_queue_is_unchanged_for_the_second_symbol():
    state = new()
    state.hotel = {s.label: s.colour for s in gah_data().spaces}  # a full hotel
    state, out = turn(state, 203, "B3 Y1 B0 R2 G4", ALL_DICE)  # green, then any (silver)
    assert state.pending is None  # no refilled queue asked for: nobody left the queue
    assert text(out).count("takes no guest") == 2
    assert state.turns_this_round == 1


def test_no_objective_left_to_advance_is_said_from_its_message_in_german():
    """Every objective claimed: the card's objective step advances nothing, said as a message
    (it was an f-string of the reason, left to the matcher)."""
    from bot.games.grand_austria.objectives import advance_objective

    state = new()
    for track in state.objectives.values():
        track.progress = "claimed"
    facts: list[str] = []
    advance_objective(state, "?", next(iter(gah_data().decks.values())).cards[0], facts)
    assert facts == ["No objective to advance: every objective is claimed already."]
    assert getattr(facts[0], "key", None) == "No objective to advance: {why}."
    assert tr(facts[0], "de").startswith("Keine Politikkarte zum Vorrücken: ")
