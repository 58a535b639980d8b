"""What /glasgow offers as autocomplete: only answers the rules accept."""

from bot.games.glasgow.city import parse_cell
from bot.games.glasgow.rules import GlasgowRules
from bot.games.glasgow.suggest import build_cells, row_entries, row_left, tied_cells
from bot.games.glasgow.turn import parse_row

RULES = GlasgowRules()


def play(state, **action):
    state, _ = RULES.apply(state, action)
    return state


def test_offers_follow_the_turn_from_the_row_to_freddys_tie():
    state, _ = RULES.new_game({}, 9)
    state = play(state, command="action")
    state = play(state, command="action")
    state = play(state, command="row", buildings="park:1 shop:3 tenement:2")
    summary = RULES.summary(state)
    assert [v for _, v in build_cells(summary)] == ["E5"]
    assert [v for _, v in row_left(summary)] == [1, 2, 3]
    state = play(state, command="build", building=2, at="E5")
    summary = RULES.summary(state)
    assert [v for _, v in row_left(summary)] == [1, 3]
    assert sorted(v for _, v in build_cells(summary)) == ["D5", "E4", "E6", "F5"]
    assert tied_cells(summary) == []
    state = play(state, command="done")
    tied = [v for _, v in tied_cells(RULES.summary(state))]
    assert tied == [c.value for c in state.agenda.ask.choices] and len(tied) > 1
    for cell in tied:
        built = play(state, command="pick", cell=cell).city.building(parse_cell(cell))
        assert built is not None and built.owner == "freddy"


def test_without_a_game_only_the_first_cell_is_offered():
    assert build_cells(None) == [("E5 · the first building", "E5")]
    assert row_left(None) == [] and tied_cells(None) == []


def test_completed_row_entries_parse():
    offer = row_entries("landmark:4:7 factory:2:")
    assert [v for _, v in offer][1:] == [
        f"landmark:4:7 factory:2:{g}" for g in ("stone", "steel", "gold", "whisky", "other")
    ]
    for _, value in offer[1:]:
        assert len(parse_row(value, 2)) == 2
    assert [v for _, v in row_entries("shop:3 ")] == ["shop:3 "] + [
        f"shop:3 {kind}:"
        for kind in ("shop", "tenement", "park", "landmark", "factory", "bank", "station")
    ]


def test_a_factory_or_bank_is_typed_back_as_its_row_shows_it():
    """A row shows `bank:3:gold` back as „Goldbank (Kosten 3)“ (issue 45): that name typed
    back, in either language, is the same building."""
    from bot.games.glasgow.commands import COMMANDS
    from bot.games.glasgow.state import Dealt

    typed = COMMANDS.english({"command": "row", "buildings": "laden:3 Goldbank:3 stahlfabrik:2"})
    assert parse_row(typed["buildings"], 3) == [
        Dealt(kind="shop", cost=3),
        Dealt(kind="bank", cost=3, good="gold"),
        Dealt(kind="factory", cost=2, good="steel"),
    ]
    assert parse_row("gold_bank:4 whisky_factory:2", 2) == [
        Dealt(kind="bank", cost=4, good="gold"),
        Dealt(kind="factory", cost=2, good="whisky"),
    ]
