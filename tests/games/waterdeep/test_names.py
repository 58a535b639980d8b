"""What a player types against the lists of names: any case, and the Hall's places swap."""

from tests.games.waterdeep.helpers import act, board, pseudo_turn

AMBUSH = "ambush_artor_morlin"


def test_hall_swaps_a_building_that_sits_at_another_hall_place():
    hall = [("dragon_tower", 1), ("fetlock_court", 2), ("the_golden_horn", 0)]
    st = board([AMBUSH], hall=hall)
    stack = list(st.buildings.draw_pile)
    st, facts = act(st, "hall", place=1, building="fetlock court")
    assert [(h.building, h.vp) for h in st.hall] == [
        ("fetlock_court", 1),
        ("dragon_tower", 2),
        ("the_golden_horn", 0),
    ]
    assert facts[0] == (
        "Builder's Hall places 1 and 2 swap: Fetlock Court to place 1, Dragon Tower to place 2; "
        "the VP tokens stay on their places."
    )
    assert st.buildings.draw_pile == stack


def test_an_answer_is_read_in_any_case():
    shrine = "create_a_shrine_to_oghma"
    st = board([shrine], free=["castle_waterdeep"], intrigue=["ambush"], tavern={"cleric": 5})
    pseudo_turn(st)
    assert st.agenda.ask.command == "answer"
    _, facts = act(st, "answer", pick="RETURNED")
    assert "You return 1 fighter" in facts[0]


def test_spaces_buildings_and_quests_are_read_in_any_case():
    st = board([AMBUSH], hall=[("dragon_tower", 1), ("fetlock_court", 2), ("the_golden_horn", 0)])
    st.to_move = "you"
    placed, _ = act(st, "place", space="BLACKSTAFF TOWER")
    assert placed.occupied["blackstaff_tower"] == "you"
    bought, _ = act(st, "place", space="builder's hall", building="DRAGON tower")
    assert bought.occupied["builders_hall"] == "you"
    assert any(b.building == "dragon_tower" for b in bought.in_play)
