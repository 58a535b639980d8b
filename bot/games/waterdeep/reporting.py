"""Playing by the round plan (plan.py): the round confirmed at once, your agent N reported
after agents the plan placed elsewhere, and what only you know at the round's end."""

from __future__ import annotations

from bot.core.agenda import Ask, Inputs
from bot.core.errors import InputError, RuleError
from bot.core.said import listed, say
from bot.core.secrecy import is_secret
from bot.games.waterdeep.board import find_space
from bot.games.waterdeep.choices import hall_purchase
from bot.games.waterdeep.commands import Place, Round
from bot.games.waterdeep.data import BUILDERS_HALL, HARBOR
from bot.games.waterdeep.owed import CASTLE_TAKEN, MISSING
from bot.games.waterdeep.plan import Trail, piles, play_on
from bot.games.waterdeep.state import LATER, WaterdeepState
from bot.games.waterdeep.turn import AHEAD, advance

UNUSED = {
    "space": "You have no agent in Waterdeep Harbor to reassign: leave out `space:`.",
    "building": "You have no agent in Waterdeep Harbor to reassign: leave out `building:`.",
    MISSING: "None of his intrigue cards waits for your answer this round: leave out `missing:`.",
}


def agents_now(st: WaterdeepState) -> str:
    """The agent numbers `agent:` may name now, for a refusal."""
    first, last = st.placed["you"] + 1, st.agents("you")
    return f"{first}" if first >= last else f"{first}–{last}"


def as_planned(
    st: WaterdeepState, inputs: Inputs, facts: list[str], until: int | None
) -> Ask | None:
    """Play on by the plan (until your agent `until`, else through the round's end); the
    facts the plan already showed become one line. Returns the question it stops at."""
    trail = Trail(st.round, alternatives=False)
    st._trail = trail
    played: list[str] = []
    try:
        stop = play_on(st, inputs, played, until=until)
    finally:
        st._trail = None
    if is_secret(st.seed):  # a challenge: the plan stopped at his draws or coins
        facts += played
        return stop
    drew = trail.first_draw(piles(st))  # the plan stopped there: from there on, in full
    shown = trail.steps if drew is None else trail.steps[:drew]
    spaces = [s.space.label for s in shown if s.space is not None]
    if spaces:
        facts.append(say("As planned: Pseudo's agents on {spaces}.", spaces=listed(spaces)))
    if drew is not None:
        facts += played[trail.starts[drew] :]
    elif trail.end is not None:
        facts += played[trail.end :]  # the round's end and what follows were not planned
    return stop


def until_agent(st: WaterdeepState, agent: int, facts: list[str]) -> None:
    """Your agents before `agent` went where he does not go, his as planned: for `place`."""
    if agent > st.agents("you"):
        raise InputError(
            f"You have {st.agents('you')} agents this round: `agent:` {agents_now(st)}."
        )
    if agent <= st.placed["you"] + 1:
        return
    stop = as_planned(st, Inputs({LATER: True}), facts, agent)
    if stop is not None:
        raise RuleError(
            f"Before that agent I must ask: {stop.text()} First "
            f"`{Round.line(agent=agent)}`, then answer, then report your agent."
        )


def confirm(st: WaterdeepState, cmd: Round, facts: list[str]) -> None:
    """`/waterdeep round`: the rest of the round as the plan shows it."""
    where, building = hall_purchase(cmd.space, cmd.building) if cmd.space else (None, None)
    if cmd.building is not None and cmd.space is None:
        raise InputError("`building:` goes with `space:Builder's Hall`.")
    given = {MISSING: cmd.missing, CASTLE_TAKEN: cmd.castle, "space": where, "building": building}
    given = {k: v for k, v in given.items() if v is not None}
    if cmd.agent is not None and (given or cmd.quest):
        raise InputError(
            f"`agent:` plays the round only up to your agent {cmd.agent}; what you tell at the "
            "round's end (`missing:`, `quest:`, `castle:`, `space:`) comes with the whole round."
        )
    st.planning = True  # from now on his 7F questions wait for the round's end
    ask = st.agenda.ask
    if ask is not None:
        if not given or ask.command not in ("round", "place"):
            raise RuleError(f"First: {ask.text()}")
        if "space" in given:
            st.table.moved_on()  # your Harbor agent's action
        inputs = Inputs(given)
        advance(st, inputs, facts)
    else:
        if st.phase != "play" or st.to_move != "you" or st.left("you") <= 0:
            raise RuleError("It is not your turn.")
        if cmd.agent is not None:
            until_agent_check(st, cmd.agent)
        inputs = Inputs({LATER: True, **given})
        as_planned(st, inputs, facts, cmd.agent)
    if st.agenda.ask is None:
        for name in inputs.unused():
            if name in UNUSED:
                raise InputError(UNUSED[name])


def until_agent_check(st: WaterdeepState, agent: int) -> None:
    """`round agent:N` plays on to your agent N: one still to come after the next."""
    first, last = st.placed["you"] + 1, st.agents("you")
    if agent == first:
        raise InputError(f"Your agent {agent} is next already: report it with `{Place.line()}`.")
    if not first < agent <= last:
        valid = f"{first + 1}–{last}" if first + 1 < last else str(last)
        raise InputError(f"`agent:` names your agent to play up to: {valid}.")


def harbor_ahead(st: WaterdeepState, told: str | None) -> dict[str, str]:
    """`place … harbor:` with your last agent of the round: where your Harbor agent goes at the
    round's end, held until it is asked (his agents still to come may take it first; then
    the question comes as usual)."""
    if told is None:
        return {}
    if st.left("you") > 0:
        raise InputError(
            "`harbor:` comes with your last agent of the round; before that, tell it with the "
            f"round: `{Round.line(space='…')}`."
        )
    if not any(st.occupied.get(h) == "you" for h in HARBOR):
        raise InputError("You have no agent in Waterdeep Harbor to reassign: leave out `harbor:`.")
    space = find_space(st, hall_purchase(told, None)[0])
    if space.id in HARBOR:
        raise RuleError("A reassigned agent leaves the Harbor.")
    if space.id == BUILDERS_HALL:
        raise InputError(
            "Builder's Hall from the Harbor: name the building when I ask at the round's end; "
            "leave out `harbor:`."
        )
    if space.id in st.occupied:
        who = "Pseudo's" if st.occupied[space.id] == "pseudo" else "your"
        raise RuleError(f"{space.label} already holds {who} agent.")
    return {AHEAD: space.id}
