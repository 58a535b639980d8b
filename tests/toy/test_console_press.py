"""The console's `press N` and refusals: buttons of the newest reply that has any, an old one
refused as out of date, what would work named right there, all in the reader's language."""

from __future__ import annotations

from tests.test_console import make_console
from tests.test_console_gwt import CATTLE, JOBS, TABLE
from tests.toy.conftest import seed_where

TIED = "a:3 b:5 c:5"


async def test_press_reaches_the_buttons_of_a_reply_still_live_after_one_without(toy, db):
    console = await make_console(db)
    await console.execute(f"/toy start seed:{seed_where(['take'])}")
    tie = await console.execute(f"/toy turn market:{TIED}")
    assert [s.label for s in tie.next_steps] == ["b (5)", "c (5)"]
    history = await console.execute("/game history")
    assert history.ok and history.game_id is not None and not history.next_steps
    took = await console.execute("press 2")
    assert took.ok and "Magpie takes c (5)" in took.text, took.text
    again = await console.execute("press 1")  # the tie's buttons again: the game moved on
    assert not again.ok and "out of date" in again.text


async def test_press_without_a_button_and_a_wrong_answer_speak_the_readers_language(toy, db):
    console = await make_console(db)
    assert (await console.execute("lang de")).ok
    nothing = await console.execute("press 1")
    assert nothing.text == "Es gibt keinen Knopf zum Drücken."
    await console.execute(f"/toy start seed:{seed_where(['take'])}")
    await console.execute(f"/toy turn market:{TIED}")
    wrong = await console.execute("/toy answer pick:z")
    assert wrong.text == "`z` ist keine der Möglichkeiten. Gültig: `b`, `c`."


async def test_a_wrong_answer_to_sam_names_the_valid_answers(db):
    console = await make_console(db)
    reply = await console.execute("/gwt start seed:3")
    for i in range(60):
        waiting = reply.state["waiting_for"]
        if waiting == "pick":
            break
        if waiting is None:
            line = "/gwt turn"
        elif waiting == "herder":
            line = "press 1"
        elif waiting == "jobs":
            line = f"/gwt turn jobs:{JOBS[i % 3]} token:4"
        elif waiting == "cattle":
            line = f"/gwt turn cattle:{CATTLE[i % 4]}"
        else:
            line = f"/gwt turn {waiting}:{TABLE[waiting]}"
        reply = await console.execute(line)
        assert reply.ok, (line, reply.text)
    assert reply.state["waiting_for"] == "pick", reply.text
    values = [s.args[-1][1] for s in reply.next_steps]
    wrong = await console.execute("/gwt answer pick:nope")
    assert not wrong.ok
    assert wrong.text.startswith("`nope` is not one of the choices. Valid: ")
    assert all(f"`{v}`" in wrong.text for v in values)
