"""Each of Sam's action families and its tie chain, in isolation, as the rule text writes it."""

import pytest

from bot.core.errors import InputError, RuleError
from bot.games.great_western_trail.state import CattleCard, HazardTile
from tests.games.great_western_trail.helpers import Play, start, with_workers


def turn(st, card, **table):
    play = Play(st)
    play("turn", card=card, **table)
    return play


# ------------------------------------------------------------------ hire (#1, #2)
def test_hire_cheapest_takes_the_cheapest_worker_never_from_the_token_row():
    play = turn(start(tile="builder"), 1, jobs="4:E 6:CB 5:C", token=1)
    assert play.fact("Sam hires").startswith("Sam hires the **cowboy in row 3, place 1 ($5)**")
    assert play.st.board.workers == {"cowboy": 2, "builder": 2, "engineer": 1}


def test_hire_cheapest_tie_goes_to_his_specialization_then_leftmost_in_highest_row():
    play = turn(start(tile="builder"), 1, jobs="6:C 6:EB 6:BE 9:-", token=4)
    assert play.fact("Sam hires").startswith("Sam hires the **builder in row 2, place 2 ($6)**")
    play = turn(start(tile="builder"), 1, jobs="6:CE 6:CC", token=3)
    assert play.fact("Sam hires").startswith("Sam hires the **cowboy in row 1, place 1 ($6)**")


def test_hire_skips_a_type_whose_row_on_his_board_is_full():
    st = with_workers(start(), cowboy=6, builder=1, engineer=1, spec="cowboy")
    play = turn(st, 1, jobs="3:C 7:E", token=3)
    assert play.fact("Sam hires").startswith("Sam hires the **engineer in row 2")


def test_hire_specialization_takes_his_type_cheapest_then_highest_row():
    play = turn(start(tile="engineer"), 2, jobs="5:C 8:E 7:BE 7:E", token=5)
    assert play.fact("Sam hires").startswith("Sam hires the **engineer in row 3, place 2 ($7)**")


def test_hire_specialization_falls_back_to_the_next_most_numerous_type_on_his_board():
    st = with_workers(start(), cowboy=3, builder=2, engineer=1, spec="cowboy")
    play = turn(st, 2, jobs="5:E 8:B", token=3)
    assert play.fact("Sam hires").startswith("Sam hires the **builder in row 2")


def test_hire_specialization_asks_when_both_other_types_are_equally_numerous():
    play = turn(start(tile="cowboy"), 2, jobs="5:E 8:B", token=3)
    assert play.ask.command == "answer"
    assert [c.value for c in play.ask.choices] == ["builder", "engineer"]
    with pytest.raises(RuleError):
        play("answer", pick="cowboy")
    play("answer", pick="builder")
    assert play.fact("Sam hires").startswith("Sam hires the **builder in row 2, place 1 ($8)**")


def test_a_job_market_row_holds_two_workers_with_two_players():
    with pytest.raises(InputError) as refused:
        turn(start(), 1, jobs="6:CBE 7:E", token=2)
    assert str(refused.value) == (
        "Row 1 (`CBE`) lists 3 workers: with 2 players each job-market row has 2 spaces."
    )


def test_an_answer_is_read_in_any_case():
    play = turn(start(tile="cowboy"), 2, jobs="5:E 8:B", token=3)
    play("answer", pick="Builder")
    assert play.fact("Sam hires").startswith("Sam hires the **builder in row 2, place 1 ($8)**")


def test_hire_reads_only_the_job_market_language():
    with pytest.raises(InputError):
        turn(start(), 1, jobs="6:CX", token=2)
    with pytest.raises(InputError):
        turn(start(), 1, jobs="²:C", token=2)


# ------------------------------------------------------------------ specialization
def test_specialization_changes_only_when_another_type_is_strictly_more_numerous():
    st = with_workers(start(tile="cowboy"), cowboy=2, builder=1, engineer=1, spec="cowboy")
    play = turn(st, 1, jobs="3:B", token=2)  # builders 2 = cowboys 2: the tie keeps cowboys
    assert play.st.board.specialization == "cowboy"
    play("turn", herder="trail")
    play("turn", card=2, jobs="3:B", token=2)  # his specialization is absent: next-most, builder
    assert play.st.board.specialization == "builder"
    assert "move the specialization tile to **builders**" in play.text()


# ------------------------------------------------------------------ cattle (#3, #10, #13)
def test_cattle_most_vp_then_the_highest_single_card():
    st = with_workers(start(), cowboy=4, builder=1, engineer=1, spec="cowboy")
    play = turn(st, 3, cattle="L2 C3 H5")  # L2+C3 = 5 VP; Hereford alone = 5 VP: higher card
    assert play.fact("Sam buys").startswith("Sam buys **Hereford 5 (4 cowboys, $6)**")


def test_cattle_never_simmental_and_reveals_cowboy_by_cowboy_until_he_can_buy():
    st = with_workers(start(), cowboy=2, builder=1, engineer=1, spec="cowboy")
    play = turn(st, 3, cattle="M3 S4")  # Shorthorn needs 3 cowboys for $6, 1 for $12
    assert play.fact("Sam cannot buy").endswith("(1 cowboy left).")
    assert play.ask.option == "cattle"
    play("turn", cattle="M3 S4 C3 A1")
    assert play.fact("Sam buys").startswith("Sam buys **Corriente 3 (1 cowboy, $6)**")
    assert not any("leftover" in f for f in play.facts)


def test_cattle_with_no_cowboy_left_buys_nothing_and_asks_nothing_more():
    st = with_workers(start(), cowboy=1, builder=2, engineer=1, spec="builder")
    play = turn(st, 3, cattle="none")
    assert play.fact("Sam cannot buy").endswith("(0 cowboys left).")
    assert "Sam has no cowboy left: he buys no cattle." in play.facts
    assert play.ask is None or play.ask.option != "cattle"
    assert play.st.board.cattle == []


def test_cattle_with_no_cowboy_is_not_asked_about_the_market():
    st = with_workers(start(), cowboy=0, builder=2, engineer=1, spec="builder")
    play = turn(st, 3)
    assert "Sam has no cowboy left: he buys no cattle." in play.facts
    assert play.ask is None or play.ask.option != "cattle"


def test_card_13_not_cowboys_takes_the_value_3_card_with_most_vp():
    st = with_workers(start(tile="builder"), cowboy=1, builder=2, engineer=1, spec="builder")
    play = turn(st, 13, cattle="A1 L2 H5 M3")
    assert play.st.board.cattle == [CattleCard(breed="l", vp=2)]
    play = turn(start(tile="builder"), 13, cattle="S4 H5")
    assert "Sam takes no cattle card" in play.text()


def test_cattle_ties_the_rules_leave_open_are_asked():
    st = with_workers(start(), cowboy=1, builder=1, engineer=1, spec="cowboy")
    play = turn(st, 3, cattle="A3 C3")  # two breeds, same VP, same price: the player decides
    assert [c.label for c in play.ask.choices] == [
        "Black Angus 3 (1 cowboy, $6)",
        "Corriente 3 (1 cowboy, $6)",
    ]
    play("answer", pick="c3")
    assert play.st.board.cattle == [CattleCard(breed="c", vp=3)]


def test_cattle_market_is_read_with_the_token_kit():
    with pytest.raises(InputError):
        turn(start(), 3, cattle="Q3")
    with pytest.raises(InputError):
        turn(start(), 3, cattle="C²")


# ------------------------------------------------------------------ buildings (#4, #11, #14)
def test_building_uses_as_many_builders_as_possible_then_a_tax_building():
    st = with_workers(start(tile="builder"), cowboy=1, builder=2, engineer=1, spec="builder")
    play = turn(st, 4)  # #3b and #4b need 2; #4b shows a black hand
    placed = play.fact("Sam places")
    assert placed.startswith("Sam places building **#4b (2 builders, black hand)**")
    assert "in front of your herder" in play.fact("Sam places")
    assert play.st.board.buildings == [4]


def test_building_ties_are_asked():
    st = with_workers(start(tile="builder"), cowboy=1, builder=6, engineer=1, spec="builder")
    play = turn(st, 4)  # #8b and #9b: 6 builders, no hand
    assert [c.value for c in play.ask.choices] == ["8", "9"]
    play("answer", pick="9")
    assert play.st.board.buildings == [9]


def test_building_replaces_the_costliest_with_the_most_builders_when_none_can_be_placed():
    st = with_workers(start(tile="builder"), cowboy=1, builder=1, engineer=1, spec="builder")
    st.board.buildings = [1, 2]  # both 1-builder buildings are out: nothing new fits 1 builder
    play = turn(st, 4)
    fact = play.fact("Sam has no new building")
    # 2-builder buildings (#3b, #4b) replace a 1-builder one; #4b with its hand replacing #2b
    # (no hand) increases his tax buildings, replacing #1b (green hand) would only keep them
    assert "replaces his building **#2b** with **#4b (2 builders, black hand)**" in fact
    assert play.st.board.buildings == [1, 4] and play.st.board.removed_buildings == [2]


def test_building_with_no_empty_space_on_the_trail_replaces_instead():
    st = with_workers(start(tile="builder"), cowboy=1, builder=1, engineer=1, spec="builder")
    st.board.buildings = [2]  # #1b would fit, but there is no space for it
    play = turn(st, 4, building_space="none")
    assert "No empty non-risk building space is left on the trail." in play.facts
    assert "replaces his building **#2b** with **#4b (2 builders, black hand)**" in play.text()


def test_card_14_not_builders_places_a_one_builder_building():
    st = with_workers(start(tile="cowboy"), cowboy=3, builder=4, engineer=1, spec="cowboy")
    play = turn(st, 14)
    assert play.fact("Sam places").startswith("Sam places building **#1b (1 builder, green hand)**")
    assert "1 builder only" in play.fact("Sam places")


# ------------------------------------------------------------------ engine (#5, #6, #12, #15)
def test_engine_stops_at_the_farthest_station_its_move_reaches():
    st = with_workers(start(tile="engineer"), cowboy=1, builder=1, engineer=5, spec="engineer")
    st.board.engine = 3
    play = turn(st, 5, engine="0")  # station 1 at 2 moves, station 2 at 5 moves
    assert play.fact("Sam's engine").startswith(
        "Sam's engine moves up to 5 spaces (1 per engineer) and stops at **station 2**"
    )
    assert "return it to the box" in play.fact("Sam's engine")
    assert play.st.board.stations == [2] and play.st.board.engine_station == 2


def test_engine_jumps_your_engine_and_moves_on_without_a_station():
    st = with_workers(start(tile="cowboy"), cowboy=2, builder=1, engineer=1, spec="cowboy")
    st.board.engine = 5
    play = turn(st, 5, engine="6")  # space 6 does not count: station 2's turnout is 2 away
    assert "to track space **7**" in play.fact("Sam's engine")
    play("turn", herder="trail")
    play("turn", card=6, engine="9")
    assert "stops at **station 2**" in play.fact("Sam's engine")


def test_engine_at_the_end_of_the_track_upgrades_the_last_station_and_leaves():
    st = with_workers(start(tile="engineer"), cowboy=1, builder=1, engineer=4, spec="engineer")
    st.board.stations = [9]
    st.board.engine = 36
    play = turn(st, 5, engine="2")
    assert "**station 10**" in play.text() and play.st.board.engine_off
    play("turn", herder="trail")
    play("turn", card=6, engine="2")
    assert "Sam's engine has left the track: he ignores this action." in play.facts


def test_card_15_engineers_goes_to_the_next_station_not_blocked_by_your_engine():
    st = with_workers(start(tile="engineer"), cowboy=1, builder=1, engineer=2, spec="engineer")
    play = turn(st, 15, engine="S1")
    assert "**station 2**" in play.fact("Sam's engine")


def test_an_empty_supply_takes_the_disc_from_his_least_valuable_station():
    st = with_workers(start(tile="engineer"), cowboy=1, builder=1, engineer=1, spec="engineer")
    st.board.stations = [1, 2, 3, 4, 5, 6, 7, 8]
    st.board.deliveries = ["Bloomington"] * 6
    st.board.engine = 33
    play = turn(st, 5, engine="0")  # station 9, 1 move away; no disc in the supply
    assert [c.value for c in play.ask.choices] == ["1", "2"]  # both 1 VP: the player decides
    play("answer", pick="2")
    assert play.st.board.stations == [1, 3, 4, 5, 6, 7, 8, 9] and play.st.board.discs == 0


# ------------------------------------------------------------------ objective, outlaw, hazard
def test_objective_is_the_card_farthest_from_the_stack():
    play = turn(start(), 7)
    assert "**farthest from the objective stack**" in play.text()
    assert play.st.board.objectives == 2


def test_five_hazard_tiles_in_one_section_are_refused_as_at_most_four():
    with pytest.raises(InputError) as refused:
        turn(start(), 9, hazards="flood:2:2:3:4:4")
    assert str(refused.value) == "The flood section lists 5 tiles: it holds at most 4 tiles."


def test_outlaw_from_the_highest_occupied_numbered_space():
    play = turn(start(), 8, outlaws="4:G 9:O 7:G")
    assert "**orange outlaw on space 9**" in play.text() and play.st.board.outlaws == ["orange"]
    assert "no bounty" in turn(start(), 8, outlaws="none").text()


def test_hazard_from_the_fullest_section_then_the_highest_single_tile():
    play = turn(start(), 9, hazards="flood:2:2 drought:4 rockfall:3:2")
    assert play.st.board.hazards == [HazardTile(section="rockfall", vp=3)]
    play = turn(start(), 9, hazards="flood:2:2 rockfall:2:2")
    assert [c.value for c in play.ask.choices] == ["flood", "rockfall"]
    play("answer", pick="flood")
    assert play.st.board.hazards == [HazardTile(section="flood", vp=2)]


# ------------------------------------------------------------------ the end, too early
def test_the_end_during_the_herder_question_names_the_lines_that_answer_it():
    """`/gwt end` while Sam waits to hear where his herder stopped says what to type (issue
    45), in German too."""
    from bot.i18n import tr

    play = turn(with_workers(start(), 2, 1, 1, "cowboy"), 1, jobs="3:B", token=2)
    assert play.ask is not None and play.ask.option == "herder"
    with pytest.raises(RuleError) as refused:
        play("end", you=90, objectives=10, job_token="you")
    assert str(refused.value) == (
        "Sam waits to hear where his herder stopped: `/gwt turn herder:trail` or "
        "`/gwt turn herder:kansas_city` first, then `/gwt end you:… objectives:… job_token:…`."
    )
    assert tr(str(refused.value), "de") == (
        "Sam wartet darauf, wo sein Viehtreiber angehalten hat: erst "
        "`/gwt zug viehtreiber:unterwegs` oder `/gwt zug viehtreiber:kansas_city`, dann "
        "`/gwt ende du:… aufträge:… marker:…`."
    )
