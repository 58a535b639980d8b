"""The turn as an agenda of typed steps: the question is asked once and stored, a dancing
guest inserts its dancer, and each answer serves the step that takes it."""

from bot.core.agenda import Ask
from bot.core.game import NextStep
from bot.games.grand_austria.commands import COMMANDS, Turn
from bot.games.grand_austria.steps import DancerStep, DieStep, GuestStep, ObjectiveStep

from .helpers import RULES, new, new_with, play, round_two, text, turn

DICE = "1:2 2:2 3:1 4:3 5:2"


def test_a_waiting_turn_stores_its_question_and_describe_shows_it():
    state, out = turn(new(), 203, dice=DICE)  # two guests: the first needs the queue
    ask = state.agenda.ask
    assert isinstance(ask, Ask) and ask.option == "queue" and ask.command == "turn"
    assert state.agenda.steps[0] == GuestStep(index=0)
    assert out.prompt == ask.text() == RULES.describe(state).prompt
    assert RULES.describe(state).ask == ask
    state.hotel = {"1.1": "blue"}  # the question is stored, not worked out again
    assert RULES.describe(state).prompt == ask.text()


def test_a_dancing_guest_inserts_its_dancer_right_after_itself():
    state, out = turn(round_two(new_with("1")), 214, "R5 B7 Y0 G0 R1", DICE)  # red, two arrows
    assert state.agenda.steps[:2] == [DancerStep(arrows=2), DieStep()]
    assert state.agenda.ask is not None and state.agenda.ask.option == "full"
    assert [s.step_id for s in out.next_steps] == ["turn:full=none", "turn:full=2"]
    assert isinstance(state.agenda.steps[-1], ObjectiveStep)


def test_an_answer_about_the_ballrooms_serves_one_dancer():
    # card 228: a dancing guest (one arrow) and the extra dancer (one arrow), round 2
    state, out = turn(round_two(new_with("1")), 228, "R5 B7 Y0 G0 R1", DICE)
    assert "**Ballroom 1** if it has space" in out.prompt
    state, out = play(state, command="turn", full="none")
    assert "places a dancer in **Ballroom 1**" in text(out)
    assert state.agenda.steps[0] == DancerStep(arrows=1, extra=True)
    assert "**Ballroom 1** if it has space" in out.prompt  # asked again: she may have filled it
    state, out = play(state, command="turn", full="1")
    assert "extra dancer, without a guest, in **Ballroom 2**" in text(out)
    assert state.ballrooms.dancers == [1, 1, 0, 0] and state.ballrooms.full == [0]
    assert state.pending is None and state.agenda.ask is None and not state.agenda.steps


def test_a_button_goes_through_the_command_models():
    state, out = turn(round_two(new_with("1")), 214, "R5 B7 Y0 G0 R1", DICE)
    button = out.next_steps[1]
    action = NextStep.action(button.step_id)
    assert COMMANDS.parse(action) == Turn(command="turn", full="2")
    state, out = RULES.apply(state, action)
    assert state.ballrooms.full == [1] and state.ballrooms.dancers == [0, 0, 0, 1]


def test_the_summary_names_the_step_a_turn_waits_on():
    state, _ = turn(new(), 203, "G3 Y1 B0 R0 R0", DICE)
    assert RULES.summary(state)["pending_step"] == "guest:1"
    assert RULES.summary(new())["pending_step"] is None
