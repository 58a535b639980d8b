"""Remembered table facts: shown, "Unchanged" in one press, not asked while they cannot have
changed, updated by the opponent's own move, and restored by undo with the state."""

from __future__ import annotations

import pytest

from bot.core.agenda import Inputs, NextStep
from bot.core.errors import InputError
from bot.core.table_facts import UNCHANGED, Table


def test_a_fact_reported_this_epoch_is_used_without_asking():
    table = Table()
    assert table.take(Inputs({"jobs": "6:CB 7:E"}), "jobs") == "6:CB 7:E"
    assert table.take(Inputs(), "jobs") == "6:CB 7:E"  # nothing typed, nothing asked
    table.moved_on()  # the player's turn: the market may have changed
    assert table.take(Inputs(), "jobs") is None


def test_unchanged_answers_with_the_remembered_value_in_english_and_german():
    table = Table()
    table.remember("jobs", "6:CB 7:E")
    table.moved_on()
    assert table.take(Inputs({"jobs": UNCHANGED}), "jobs") == "6:CB 7:E"
    table.moved_on()
    assert table.take(Inputs({"jobs": "Unverändert"}), "jobs") == "6:CB 7:E"
    assert table.fresh("jobs")
    with pytest.raises(InputError, match="nothing remembered"):
        Table().take(Inputs({"cattle": "same"}), "cattle")


def test_keep_makes_a_remembered_fact_fresh_again_and_refuses_with_the_games_line():
    table = Table()
    table.remember("row3", "a b c")
    table.moved_on()
    assert table.current("row3") is None
    assert table.keep("row3") == "a b c"
    assert table.current("row3") == "a b c"
    table.doubt("row3")
    assert table.keep("row3") == "a b c" and not table.doubted("row3")
    with pytest.raises(InputError, match=r"^I have nothing remembered for `row4` yet: type it\.$"):
        table.keep("missing", option="row4")
    with pytest.raises(InputError, match=r"^yes or no$"):
        table.keep("missing", refusal="yes or no")


def test_the_opponents_own_move_updates_a_fact_and_keeps_it_fresh():
    table = Table()
    table.remember("jobs", "6:CB 7:E")
    table.update("jobs", "6:B 7:E")  # he hired the cowboy
    assert table.recall("jobs") == "6:B 7:E" and table.fresh("jobs")
    table.moved_on()
    table.update("jobs", "6:- 7:E")
    assert not table.fresh("jobs")  # still the player's to confirm


def test_the_question_shows_the_remembered_value_and_offers_unchanged_first():
    table = Table()
    first = table.ask("jobs", prompt="Which workers are in the job market?", command="turn")
    assert first.choices == [] and first.reason == ""
    table.remember("jobs", "6:CB")
    again = table.ask("jobs", prompt="Which workers are in the job market?", command="turn")
    assert again.reason == "last time: `6:CB`"
    assert [(c.label, c.value) for c in again.choices] == [("Unchanged", UNCHANGED)]


def test_several_facts_are_asked_at_once_and_one_press_keeps_them_all():
    table = Table()
    table.remember("jobs", "6:CB")
    table.remember("cattle", "ab")
    ask = table.ask_all(
        [("jobs", "jobs", "Job market"), ("cattle", "cattle", "Cattle market")],
        prompt="Your table?",
        command="turn",
    )
    assert ask.line() == "turn jobs:6:CB cattle:ab"
    (step,) = ask.next_steps()
    action = NextStep.action(step.step_id)
    assert action == {"command": "turn", "jobs": UNCHANGED, "cattle": UNCHANGED}
    table.moved_on()
    inputs = Inputs(action)
    assert (table.take(inputs, "jobs"), table.take(inputs, "cattle")) == ("6:CB", "ab")
    unknown = Table().ask_all([("jobs", "jobs", "Job market")], prompt="?", command="turn")
    assert unknown.choices == [] and unknown.line() == "turn jobs:…"


def test_the_facts_are_state_so_a_copy_restores_them():
    table = Table()
    table.remember("jobs", "6:CB")
    saved = table.model_dump(mode="json")
    table.remember("jobs", "7:E")
    table.moved_on()
    restored = Table.model_validate(saved)
    assert restored.recall("jobs") == "6:CB" and restored.fresh("jobs")


def test_the_player_confirming_an_unchanged_table_keeps_every_fact_but_the_doubted_ones():
    table = Table()
    table.remember("jobs", "6:CB")
    table.remember("cattle", "C3 A1")
    table.remember("engine", "4")
    table.doubt("cattle")  # the opponent revealed cards nobody has told the game yet
    table.moved_on()
    table.confirm()  # "my table is as you remember it"
    assert table.fresh("jobs") and table.fresh("engine")
    assert not table.fresh("cattle") and table.doubted("cattle")
    assert table.take(Inputs(), "cattle") is None  # asked, the remembered value shown
    assert table.ask("cattle", prompt="?", command="turn").reason == "last time: `C3 A1`"
    assert table.take(Inputs({"cattle": UNCHANGED}), "cattle") == "C3 A1"
    assert table.fresh("cattle") and not table.doubted("cattle")
