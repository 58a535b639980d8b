"""Sam remembers your table (issue 25): his own moves change what he remembers, "Unchanged"
answers in one press, a fact that cannot have changed is not asked, what changed is typed
alone (a job-market row too), and undo restores what he remembered."""

import pytest

from bot.core.errors import InputError, RuleError
from bot.core.table_facts import UNCHANGED
from bot.games.great_western_trail.spec import RULES
from tests.games.great_western_trail.helpers import Play, start, with_workers


def table(play: Play) -> dict[str, str | None]:
    return {name: play.st.table.recall(name) for name in play.st.table.facts}


def hired_on_the_trail(**report) -> Play:
    """Turn 1: card #1 hires from the job market you report; his herder stops on the trail."""
    play = Play(start(tile="cowboy"))("turn", card=1, jobs="6:CB 7:EC 5:-", token=3, **report)
    assert "Sam hires the **cowboy in row 1, place 1 ($6)**" in play.text()
    play("turn", herder="trail")
    return play


def test_the_worker_sam_hires_leaves_the_remembered_job_market():
    play = hired_on_the_trail()
    assert table(play) == {"jobs": "6:B 7:EC 5:-", "token": "3"}


def test_the_cattle_sam_buys_leave_the_remembered_market_and_revealed_cards_are_asked_again():
    three = with_workers(start(), cowboy=3, builder=1, engineer=1, spec="cowboy")
    play = Play(three.model_copy(deep=True))("turn", card=3, cattle="C3 C3 L2 H5")
    assert "Sam buys **Corriente 3 + Corriente 3" in play.text()
    assert play.st.table.recall("cattle") == "L2 H5"
    assert play.st.table.doubted("cattle") is False  # three cowboys, all used: none revealed
    play = Play(three)("turn", card=3, cattle="C3 H5")
    assert "leftover cowboy" in play.text()
    assert play.st.table.recall("cattle") == "H5" and play.st.table.doubted("cattle")


def test_unchanged_for_a_fact_never_reported_is_refused_and_changes_nothing():
    st = start(tile="cowboy")
    with pytest.raises(InputError, match="nothing remembered for `jobs`"):
        RULES.apply(st, {"command": "turn", "card": 1, "jobs": "same", "token": 3})
    assert st.turn == 0 and st.table.facts == {}


def test_an_unchanged_table_starts_sams_next_turn_without_a_question():
    play = hired_on_the_trail()
    play("turn", card=2, table="same")  # your turn changed nothing Sam reads
    assert "Sam hires the **cowboy in row 2, place 2 ($7)**" in play.text()
    assert play.ask.option == "herder"
    assert table(play)["jobs"] == "6:B 7:E 5:-"


def test_after_your_turn_the_job_market_is_asked_again_with_the_remembered_rows_prefilled():
    play = hired_on_the_trail()
    play("turn", card=2)
    ask = play.ask
    assert ask.option == "jobs" and [(f.option, f.remembered) for f in ask.fields] == [
        ("jobs", "6:B 7:EC 5:-"),
        ("token", "3"),
    ]
    assert ask.text().endswith("(last time: `jobs:6:B 7:EC 5:- token:3`)")
    assert [(c.label, c.value, c.also) for c in ask.choices] == [
        ("Unchanged", UNCHANGED, {"token": "3"})
    ]
    (press,) = ask.next_steps()
    play(press.command, **dict(press.args))  # one press, nothing typed
    assert "Sam hires the **cowboy in row 2, place 2 ($7)**" in play.text()


def test_a_changed_job_market_row_is_typed_alone_and_the_token_stays():
    play = hired_on_the_trail()
    play("turn", card=2)
    play("turn", jobs="2=E")  # you hired the cowboy of row 2
    assert play.ask.option == "pick"  # no cowboy left: builder or engineer, a tie
    assert play.st.table.recall("jobs") == "6:B 7:E 5:-" and play.st.table.fresh("token")
    with pytest.raises(InputError, match=r"Row 4 is new: give its cost too, like `4=7:CB`"):
        Play(hired_on_the_trail().st)("turn", card=2, jobs="4=C")


def test_the_herder_question_leads_to_your_turn_s_changes_as_its_answer():
    """A player who reads only the question learns the short path: on the trail, your turn's
    changes typed (or one press with none) answer it and start his next turn."""
    play = Play(start(tile="cowboy"))("turn", card=1, jobs="6:CB 7:E 5:-", token=3)
    assert play.ask.prompt == (
        "Where did Sam's herder stop? On the trail: take your turn, then tell me what changed "
        "on your table, `/gwt turn cattle:… engine:…`: that answers this and starts his next "
        "turn (nothing changed: the first button). At Kansas City: the same after his Kansas "
        "City and your turn, `/gwt turn herder:kansas_city jobs:… hazards:…`."
    )
    labels = [step.label for step in play.ask.next_steps()]
    assert labels == [
        "On the trail · after your turn: Sam's next, table unchanged",
        "He reached Kansas City",
        "He stopped on the trail",
    ]


def test_on_the_trail_one_press_ends_his_turn_and_after_yours_starts_the_next():
    play = Play(start(tile="cowboy"))("turn", card=1, jobs="6:CB 7:E 5:-", token=3)
    ask = play.ask
    assert ask.option == "herder"
    press = ask.next_steps()[0]
    assert press.label == "On the trail · after your turn: Sam's next, table unchanged"
    play(press.command, **dict(press.args))
    assert "Put card #1 face up on Sam's discard pile." in play.facts
    assert play.st.turn == 2 and play.st.card is not None


def test_what_changed_typed_while_his_herder_question_waits_is_his_next_turn_on_the_trail():
    play = Play(start(tile="cowboy"))("turn", card=1, jobs="6:CB 7:E 5:-", token=3)
    play("turn", card=5, engine="4")  # he stopped on the trail; your engine moved
    assert "Put card #1 face up on Sam's discard pile." in play.facts
    assert "Sam's engine moves" in play.text() and play.st.table.recall("engine") == "4"
    assert table(play)["jobs"] == "6:B 7:E 5:-"  # the rest as remembered


def test_buildings_are_not_asked_once_yours_reach_five():
    play = Play(start(tile="cowboy"))("turn", card=11, buildings=5, herder="trail")
    play("turn", card=12)  # a new turn, nothing reported: you cannot have fewer buildings
    assert "Move Sam's herder **5 steps**" in play.text()
    assert play.ask.option == "engine"


def test_his_kansas_city_and_your_turn_s_changes_in_one_line_start_his_next_turn():
    play = Play(start(tile="cowboy"))("turn", card=1, jobs="6:CB 7:E 5:-", token=3)
    play("turn", card=5, herder="kansas_city", jobs="6:CB 7:E 5:C", token=3, engine="2")
    assert "Sub-phase 5: Sam delivers to **Bloomington**" in play.text()
    assert "Put card #1 face up on Sam's discard pile." in play.facts
    assert "Sam's engine moves" in play.text()  # card 5, his next turn
    assert play.st.board.deliveries == ["Bloomington"] and play.st.turn == 2
    assert not play.st.table.doubted("jobs") and play.st.table.recall("jobs") == "6:CB 7:E 5:C"


def test_a_kansas_city_that_asks_first_is_not_told_with_the_next_turn():
    """His supply empty and two stations of his tied for least valuable: the disc's station
    is the player's choice, so the one line is refused and nothing changes."""
    st = start(tile="cowboy")
    st.board.stations = [1, 2]  # 1 VP each
    st.board.deliveries = ["Bloomington"] + ["Peoria"] * 11
    play = Play(st)("turn", card=1, jobs="6:CB 7:E 5:-", token=3)
    with pytest.raises(RuleError, match="Sam's Kansas City needs an answer first"):
        play("turn", herder="kansas_city", engine="2")
    play("turn", herder="kansas_city")
    assert play.ask.option == "pick"


def test_his_kansas_city_puts_the_foresight_facts_in_doubt():
    play = Play(start(tile="cowboy"))("turn", card=1, jobs="6:CB 7:E 5:-", token=3)
    play("turn", herder="kansas_city")
    assert play.st.table.doubted("jobs") and play.st.table.doubted("token")
    play("turn", card=2, table="same")  # unchanged on your side, but his tiles came out
    assert play.ask.option == "jobs"


def test_a_game_stored_before_sam_remembered_the_table_still_loads():
    st = start(tile="cowboy")
    stored = st.model_dump(mode="json")
    del stored["table"]
    loaded = RULES.load(stored)
    assert loaded.table.facts == {} and loaded.model_dump(mode="json")["board"] == stored["board"]
    Play(loaded)("turn", card=7)
