"""Issue 25, Pseudo's round plan: his placements for the rest of the round, computed with your
agents where he does not look, are exactly what reporting every agent one by one gives; you
report only what breaks it (`place … agent:N`) and confirm the rest (`round`). The plan names
no card before it is drawn (issue 41, N1, in every game): it ends at his first placement that
draws from his decks, and the round's end asks about the intrigue cards he drew (7F)."""

import re
from unittest import mock

import pytest

from bot.core.errors import SoloistError
from bot.games.waterdeep.data import BUILDERS_HALL, CASTLE, HARBOR, waterdeep_data
from bot.games.waterdeep.plan import Plan, round_plan
from bot.games.waterdeep.spec import RULES
from bot.games.waterdeep.state import WaterdeepState
from tests.games.waterdeep.helpers import act

HIS = re.compile(r"Pseudo(?: reassigns his agent from the Harbor)? → \*\*(.+?)\*\*")
SEEDS = (3, 4, 7, 10, 2025, 2026)


def started(seed: int, **options: str) -> WaterdeepState:
    st, _ = RULES.new_game({"lord": "Durnan", **options}, seed)
    return st


def watched(plan: Plan) -> set[str]:
    """The spaces the plan says you must not take unannounced: his, and a coin's others."""
    return {s.space.id for s in plan.steps if s.space} | {t.id for s in plan.steps for t in s.tied}


def quiet_space(st: WaterdeepState, plan: Plan, avoid: frozenset[str] = frozenset()) -> str | None:
    """A free space the plan does not care about: not his, no coin's, no Harbor or Hall (you
    report those), no building of his or with a pile; Castle Waterdeep last (you tell it with
    the round)."""
    shunned = watched(plan) | {*HARBOR, BUILDERS_HALL} | avoid
    mine = [b.building for b in st.in_play if b.owner == "you" and not b.pile]
    free = [s.id for s in waterdeep_data().spaces if s.id != CASTLE] + mine + [CASTLE]
    return next((s for s in free if s not in shunned and s not in st.occupied), None)


def told(plan: Plan, after: WaterdeepState | None = None) -> dict:
    """What the round's confirmation says: the count of his cards you lacked (none), and
    Castle Waterdeep if your agent took it."""
    said: dict = {"missing": 0} if plan.owed else {}
    if after is not None and after.marker == "you" and after.round > plan.round:
        said["castle"] = "yes"
    return said


def one_by_one(
    st: WaterdeepState, plan: Plan, forced: dict[int, str] | None = None, avoid=frozenset()
):
    """Report every agent of the round, each on a space the plan does not care about (your
    agent N on `forced[N]` instead, and no other on those or `avoid`); his 7F answered
    "returned". His placements, in order, and the state after the round (None: no quiet
    space left)."""
    forced = forced or {}
    his: list[str] = []
    start = st.round
    st = st.model_copy(update={"planning": False})  # every 7F asked as he plays it
    for _ in range(40):
        if st.round != start or st.phase != "play":
            return his, st
        if st.agenda.ask is not None and st.agenda.ask.command == "round":
            st, facts = act(st, "round", missing=0)  # cards an earlier round plan left
        elif st.agenda.ask is not None:
            assert st.agenda.ask.command == "answer", st.agenda.ask.prompt
            st, facts = act(st, "answer", pick="returned")
        else:
            agent = st.placed["you"] + 1
            space = forced.get(agent) or quiet_space(
                st, plan, frozenset({*forced.values(), *avoid})
            )
            if space is None:
                return None
            st, facts = act(st, "place", space=space)
        ended = f"End of round {start}: all agents return."
        facts = facts[: facts.index(ended)] if ended in facts else facts
        his += [m.group(1) for line in facts if (m := HIS.match(line)) and "Why:" in line]
    raise AssertionError("the round did not end")


def planned(plan: Plan) -> list[str]:
    return [s.space.label if s.space else "?" for s in plan.steps]


def uncut(st: WaterdeepState) -> Plan:
    """The whole round played ahead as the bot computes it, also past his first draw (which
    it no longer shows): where your agents stay out of his way in a test."""
    with mock.patch("bot.games.waterdeep.plan.veil", lambda *args, **kwargs: None):
        plan = round_plan(st)
    assert plan is not None
    return plan


def settled(st: WaterdeepState, missing: int = 0) -> WaterdeepState:
    """The round's end asks how many of the intrigue cards he drew found you without the
    cube (7F): the plan could not say before they were drawn."""
    if st.agenda.ask is not None and st.agenda.ask.command == "round":
        st, _ = act(st, "round", missing=missing)
    return st


def positions():
    """Seeded positions at the start of rounds 1, 3, 5, 6 and 7 (reached by confirming rounds),
    at your agent 3 of those rounds (the two before played by the plan), and after your first
    agent of round 1."""
    for seed in SEEDS:
        st = started(seed)
        for round_ in range(1, 8):
            if round_ in (1, 3, 5, 6, 7):
                yield f"seed {seed}, round {round_}", st
                later, _ = act(st, "round", agent=3)  # your agents 1-2 where he does not look
                if later.agenda.ask is None:
                    yield f"seed {seed}, round {round_} at your agent 3", later
            if round_ == 1:
                plan = round_plan(st)
                space = quiet_space(st, plan)
                after, _ = act(st, "place", space=space)
                if after.agenda.ask is None:
                    yield f"seed {seed}, round 1 after your agent 1", after
            plan = round_plan(st)
            st, _ = act(st, "round", **({"missing": 0} if plan.owed else {}))
            st = settled(st)


HIS_SIDE = ("tavern", "quests", "completed", "pseudo_vp", "hall", "in_play", "marker", "round")


def his_side(st: WaterdeepState) -> dict:
    dumped = st.model_dump(mode="json")
    return {k: dumped[k] for k in HIS_SIDE} | {
        "occupied": dict(st.occupied),
        "quest_pile": st.quest_deck.draw_pile,
        "intrigue_pile": st.intrigue_deck.draw_pile,
    }


def test_the_plan_is_where_he_goes_when_you_report_every_agent_one_by_one():
    checked = coins = cut = 0
    for where, st in positions():
        plan, whole = round_plan(st), uncut(st)
        assert plan is not None and plan.whole, where
        played = one_by_one(st, whole)
        if played is None:
            continue  # no quiet space left for one of your agents
        his, after = played
        assert his == planned(whole), where
        assert planned(plan) == planned(whole)[: len(plan.steps)], where  # up to his draw
        drew = [bool(s.drawn) for s in whole.steps]
        if plan.veiled:  # cut at his first draw: nothing after it is shown
            assert drew.index(True) == len(plan.steps) - 1, where
            cut += 1
        else:
            assert not any(drew), where
        confirmed, _ = act(st, "round", **told(plan, after))
        confirmed = settled(confirmed)
        assert his_side(confirmed) == his_side(after), where  # and into the next round
        checked += 1
        coins += sum(bool(s.tied) for s in plan.steps)
    assert checked >= 12 and coins >= 1 and cut >= 3  # a coin, and plans cut at a draw


def test_your_agent_on_his_planned_space_sends_him_where_the_plan_said_instead():
    """Reported as your agent N (the ones before it where he does not look): he goes where the
    plan said, as when you report every agent. Where that space holds an earlier agent of yours,
    you tell it and he places again, as if you had reported that agent too."""
    tried = redone = 0
    for where, st in positions():
        plan = round_plan(st)
        later = [s for s in plan.steps if s.instead and s.agent and s.yours > plan.placed + 1]
        if not later:
            continue
        step = later[0]
        moved, facts = act(st, "place", space=step.space.label, agent=step.yours)
        assert f"Your agent is on {step.space.label}." in facts
        assert his_placements(facts)[0] == step.instead.label, where
        assert moved.placed["you"] == step.yours
        assert moved.elsewhere == st.elsewhere + step.yours - 1 - plan.placed
        # the same as telling every agent (none of yours where the plan says he goes instead)
        instead = {step.instead.id, *(t.id for t in step.instead_tied)}
        played = one_by_one(st, plan, {step.yours: step.space.id}, avoid=instead)
        if played is not None:
            assert played[0][plan.steps.index(step)] == step.instead.label, where
        tried += 1
        first = plan.placed + 1  # your first agent the plan had elsewhere stood there instead
        shunned = watched(plan) | {*HARBOR, CASTLE, BUILDERS_HALL}  # those you report anyway
        if step.instead.id in shunned or step.instead_tied or first >= step.yours:
            continue
        again, facts = act(moved, "place", space=step.instead.label, agent=first)
        assert f"Your agent {first} stands on {step.instead.label}: Pseudo places again." in facts
        forced = {first: step.instead.id, step.yours: step.space.id}
        played = one_by_one(st, plan, forced)
        if played is not None:
            assert his_placements(facts)[0] == played[0][plan.steps.index(step)], where
            redone += 1
        assert again.occupied[step.instead.id] == "you" and again.placed == moved.placed
    assert tried >= 5 and redone >= 1


def his_placements(facts: list[str]) -> list[str]:
    return [m.group(1) for line in facts if (m := HIS.match(line)) and "Why:" in line]


def test_round_as_planned_places_his_agents_and_asks_nothing_more():
    st = started(2025)  # round 1: he goes first, then each of you four agents
    plan = round_plan(st)
    assert planned(plan) == ["The Plinth", "The Grinning Lion Tavern", "Castle Waterdeep"]
    assert [s.instead.label for s in plan.steps] == [
        "The Grinning Lion Tavern",
        "Castle Waterdeep",
        "Builder's Hall",
    ]
    assert [bool(s.drawn) for s in plan.steps] == [False, False, True]  # Castle: an intrigue
    assert plan.veiled and plan.until == 4  # its button plays up to your agent 4
    done, facts = act(st, "round")
    assert facts[0] == "As planned: Pseudo's agents on The Plinth, The Grinning Lion Tavern."
    assert facts[1].startswith("Pseudo → **Castle Waterdeep**.")  # from his draw on, in full
    assert any(line.startswith("Pseudo draws ") for line in facts[1:])
    assert "End of round 1: all agents return." in facts
    assert done.round == 2 and done.marker == "pseudo" and done.planning
    assert done.placed == {"pseudo": 1, "you": 0} and done.elsewhere == 0


def test_his_intrigue_waits_for_the_round_and_the_count_you_lacked_costs_two_vp_each():
    """The plan cannot count his intrigue cards before he draws them: the round's end asks."""
    for seed in SEEDS:
        st = started(seed)
        for _ in range(8):
            plan = round_plan(st)
            asked, played = act(st, "round")
            if asked.agenda.ask is not None and asked.agenda.ask.command == "round":
                break
            st = settled(asked)
        else:
            continue
        assert plan.owed == 0 and plan.veiled  # nothing of his cards before they are drawn
        owed = len(asked.owed)
        assert owed >= 1 and asked.round == st.round
        assert sum("You lose 1 " in line for line in played) == owed  # as each was played
        assert [c.value for c in asked.agenda.ask.choices] == [str(k) for k in range(owed + 1)]
        with pytest.raises(SoloistError, match=r"Valid: `0`"):
            act(asked, "round", missing=owed + 1)
        done, facts = act(asked, "round", missing=1)
        lost = "Pseudo's intrigue (7F)"
        assert done.ledger[lost] == st.ledger.get(lost, 0) - 2 and done.round == st.round + 1
        assert "Without the cube for 1 of his intrigue cards: −2 VP (7F)." in facts
        return
    pytest.fail("no seed gave him an intrigue card in eight rounds")


def test_you_tell_an_earlier_agent_when_his_new_plan_wants_its_space():
    st = started(2025)
    plan = round_plan(st)
    early, _ = act(st, "round", agent=3)  # your agents 1 and 2 went where he did not look
    assert early.placed["you"] == 2 and early.elsewhere == 2
    told, _ = act(early, "place", space="Aurora's Realms Shop", agent=1)
    assert told.elsewhere == 1 and told.occupied["aurora_realms_shop"] == "you"
    assert told.placed == early.placed and told.to_move == "you"
    assert planned(round_plan(told)) == planned(plan)[2:]


def test_refusals_name_what_would_work():
    st = started(2025)
    with pytest.raises(SoloistError, match=r"You have 4 agents this round: `agent:` 1–4\."):
        act(st, "place", space="The Plinth", agent=5)
    with pytest.raises(SoloistError, match=r"your next is agent 2: `agent:` 2–4"):
        placed, _ = act(st, "place", space="The Plinth")
        act(placed, "place", space="Field of Triumph", agent=1)
    with pytest.raises(SoloistError, match=r"leave out `space:`"):
        act(st, "round", space="The Plinth")
    with pytest.raises(SoloistError, match=r"leave out `missing:`"):
        act(st, "round", missing=0)
    with pytest.raises(SoloistError, match=r"`/waterdeep place space:Castle Waterdeep agent:…`"):
        act(st, "round", castle="yes")  # his plan puts him on Castle Waterdeep
    with pytest.raises(SoloistError, match=r"report it with `/waterdeep place`"):
        act(st, "round", agent=1)
    with pytest.raises(SoloistError, match=r"comes with the whole round"):
        act(st, "round", agent=3, missing=0)


def test_castle_waterdeep_told_with_the_round_takes_the_marker():
    st = started(7)
    plan = round_plan(st)
    assert CASTLE not in watched(plan)
    done, facts = act(st, "round", castle="yes", **({"missing": 0} if plan.owed else {}))
    assert "You took Castle Waterdeep: the first-player marker is yours." in facts
    assert done.marker == "you" and done.to_move == "you"


def test_a_state_playing_by_the_plan_keeps_the_stored_shape_of_one_that_does_not():
    st = started(2025)
    assert {"elsewhere", "owed", "planning"}.isdisjoint(st.model_dump())
    later, _ = act(st, "round", agent=3)
    dumped = later.model_dump()
    assert dumped["elsewhere"] == 2 and dumped["planning"] is True
    assert RULES.load(dumped).model_dump() == dumped
