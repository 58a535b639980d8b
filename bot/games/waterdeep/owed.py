"""The round's end when you played by the plan (plan.py): his 7F cards whose "do you have one?"
waited for the round, and Castle Waterdeep if you took it where the plan did not care.

Only the count matters for the bot: each card that found you without its cube costs you 2 VP
(7F); which cubes you returned is your own tavern, which the bot does not keep."""

from __future__ import annotations

from typing import Any

from bot.core.agenda import Ask, Choice, Turn, refused
from bot.core.errors import RuleError
from bot.core.said import Said, say
from bot.games.waterdeep.commands import Place, Round
from bot.games.waterdeep.data import CASTLE, waterdeep_data
from bot.games.waterdeep.mat import INTRIGUE_VP, gained
from bot.games.waterdeep.state import WaterdeepState

MISSING = "missing"  # the option: how many of his cards found you without the cube
CASTLE_TAKEN = "castle"  # the option: you took Castle Waterdeep this round, unreported


def owed_cubes(kinds: list[int]) -> Said:
    """`1 fighter, 2 cleric`: what his cards took from you (or 2 VP each you lacked)."""
    cards = waterdeep_data().intrigue
    counts: dict[str, int] = {}
    for kind in kinds:
        colour = str(cards[kind].first_cube_color)
        counts[colour] = counts.get(colour, 0) + 1
    return gained(counts)


def missing_label(missing: int, owed: int, *, planned: str = "") -> Said:
    """A button's words: how many of `owed` cards found you without the cube."""
    if not owed:
        return say(planned or "Round as planned")
    head = f"{planned}: " if planned else ""
    if missing == 0:
        return say(f"{head}every cube returned" if planned else "Every cube returned")
    return say(f"{head}{{k}} without the cube (−{{vp}} VP)", k=missing, vp=2 * missing)


def missing_choices(owed: int, *, planned: str = "") -> list[Choice]:
    return [
        Choice(label=missing_label(k, owed, planned=planned), value=str(k)) for k in range(owed + 1)
    ]


def settle(st: WaterdeepState, turn: Turn[Any]) -> Ask | None:
    """Before the agents return: Castle Waterdeep if you say you took it, then the 7F cards
    that waited for the round (asked once, as a count, when the round came without it)."""
    if turn.inputs.take(CASTLE_TAKEN) == "yes":
        holder = st.occupied.get(CASTLE)
        if holder == "pseudo":
            raise RuleError(
                "Pseudo's agent is on Castle Waterdeep this round. If you took it before him, "
                f"report it: `{Place.line(space='Castle Waterdeep', agent='…')}`."
            )
        if holder != "you":
            st.marker = "you"
            turn.facts.append(say("You took Castle Waterdeep: the first-player marker is yours."))
    if not st.owed:
        return None
    given = turn.inputs.take(MISSING)
    owed = len(st.owed)
    if given is None:
        return Ask(
            prompt=say(
                "His intrigue this round (7F): you lose {cubes}, or 2 VP for each one you do not "
                f"have. How many did you not have? `{Round.line(missing='…')}`",
                cubes=owed_cubes(st.owed),
            ),
            command="round",
            option=MISSING,
            choices=missing_choices(owed),
        )
    missing = int(given)
    if not 0 <= missing <= owed:
        valid = map(str, range(owed + 1))
        raise refused(f"His intrigue cards waiting for your answer this round: {owed}.", valid)
    if missing:
        st.ledger[INTRIGUE_VP] = st.ledger.get(INTRIGUE_VP, 0) - 2 * missing
        turn.facts.append(
            say(
                "Without the cube for {k} of his intrigue cards: −{vp} VP (7F).",
                k=missing,
                vp=2 * missing,
            )
        )
    else:
        turn.facts.append(say("You returned the cube for each of his intrigue cards (7F)."))
    st.owed.clear()
    return None
