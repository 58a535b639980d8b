"""Every worked example of the base-game solo rules ("Dinner for One"), as a test."""

from bot.games.grand_austria.choices import choose_die, choose_guest, choose_objective
from bot.games.grand_austria.hotel import room_for
from bot.games.grand_austria.inputs import parse_dice, parse_queue
from bot.games.grand_austria.state import ObjectiveTrack

from .helpers import new, play, text, turn


def test_seven_guests_yellow_blue_yellow_green_red_green_blue_give_the_pictured_hotel():
    hotel: dict[str, str] = {}
    placed = []
    for colour in ["yellow", "blue", "yellow", "green", "red", "green", "blue"]:
        space = room_for(hotel, colour)
        assert space is not None
        hotel[space.label] = colour
        placed.append(space.label)
    # yellow: first yellow from the left on floor 1; blue: 1.1; yellow: floor 1 has no more,
    # so 2.1; green: rightmost column from the bottom, 1.5; red: 1.3; green: 2.5; blue: floor 1
    # is full of blue, floor 2 has none, so 3.1.
    assert placed == ["1.2", "1.1", "2.1", "1.5", "1.3", "2.5", "3.1"]


def test_seven_guests_through_whole_turns():
    state = new()
    # Cards whose first guest symbol is the example's colour; the queue also holds a guest of
    # another colour worth more, so only the colour rule picks the right one.
    plan = [
        (196, "Y5"),
        (193, "B5"),
        (201, "Y5"),
        (204, "G5"),
        (194, "R5"),
        (209, "G5"),
        (199, "B5"),
    ]
    for card, best in plan:
        if state.turns_this_round == 2:
            state, _ = play(state, command="round_end")
        richer = "R7" if best[0] != "R" else "B7"
        queue = f"{richer} {best} Y0 B0 G0"
        state, _ = turn(state, card, queue, "1:1 2:1 3:1 4:1 5:1 6:1")
    assert state.hotel == {
        "1.2": "yellow",
        "1.1": "blue",
        "2.1": "yellow",
        "1.5": "green",
        "1.3": "red",
        "2.5": "green",
        "3.1": "blue",
    }


def test_two_yellow_guests_worth_0_and_hand_left_take_the_rightmost():
    queue = parse_queue("Y0 B3 R1 Y0 G2")
    choice = choose_guest(queue, "yellow", {}, "left")
    assert choice.slot is not None and choice.slot.position == 4


def test_with_all_yellow_rooms_full_he_takes_the_guest_worth_most_vp():
    yellow_full = {s: "yellow" for s in ["1.2", "2.1", "2.2", "2.5", "3.4", "3.5"]}
    queue = parse_queue("Y0 B3 R1 Y0 G2")
    choice = choose_guest(queue, "yellow", yellow_full, "left")
    assert choice.slot is not None and choice.slot.guest.colour == "blue"
    assert choice.slot.position == 2


DIE_EXAMPLE = parse_dice("1:2 2:2 3:1 4:3 5:2")  # 2, 2, 1, 3, 2 dice; colours were not kept


def test_die_example_two_dice_tied_resolve_from_the_left():
    # The card shows two dice with the same number on the board; the hand says "from the left".
    choice = choose_die(DIE_EXAMPLE, [1, 2], "right")
    assert choice.option == 1
    assert choose_die(DIE_EXAMPLE, [1, 2], "left").option == 2  # the hand decides the tie


def test_die_example_with_a_question_mark_takes_the_value_with_most_dice():
    assert choose_die(DIE_EXAMPLE, ["?"], "right").option == 4
    assert choose_die(DIE_EXAMPLE, ["?"], "left").option == 4


def test_objective_a_countdown_claims_the_10_vp_spot_after_the_player_took_15():
    state = new()
    state, out = turn(state, 200, "Y0 B0 R0 G0 Y1")  # objective A
    assert state.objectives["A"].progress == "III"
    state, _ = turn(state, 196, "Y0 B0 R0 G0 Y1")  # objective A (silver, hard)
    assert state.objectives["A"].progress == "II"
    state, _ = play(state, command="claim", objective="A")
    assert state.objectives["A"].player_vp == 15
    state, _ = play(state, command="round_end")
    before = state.vp
    state, out = turn(state, 209, "Y0 B0 R0 G0 Y1")  # objective A again, green guest worth 0
    assert state.objectives["A"].progress == "claimed"
    assert state.objectives["A"].opponent_vp == 10
    assert "10 VP spot" in text(out)
    assert state.vp - before == 10


def test_question_mark_objective_takes_least_progress_by_hand():
    tracks = {"A": ObjectiveTrack(progress="III"), "B": ObjectiveTrack(), "C": ObjectiveTrack()}
    assert choose_objective(tracks, "?", "right").option == "B"  # from the left
    assert choose_objective(tracks, "?", "left").option == "C"  # from the right
    tracks["B"] = ObjectiveTrack(progress="claimed", opponent_vp=15)
    assert choose_objective(tracks, "B", "right").option == "C"
