"""Freddy's building rules, each in isolation and combined, and the rule text's Freddy II
example. Cities are drawn row by row from D4: lower case yours, CAPITALS Freddy's."""

from bot.games.glasgow.city import Dealt, label, parse_cell
from bot.games.glasgow.freddy import FreddyI, FreddyII, rank
from tests.games.glasgow.helpers import city_of, labels, placing

ONE, TWO = FreddyI(), FreddyII()


def best(freddy, p) -> str:
    choice = rank(freddy, p)
    assert choice.option is not None, choice
    return label(choice.option)


def tied(freddy, p) -> set[str]:
    choice = rank(freddy, p)
    assert choice.option is None, choice
    return labels(choice.tied)


# ---------------------------------------------------------------- Freddy I
def test_freddy_i_builds_his_shop_where_it_ends_in_a_corner_for_sure():
    # five wide (D..H) and three tall (4..6): H3 fixes the height at 4 and is its corner
    city = city_of(
        """
        .. .. .. .. pa
        pa pa pa pa pa
        .. pa .. .. ..
        """
    )
    choice = rank(ONE, placing(city, "shop"))
    assert label(choice.option) == "H3"
    assert choice.reason == "his shop ends in a corner for sure"


def test_freddy_i_fixes_the_city_shape_so_his_shop_is_a_corner():
    # a 4x4 ring: any cell that makes it 4x5 or 5x4 at a corner of the new box
    city = city_of(
        """
        pa pa pa pa
        pa .. .. pa
        pa .. .. pa
        pa pa pa pa
        """
    )
    assert tied(ONE, placing(city, "shop")) == {"C4", "C7", "H4", "H7", "D3", "G3", "D8", "G8"}


def test_freddy_i_builds_his_shop_where_it_can_still_end_in_a_corner():
    # a column of three: only the cells beside its ends can still become corners
    city = city_of("pa\npa\npa")
    assert tied(ONE, placing(city, "shop")) == {"D3", "D7", "C4", "E4", "C6", "E6"}


def test_freddy_i_builds_his_houses_next_to_each_other():
    city = city_of("TE\nsh")
    assert tied(ONE, placing(city, "tenement")) == {"D3", "C4", "E4"}


def test_freddy_i_completes_a_2x2_block_of_houses():
    city = city_of("TE TE\nTE ..")
    choice = rank(ONE, placing(city, "tenement"))
    assert label(choice.option) == "E5"
    assert "most of his houses in one 2×2 square" in choice.reason


def test_freddy_i_aims_for_a_square_he_can_still_complete():
    # your park under his pair blocks that square: he goes above them instead
    city = city_of("TE TE\npa ..")
    assert tied(ONE, placing(city, "tenement")) == {"D3", "E3"}


def test_freddy_i_leaves_other_buildings_to_you():
    city = city_of("TE\nsh")
    p = placing(city, "park")
    assert tied(ONE, p) == labels(city.legal_cells())
    assert rank(ONE, p).reason == (
        "none of Freddy I's rules applies to a park here; the tied cells are your choice"
    )


def test_freddy_i_first_building_starts_the_city_on_e5():
    from bot.games.glasgow.city import City

    assert best(ONE, placing(City(), "shop")) == "E5"


def test_freddy_takes_your_whisky_with_his_factory_when_the_other_rules_allow():
    city = city_of("FA .. pa", goods={"D4": "whisky"})
    choice = rank(ONE, placing(city, "park"))
    assert labels(choice.tied) == {"C4", "D3", "D5", "E4", "G4"}  # row 4 or column D
    assert "activates his whisky factory" in choice.reason


# ---------------------------------------------------------------- Freddy II
def test_freddy_ii_builds_next_to_your_houses():
    city = city_of("te\npa")
    assert tied(TWO, placing(city, "park")) == {"D3", "C4", "E4"}


def test_freddy_ii_builds_next_to_the_most_of_your_houses():
    city = city_of("te ..\npa te")
    choice = rank(TWO, placing(city, "park"))
    assert label(choice.option) == "E4"
    assert choice.reason == "next to your houses, next to the most of your houses"


def test_freddy_ii_avoids_activating_your_factory_when_you_have_room():
    # your steel factory on E5 fires on row 5 and column E: E4 would activate it
    city = city_of("te ..\npa fa", goods={"E5": "steel"})
    assert TWO.storage_questions(placing(city, "park")) == ["steel"]
    p = placing(city, "park", full={"steel": False})
    assert tied(TWO, p) == {"D3", "C4"}


def test_freddy_ii_activates_your_factory_with_pleasure_when_your_storage_is_full():
    city = city_of("te ..\npa fa", goods={"E5": "steel"})
    choice = rank(TWO, placing(city, "park", full={"steel": True}))
    assert label(choice.option) == "E4"
    assert "activating your factories whose storage is full" in choice.reason


def test_freddy_ii_activates_a_row_of_factories_only_if_none_helps_you():
    # D3 fires both your steel (full) and gold (room) factories in column D; C4 fires none
    city = city_of("te pa pa\nfa .. ..\nfa .. ..", goods={"D5": "steel", "D6": "gold"})
    assert TWO.storage_questions(placing(city, "park")) == ["steel", "gold"]
    one_helps = placing(city, "park", full={"steel": True, "gold": False})
    assert best(TWO, one_helps) == "C4"
    none_helps = placing(city, "park", full={"steel": True, "gold": True})
    assert best(TWO, none_helps) == "D3"


def test_freddy_ii_takes_your_shop_corner_for_good():
    # your shop is the city's top-right corner: to its right or above the top row spoils it
    city = city_of("pa sh\npa ..")
    assert tied(TWO, placing(city, "park")) == {"D3", "E3", "F4"}


def test_freddy_ii_makes_the_grid_larger_while_your_shop_could_be_a_corner():
    # next to your house on F5, nothing spoils your D4 shop: he grows the city (G5 or F6)
    # rather than filling it (E5)
    city = city_of("sh pa pa\npa .. te")
    assert tied(TWO, placing(city, "park")) == {"F6", "G5"}


def test_freddy_ii_otherwise_follows_freddy_i():
    city = city_of("TE TE\nTE ..")
    choice = rank(TWO, placing(city, "tenement"))
    assert label(choice.option) == "E5"
    assert choice.reason == rank(ONE, placing(city, "tenement")).reason


def test_the_rule_texts_freddy_ii_example_shop_then_house():
    """The example (its picture is missing; this city fits the text): Freddy II builds a shop,
    then a house. No cell makes his shop a corner for sure, so he goes next to your houses
    (F5, D6), avoiding your factory (G5 and D7 would fire it): three options. Option 3 (E6)
    could never be a corner for his shop; option 2 (C6) makes the grid larger, to the left
    and down from your shop in the top right; option 1 (F6) does not. He builds the shop on
    2; then the house on 1 or 3 is your call. This city does not tell the orders of the rules
    apart (C6 wins either way): the two tests after it do, each with a position of its own."""
    city = city_of(
        """
        .. pa .. sh
        .. fa pa te
        .. te .. ..
        """,
        top_left="C4",
        goods={"D5": "steel"},
    )
    shop = placing(city, "shop", full={"steel": False})
    sure = ONE.filters(shop)[0]
    assert sure.description == "his shop ends in a corner for sure"
    assert not any(sure.keep(c) for c in city.legal_cells())
    near = {c for c in city.legal_cells() if shop.neighbours(c, "you", "tenement")}
    assert labels(near) == {"C6", "D7", "E6", "F6", "G5"}
    assert labels(c for c in near if shop.your_factories(c)) == {"D7", "G5"}
    choice = rank(TWO, shop)
    assert label(choice.option) == "C6"
    assert choice.reason == (
        "next to your houses, activating none of your factories you have room for, "
        "his shop can still end in a corner, makes the grid larger: your shop's corner less "
        "likely"
    )
    city.build(parse_cell("C6"), Dealt(kind="shop", cost=2), "freddy")
    house = placing(city, "tenement", full={"steel": False})
    assert tied(TWO, house) == {"E6", "F6"}


def test_freddy_ii_blocks_your_houses_and_still_builds_his_own_square():
    # next to your house on F5 are E5 (completes his square), F4, G5 and F6: he takes E5
    city = city_of("TE TE .. ..\nTE .. te ..", top_left="D4")
    choice = rank(TWO, placing(city, "tenement"))
    assert label(choice.option) == "E5"
    assert choice.reason.startswith("next to your houses")
    assert "most of his houses in one 2×2 square" in choice.reason


def test_freddy_ii_does_not_feed_your_houses_with_his_when_any_neighbour_scores():
    # with tenement_neighbours:any his tenement next to yours would score for you: that rule
    # is dropped for his tenements (it still applies to his other buildings)
    city = city_of("te\npa")
    blocking = placing(city, "tenement")
    assert tied(TWO, blocking) == {"D3", "C4", "E4"}
    feeding = placing(city, "tenement", tenement_neighbours="any")
    assert tied(TWO, feeding) == labels(city.legal_cells())
    assert tied(TWO, placing(city, "park", tenement_neighbours="any")) == {"D3", "C4", "E4"}


def test_freddy_ii_builds_his_shop_on_a_sure_corner_before_he_blocks_your_houses():
    """The example's order: "There is still no place for the shop, so that it is guaranteed to
    bring in the 5 bonus points, so Freddy tries to disturb your apartment buildings." Row 5
    from C5 to G5 (your house on E5), C6-C8 and G6-G7 fix the city at 5×4: G8 is a sure
    corner, E6 is next to your house. The other order would build the shop on E6."""
    from bot.games.glasgow.spec import RULES

    st, _ = RULES.new_game({"freddy": "II"}, 11)
    st.city = city_of(
        """
        PA PA te PA PA
        PA .. .. .. PA
        PA .. .. .. PA
        PA .. .. .. ..
        """,
        top_left="C5",
    )
    shop = placing(st.city, "shop")
    assert labels(c for c in st.city.legal_cells() if shop.neighbours(c, "you", "tenement")) == {
        "E6"
    }
    while st.agenda.ask.command == "action":
        st, _ = RULES.apply(st, {"command": "action"})
    st, _ = RULES.apply(st, {"command": "row", "buildings": "shop:2 park:1 park:1"})
    st, out = RULES.apply(st, {"command": "done"})
    assert out.facts[1] == (
        "Freddy II builds the shop (cost 2) on G8: his shop ends in a corner for sure."
    )
    assert st.city.building(parse_cell("G8")).kind == "shop"


def test_freddy_ii_keeps_a_corner_for_his_shop_before_he_makes_the_grid_larger():
    """The example again: "No. 3 is omitted because the store would otherwise never provide
    bonus points. Position 2 has the advantage that it makes the grid larger." Next to your
    house on E5 are E4, F5 and E6; only F5 can still be his shop's corner, only E6 makes the
    grid larger. The other order would build on E6."""
    city = city_of(".. .. sh\npa te ..")
    choice = rank(TWO, placing(city, "shop"))
    assert label(choice.option) == "F5"
    assert choice.reason == "next to your houses, his shop can still end in a corner"


def test_freddys_reason_names_only_the_rules_that_chose():
    # your house on D4 has no free neighbour: "next to your houses" decides nothing
    city = city_of(".. pa ..\npa te pa\n.. pa ..", top_left="C3")
    choice = rank(TWO, placing(city, "park"))
    assert len(choice.tied) == len(city.legal_cells())
    assert choice.reason == (
        "tied on next to your houses, next to the most of your houses; the tied cells are your "
        "choice"
    )


def test_a_tie_names_the_rules_that_could_not_separate_the_cells():
    """Your steel factory (its storage full) beside your house: next to the house and
    firing none of your factories with room decide; the cells left are equal for firing your
    full factories and for how many of your houses they touch."""
    city = city_of("fa te ..", goods={"D5": "steel"})
    choice = rank(TWO, placing(city, "park", full={"steel": True}))
    assert len(choice.tied) > 1
    assert choice.reason == (
        "next to your houses, activating none of your factories you have room for; tied on "
        "activating your factories whose storage is full, next to the most of your houses; the "
        "tied cells are your choice"
    )
