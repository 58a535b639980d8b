"""Rules 7A–7D: Pseudo's placement on constructed boards, one rule per test."""

from bot.games.waterdeep.script import decide, hall_choice
from bot.games.waterdeep.state import HallSlot
from tests.games.waterdeep.helpers import board, pseudo_turn

# Ambush Artor Morlin needs 1 cleric, 3 fighter, 1 rogue; Domesticate Owlbears 1 cleric, 2 wizard
AMBUSH = "ambush_artor_morlin"
OWLBEARS = "domesticate_owlbears"
SHRINE = "create_a_shrine_to_oghma"  # 5 cleric, 2 gold


def test_7b_starts_with_the_top_quests_leftmost_resource():
    st = board([AMBUSH, OWLBEARS])
    decision = decide(st)
    assert decision.space.id == "the_plinth"
    assert decision.trace.startswith("7B: Ambush Artor Morlin needs 1 cleric, he has 0; 7C (cleric")


def test_7b_skips_a_resource_his_tavern_already_holds_enough_of():
    st = board([AMBUSH, OWLBEARS], tavern={"cleric": 1})
    assert decide(st).space.id == "field_of_triumph"


def test_7b_counts_the_tavern_against_each_quest_on_its_own():
    # 3 fighters cover Ambush; 2 cubes of each: Owlbears' 2 wizards are still short
    st = board([AMBUSH, OWLBEARS], tavern={"cleric": 1, "fighter": 3, "rogue": 1})
    assert decide(st).space.id == "blackstaff_tower"


def test_7b_goes_on_down_the_list_when_no_space_gives_the_resource():
    st = board([AMBUSH, OWLBEARS], taken=["the_plinth", "field_of_triumph"])
    decision = decide(st)
    assert decision.space.id == "grinning_lion_tavern"  # rogue, the next on Ambush


def test_7a_7b_the_second_quest_after_the_first_is_covered():
    st = board([OWLBEARS, SHRINE], tavern={"cleric": 1, "wizard": 2})
    decision = decide(st)
    assert decision.space.id == "the_plinth"
    assert "Create a Shrine to Oghma needs 5 cleric, he has 1" in decision.trace


def test_7c_most_of_the_needed_resource_wins():
    # gold: Aurora's Realms Shop gives 4, Cliffwatch Inn (left) 2
    st = board([SHRINE], tavern={"cleric": 5})
    decision = decide(st)
    assert decision.space.id == "aurora_realms_shop"
    assert "7C (gold/value): Aurora's Realms Shop 4/4, Cliffwatch Inn (left) 2/3;" in decision.trace


def test_7c_a_tie_on_the_resource_goes_to_the_highest_value():
    # 2 rogues each: The Grinning Lion Tavern (value 4), Helmstar Warehouse (+2 gold: 6)
    st = board(
        [AMBUSH], tavern={"cleric": 1, "fighter": 3}, in_play=[("helmstar_warehouse", "pseudo")]
    )
    decision = decide(st)
    assert decision.space.id == "helmstar_warehouse"
    # both give 2 rogues: "most rogue" left no space out, so only the value is named
    assert decision.trace.endswith("; highest value") and "most rogue" not in decision.trace


def test_7c_the_players_owner_reward_is_subtracted_from_the_value():
    # gold: The Golden Horn's pile (4 gold) ties Aurora's Realms Shop; its owner reward (2 gold)
    # goes to you, so its value drops to 2 and Aurora's wins
    st = board([SHRINE], tavern={"cleric": 5}, in_play=[("the_golden_horn", "you")])
    assert decide(st).space.id == "aurora_realms_shop"
    mine = board([SHRINE], tavern={"cleric": 5}, in_play=[("the_golden_horn", "pseudo")])
    assert mine.in_play[0].pile == {"gold": 4}
    assert decide(mine).tie is None and "2 tied, chosen at random" in decide(mine).trace


def test_7c_question_mark_cubes_count_as_the_needed_cube():
    # wizard: House of Good Spirits (1 fighter + 1 "?") gives 1 wizard and is worth 2 + 4
    st = board([OWLBEARS], tavern={"cleric": 1}, in_play=[("house_of_good_spirits", "pseudo")])
    decision = decide(st)
    assert decision.space.id == "house_of_good_spirits"
    facts = pseudo_turn(st)
    assert "Pseudo takes 1 fighter, 1 wizard." in facts


def test_7c_an_unbroken_tie_is_a_seeded_coin_written_to_the_trace():
    st = board([SHRINE], tavern={"cleric": 5}, in_play=[("the_golden_horn", "pseudo")])
    first, again = decide(st), decide(st)
    assert first.space == again.space  # the seed decides, the same every time
    assert "(seed " in first.trace


def test_d15_ask_lets_the_player_break_the_tie():
    st = board([SHRINE], tavern={"cleric": 5}, in_play=[("the_golden_horn", "pseudo")], coin="ask")
    facts = pseudo_turn(st)
    assert st.agenda.ask is not None
    assert [c.value for c in st.agenda.ask.choices] == ["aurora_realms_shop", "the_golden_horn"]
    assert facts == []
    pseudo_turn(st, pick="the_golden_horn")
    assert st.occupied["the_golden_horn"] == "pseudo"
    assert st.completed == [SHRINE] and st.tavern["gold"] == 4 - 2  # D3 after his action


def test_7d_castle_waterdeep_when_no_space_gives_what_he_needs():
    taken = ["the_plinth", "field_of_triumph", "grinning_lion_tavern"]
    st = board([AMBUSH], taken=taken, intrigue=["bribe_agent"])
    decision = decide(st)
    assert decision.space.id == "castle_waterdeep"
    assert "7D: Castle Waterdeep is free" in decision.trace
    pseudo_turn(st)
    assert st.marker == "pseudo"


def test_7d_builders_hall_buys_the_most_vp_he_can_afford():
    hall = [("dragon_tower", 1), ("fetlock_court", 3), ("the_golden_horn", 2)]  # 3, 8, 4 gold
    st = board(
        [AMBUSH],
        tavern={"gold": 5},
        taken=["the_plinth", "field_of_triumph", "grinning_lion_tavern", "castle_waterdeep"],
        hall=hall,
    )
    assert decide(st).space.id == "builders_hall"
    assert hall_choice(st).building == "the_golden_horn"  # Fetlock Court costs 8
    facts = pseudo_turn(st)
    assert "Pseudo buys The Golden Horn for 4 gold (2 VP tokens)." in facts
    assert "Pseudo scores 2 VP (VP tokens on The Golden Horn): −2 for you (D5)." in facts
    assert st.in_play[0].building == "the_golden_horn" and st.in_play[0].owner == "pseudo"
    assert st.hall[2].building != "the_golden_horn"  # refilled in its place


def test_7d_builders_hall_ties_go_to_the_leftmost():
    st = board([AMBUSH], tavern={"gold": 9}, hall=[("dragon_tower", 2), ("the_golden_horn", 2)])
    assert hall_choice(st).building == "dragon_tower"


def test_d9_cost_alternative_buys_the_dearest_affordable():
    hall = [("dragon_tower", 3), ("fetlock_court", 0), ("the_golden_horn", 1)]
    st = board([AMBUSH], tavern={"gold": 8}, hall=hall, building_worth="cost")
    assert hall_choice(st).building == "fetlock_court"
    st.hall = [HallSlot(building="dragon_tower", vp=3), HallSlot(building="fetlock_court")]
    st.options["building_worth"] = "vp_tokens"
    assert hall_choice(st).building == "dragon_tower"


def test_7d_highest_value_when_the_castle_is_taken_and_no_building_affordable():
    # left open: Cliffwatch Inn left (2 gold + quest = 3) and middle (intrigue + quest = 2)
    st = board(
        [AMBUSH], free=["cliffwatch_inn_1", "cliffwatch_inn_2", "waterdeep_harbor_1"], hall=[]
    )
    decision = decide(st)
    assert decision.space.id == "cliffwatch_inn_1"
    assert "highest value" in decision.trace


def test_7d_waterdeep_harbor_when_every_other_space_is_taken():
    st = board([AMBUSH], free=["waterdeep_harbor_2", "waterdeep_harbor_3"])
    assert decide(st).space.id == "waterdeep_harbor_2"


def test_7d_no_placement_when_nothing_is_open():
    st = board([AMBUSH], free=[])
    decision = decide(st)
    assert decision.space is None and "cannot place" in decision.trace
    facts = pseudo_turn(st)
    assert facts[0].startswith("Pseudo: no placement.")
    assert st.placed["pseudo"] == 1  # the agent sits the round out


def test_d7_left_to_right_reads_cleric_first_right_to_left_gold_first():
    st = board([SHRINE])
    assert decide(st).space.id == "the_plinth"
    st = board([SHRINE], resource_order="right_to_left")
    assert decide(st).space.id == "aurora_realms_shop"


def test_d8_a_space_with_a_cost_counts_only_if_he_can_pay():
    # wizard: House of Wonder (pay 2 gold, 2 cleric/wizard) beats Blackstaff Tower on count
    st = board([OWLBEARS], tavern={"cleric": 1, "gold": 2}, in_play=[("house_of_wonder", "pseudo")])
    assert decide(st).space.id == "house_of_wonder"
    poor = board(
        [OWLBEARS], tavern={"cleric": 1, "gold": 1}, in_play=[("house_of_wonder", "pseudo")]
    )
    assert decide(poor).space.id == "blackstaff_tower"


def test_d8_net_subtracts_the_cost_gross_does_not():
    from bot.games.waterdeep.board import value
    from bot.games.waterdeep.data import waterdeep_data

    wonder = waterdeep_data().space("house_of_wonder")
    st = board([OWLBEARS], tavern={"gold": 2}, in_play=[("house_of_wonder", "pseudo")])
    assert value(st, wonder, "wizard") == 8 - 2
    st.options["space_costs"] = "gross"
    assert value(st, wonder, "wizard") == 8


def test_d1_the_zoarstar_is_worth_nothing_to_pseudo():
    from bot.games.waterdeep.board import value
    from bot.games.waterdeep.data import waterdeep_data

    st = board([AMBUSH], in_play=[("the_zoarstar", "pseudo")])
    assert value(st, waterdeep_data().space("the_zoarstar")) == 0
