"""Issue 25, Pseudo: your Harbor agent's space told with your last agent of the round
(`/waterdeep place … harbor:…`), held until the round's end asks for it: the same game as
answering the question, and the question as usual when his last agent takes that space first."""

import re

import pytest

from bot.core.errors import SoloistError
from bot.games.waterdeep.data import waterdeep_data
from bot.games.waterdeep.plan import round_plan
from tests.games.waterdeep.helpers import act
from tests.games.waterdeep.test_plan import quiet_space, settled, started
from tests.test_console import make_console


def owed(st) -> dict:
    """His 7F cards of the round: every cube returned."""
    return {"missing": 0} if round_plan(st).owed else {}


def last_agent_next(seed: int):
    """Round 3 of `seed`, you first (Castle Waterdeep from the Harbor in round 2), your agent 1
    in the Harbor, 2 and 3 where the plan does not care: your last agent is next, his last
    comes after it."""
    st = started(seed)
    st, _ = act(st, "round", **owed(st))
    st, _ = act(settled(st), "place", space="Waterdeep Harbor")
    st, _ = act(st, "round", space="Castle Waterdeep", **owed(st))
    st, _ = act(settled(st), "place", space="Waterdeep Harbor")
    st, _ = act(st, "round", agent=4)
    assert st.round == 3 and st.left("you") == 1 and st.left("pseudo") == 1
    return st


def test_the_harbor_agent_told_with_the_last_agent_is_the_game_of_answering_at_the_round_end():
    st = last_agent_next(2)
    ahead, facts = act(st, "place", space="Aurora's Realms Shop", harbor="Cliffwatch Inn (left)")
    assert ahead.round == 4 and ahead.agenda.ask is None
    placed, _ = act(st, "place", space="Aurora's Realms Shop")
    assert placed.agenda.ask is not None and placed.agenda.ask.command == "place"
    answered, long_facts = act(placed, "place", space="Cliffwatch Inn (left)")
    assert ahead.model_dump() == answered.model_dump()
    assert "Your agent is on Cliffwatch Inn (left)." in facts
    assert facts[-len(long_facts) :] == long_facts  # the round's end as answering gives it


def test_his_last_agent_on_the_told_space_first_brings_the_question_as_usual():
    st = last_agent_next(2)
    assert round_plan(st).steps[-1].space.id == "grinning_lion_tavern"  # his last agent
    ahead, facts = act(st, "place", space="Aurora's Realms Shop", harbor="The Grinning Lion Tavern")
    assert ahead.occupied["grinning_lion_tavern"] == "pseudo"
    line = "Your Harbor agent cannot go to The Grinning Lion Tavern: Pseudo's agent took it first."
    assert line in facts and ahead.agenda.ask is not None and ahead.agenda.ask.command == "place"
    placed, _ = act(st, "place", space="Aurora's Realms Shop")
    assert ahead.agenda.ask == placed.agenda.ask
    assert act(ahead, "place", space="Cliffwatch Inn (left)")[0].round == 4


def test_harbor_refusals_name_what_would_work():
    st = last_agent_next(2)
    with pytest.raises(SoloistError, match=r"Builder's Hall from the Harbor.*leave out `harbor:`"):
        act(st, "place", space="Aurora's Realms Shop", harbor="Builder's Hall")
    with pytest.raises(SoloistError, match="A reassigned agent leaves the Harbor"):
        act(st, "place", space="Aurora's Realms Shop", harbor="Waterdeep Harbor")
    his = next(s for s, who in st.occupied.items() if who == "pseudo")
    label = waterdeep_data().space(his).label
    with pytest.raises(SoloistError, match=re.escape(f"{label} already holds Pseudo's agent")):
        act(st, "place", space="Aurora's Realms Shop", harbor=label)
    first = started(2)
    with pytest.raises(SoloistError, match=r"your last agent of the round.*`/waterdeep round"):
        act(first, "place", space="Waterdeep Harbor", harbor="The Plinth")
    round_2 = settled(act(first, "round", **owed(first))[0])  # no agent of yours in the Harbor
    early = act(round_2, "round", agent=4)[0]
    with pytest.raises(SoloistError, match=r"no agent in Waterdeep Harbor.*leave out `harbor:`"):
        act(early, "place", space=quiet_space(early, round_plan(early)), harbor="The Plinth")


async def test_the_plan_names_the_harbor_option_and_it_reads_in_german(db):
    console = await make_console(db)
    await console.execute("lang de")
    await console.execute("/waterdeep start lord:Durnan seed:2025")
    first = await console.execute("/waterdeep runde")  # round 1 as planned
    assert first.state["round"] == 2, first.text
    harbor = await console.execute("/waterdeep einsetzen feld:Waterdeep Harbor karte:Ambush")
    assert "› Dort zieht er von seinen Stapeln (gezeigt, wenn gezogen)." in harbor.text
    assert harbor.next_steps[0].label == "Wie geplant, bis zu seinem Zug vom Stapel"
    reply = await console.execute("press 1")  # up to his draw: then the plan to the question
    assert "› Oder sag es mit deinem letzten Agenten: `/waterdeep einsetzen feld:… hafen:…` " in (
        reply.text
    )
    refused = await console.execute("/waterdeep einsetzen feld:The Plinth hafen:The Plinth")
    assert not refused.ok
    assert refused.text.startswith("`hafen:` kommt mit deinem letzten Agenten der Runde")
