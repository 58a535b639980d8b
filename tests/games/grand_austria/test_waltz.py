"""Let's Waltz! with the solo opponent: module choice, ballrooms, celebrities, the four entrances.

Each worked example of the module sections is a test here (Nine Stars Inn, Toll Bridge, Hautel
Couture setup), as is each dancer-arrow case, each celebrity colour and each module fallback."""

import itertools
import re

import pytest

from bot.core.errors import InputError, RuleError
from bot.games.grand_austria.ballrooms import dancer_target
from bot.games.grand_austria.entrances import hautel_setup, stars_rows, stars_vp

from .helpers import RULES, new_with, play, play_to_end, round_two, text, turn

DICE = "1:2 2:2 3:1 4:3 5:2"


# ----------------------------------------------------------------- module choice
def test_module_4_is_refused_with_the_rule_books_reason():
    with pytest.raises(InputError, match="incompatible with the start player module"):
        new_with("1 4")


@pytest.mark.parametrize(
    ("modules", "opponent", "first_card"),
    [
        ("", "leopold", 193),
        ("1", "elisabeth", 213),
        ("2", "elisabeth", 213),
        ("3", "leopold", 193),
        ("5", "leopold", 193),
        ("1 2 3 5", "elisabeth", 213),
        ("3 5", "leopold", 193),
    ],
)
def test_the_opponent_follows_from_the_modules(modules, opponent, first_card):
    state = new_with(modules)
    assert state.options.opponent == opponent
    assert min(state.deck.draw_pile) == first_card
    assert RULES.summary(state)["opponent"] == opponent.capitalize()


def test_a_card_from_the_other_deck_is_refused():
    with pytest.raises(InputError, match="not in Elisabeth's deck"):
        turn(new_with("1"), 195)


def test_setup_lists_exactly_the_chosen_modules_changes():
    _, out = RULES.new_game({"modules": "2 5"}, 3)
    setup = text(out)
    assert "Module 2, Celebrities" in setup and "Module 5" in setup
    assert "needs no change" in setup  # module 5
    assert "Module 1" not in setup and "Module 3" not in setup and "7 krone" not in setup
    assert "for Elisabeth" in setup and "Leopold" not in setup
    _, out = RULES.new_game({"modules": "3", "entrance": "toll_bridge_hotel"}, 3)
    assert "**7 krone**" in text(out) and "three regular hotel entrance tiles" in text(out)
    assert "No additional setup" in text(out)
    _, out = RULES.new_game({"modules": "1"}, 3)
    assert "random** rehearsal room" in text(out) and "10 dancers" in text(out)
    assert "no champagne" in text(out)


def test_entrance_needs_module_3_and_random_is_one_of_four_and_seeded():
    with pytest.raises(InputError, match="needs module 3"):
        new_with("1", "sushi_resort")
    picks = {new_with("3", "random", seed=s).entrance for s in range(40)}
    assert picks == {"hautel_couture", "nine_stars_inn", "sushi_resort", "toll_bridge_hotel"}
    assert new_with("3", seed=9).entrance == new_with("3", "random", seed=9).entrance


@pytest.mark.parametrize("bad", ["x", "1 9", "0 4", "1,,b"])
def test_bad_module_lists_say_what_is_wrong(bad):
    with pytest.raises(InputError):
        new_with(bad)


# ----------------------------------------------------------------- module 1: dancers
@pytest.mark.parametrize(
    ("arrows", "round_", "full", "room"),
    [
        (1, 1, set(), 0),
        (1, 3, set(), 0),
        (1, 4, set(), 1),
        (1, 5, set(), 1),
        (1, 6, set(), 2),
        (1, 7, set(), 2),
        (1, 1, {0}, 1),
        (1, 1, {0, 1}, 2),
        (1, 2, {0, 1, 2}, 3),
        (1, 6, {2}, 3),
        (2, 1, set(), 1),
        (2, 3, set(), 1),
        (2, 4, set(), 2),
        (2, 5, set(), 2),
        (2, 6, set(), 3),
        (2, 7, set(), 3),  # rounds 6 and 7: the rightmost
        (2, 2, {1}, 3),
        (2, 4, {2}, 3),  # that ballroom full: the rightmost
    ],
)
def test_dancer_arrows(arrows, round_, full, room):
    space = {0, 1, 2} - full
    target = dancer_target(arrows, round_, full, space)
    assert target.room == room


def test_without_an_answer_the_bot_asks_about_the_ballroom_it_does_not_know():
    assert dancer_target(1, 1, set(), set()).ask == 0
    assert dancer_target(1, 1, {0}, set()).ask == 1
    assert dancer_target(2, 1, set(), set()).ask == 1
    assert dancer_target(2, 6, set(), set()).room == 3  # no question in rounds 6 and 7


def test_dancer_guest_scores_vp_places_no_room_and_sends_a_dancer():
    state = round_two(new_with("1"))
    # card 214: red guest with a two-arrow dancer, die 2, Emperor +1, objective B
    state, out = turn(state, 214, "R5 B7 Y0 G0 R1", DICE)
    assert state.pending is not None and "Which ballrooms are full" in out.prompt
    assert [s.label for s in out.next_steps] == ["Ballroom 2 has space", "Ballroom 2 is full"]
    assert state.vp == 5 and state.hotel == {}
    state, out = play(state, command="turn", full="none")
    assert state.ballrooms.dancers == [0, 1, 0, 0] and state.hotel == {}
    assert "no room, pays no champagne and gets no row bonus" not in text(out)  # said before
    assert state.pending is None


def test_a_full_answer_is_remembered_and_never_asked_again():
    state = new_with("1")
    state, _ = turn(state, 214, "R5 B7 Y0 G0 R1", DICE, full="2")
    assert state.ballrooms.dancers == [0, 0, 0, 1] and state.ballrooms.full == [1]
    state, _ = turn(state, 217, "G5 B7 Y0 G0 R1", DICE)  # two arrows, Ballroom 2 known full
    assert state.pending is None and state.ballrooms.dancers == [0, 0, 0, 2]


def test_extra_dancer_and_dancer_guests_are_ignored_without_module_1():
    state = new_with("2")
    state, out = turn(state, 215, "R5 B7 Y0 G0 R1", DICE, coloured="none")  # extra dancer
    assert state.ballrooms.dancers == [0, 0, 0, 0] and "dancer" not in text(out)
    state = new_with("2")
    state, _ = turn(state, 214, "R5 B7 Y0 G0 R1", DICE, coloured="none")  # red dancer guest
    assert state.hotel == {"1.3": "red"} and state.ballrooms.dancers == [0, 0, 0, 0]


def test_with_no_dancer_left_the_guest_takes_a_room():
    state = new_with("1")
    state.ballrooms.dancers = [3, 3, 3, 1]
    state, out = turn(state, 214, "R5 B7 Y0 G0 R1", DICE)
    assert state.hotel == {"1.3": "red"} and "no dancer left" in text(out)


def test_ballroom_scoring_asks_for_elisabeths_vp_only_when_she_has_dancers_there():
    state = new_with("1")
    state.round, state.turns_this_round, state.ballrooms.dancers = 3, 2, [2, 1, 0, 0]
    with pytest.raises(RuleError, match="2 in Ballroom 1"):
        play(state, command="round_end")
    after, out = play(state, command="round_end", ballroom_vp=6)
    assert after.vp == state.vp + 6  # Emperor space 0 scores nothing
    assert after.ballrooms.dancers == [2, 1, 0, 0]  # dancers stay where they are
    state.ballrooms.dancers = [0, 1, 0, 0]
    after, out = play(state, command="round_end")
    assert "no dancer there" in text(out)
    with pytest.raises(InputError, match="No ballroom is scored after round 2"):
        state.round = 2
        play(state, command="round_end", ballroom_vp=3)


# ----------------------------------------------------------------- module 2: celebrities
def _elisabeth_with(card: int, **more):
    state = new_with("2")
    return turn(state, card, "R5 B7 Y0 G0 R1", **{"dice": DICE, **more})


def test_the_die_step_waits_for_the_dice_and_the_coloured_dice():
    state, out = _elisabeth_with(213, dice=None)
    assert state.pending is not None and "action board" in out.prompt
    state, out = play(state, command="turn", dice=DICE)
    assert "coloured dice still on the action board" in out.prompt
    assert [s.label for s in out.next_steps] == ["No coloured die left"]
    state, out = play(state, command="turn", coloured="R1")
    assert "lounge" in out.prompt  # it needs the celebrity's VP, and asks once per round
    state, out = play(state, command="turn", lounge="R3 Y5 B2")
    assert state.pending is None and state.celebrities.taken == ["red"]


@pytest.mark.parametrize(
    ("colour", "check"),
    [
        # least progress, hand right: A for the red bonus, then B for the card's own "?"
        ("red", lambda s: [o.progress for o in s.objectives.values()] == ["III", "III", "none"]),
        ("yellow", lambda s: s.emperor == 2),
        ("blue", lambda s: s.vp == 7 + 4 + 2),  # guest 7, celebrity 4, bonus 2
    ],
)
def test_each_celebrity_colour_gives_its_bonus(colour, check):
    # card 213: blue guest, die 1, hand right; the coloured die lies on space 1
    spot = {"red": "R1", "yellow": "Y1", "blue": "B1"}[colour]
    state, out = _elisabeth_with(213, coloured=spot, lounge=f"{colour[0].upper()}4")
    assert state.celebrities.taken == [colour]
    assert state.vp >= 7 + 4  # the blue guest worth 7 and the celebrity's 4 VP
    assert check(state), text(out)
    assert f"{colour} bonus" in text(out)


def test_coloured_dice_on_the_space_most_vp_first_then_the_hand_along_the_lounge():
    # card 213, die 1, hand right: the leftmost of tied celebrities on the lounge tile
    state, _ = _elisabeth_with(213, coloured="R1 B1", lounge="B3 Y5 R3")
    assert state.celebrities.taken == ["blue"]
    state, _ = _elisabeth_with(213, coloured="R1 B1", lounge="B3 Y5 R4")
    assert state.celebrities.taken == ["red"]
    # card 214, die 2, hand left: the rightmost of the tied ones
    state = new_with("2")
    state, _out = turn(state, 214, "R5 B7 Y0 G0 R1", DICE, coloured="R2 Y2", lounge="R3 Y3 B9")
    assert state.celebrities.taken == ["yellow"]


def test_coloured_max_takes_the_best_celebrity_anywhere_or_falls_back_to_most_dice():
    state, out = _elisabeth_with(230, coloured="R1 Y5", lounge="R2 Y6 B1")  # MAX die
    assert state.celebrities.taken == ["yellow"] and "action space 5" in text(out)
    state, out = _elisabeth_with(230, coloured="none")
    assert state.celebrities.taken == [] and "takes a **4** die" in text(out)  # 4 has most dice


def test_without_module_2_the_max_die_is_a_question_mark():
    state = new_with("1")
    state, out = turn(state, 230, "R5 B7 Y0 G0 R1", DICE, full="none")
    assert "takes a **4** die" in text(out) and state.celebrities.taken == []


def test_coloured_options_without_module_2_are_refused():
    with pytest.raises(InputError, match="module 2"):
        turn(new_with("1"), 213, "R5 B7 Y0 G0 R1", DICE, coloured="R1")


def test_celebrity_tiles_are_discarded_at_round_end_and_not_asked_when_all_are_gone():
    state, _ = _elisabeth_with(213, coloured="R1", lounge="R3 Y5 B2")
    state.celebrities.taken = ["red", "yellow", "blue"]
    with pytest.raises(InputError, match="took the red die"):
        turn(state, 219, "R5 B7 Y0 G0 R1", DICE, coloured="R4")
    state.celebrities.taken = ["red", "yellow", "blue"]
    state, out = turn(state, 219, "R5 B7 Y0 G0 R1", DICE)  # no coloured die can be left
    assert state.pending is None
    state.turns_this_round = 2
    state, out = play(state, command="round_end")
    assert "discards her celebrity tiles" in text(out)
    assert state.celebrities.lounge is None and state.celebrities.taken == []


# ----------------------------------------------------------------- module 3: entrances
def test_hautel_couture_setup():
    setup = hautel_setup([69, 99, 90], seed=1)
    # blue Countess: first blue from the left on the top floor; green Cramersopholus: the
    # first empty space; red Senior Legal Secretary: 4.2 is taken, so 4.4 (+2 VP)
    assert setup.rooms == ["4.1", "4.2", "4.4"] and setup.room_vp == 2
    assert len(setup.pool) == 18
    ordered = [
        "cake",
        "cake",
        "coffee",
        "strudel",
        "cake",
        "cake",
        "strudel",
        "cake",
        "cake",
        "cake",
    ]
    assert setup.pool[:10] == ordered
    assert setup.pool[10:] == ["strudel", "cake", "wine", "coffee"] * 2
    assert len(setup.spaces) == 6 and len(setup.shuffled) == 12
    assert sorted(setup.shuffled + list(setup.spaces.values())) == sorted(setup.pool)


def test_hautel_couture_items_serve_the_reserved_guests():
    state = new_with("3", "hautel_couture", reserved="69 99 90")
    assert state.vacant == {"4.1": "blue", "4.2": "red", "4.4": "red"} and state.vp == 2
    state.hautel.items = {1: "coffee", 2: "wine", 3: "cake", 4: "cake"}
    with pytest.raises(RuleError, match="must place the coffee"):
        play(state, command="item", space=1, guest="none")
    with pytest.raises(RuleError, match="does not need a coffee"):
        play(state, command="item", space=1, guest="2")
    state, _ = play(state, command="item", space=2, guest="none")  # nobody wants wine
    state, _ = play(state, command="item", space=1, guest="1")
    state, _ = play(state, command="item", space=3, guest="1")
    state, out = play(state, command="item", space=4, guest="1")
    assert "completes the order of Countess" in text(out)
    assert state.hotel == {"4.1": "blue"} and "4.1" not in state.vacant
    assert state.hautel.reserved[0].done and not state.hautel.reserved[1].done
    assert state.vp == 2 + 7
    assert out.picture is not None  # the hotel changed: a fresh picture


def test_hautel_couture_replenishes_empty_spaces_at_round_start():
    state = new_with("3", "hautel_couture", reserved="69 99 90")
    pool = list(state.hautel.item_pool)
    del state.hautel.items[3]
    state.turns_this_round = 2
    state, out = play(state, command="round_end")
    assert state.hautel.items[3] == pool[0] and len(state.hautel.item_pool) == len(pool) - 1
    assert "3: " + pool[0] in text(out)


def test_hautel_couture_reserved_guests_are_checked():
    with pytest.raises(InputError, match="5, 6 or 7"):
        new_with("3", "hautel_couture", reserved="49 69 90")
    with pytest.raises(InputError, match="three different"):
        new_with("3", "hautel_couture", reserved="69 69 90")
    with pytest.raises(InputError, match="Hautel Couture"):
        new_with("3", "sushi_resort", reserved="69 99 90")


def test_nine_stars_inn_example_scores_10_vp():
    # the rule book's picture: the top row full and tokens in the second row -> 10 VP
    assert stars_rows(5) == [3, 2, 0] and stars_vp(5) == ("II", 10)
    assert stars_vp(0) == (None, 0) and stars_vp(3) == ("III", 5) and stars_vp(7) == ("I", 15)
    state = new_with("3", "nine_stars_inn")
    state.stars.tokens, state.round, state.turns_this_round = 5, 3, 2
    after, out = play(state, command="round_end")
    assert after.vp == state.vp + 10 and "row II" in text(out)


def test_nine_stars_inn_tokens_follow_objective_symbols_and_leave_for_your_floors():
    state = new_with("3", "nine_stars_inn")
    state, out = turn(state, 194, "R5 B7 Y0 G0 R1", DICE)  # objective B
    assert state.stars.tokens == 1 and "row III, left of" in text(out)
    state, out = play(state, command="completed")
    assert state.stars.tokens == 0
    state, out = play(state, command="completed")
    assert state.stars.tokens == 0 and "nothing happens" in text(out)
    state.stars.tokens = 9
    state, out = turn(state, 195, "R5 B7 Y0 G0 R1", DICE)
    assert state.stars.tokens == 9 and "full" in text(out)
    easy = new_with("3", "nine_stars_inn", difficulty="easy")
    easy, _ = turn(easy, 193, "R5 B7 Y0 G0 R1", DICE)  # gold objective: not shown on easy
    assert easy.stars.tokens == 0


def test_sushi_resort_cogwheels_move_to_the_queue_and_score_8():
    state = new_with("3", "sushi_resort")
    assert state.sushi.spaces == ["1.4", "1.5", "2.1", "2.2", "2.3", "3.1"]
    state, out = turn(state, 194, "R5 B7 Y0 G0 Y1", DICE)  # red guest -> 1.3, no cogwheel
    state, out = turn(state, 197, "R5 B7 Y0 G0 Y1", DICE)  # green -> 1.5, a cogwheel
    assert state.sushi.spaces == ["1.4", "2.1", "2.2", "2.3", "3.1"] and state.sushi.queue == 1
    assert "leftmost guest" in text(out)
    vp = state.vp
    state, _ = play(state, command="round_end")
    state, out = turn(state, 196, "Y1* B7 Y0 G0 R1", DICE)  # yellow: takes the marked Y1
    assert state.vp - vp == 1 + 8  # the guest's 1 VP and the cogwheel's 8
    assert state.sushi.queue == 0


def test_sushi_resort_rightmost_and_your_own_take():
    state = new_with("3", "sushi_resort")
    state.sushi.queue = 2
    state, out = turn(state, 193, "B5 R7 Y0 G0 Y1*", DICE)  # the marked guest is rightmost
    assert "rightmost queue space" in text(out) and state.sushi.queue == 1
    assert state.vp == 8 + 5
    state, out = play(state, command="cogwheel", event="taken")
    assert "1 krone more" in text(out) and state.sushi.queue == 0
    with pytest.raises(RuleError, match="No cogwheel"):
        play(state, command="cogwheel", event="rightmost")
    with pytest.raises(InputError, match="Only 0 cogwheel"):
        play(state, command="turn", queue="B5* R7 Y0 G0 Y1")
    with pytest.raises(InputError, match="Sushi Resort"):
        turn(new_with("3", "toll_bridge_hotel"), 193, "B5* R7 Y0 G0 Y1", DICE)


def test_toll_bridge_three_token_example():
    state = new_with("3", "toll_bridge_hotel")
    state.toll.tokens[3 - 1] = 3
    state, out = play(state, command="toll", space=3, money=4)
    # 1: pay 1 krone for the cogwheels; 2: Leopold scores 3 VP and one token goes back
    assert state.vp == 3 and state.toll.tokens[2] == 2 and "exactly **1 krone**" in text(out)


def test_toll_bridge_tokens_are_left_by_the_opponent_and_the_penalty_case():
    state = new_with("3", "toll_bridge_hotel")
    state, out = turn(state, 193, "B5 R7 Y0 G0 Y1", None)
    assert state.pending is not None and "action board" in out.prompt  # the die matters here
    state, out = play(state, command="turn", dice=DICE)
    assert state.toll.tokens == [1, 0, 0, 0, 0, 0]
    with pytest.raises(RuleError, match="without cogwheels"):
        play(state, command="toll", space=1, money=0)
    with pytest.raises(RuleError, match="no cogwheel"):
        play(state, command="toll", space=2, money=3)
    state.toll.tokens = [1, 1, 1, 1, 1, 2]
    state, out = play(state, command="toll", space=6, money=0)
    assert "lose 5 VP" in text(out) and state.toll.tokens[5] == 1 and state.vp == 5 + 2


def test_entrance_commands_belong_to_their_entrance():
    state = new_with("3", "toll_bridge_hotel")
    for action in (
        {"command": "completed"},
        {"command": "cogwheel", "event": "taken"},
        {"command": "item", "space": 1, "guest": "1"},
    ):
        with pytest.raises(RuleError, match="not in this game"):
            play(state, **action)


# ----------------------------------------------------------------- every combination
COMBINATIONS = [
    (" ".join(map(str, combo)), entrance)
    for n in range(5)
    for combo in itertools.combinations([1, 2, 3, 5], n)
    for entrance in (
        ["hautel_couture", "nine_stars_inn", "sushi_resort", "toll_bridge_hotel"]
        if 3 in combo
        else [None]
    )
]


@pytest.mark.parametrize(("modules", "entrance"), COMBINATIONS)
def test_every_allowed_module_combination_plays_to_the_end(modules, entrance):
    state = new_with(modules, entrance, seed=11)
    state, log = play_to_end(state)
    assert state.phase == "finished" and len(state.deck.discards) == 14
    name = state.options.opponent.capitalize()
    assert any(name in fact for fact in log)
    other = "Leopold" if name == "Elisabeth" else "Elisabeth"
    assert not any(other in fact for fact in log)
    results = RULES.results(state)
    assert results[0].opponent == name and results[0].modules == modules


def test_the_board_shows_the_lounge_by_each_languages_colour_letters():
    """Issue 45: Elisabeth's lounge was `R3 Y5 B2` in German lines too."""
    from bot.i18n import tr

    state, _ = _elisabeth_with(213, coloured="R1", lounge="R3 Y5 B2")
    board = RULES.board(state)
    assert "Celebrities this round: red · lounge R3 Y5 B2" in board.split("\n")
    said = next(line for line in tr(board, "de").split("\n") if "Lounge" in line)
    assert "Ro3 Ge5 Bl2" in said and "rot" in said, said
    assert not re.search(r"\b[RYB]\d", said), said
