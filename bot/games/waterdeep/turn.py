"""A round against Pseudo as an agenda: his placements (7A–7D), the Harbor at round end (D10)
and the next round's set-up; his intrigue (7F) is in intrigue.py, his quests (D3) in
completing.py, what a space gives in visits.py."""

from __future__ import annotations

from typing import Any

from bot.core import agenda
from bot.core.agenda import Ask, Inputs, Turn, refused
from bot.core.errors import RuleError
from bot.core.priority import ask_for
from bot.core.said import Said, say
from bot.games.waterdeep.board import find_space, pick_cube
from bot.games.waterdeep.choices import placements
from bot.games.waterdeep.commands import FINAL_LINE, Place
from bot.games.waterdeep.completing import complete
from bot.games.waterdeep.data import CUBES, HARBOR, Space, waterdeep_data
from bot.games.waterdeep.intrigue import pseudo_draws
from bot.games.waterdeep.mat import with_cube
from bot.games.waterdeep.owed import settle
from bot.games.waterdeep.script import decide, looking_for
from bot.games.waterdeep.settings import HOUSE_RULES
from bot.games.waterdeep.state import (
    CHECKPOINT,
    CompleteQuests,
    EndRound,
    PseudoPlace,
    Reassign,
    WaterdeepState,
    Who,
)
from bot.games.waterdeep.visits import pseudo_visits, you_visit

# the fact Pseudo's placement is told with (bot/games/waterdeep/narrate.py reads it back)
PLACED = "{mover} → **{space}**. Why: {trace}."
AHEAD = "harbor"  # your Harbor agent's space, told with your last agent (`place … harbor:`)


def told(key: str, **values: str) -> str:
    """A fact of his placement as a message when its reason is one (the script's trace), else
    the plain English line (an older trace, matched at the edge)."""
    if isinstance(values.get("reason", values.get("trace")), Said):
        return say(key, **values)
    return key.format(**values)


def other(who: Who) -> Who:
    return "you" if who == "pseudo" else "pseudo"


def place(st: WaterdeepState, turn: Turn[Any]) -> Ask | None:
    step: PseudoPlace = turn.step
    data = waterdeep_data()
    wanted = None
    if step.forced is not None:
        space: Space | None = data.space(step.forced)
        trace: str = say("you moved him there (override)")
    else:
        decision = decide(st, reassigning=step.from_harbor is not None)
        space, trace, wanted = decision.space, decision.trace, decision.wanted
        if decision.tie is not None:
            picked = turn.inputs.take("pick")
            if picked is None:
                return ask_for(
                    decision.tie,
                    prompt=say("7C: flip a coin or choose (D15): where does Pseudo go?"),
                    command="answer",
                    option="pick",
                    label=lambda s: say(s.label),
                    value=lambda s: s.id,
                )
            space = next((s for s in decision.tie.tied if s.id == picked), None)
            if space is None:
                ids = [s.id for s in decision.tie.tied]
                raise refused("That is not one of the tied spaces.", ids)
            trace = told("{reason}; you chose {space}", reason=trace, space=space.label)
    trail = st._trail  # a round played ahead (plan.py) records where he goes
    if trail is not None and trail.round == st.round:
        tied = () if step.forced is not None else decision.tied
        trail.placed(st, space, tied, harbor=step.from_harbor is not None, at=len(turn.facts))
    CHECKPOINT.keep(st)  # the state before this placement, for `/waterdeep override`
    mover = "Pseudo reassigns his agent from the Harbor" if step.from_harbor else "Pseudo"
    why = {"trace": trace}
    if step.from_harbor:
        del st.occupied[step.from_harbor]
    else:
        st.placed["pseudo"] += 1
        st.to_move = "you"
    if space is None:
        turn.facts.append(told(f"{mover}: no placement. Why: {{trace}}.", **why))
        return None
    st.occupied[space.id] = "pseudo"
    st.last = space.id
    turn.facts.append(told(PLACED.replace("{mover}", mover), space=space.label, **why))
    pseudo_visits(st, space, wanted, turn)
    return None


def reassign(st: WaterdeepState, turn: Turn[Any]) -> Ask | None:
    step: Reassign = turn.step
    who = st.occupied.get(step.slot)
    label = waterdeep_data().space(step.slot).label
    if who == "pseudo":
        if HOUSE_RULES.value(st.options, "harbor") == "stay":
            turn.facts.append(say("Pseudo's agent stays on {space} (D10).", space=label))
            return None
        turn.insert(PseudoPlace(from_harbor=step.slot), CompleteQuests())
        return None
    if who == "you":
        text = turn.inputs.take("space")
        if text is None and turn.inputs.has(AHEAD):  # told ahead with your last agent
            text = ahead(st, str(turn.inputs.take(AHEAD)), turn.facts)
        if text is None:
            return Ask(
                prompt=say(
                    f"End of round: reassign your agent from {{space}}: `{Place.line(space='…')}`.",
                    space=label,
                ),
                command="place",
                option="space",
                choices=placements(st, reassigning=True),
            )
        space = find_space(st, str(text))
        if space.id in st.occupied or space.id in HARBOR:
            raise RuleError(f"{space.label} is not free for a reassigned agent.")
        del st.occupied[step.slot]
        you_visit(st, space, turn.inputs.take("building"), turn)
    return None


def ahead(st: WaterdeepState, told: str, facts: list[str]) -> str | None:
    """Your Harbor agent's space told with your last agent: it, unless he took it since
    (then the question comes as usual)."""
    space = find_space(st, told)
    if space.id not in st.occupied:
        st.table.moved_on()  # your Harbor agent's action, as when you answer
        return space.id
    facts.append(
        say(
            "Your Harbor agent cannot go to {space}: Pseudo's agent took it first.",
            space=space.label,
        )
    )
    return None


def end_round(st: WaterdeepState, turn: Turn[Any]) -> Ask | None:
    data = waterdeep_data()
    if st._trail is not None:
        st._trail.ended(st, len(turn.facts))
    ask = settle(st, turn)
    if ask is not None:
        return ask
    turn.facts.append(say("End of round {n}: all agents return.", n=st.round))
    st.occupied.clear()
    st.elsewhere = 0
    st.placed = {"pseudo": 0, "you": 0}
    st.last = None
    st.round += 1
    if st.round > data.rounds:
        st.phase = "final"
        st.agenda.clear()
        turn.facts.append(
            say(
                f"The game is over. Score your leftovers: `{FINAL_LINE}` (the VP on your score "
                "track, the adventurers in your tavern, your gold, your uncompleted quests)."
            )
        )
        return None
    start_round(st, turn.facts)
    return None


def start_round(st: WaterdeepState, facts: list[str]) -> None:
    data = waterdeep_data()
    for slot in st.hall:
        slot.vp += 1
    for b in st.in_play:
        for k, v in data.space(b.building).accumulates.items():
            b.pile[k] = b.pile.get(k, 0) + v
    for quest in st.completed:
        if data.quest(quest).ongoing_effect.startswith("at the start of each round take 1"):
            cube = pick_cube(list(CUBES), looking_for(st))
            st.tavern.add(cube)
            facts.append(
                with_cube(
                    "{quest}: Pseudo takes 1 {cube} (D4).", cube, quest=data.quest(quest).name
                )
            )
    st.to_move = st.marker
    first = "Pseudo goes" if st.marker == "pseudo" else "You go"
    began = say(
        f"Round {{n}}: {first} first; 1 VP token on each building in Builder's Hall.", n=st.round
    )
    if st.round == 5:
        began = say("{round} {extra}", round=began, extra=say("Each of you takes a fifth agent."))
    facts.append(began)


HANDLERS = {
    "place": place,
    "intrigue": pseudo_draws,
    "complete": complete,
    "reassign": reassign,
    "end_round": end_round,
}


def next_mover(st: WaterdeepState) -> Who | None:
    for who in (st.to_move, other(st.to_move)):
        if st.left(who) > 0:
            return who
    return None


def advance(st: WaterdeepState, inputs: Inputs, facts: list[str], *, hold: bool = False) -> None:
    """Run Pseudo's steps until the game waits on you (your turn, a question, the end).
    `hold`: answers given ahead (the round plan's) wait on the agenda while it asks."""
    hold = hold or bool(st.agenda.held)  # what a round brought stays until its end uses it
    for _ in range(200):
        if agenda.run(st.agenda, st, HANDLERS, inputs, facts, hold=hold) is not None:
            return
        if st.phase != "play":
            return
        mover = next_mover(st)
        if mover == "you":
            st.to_move = "you"
            return
        if mover == "pseudo":
            st.agenda.extend([PseudoPlace(), CompleteQuests()])
            continue
        harbor = [Reassign(slot=h) for h in HARBOR if h in st.occupied]
        st.agenda.extend([*harbor, EndRound()])
    raise RuleError("The round does not come to an end; please report it.")
