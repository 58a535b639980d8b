"""Choose, don't type: the open spaces as choices, Builder's Hall one choice per building, and
the names each option may take now (autocomplete) as the board knows them."""

import random

import pytest

from bot.core.agenda import Inputs
from bot.core.errors import InputError
from bot.games.waterdeep.choices import names, placements, touching_pseudo
from bot.games.waterdeep.data import waterdeep_data
from bot.games.waterdeep.spec import RULES
from bot.games.waterdeep.state import Reassign
from bot.games.waterdeep.turn import advance
from tests.games.waterdeep.helpers import act, board

SHRINE = "create_a_shrine_to_oghma"  # Piety: 5 cleric, 2 gold -> 25 VP


def your_turn(**kwargs):
    st = board([SHRINE], **kwargs)
    st.to_move = "you"
    return st


def test_your_turn_offers_each_open_space_once_and_the_harbor_as_one_choice():
    st = your_turn(
        occupied={"the_plinth": "pseudo", "waterdeep_harbor_1": "pseudo"},
        hall=[("the_waymoot", 1), ("dragon_tower", 2), ("northgate", 0)],
        in_play=[("the_golden_horn", "you")],
    )
    ask = RULES.describe(st).ask
    assert (ask.command, ask.option) == ("place", "space")
    assert [c.label for c in ask.choices] == [
        "Aurora's Realms Shop",
        "Blackstaff Tower",
        "Field of Triumph",
        "The Grinning Lion Tavern",
        "Castle Waterdeep",
        "Builder's Hall: buy The Waymoot",
        "Builder's Hall: buy Dragon Tower",
        "Builder's Hall: buy Northgate",
        "Cliffwatch Inn (left)",
        "Cliffwatch Inn (middle)",
        "Cliffwatch Inn (right)",
        "Waterdeep Harbor",
        "The Golden Horn",
    ]
    assert ask.prompt.startswith("Round 1, your agent 1 of 4: `/waterdeep place space:…`")


def test_a_builders_hall_choice_places_the_agent_and_buys_that_building():
    st = your_turn(hall=[("the_waymoot", 1), ("dragon_tower", 2), ("northgate", 0)])
    st, facts = act(st, "place", space="builders_hall.dragon_tower")
    assert st.occupied["builders_hall"] == "you"
    assert [(b.building, b.owner) for b in st.in_play] == [("dragon_tower", "you")]
    assert "You buy Dragon Tower: score its 2 VP tokens on your track." in facts


def test_a_builders_hall_choice_with_a_typed_building_too_is_refused_and_changes_nothing():
    st = your_turn(hall=[("the_waymoot", 1), ("dragon_tower", 2), ("northgate", 0)])
    before = st.model_dump()
    with pytest.raises(InputError, match="Name the building once"):
        act(st, "place", space="builders_hall.dragon_tower", building="Northgate")
    with pytest.raises(InputError, match="not in Builder's Hall"):
        act(st, "place", space="builders_hall.nowhere")
    assert st.model_dump() == before


def test_a_reassigned_harbor_agent_is_offered_the_open_spaces_but_not_the_harbor():
    st = board(
        [SHRINE],
        occupied={"waterdeep_harbor_1": "you", "castle_waterdeep": "pseudo"},
        hall=[("the_waymoot", 1)],
    )
    st.agenda.extend([Reassign(slot="waterdeep_harbor_1")])
    advance(st, Inputs(), [])
    ask = st.agenda.ask
    labels = [c.label for c in ask.choices]
    assert ask.command == "place" and "Waterdeep Harbor" not in labels
    assert "Castle Waterdeep" not in labels and "Builder's Hall: buy The Waymoot" in labels
    assert names(st, "place space")[-1] == "Cliffwatch Inn (right)"
    st, facts = act(st, "place", space="builders_hall.the_waymoot")
    assert "You buy The Waymoot: score its 1 VP tokens on your track." in facts
    assert "waterdeep_harbor_1" not in st.occupied


def test_autocomplete_names_come_from_the_board_and_decks_as_they_are_now():
    data = waterdeep_data()
    st, _ = RULES.new_game({"lord": "Durnan"}, 2026)
    pseudo = {data.quest(q).name for q in st.quests}
    drawn = names(st, "drawn quest")
    assert pseudo.isdisjoint(drawn) and len(drawn) == 60 - len(pseudo)
    hall = [data.space(h.building).name for h in st.hall]
    assert names(st, "place building") == hall
    stack = names(st, "hall building")
    assert set(hall).isdisjoint(stack) and len(stack) == 24 - 3
    complete = names(st, "complete quest")
    assert pseudo.isdisjoint(complete) and "Quell Riots" in complete  # mandatory ones too
    st, _ = act(st, "complete", quest=complete[0])
    assert complete[0] not in names(st, "complete quest")
    assert names(st, "no such option") == []


def test_placements_never_exceed_a_select_menus_25_choices():
    data = waterdeep_data()
    many = [(b.id, "you") for b in data.buildings[:20]]
    st = your_turn(in_play=many, hall=[(b.id, 0) for b in data.buildings[20:23]])
    assert len(placements(st)) == 25


def test_a_whole_game_can_be_played_by_choosing_alone():
    """A phone player: every question of a seeded game, theirs included, offers choices."""
    rng = random.Random(7)
    st, _ = RULES.new_game({"lord": "Kyriani", "coin": "ask"}, 31)
    bought = 0
    for _ in range(400):
        if st.phase != "play":
            break
        ask = RULES.describe(st).ask
        assert ask is not None and ask.choices, ask
        pick = rng.choice(ask.choices)
        bought += pick.value.startswith("builders_hall.")
        st, _ = RULES.apply(st, {"command": ask.command, ask.option: pick.value})
    assert st.phase == "final" and st.round == 9
    assert bought > 0 and sum(b.owner == "you" for b in st.in_play) == bought


def test_intrigue_autocomplete_offers_exactly_the_cards_that_touch_pseudo():
    offered = touching_pseudo()
    assert len(offered) == 24
    for card in waterdeep_data().intrigue:
        st = your_turn(tavern={c: 5 for c in ("cleric", "fighter", "rogue", "wizard", "gold")})
        _, facts = act(st, "intrigue", card=card.name, give="yes", cube="rogue")
        untouched = f"{card.name} does not touch Pseudo's mat." in facts
        assert untouched == (card.name not in offered), (card.name, facts)
