"""A game of Glasgow against Freddy through the rules: the turn structure, the special
contracts, your builds (adjacency, shape, extra gold), the end at the 20th building, scoring."""

import pytest

from bot.core.errors import InputError, RuleError
from bot.core.next_step import NextStep
from bot.games.glasgow.city import Dealt, label, parse_cell
from bot.games.glasgow.scoring import Settings, banks, freddy_goods, score, shops, tenements
from bot.games.glasgow.spec import RULES
from tests.games.glasgow.helpers import city_of

ROW3 = "shop:3 tenement:2 park:1"


def start(**options):
    st, out = RULES.new_game(options, 11)
    return st, out


def act(st, **action):
    return RULES.apply(st, action)


def to_build(st, row=ROW3):
    """Play both actions with no special contract and enter the row."""
    while st.agenda.ask.command == "action":
        st, _ = act(st, command="action")
    st, out = act(st, command="row", buildings=row)
    return st, out


def settings(**changes) -> Settings:
    st, _ = start(**changes)
    return st.settings


# ---------------------------------------------------------------- turns and rounds
def test_a_turn_is_two_actions_then_the_row_then_your_builds():
    st, out = start()
    assert out.ask.command == "action" and "action 1 of 2" in out.prompt
    assert [s.label for s in out.ask.next_steps()][:2] == ["No special contract", "Chose whisky"]
    st, out = act(st, command="action")
    assert "action 2 of 2" in out.prompt and st.actions_done == 1
    st, out = act(st, command="action")
    assert out.ask.command == "row" and "Which 3 buildings" in out.prompt
    st, out = act(st, command="row", buildings=ROW3)
    assert out.ask.command == "build"
    # the likely answer first: done, on Freddy's suggested cells where he ties
    assert [s.step_id for s in out.next_steps] == ["done:suggested=yes", "done"]


def test_the_fourth_turn_is_build_only_and_round_two_resets_the_counter():
    st, _ = start()
    rows = [ROW3, ROW3, "shop:2 park:1", "park:1 park:2"]
    for turn, row in enumerate(rows, 1):
        assert st.turn == turn
        st, out = to_build(st, row)
        st, out = act(st, command="done")
        while out.ask.command == "pick":
            st, out = act(st, command="pick", cell=out.ask.choices[0].value)
    assert (st.round, st.turn, st.actions_done) == (2, 1, 0)
    assert any(f.startswith("Round 2: deal 3, 3, 2, 2") for f in out.facts)
    assert len(st.city) == 10
    assert out.ask.command == "action"


def test_turn_four_asks_for_the_row_without_actions():
    st, _ = start()
    for row in [ROW3, ROW3, "shop:2 park:1"]:
        st, _ = to_build(st, row)
        st, out = act(st, command="done")
        while out.ask.command == "pick":
            st, out = act(st, command="pick", cell=out.ask.choices[0].value)
    assert st.turn == 4 and out.ask.command == "row" and "Which 2 buildings" in out.prompt


# ---------------------------------------------------------------- special contracts
def test_whisky_drawn_and_ignored_loses_your_barrel_to_freddy():
    st, _ = start()
    st, out = act(st, command="action", chosen="other", ignored="whisky")
    assert "You ignored the whisky contract: if you have the whisky barrel, Freddy takes it." in (
        out.facts
    )


def test_the_whisky_barrel_you_took_is_the_one_freddy_takes_when_you_ignore_the_contract():
    st, out = act(start()[0], command="action", chosen="whisky")
    assert out.facts == ["Action 1: you take the whisky barrel."] and st.barrel == "you"
    st, out = act(st, command="action", ignored="whisky")  # as in the next round
    assert (
        "You ignored the whisky contract: Freddy takes your whisky barrel (if you have spent "
        "it, nothing happens)." in out.facts
    )
    assert st.barrel == "freddy"


def test_a_barrel_freddy_already_has_is_not_taken_again():
    st, _ = start()
    st.barrel = "freddy"
    st, out = act(st, command="action", ignored="whisky")
    assert "You ignored the whisky contract: Freddy has the whisky barrel already." in out.facts
    assert st.barrel == "freddy"


def test_choosing_the_whisky_contract_takes_the_barrel_back_from_freddy():
    st, _ = start()
    st.barrel = "freddy"
    st, out = act(st, command="action", chosen="whisky")
    assert out.facts == ["Action 1: you take the whisky barrel (from Freddy)."]
    assert st.barrel == "you"


def test_a_game_stored_before_the_barrel_was_tracked_loads_not_knowing_it():
    st, _ = start()
    stored = st.model_dump(mode="json")
    del stored["barrel"]
    assert RULES.load(stored).barrel is None


def test_your_whisky_storage_answer_tells_who_has_the_barrel():
    from bot.core.agenda import Inputs
    from bot.games.glasgow.reports import take_storage

    st, _ = start(freddy="II")
    take_storage(st, Inputs({"whisky": "yes"}))
    assert st.barrel == "you"
    take_storage(st, Inputs({"whisky": "no"}))
    assert st.barrel is None


def test_exchange_chosen_lets_you_replace_any_row():
    st, _ = start()
    st, out = act(st, command="action", chosen="exchange")
    assert out.facts == [
        "Action 1: you may discard the buildings of any row (this one too) and deal as many new "
        "ones."
    ]


def test_exchange_drawn_and_ignored_freddy_replaces_the_next_row():
    st, _ = start()
    st, out = act(st, command="action", ignored="exchange")
    assert "Freddy replaces all buildings of the next row (architect 2)" in out.facts[1]
    assert st.replaced == [2]
    st, _ = act(st, command="action")
    st, _ = act(st, command="row", buildings=ROW3)
    st, out = act(st, command="done")
    while out.ask.command == "pick":
        st, out = act(st, command="pick", cell=out.ask.choices[0].value)
    st, out = act(st, command="action")
    st, out = act(st, command="action")
    assert "(Freddy replaced this row)" in out.prompt
    st, _ = act(st, command="row", buildings=ROW3)
    assert st.replaced == []


def test_double_chosen_makes_the_next_action_count_twice_even_across_turns():
    st, _ = start()
    st, _ = act(st, command="action")
    st, out = act(st, command="action", chosen="double")
    assert st.double and "your next action counts twice" in out.facts[0]
    st, _ = act(st, command="row", buildings=ROW3)
    st, out = act(st, command="done")
    while out.ask.command == "pick":
        st, out = act(st, command="pick", cell=out.ask.choices[0].value)
    assert "It counts twice (double contract)." in out.prompt
    st, out = act(st, command="action")
    assert out.facts[0].startswith("Action 1 counts twice (double contract)")
    assert not st.double


def test_the_contract_question_is_an_ask_whose_buttons_answer_chosen_and_ignored_at_once():
    st, out = start()
    assert out.next_steps == []  # no buttons of Glasgow's own: the question's choices are they
    actions = [NextStep.action(step.step_id) for step in out.ask.next_steps()]
    assert actions[2] == {"command": "action", "chosen": "other", "ignored": "whisky"}
    assert all(set(a) == {"command", "chosen", "ignored"} for a in actions) and len(actions) == 6
    st, out = act(st, **actions[2])
    assert "You ignored the whisky contract" in " ".join(out.facts)


def test_a_contract_question_stored_without_choices_loads_with_its_buttons():
    st, out = start()
    old = st.model_dump(mode="json")
    old["agenda"]["ask"]["choices"] = []  # how the question was stored before
    loaded = RULES.load(old)
    assert loaded.agenda.ask == st.agenda.ask
    assert RULES.describe(loaded).ask.next_steps() == out.ask.next_steps()


def test_one_contract_cannot_be_both_chosen_and_ignored():
    st, _ = start()
    with pytest.raises(InputError, match="only one whisky contract"):
        act(st, command="action", chosen="whisky", ignored="whisky")


# ---------------------------------------------------------------- your builds
def test_your_first_building_starts_the_city_on_e5_and_later_ones_touch_it():
    st, _ = start()
    st, _ = to_build(st)
    with pytest.raises(RuleError, match="starts the city on E5"):
        act(st, command="build", building=1, at="C3")
    st, _out = act(st, command="build", building=1, at="E5")
    with pytest.raises(RuleError, match="G5 shares no edge"):
        act(st, command="build", building=2, at="G5")
    with pytest.raises(RuleError, match="E5 is already built"):
        act(st, command="build", building=2, at="E5")


def test_the_second_and_third_building_cost_one_and_two_gold_extra():
    st, _ = start()
    st, _ = to_build(st)
    st, first = act(st, command="build", building=2, at="E5")
    st, second = act(st, command="build", building=1, at="E6")
    st, third = act(st, command="build", building=3, at="E4")
    assert "pay its cost 2 (your 1st building this turn)" in first.facts[0]
    assert "pay its cost 3 + 1 gold (your 2nd building this turn)" in second.facts[0]
    assert "pay its cost 1 + 2 gold (your 3rd building this turn)" in third.facts[0]
    assert third.ask.command == "action"  # nothing left for Freddy: the next turn begins


def test_the_city_must_fit_4x5_or_5x4():
    city = city_of("pa pa pa pa pa")
    assert (3, 2) not in city.legal_cells() and (3, 8) not in city.legal_cells()  # C4, I4
    assert city.why_not(parse_cell("C4")) == "C4 would make the city larger than 4×5 or 5×4."
    tall = city_of("pa\npa\npa\npa\npa")
    assert parse_cell("C4") in tall.legal_cells()  # 5 tall, 2 wide is fine
    square = city_of("pa pa pa pa\npa\npa\npa\npa")  # 5 tall, 4 wide: no fifth column
    assert parse_cell("H4") not in square.legal_cells()
    assert parse_cell("C4") not in square.legal_cells()


def test_a_build_someone_cannot_read_is_one_line_and_changes_nothing():
    st, _ = start()
    st, _ = to_build(st)
    for at in ["Z9", "E²", "E0", "5E", "E10"]:
        with pytest.raises(InputError) as err:
            act(st, command="build", building=1, at=at)
        assert "\n" not in str(err.value)
    with pytest.raises(RuleError, match="Not now"):
        act(st, command="pick", cell="E5")
    short, _ = to_build(start()[0], ROW3)
    short.row = short.row[:2]
    with pytest.raises(InputError, match="This row has 2 buildings"):
        act(short, command="build", building=3, at="E5")


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ("shop:3 tenement:2", "This architect has 3 buildings, got 2."),
        ("shop:3 tenement:2 landmark:4", "A landmark needs its printed VP"),
        ("shop:3 tenement:2 factory:2", "A factory needs its kind"),
        ("shop:3 tenement:2 bank:2:whisky", "A bank needs its kind"),
        ("shop:3:1 tenement:2 park:1", "A shop has only a cost"),
        ("castle:3 tenement:2 park:1", "Building `castle` is unknown. Valid: `shop`"),
        ("shop:² tenement:2 park:1", "is not a cost"),
    ],
)
def test_a_row_is_type_and_cost_with_vp_for_landmarks(row, message):
    st, _ = start()
    st, _ = act(st, command="action")
    st, _ = act(st, command="action")
    with pytest.raises(InputError, match=message.replace("(", r"\(")):
        act(st, command="row", buildings=row)


def test_a_row_reads_goods_and_landmark_points():
    st, _ = start()
    st, _out = to_build(st, "landmark:4:7 factory:2:whisky bank:3:factory")
    assert [d.model_dump(exclude_none=True) for d in st.row] == [
        {"kind": "landmark", "cost": 4, "vp": 7},
        {"kind": "factory", "cost": 2, "good": "whisky"},
        {"kind": "bank", "cost": 3, "good": "factory"},
    ]


# ---------------------------------------------------------------- Freddy's builds
def test_freddy_builds_your_leftovers_left_to_right_and_says_why():
    st, _ = start(freddy="I")
    st, _ = to_build(st, "park:1 shop:3 tenement:2")
    st, _ = act(st, command="build", building=2, at="E5")  # you take the shop
    st, out = act(st, command="done")
    assert out.ask.command == "pick"  # his park: "otherwise you decide"
    assert [c.label for c in out.ask.choices] == ["E4", "D5", "F5", "E6"]
    assert "(suggested E4)" in out.prompt
    assert "the tied cells are your choice" in out.prompt
    st, out = act(st, command="pick", cell="f5")
    assert out.facts[0] == (
        "Freddy I builds the park (cost 1) on F5: none of Freddy I's rules applies to a park "
        "here; the tied cells are your choice; you chose."
    )
    assert st.city.building(parse_cell("F5")).owner == "freddy"


def test_building_the_whole_row_ends_the_turn_and_the_prompt_says_so():
    st, _ = start()
    st, out = to_build(st)
    assert "build them all and the turn ends without it" in out.prompt
    st, _ = act(st, command="build", building=1, at="E5")
    st, _ = act(st, command="build", building=2, at="E6")
    st, out = act(st, command="build", building=3, at="E7")
    assert "You built the whole row: the turn ends, Freddy builds nothing." in out.facts
    assert out.ask.command == "action" and st.turn == 2


def test_freddy_only_builds_where_his_rules_allow_when_you_pick():
    st, _ = start(freddy="I")
    st, _ = to_build(st, "park:1 shop:3 tenement:2")
    st, _ = act(st, command="build", building=2, at="E5")
    st, _out = act(st, command="done")
    with pytest.raises(RuleError, match="not one of Freddy's best cells"):
        act(st, command="pick", cell="C3")


def test_freddy_ii_asks_about_your_storage_before_he_activates_your_factory():
    st, _ = start(freddy="II")
    st, _ = to_build(st, "tenement:2 factory:2:steel park:1")
    st, _ = act(st, command="build", building=1, at="E5")
    st, _ = act(st, command="build", building=2, at="E6")
    st, out = act(st, command="done")
    assert out.ask.command == "room" and "is your steel storage full?" in out.prompt
    assert [s.step_id for s in out.ask.next_steps()] == [
        "room:good=steel:full=yes",
        "room:good=steel:full=no",
    ]
    with pytest.raises(RuleError, match="asks about your steel storage"):
        act(st, command="room", good="gold", full="yes")
    st, out = act(st, command="room", good="steel", full="yes")
    assert out.facts[0].startswith("Freddy II builds the park (cost 1) on E4: next to your houses")
    assert "activating your factories whose storage is full" in out.facts[0]
    assert out.facts[1] == "Your steel factory on E6 is activated: take what it gives."


def test_freddys_whisky_factory_takes_your_whisky_and_his_others_do_nothing():
    from bot.games.glasgow.turn import activation_facts

    st, _ = start()
    st.city = city_of("FA FA pa", goods={"D4": "whisky", "E4": "steel"})
    assert activation_facts(st, parse_cell("F4")) == [
        "Freddy's whisky factory on D4 is activated: if you have the whisky barrel, Freddy "
        "takes it.",
        "Freddy's steel factory on E4 is activated: nothing happens.",
    ]
    st.barrel = "you"
    assert activation_facts(st, parse_cell("F4"))[0] == (
        "Freddy's whisky factory on D4 is activated: Freddy takes your whisky barrel (if you "
        "have spent it, nothing happens)."
    )
    assert st.barrel == "freddy"
    assert activation_facts(st, parse_cell("F4"))[0] == (
        "Freddy's whisky factory on D4 is activated: Freddy has the whisky barrel already."
    )
    st.settings.factory_trigger = "adjacent"
    assert activation_facts(st, parse_cell("F4")) == [
        "Freddy's steel factory on E4 is activated: nothing happens."
    ]


def test_your_whisky_factory_after_freddy_took_the_barrel_leaves_his_hold_unknown():
    """The rule: Freddy's whisky factory takes your whisky if you have it. Once your own
    whisky factory has fired, you may have whisky again: never "he has it already"."""
    from bot.games.glasgow.turn import activation_facts

    st, _ = start()
    st.city = city_of("fa FA pa", goods={"D4": "whisky", "E4": "steel"})
    st.barrel = "freddy"
    assert activation_facts(st, parse_cell("F4"))[0] == (
        "Your whisky factory on D4 is activated: take what it gives."
    )
    assert st.barrel is None
    st.city = city_of("FA FA pa", goods={"D4": "whisky", "E4": "steel"})
    assert activation_facts(st, parse_cell("F4"))[0] == (
        "Freddy's whisky factory on D4 is activated: if you have the whisky barrel, Freddy "
        "takes it."
    )


# ---------------------------------------------------------------- the end and scoring
def play_whole_game(freddy="I", goods=(2, 1, 0)):
    st, out = start(freddy=freddy)
    rows = [
        "shop:3 tenement:2 park:1",
        "tenement:2 park:1 bank:3:stone",
        "landmark:4:7 shop:2",
        "tenement:1 station:3",
        "factory:2:steel tenement:2 shop:3",
        "park:1 tenement:2 bank:3:factory",
        "shop:2 tenement:2",
        "landmark:5:9 park:2",
    ]
    placed = []
    while not st.finished:
        ask = st.agenda.ask
        if ask.command == "action":
            st, out = act(st, command="action")
        elif ask.command == "row":
            st, out = act(st, command="row", buildings=rows.pop(0))
        elif ask.command == "build" and not st.built:
            st, out = act(st, command="build", building=1, at=label(st.city.legal_cells()[-1]))
        elif ask.command == "build":
            st, out = act(st, command="done")
        elif ask.command in ("pick", "room"):
            st, out = act(
                st, command=ask.command, **ask.extra, **{ask.option: ask.choices[0].value}
            )
        else:
            assert ask.command == "final" and len(st.city) == 20
            stone, steel, gold = goods
            st, out = act(st, command="final", stone=stone, steel=steel, gold=gold)
        placed.append(len(st.city))
    return st, out, placed


def test_the_20th_building_ends_the_game():
    st, out, placed = play_whole_game()
    assert max(placed) == 20 and st.finished and out.finished
    assert st.round == 2 and st.turn == 4
    with pytest.raises(RuleError, match="This game is over"):
        act(st, command="done")


def test_the_20th_building_ends_the_game_when_you_place_it():
    st, out = start()
    while (st.round, st.turn) != (2, 4):
        if st.agenda.ask.command == "build":
            st, out = act(st, command="done")
        elif st.agenda.ask.command == "pick":
            st, out = act(st, command="pick", cell=st.agenda.ask.choices[0].value)
        else:
            st, out = to_build(st, ROW3 if st.turn < 3 else "park:1 park:2")
    st, _ = to_build(st, "park:1 shop:2")
    assert len(st.city) == 18
    st, _ = act(st, command="build", building=1, at=label(st.city.legal_cells()[0]))
    st, out = act(st, command="build", building=2, at=label(st.city.legal_cells()[0]))
    assert len(st.city) == 20
    assert "The 20th building is placed: the game ends." in out.facts
    assert out.ask.command == "final" and not st.finished


def test_freddys_goods_banks_are_your_free_storage_spaces():
    assert freddy_goods({"stone": 2, "steel": 1, "gold": 0}) == {"stone": 3, "steel": 3, "gold": 3}
    assert freddy_goods({"stone": 5, "steel": 4, "gold": 3}) == {"stone": 0, "steel": 0, "gold": 0}


def test_the_rule_texts_bank_example_three_six_nine():
    # "Freddy would get 3 points for the stone bank, 6 for the steel bank and 9 for the gold
    # bank": with 3 free spaces of each and the default rates 1/2/3 per good (reconstructed)
    city = city_of("BA BA BA", goods={"D4": "stone", "E4": "steel", "F4": "gold"})
    goods = freddy_goods({"stone": 2, "steel": 1, "gold": 0})
    s = settings()
    per_bank = [
        banks(city_of("BA", goods={"D4": good}), "freddy", goods, s)
        for good in ("stone", "steel", "gold")
    ]
    assert per_bank == [3, 6, 9]
    assert banks(city, "freddy", goods, s) == 18


def test_freddys_factory_bank_counts_his_factories():
    city = city_of("BA FA FA fa", goods={"D4": "factory", "E4": "stone", "F4": "gold"})
    assert banks(city, "freddy", {}, settings()) == 2 * 2
    assert banks(city, "freddy", {}, settings(factory_bank=5)) == 5 * 2


def test_shops_score_the_corner_bonus_in_a_corner_of_the_finished_city():
    city = city_of("sh pa pa pa SH\npa pa pa pa pa\npa pa pa pa pa\nsh pa sh pa pa")
    assert shops(city, "you", settings()) == 2 * (1 + 5) + 1
    assert shops(city, "freddy", settings(corner_bonus=3)) == 1 + 3


def test_tenements_score_per_adjacent_tenement_own_or_any_as_set():
    city = city_of("te te TE")
    assert tenements(city, "you", settings()) == 3 + 3
    assert tenements(city, "you", settings(tenement_neighbours="any")) == 3 + 6


def test_final_scoring_shows_the_settings_and_a_tie_is_a_loss_for_you():
    st, out, _ = play_whole_game()
    text = "\n".join(out.facts)
    assert "Scoring used (reviewer-reported values are reconstructed)" in text
    notes = RULES.sheet(st).notes
    assert "Freddy I's goods banks count your free storage: 3 stone, 3 steel, 3 gold." in notes
    you, his = st.result.your_score, st.result.freddy_score
    [seat] = RULES.results(st)
    assert (seat.opponent, seat.score, seat.opponent_score) == ("Freddy I", you, his)
    assert seat.outcome == ("win" if you > his else "loss")


def test_a_tie_is_a_loss_for_the_player():
    from bot.games.glasgow.state import Result

    st, _, _ = play_whole_game()
    st.result = Result(you={"parks": 9}, freddy={"parks": 9}, your_goods={}, freddy_goods={})
    [seat] = RULES.results(st)
    assert seat.outcome == "loss"


def test_score_sums_every_building_type():
    city = city_of("la fa pa pa\nst ba te te", goods={"E4": "steel", "E5": "gold"})
    sheet = score(city, "you", {"gold": 2}, settings())
    assert sheet.categories == {
        "factories": 1,
        "parks": 4,
        "tenements": 6,
        "landmarks": 5,
        "banks": 6,
        "stations": 10,
        "shops": 0,
    }
    assert Dealt(kind="landmark", cost=4, vp=7).name() == "landmark (cost 4, 7 VP)"


def test_the_city_picture_shows_owners_types_and_is_the_same_every_time():
    from bot.games.glasgow.pictures import city_png

    st, _ = start()
    st, _ = to_build(st, "landmark:4:7 factory:2:steel park:1")
    st, out = act(st, command="build", building=1, at="E5")
    assert out.picture.kind == "glasgow_city"
    assert out.picture.data["cells"] == [[4, 4, "landmark", "you", "7 VP"]]
    png = city_png(out.picture.data)
    assert png.startswith(b"\x89PNG") and png == city_png(out.picture.data)
    assert "```\n    D  E  F\n 4    ··   \n 5 ·· la ··\n 6    ··   \n```" in RULES.board(st)


def test_an_abandoned_game_goes_to_the_logbook_as_abandoned():
    st, _ = start(freddy="II")
    [seat] = RULES.results(st, abandoned=True)
    assert (seat.opponent, seat.outcome, seat.score) == ("Freddy II", "abandoned", None)


def test_freddy_ii_asks_about_a_good_once_a_turn_while_the_answer_holds():
    st, _ = start(freddy="II")
    st, _ = to_build(st, "tenement:2 factory:2:steel park:1")
    st, _ = act(st, command="build", building=1, at="E5")
    st, _ = act(st, command="build", building=2, at="E6")
    st, out = act(st, command="done")
    st, out = act(st, command="room", good="steel", full="yes")
    assert out.ask.command == "action"  # turn 2: a new turn asks again
    st, _ = to_build(st, "park:1 park:2 park:3")
    asked = 0
    st, out = act(st, command="done")
    while out.ask.command in ("room", "pick"):
        if out.ask.command == "room":
            asked += 1
            st, out = act(st, command="room", good="steel", full="yes")
        else:
            st, out = act(st, command="pick", cell=out.ask.choices[0].value)
    assert asked == 1 and st.turn == 3


def test_the_city_picture_writes_its_words_in_the_readers_language(monkeypatch):
    """Title, legend, building types, goods, VP and owner come from the catalog in the
    reader's language (data["locale"], which the front-end adds); numbers, cells and names
    stay as they are."""
    from bot.games.glasgow import pictures

    asked: list[tuple[str, str]] = []
    real = pictures.tr
    monkeypatch.setattr(
        pictures, "tr", lambda text, loc: asked.append((text, loc)) or real(text, loc)
    )
    st, _ = start(freddy="II")
    st, _ = to_build(st, "landmark:4:7 factory:2:steel park:1")
    st, out = act(st, command="build", building=2, at="E5")
    german = pictures.city_png({**out.picture.data, "locale": "de"})
    assert set(asked) == {
        ("Glasgow · round 1, turn 1 · Freddy II", "de"),
        ("blue: yours · orange: Freddy's · gold: corners", "de"),
        ("factory", "de"),
        ("steel", "de"),
        ("yours", "de"),
    }
    assert (
        real("Glasgow · round 1, turn 1 · Freddy II", "de")
        == "Glasgow · Runde 1, Zug 1 · Freddy II"
    )
    assert real("factory", "de") == "Fabrik" and real("yours", "de") == "deins"
    assert german != pictures.city_png(out.picture.data)  # no locale: English
    assert pictures._detail("7 VP", "de") == "7 SP" and pictures._detail("7 VP", "en") == "7 VP"


# ---------------------------------------------------------------- a turn in one or two lines
def test_several_buildings_in_one_build_line_then_freddy_on_his_suggested_cells():
    st, out = to_build(start()[0])
    assert "`/glasgow build building:1 at:E5 done:suggested`" in out.prompt
    st, out = act(st, command="build", building=2, at="E5", building2=3, at2="E4", done="suggested")
    assert sorted(label(c) for c, _ in st.city.owned("you")) == ["E4", "E5"]
    assert len(st.city) == 3  # Freddy built the park left, without a question
    assert st.turn == 2 and out.ask.command == "action"


def test_a_second_building_without_its_cell_is_refused_and_changes_nothing():
    st, _ = to_build(start()[0])
    with pytest.raises(InputError, match="`building2` and `at2` come together: add `at2:CELL`"):
        act(st, command="build", building=2, at="E5", building2=3)
    assert len(st.city) == 0


def test_a_cell_with_a_letter_for_its_row_is_named_whole_in_the_refusal():
    st, _ = to_build(start()[0])
    with pytest.raises(InputError, match=r"^`Ew` is not a cell: write a column A-I and a row"):
        act(st, command="build", building=1, at="Ew")


def test_a_turns_builds_come_with_its_actions_once_its_row_is_known():
    st, out = start()
    assert "Your builds in the same line" not in out.prompt  # the rows are asked first
    with pytest.raises(RuleError, match="Your builds come with the turn's last action"):
        act(st, command="action", both="yes", building=1, at="E5", done="suggested")
    # with the new deal's rows, in the same line: the fragment says so
    assert "after the rows: add `building:… at:… done:suggested`" in out.prompt
    rows = {"row2": ROW3, "row3": "shop:2 park:1", "row4": "park:1 park:2"}
    st, out = act(
        st,
        command="action",
        both="yes",
        buildings=ROW3,
        **rows,
        building=1,
        at="E5",
        done="suggested",
    )
    assert st.turn == 2 and out.ask.command == "action" and len(st.city) == 3
    offered = "`/glasgow action both:yes building:1 at:E2 done:suggested`"
    assert offered in out.prompt
    st, out = act(st, command="action", both="yes", building=1, at="E2", done="suggested")
    assert st.turn == 3 and out.ask.command == "action" and len(st.city) == 6
