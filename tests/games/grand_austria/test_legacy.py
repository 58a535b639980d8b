"""A game stored before the turn became an agenda loads in the new shape and carries on."""

import json
from pathlib import Path

from bot.games.grand_austria.steps import DancerStep, DieStep

from .helpers import RULES, play, text

# Elisabeth, modules 1 2 3 with the Sushi Resort, card 228 waiting on its dancing guest's
# dancer; stored by the code before the agenda, with the prompt and board it showed then.
STORED = json.loads((Path(__file__).parent / "data" / "legacy_state.json").read_text())


def test_a_stored_waiting_turn_loads_asks_the_same_and_carries_on():
    state = RULES.load(STORED["state"])
    assert state.agenda.steps[:2] == [DancerStep(arrows=1), DieStep()]
    # the same question; only its second command is now named whole, as typed
    asked = STORED["prompt"].replace("`full:1`", "`/gah turn full:1`")
    assert RULES.describe(state).prompt == asked
    assert [s.step_id for s in RULES.describe(state).next_steps] == [
        "turn:full=none",
        "turn:full=1",
    ]
    assert RULES.board(state) == STORED["board"]
    assert state.sushi is not None and state.sushi.spaces == STORED["state"]["sushi_spaces"]
    state, out = play(state, command="turn", full="none")
    assert "places a dancer in **Ballroom 1**" in text(out)


def test_a_stored_state_names_the_emperor_table_by_its_old_option_name():
    assert STORED["state"]["options"]["emperor_vp_variant"] == "S2"
    state = RULES.load(STORED["state"])
    assert state.options.emperor_table == "S2"
    assert state.model_dump(mode="json")["options"]["emperor_table"] == "S2"


def test_a_new_state_round_trips_unchanged():
    state = RULES.load(STORED["state"])
    dumped = state.model_dump(mode="json")
    assert RULES.load(dumped).model_dump(mode="json") == dumped
