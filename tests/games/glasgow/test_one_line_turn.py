"""A turn's report in one line (issue 25's taps): both actions with the first, the rows the
row question would ask with the last action, Freddy II's storage question answered with your
last building. Each shortcut leaves the game exactly as the long way does."""

import pytest

from bot.core.errors import InputError, RuleError
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


def same(a, b) -> bool:
    return a.model_dump(mode="json") == b.model_dump(mode="json")


def test_both_actions_in_one_command_leave_the_game_as_two_commands_do():
    long, first = act(start(), command="action", chosen="double")
    long, second = act(long, command="action", chosen="whisky", ignored="exchange")
    short, out = act(
        start(), command="action", chosen="double", chosen2="whisky", ignored2="exchange"
    )
    assert same(short, long) and out.facts == first.facts + second.facts
    assert "Action 2 counts twice (double contract): carry out your contract twice." in out.facts
    assert short.replaced == [2] and short.actions_done == 2 and not short.double


def test_the_first_action_question_offers_both_actions_at_once_and_the_rows_next():
    _, out = RULES.new_game({}, 11)
    lines = out.prompt.splitlines()
    assert lines[1] == (
        "Both actions at once: `/glasgow action chosen:… ignored:… chosen2:… ignored2:…`."
    )
    # the rows come with the turn's last action: the first tells it with the second
    assert lines[2].endswith(
        "`/glasgow action chosen:… chosen2:… buildings:… row2:… row3:… row4:…`."
    )


def test_rows_given_with_the_last_action_answer_the_row_question_before_it_is_asked():
    long, out = act(start(), command="action", both="yes")
    assert out.ask.command == "row"
    long, _ = act(long, command="row", **ROWS)
    short, out = act(start(), command="action", both="yes", **ROWS)
    assert out.ask.command == "build" and same(short, long)


def test_after_your_exchange_the_changed_row_with_the_action_keeps_the_others_unasked():
    st, _ = act(start(), command="action", both="yes", **ROWS)
    st, out = act(st, command="done", suggested="yes")
    assert out.ask.command == "action"
    assert "`/glasgow action chosen:exchange chosen2:… row3:…`" in out.prompt
    long, out = act(st, command="action", chosen="exchange", chosen2="other")
    assert out.ask.command == "row"  # the rows left are asked again
    long, _ = act(long, command="row", buildings="same", row3="park:2 shop:3", row4="same")
    short, out = act(st, command="action", chosen="exchange", chosen2="other", row3="park:2 shop:3")
    assert out.ask.command == "build" and same(short, long)
    assert short.table.recall("row3") == "park:2 shop:3"
    assert short.table.recall("row4") == ROWS["row4"]


def test_rows_with_the_first_of_two_actions_are_refused_naming_the_second():
    with pytest.raises(RuleError) as refused:
        act(start(), command="action", chosen="whisky", **ROWS)
    assert str(refused.value) == (
        "The rows come with the turn's last action: add the second one (`chosen2:…` and "
        "`ignored2:…`, `chosen2:other` for a normal contract), or report the rows when asked."
    )


def test_the_second_action_is_given_once_and_a_special_contract_is_drawn_once():
    st, _ = act(start(), command="action", chosen="whisky")
    with pytest.raises(InputError, match="This is your second action already"):
        act(st, command="action", chosen2="double")
    with pytest.raises(InputError, match="There is only one whisky contract"):
        act(start(), command="action", chosen="whisky", ignored2="whisky")
    with pytest.raises(InputError, match="not both"):
        act(start(), command="action", both="yes", chosen2="double")


def test_both_yes_means_neither_action_had_a_special_contract():
    st, out = act(start(), command="action", both="yes")
    assert out.facts[:2] == [
        "Action 1: you resolve your contract.",
        "Action 2: you resolve your contract.",
    ]
    assert st.actions_done == 2


def test_both_yes_beside_a_special_contract_is_refused_with_the_line_that_says_it():
    with pytest.raises(InputError) as refused:
        act(start(), command="action", chosen="whisky", both="yes")
    assert str(refused.value) == (
        "`both:yes` says neither action had a special contract, but your first had one. "
        "No special contract in the second: `/glasgow action chosen:whisky chosen2:other`."
    )
    with pytest.raises(InputError, match="`/glasgow action ignored:exchange chosen2:other`"):
        act(start(), command="action", ignored="exchange", both="yes")


def test_both_yes_at_the_second_action_is_refused():
    st, _ = act(start(), command="action", chosen="whisky")
    with pytest.raises(InputError) as refused:
        act(st, command="action", both="yes")
    assert str(refused.value) == (
        "`both:yes` comes with the turn's first action. No special contract in this one: "
        "`/glasgow action chosen:other`."
    )


def test_a_logged_both_yes_beside_a_special_contract_replays_as_it_was_meant():
    """A game stored while `both:yes` meant "none in the second action" next to the first's
    special contract replays to the same state (undo, import, the replay audit)."""
    from bot.table.replay import replay

    logged = [{"command": "action", "chosen": "whisky", "both": "yes", **ROWS}]
    old, _ = replay(RULES, {}, 11, logged)
    now = [{"command": "action", "chosen": "whisky", "chosen2": "other", **ROWS}]
    meant, _ = replay(RULES, {}, 11, now)
    assert same(old, meant) and old.actions_done == 2
    second = [{"command": "action", "chosen": "whisky"}, {"command": "action", "both": "yes"}]
    st, _ = replay(RULES, {}, 11, second)
    assert st.actions_done == 2


def freddy_ii_to_build(**last):
    """Freddy II about to build the row's park next to your steel and gold factories."""
    st, _ = act(
        start(freddy="II"),
        command="action",
        both="yes",
        buildings="factory:2:steel factory:2:gold park:1",
    )
    st, out = act(st, command="build", building=1, at="E5")
    assert "answer ahead with your last building or `/glasgow done steel:no gold:no`" in (
        out.prompt
    )
    return act(st, command="build", building=2, at="E6", done="yes", **last)


def test_storage_given_with_your_last_building_leaves_the_game_as_the_answered_question():
    long, out = freddy_ii_to_build()
    assert out.ask.command == "room" and [f.option for f in out.ask.fields] == ["steel", "gold"]
    long, _ = act(long, command="room", steel="yes", gold="no")
    short, short_out = freddy_ii_to_build(steel="yes", gold="no")
    assert short_out.ask.command != "room" and same(short, long)
    assert short.table.recall("storage:steel") == "yes"


def test_storage_ahead_with_done_answers_the_question_too():
    st, _ = act(
        start(freddy="II"),
        command="action",
        both="yes",
        buildings="factory:2:steel factory:2:gold park:1",
    )
    st, _ = act(st, command="build", building=1, at="E5")
    st, _ = act(st, command="build", building=2, at="E6")
    st, out = act(st, command="done", steel="no", gold="no")
    assert out.ask.command != "room"
    assert (st.table.recall("storage:steel"), st.table.recall("storage:gold")) == ("no", "no")


def test_storage_ahead_is_refused_before_your_last_building_and_against_freddy_i():
    st, _ = act(
        start(freddy="II"),
        command="action",
        both="yes",
        buildings="factory:2:steel factory:2:gold park:1",
    )
    with pytest.raises(InputError, match="add `done:yes`"):
        act(st, command="build", building=1, at="E5", steel="no")
    st, _ = act(start(), command="action", both="yes", **ROWS)
    with pytest.raises(InputError, match="Only Freddy II asks about your storage"):
        act(st, command="done", stone="no")


def test_freddy_i_and_a_city_without_your_factories_do_not_offer_storage_ahead():
    _, out = act(start(), command="action", both="yes", buildings="factory:2:steel park:1 shop:2")
    assert "answer ahead" not in out.prompt  # Freddy I never asks
    _, out = act(start(freddy="II"), command="action", both="yes", **ROWS)
    assert "answer ahead" not in out.prompt  # no factory of yours, none in the row
