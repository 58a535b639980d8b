"""The agenda: steps resolve top to bottom, a question is stored once, answers are used once."""

from typing import Annotated, Literal

import pytest
from pydantic import BaseModel, Field

from bot.core.agenda import Agenda, Ask, Choice, Inputs, Step, refused, run
from bot.core.errors import RuleError
from bot.core.next_step import NextStep
from bot.core.said import Said, say


class Count(Step):
    kind: Literal["count"] = "count"
    n: int


class Need(Step):
    kind: Literal["need"] = "need"
    got: str | None = None


class Spawn(Step):
    kind: Literal["spawn"] = "spawn"


class Later(Step):
    kind: Literal["later"] = "later"


Steps = Annotated[Count | Need | Spawn | Later, Field(discriminator="kind")]


class State(BaseModel):
    total: int = 0
    agenda: Agenda[Steps] = Field(default_factory=Agenda)


def count(st, turn):
    st.total += turn.step.n
    turn.facts.append(f"+{turn.step.n}")


def need(st, turn):
    turn.step.got = turn.inputs.take("answer") or turn.step.got
    if turn.step.got is None:
        turn.insert(Count(n=100))  # discarded: the step did not resolve
        return Ask(
            prompt="Which?",
            command="answer",
            option="answer",
            choices=[Choice(label="One", value="1"), Choice(label="Two", value="2")],
        )
    turn.facts.append(f"got {turn.step.got}")
    turn.insert(Count(n=int(turn.step.got)))
    return None


def spawn(st, turn):
    turn.insert(Spawn())


def later(st, turn):
    turn.facts.append(f"later {turn.inputs.take('extra')}")


HANDLERS = {"count": count, "need": need, "spawn": spawn, "later": later}


def test_steps_resolve_in_order_until_one_asks_and_the_question_is_stored():
    st = State()
    st.agenda.extend([Count(n=1), Need(), Count(n=10)])
    facts: list[str] = []
    ask = run(st.agenda, st, HANDLERS, Inputs(), facts)
    assert ask is not None and st.agenda.ask == ask and facts == ["+1"]
    assert [s.kind for s in st.agenda.steps] == ["need", "count"]  # nothing inserted
    stored = State.model_validate(st.model_dump(mode="json"))  # survives the database
    assert stored.agenda.ask == ask and stored == st
    facts = []
    assert run(stored.agenda, stored, HANDLERS, Inputs({"answer": "2"}), facts) is None
    assert facts == ["got 2", "+2", "+10"] and stored.total == 13
    assert stored.agenda.done and stored.agenda.ask is None


def test_an_answer_is_used_up_by_the_first_step_that_takes_it():
    st = State()
    st.agenda.extend([Need(), Need()])
    inputs = Inputs({"answer": "1", "other": 5, "empty": None})
    assert run(st.agenda, st, HANDLERS, inputs, []) is not None  # the second one asks again
    assert inputs.unused() == ["other"]
    assert not inputs.has("answer") and inputs.take("answer") is None


def test_an_unknown_step_kind_or_an_endless_turn_is_refused():
    st = State()
    st.agenda.extend([Spawn()])
    with pytest.raises(RuleError):
        run(st.agenda, st, HANDLERS, Inputs(), [])
    with pytest.raises(RuleError):
        run(st.agenda, st, {}, Inputs(), [])


def test_an_ask_offers_its_choices_as_next_steps_and_checks_answers():
    ask = Ask(
        prompt="Where?",
        command="place",
        option="cell",
        choices=[Choice(label="A1", value="A1")],
        reason="corner first",
        extra={"building": "2"},
    )
    assert [s.step_id for s in ask.next_steps()] == ["place:building=2:cell=A1"]
    assert ask.text() == "Where? (corner first)"
    assert ask.accepts("A1") and not ask.accepts("9,9")
    assert Ask(prompt="Type it", command="row", option="row").accepts("anything")


def test_a_move_shown_on_a_button_is_answered_by_the_target_it_shows():
    """Buttons `#4b → #5b` and `#4b → #12b` (Sam's exchange): `12b` or `#12b`, as shown, is
    the second (issue 45); `4b`, the start of both, is none."""
    ask = Ask(
        prompt="Which exchange?",
        command="answer",
        option="pick",
        choices=[
            Choice(label="#4b → #5b (3 builders, no hand)", value="4-5"),
            Choice(label="#4b → #12b (3 builders, no hand)", value="4-12"),
        ],
    )
    assert ask.answer("12b") == ask.answer("#12b") == "4-12"
    assert ask.answer("#4b → #5b") == "4-5"
    assert ask.answer("4b") is None


def test_a_choice_value_must_fit_a_button_id_and_peek_leaves_the_answer():
    from pydantic import ValidationError

    for bad in ["a b", "0,0", "x:y", "", "é"]:
        with pytest.raises(ValidationError):
            Choice(label="x", value=bad)
    inputs = Inputs({"queue": "Y3"})
    assert inputs.peek("queue") == "Y3" and inputs.take("queue") == "Y3"
    assert inputs.peek("queue") is None


def test_answers_no_step_asks_for_are_refused_naming_what_the_agenda_waits_for():
    st = State()
    st.agenda.extend([Need(), Count(n=10)])
    run(st.agenda, st, HANDLERS, Inputs(), [])
    with pytest.raises(RuleError) as refused:
        run(st.agenda, st, HANDLERS, Inputs({"other": "x"}), [])
    assert str(refused.value) == "Not asked now: `other`. Waiting for `answer`: Which?"
    run(st.agenda, st, HANDLERS, Inputs({"other": "x"}), [], fresh=[])  # held from before
    facts: list[str] = []
    assert run(st.agenda, st, HANDLERS, Inputs({"answer": "2", "other": "x"}), facts) is None
    assert facts == ["got 2", "+2", "+10"]


def test_one_choice_may_answer_two_options_at_once():
    ask = Ask(
        prompt="Which special contract came up?",
        command="action",
        option="chosen",
        choices=[
            Choice(label="Whisky, not the double", value="whisky", also={"ignored": "double"})
        ],
    )
    (step,) = ask.next_steps()
    assert NextStep.action(step.step_id) == {
        "command": "action",
        "chosen": "whisky",
        "ignored": "double",
    }
    with pytest.raises(ValueError):
        Choice(label="x", value="a", also={"ignored": "two words"})


def test_held_answers_wait_on_the_agenda_for_a_later_step_and_are_never_refused():
    st = State()
    st.agenda.extend([Need(), Later()])
    assert "held" not in st.model_dump()["agenda"]  # a game that never holds keeps its shape
    run(st.agenda, st, HANDLERS, Inputs({"extra": "x"}), [], hold=True)  # reported ahead
    stored = State.model_validate(st.model_dump(mode="json"))
    assert stored.agenda.held == {"extra": "x"} and stored.agenda.ask is not None
    with pytest.raises(RuleError) as refused:  # only what the command brought is refused
        run(stored.agenda, stored, HANDLERS, Inputs({"nope": 1}), [], hold=True)
    assert str(refused.value).startswith("Not asked now: `nope`.")
    run(stored.agenda, stored, HANDLERS, Inputs(), [], hold=True)  # nothing brought: asks again
    assert stored.agenda.held == {"extra": "x"}
    facts: list[str] = []
    inputs = Inputs({"answer": "1", "unused": 7})
    assert run(stored.agenda, stored, HANDLERS, inputs, facts, hold=True) is None
    assert facts == ["got 1", "+1", "later x"] and stored.agenda.held == {}
    assert inputs.left() == {"unused": 7}


def test_an_answer_given_now_wins_over_a_held_one_and_without_hold_nothing_is_kept():
    st = State()
    st.agenda.extend([Need(), Later()])
    run(st.agenda, st, HANDLERS, Inputs({"extra": "old"}), [], hold=True)
    facts: list[str] = []
    run(st.agenda, st, HANDLERS, Inputs({"answer": "1", "extra": "new"}), facts, hold=True)
    assert facts[-1] == "later new"
    st = State()
    st.agenda.extend([Need(), Later()])
    run(st.agenda, st, HANDLERS, Inputs({"extra": "x"}), [])
    assert st.agenda.held == {}


def test_a_refused_answer_names_the_valid_values_right_there():
    ask = Ask(
        prompt="Which?",
        command="answer",
        option="pick",
        choices=[Choice(label="Corriente 3", value="c3"), Choice(label="Jersey", value="j1")],
    )
    assert str(ask.refuse("x9")) == "`x9` is not one of the answers. Valid: `c3`, `j1`."
    line = "`x9` is not one of the choices."
    assert str(ask.refuse("x9", line)) == f"{line} Valid: `c3`, `j1`."


def test_a_refusal_lists_at_most_a_dozen_values_and_counts_the_rest():
    error = refused("No.", [f"v{i}" for i in range(20)])
    assert str(error).endswith("`v11`, … (8 more).")
    assert "`v12`" not in str(error)
    built = refused(say("No."), [f"v{i}" for i in range(20)])  # a message: counted the same
    assert isinstance(built.args[0], Said)
    assert str(built) == str(error)
