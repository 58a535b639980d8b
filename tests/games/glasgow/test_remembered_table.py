"""Glasgow remembers what you reported of your table (issue 25): the round's four rows, asked
at once and kept until an exchange contract changes them; Freddy II's storage questions, asked
for every good at once and kept until your next turn; both actions and your last build with
the end of your building in one command each."""

import pytest

from bot.core.errors import RuleError
from bot.games.glasgow.spec import RULES

ROWS = {
    "buildings": "shop:3 tenement:2 park:1",
    "row2": "tenement:2 park:1 bank:3:stone",
    "row3": "landmark:4:7 shop:2",
    "row4": "tenement:1 station:3",
}


def start(**options):
    return RULES.new_game(options, 11)[0]


def act(st, **action):
    return RULES.apply(st, action)


def finish_turn(st, out):
    """You build nothing; Freddy builds the row on his suggested cells where tied."""
    st, out = act(st, command="done", suggested="yes")
    assert out.ask.command != "pick"
    return st, out


def test_the_first_row_question_asks_all_four_rows_in_one_line():
    _st, out = act(start(), command="action", both="yes")
    assert out.ask.command == "row" and "Which 3 buildings" in out.prompt
    assert [f.option for f in out.ask.fields] == ["buildings", "row2", "row3", "row4"]
    assert out.ask.line().startswith("row buildings:… row2:…")


def test_both_actions_without_a_special_contract_are_one_answer():
    st, out = act(start(), command="action", both="yes")
    assert st.actions_done == 2 and out.ask.command == "row"


def test_a_row_reported_with_the_first_is_not_asked_at_its_turn():
    st, _ = act(start(), command="action", both="yes")
    st, out = act(st, command="row", **ROWS)
    st, out = finish_turn(st, out)
    st, out = act(st, command="action", both="yes")
    assert st.turn == 2 and out.ask.command == "build"  # the row of architect 2: remembered
    assert [d.name() for d in st.row] == [
        "tenement (cost 2)",
        "park (cost 1)",
        "stone bank (cost 3)",
    ]


def test_freddy_replacing_the_next_row_forgets_it_and_asks_for_it_alone():
    st, _ = act(start(), command="action", both="yes")
    st, out = act(st, command="row", **ROWS)
    st, out = finish_turn(st, out)
    st, out = act(st, command="action", ignored="exchange", chosen2="other")
    assert st.table.recall("row3") is None and st.table.recall("row4") == ROWS["row4"]
    st, out = finish_turn(st, out)
    st, out = act(st, command="action", both="yes")
    assert out.ask.command == "row" and "(Freddy replaced this row)" in out.prompt
    assert out.ask.fields == []  # row 4 is still known: only this one is asked


def test_after_your_exchange_unchanged_answers_every_row_in_one_press():
    st, _ = act(start(), command="action", chosen="exchange", chosen2="other")
    st, out = act(st, command="row", **ROWS)
    st, out = finish_turn(st, out)
    st, out = act(st, command="action", chosen="exchange", chosen2="other")
    assert out.ask.command == "row"
    assert [f.remembered for f in out.ask.fields] == [ROWS["row2"], ROWS["row3"], ROWS["row4"]]
    [unchanged] = [s for s in out.ask.next_steps() if s.label == "Unchanged"]
    st, out = act(st, **dict((("command", unchanged.command), *unchanged.args)))
    assert out.ask.command == "build" and len(st.row) == 3


def test_build_with_done_ends_your_building_in_the_same_command():
    st, _ = act(start(), command="action", both="yes")
    st, _ = act(st, command="row", **ROWS)
    st, out = act(st, command="build", building=2, at="E5", done="suggested")
    assert st.turn == 2 and out.ask.command == "action" and len(st.city) == 3
    assert any("his suggested cell, as you chose" in f for f in out.facts)


def storage_asked(row="tenement:2 factory:2:steel park:1"):
    """Freddy II about to build the row's third building next to your first two."""
    st = start(freddy="II")
    st, _ = act(st, command="action", both="yes")
    st, _ = act(st, command="row", buildings=row)
    st, _ = act(st, command="build", building=1, at="E5")
    return act(st, command="build", building=2, at="E6", done="yes")


def test_freddy_ii_asks_about_every_storage_that_matters_at_once():
    st, out = storage_asked("factory:2:steel factory:2:gold park:1")
    assert out.ask.command == "room" and [f.option for f in out.ask.fields] == ["steel", "gold"]
    assert out.ask.line() == "room steel:… gold:…"
    st, out = act(st, command="room", steel="yes", gold="no")
    assert out.ask.command != "room"  # answered once for the whole row
    assert (st.table.recall("storage:steel"), st.table.recall("storage:gold")) == ("yes", "no")


def test_a_storage_answer_is_kept_until_your_next_turn_and_offered_as_unchanged():
    st, out = storage_asked()
    assert out.ask.command == "room" and out.ask.reason == ""
    st, out = act(st, command="room", good="steel", full="yes")
    assert st.table.recall("storage:steel") == "yes"
    st, _ = act(st, command="action", both="yes")
    st, out = act(st, command="row", buildings="park:1 park:2 park:3", row3="shop:2 park:1")
    st, out = act(st, command="done")
    while out.ask.command == "pick":
        st, out = act(st, command="pick", cell=out.ask.choices[0].value)
    assert out.ask.command == "room"  # your turn came between: asked again, with last time's
    assert out.ask.reason == "last time: `yes`" and out.ask.choices[0].label == "Unchanged"
    assert next(s.step_id for s in out.ask.next_steps()) == "room:good=steel:full=same"
    st, out = act(st, command="room", good="steel", full="same")  # one press, nothing typed
    assert out.ask.command in ("pick", "action") and st.table.fresh("storage:steel")


def test_the_storage_question_refuses_a_good_it_did_not_ask_naming_the_one_it_did():
    st, _ = storage_asked()
    with pytest.raises(RuleError, match="asks about your steel storage"):
        act(st, command="room", gold="yes")


def test_a_state_stored_with_the_turns_storage_answers_loads_them_as_facts():
    st = start(freddy="II")
    old = st.model_dump(mode="json")
    del old["table"], old["check_rows"], old["suggested_rest"]
    old["storage_full"] = {"steel": True}
    loaded = RULES.load(old)
    assert loaded.table.recall("storage:steel") == "yes" and loaded.table.fresh("storage:steel")
