"""The opponent's objective markers: which objective a card advances, and the spot a claim takes
(moved out of turn.py)."""

from __future__ import annotations

from bot.core.errors import RuleError
from bot.core.said import say
from bot.games.grand_austria.choices import choose_objective
from bot.games.grand_austria.data import InstructionCard, gah_data
from bot.games.grand_austria.state import GahState
from bot.games.grand_austria.voice import voice

Facts = list[str]


def advance_objective(st: GahState, shown: str, card: InstructionCard, facts: Facts) -> None:
    v = voice(st)
    choice = choose_objective(st.objectives, shown, card.hand)
    if choice.option is None:
        facts.append(say("No objective to advance: {why}.", why=choice.reason))
        return
    track = st.objectives[choice.option]
    if track.progress == "none":
        track.progress = "III"
        facts.append(
            say(
                "{name} places a marker on objective **{letter}** at III ({why}).",
                name=v.name,
                letter=choice.option,
                why=choice.reason,
            )
        )
    elif track.progress == "III":
        track.progress = "II"
        facts.append(
            say(
                f"{{name}} moves {v.his} marker on objective **{{letter}}** to II ({{why}}).",
                name=v.name,
                letter=choice.option,
                why=choice.reason,
            )
        )
    else:
        vp = highest_free_spot(track.taken_spots())
        track.progress, track.opponent_vp = "claimed", vp
        st.score("Objectives", vp)
        facts.append(
            say(
                f"{{name}}'s marker on objective **{{letter}}** reaches I: {v.he} claims "
                "the {vp} VP spot ({why}).",
                name=v.name,
                letter=choice.option,
                vp=vp,
                why=choice.reason,
            )
        )


def highest_free_spot(taken: set[int]) -> int:
    free = [vp for vp in gah_data().objective_vp if vp not in taken]
    if not free:
        raise RuleError(say("Every VP spot on that objective is taken."))
    return max(free)
