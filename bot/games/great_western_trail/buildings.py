"""Place one of Sam's buildings (cards #4, #11, #14), always on the b-side, for free.

Where: the next empty non-risk building space in front of the player's herder (the start of the
trail if none is left before Kansas City). Which, in order: 1) a new building using as many
builders as possible; 2) tax buildings (a hand) first; 3) if none can be placed, replace one of
his buildings with a new one using as many builders as possible (he needs builders for the
difference); 4) replacing the costliest; 5) keeping or increasing his tax buildings.
#14 when not builder-specialized: a building needing 1 builder only (or a replacement by 1)."""

from __future__ import annotations

from typing import Any

from bot.core.agenda import Ask, Turn
from bot.core.priority import Key, TieBreak, resolve
from bot.core.said import Said, say
from bot.games.great_western_trail.data import Building, gwt_data
from bot.games.great_western_trail.data import why as reason
from bot.games.great_western_trail.state import Build, GwtState
from bot.games.great_western_trail.ties import decide

HANDS = {"none": "no hand", "green": "green hand", "black": "black hand", "both": "both hands"}


def describe(b: Building) -> Said:
    hand = HANDS[b.hand]  # as the catalog names it (`grüne Hand`)
    if b.builders == 1:
        return say("#{n}b (1 builder, {hand})", n=b.number, hand=hand)
    return say("#{n}b ({k} builders, {hand})", n=b.number, k=b.builders, hand=hand)


def options(
    st: GwtState, one_builder: bool
) -> tuple[list[Building], list[tuple[Building, Building]]]:
    """New buildings he can place, and (placed, new) replacements he can make."""
    tiles = gwt_data().buildings.tiles
    board = st.board
    builders = board.workers["builder"]
    unplaced = [b for b in tiles if b.number not in board.buildings + board.removed_buildings]
    if one_builder:
        new = [b for b in unplaced if b.builders == 1]
    else:
        new = [b for b in unplaced if b.builders <= builders]
    placed = [gwt_data().building(n) for n in board.buildings]
    swaps = [
        (old, b)
        for old in placed
        for b in unplaced
        if b.builders > old.builders
        and (
            b.builders - old.builders == 1 if one_builder else b.builders - old.builders <= builders
        )
    ]
    return new, swaps


def build(st: GwtState, turn: Turn[Any]) -> Ask | None:
    step: Build = turn.step
    one = step.form == "one_builder"
    new, swaps = options(st, one)
    why = "Sam is not specialized in builders: 1 builder only; " if one else ""
    if new and turn.inputs.take("building_space") == "none":
        new = []
        turn.facts.append(say("No empty non-risk building space is left on the trail."))
    if new:
        choice = resolve(
            new,
            keys=[
                Key("as many builders as possible", lambda b: b.builders),
                Key("a tax building first", lambda b: b.tax),
            ],
            tie_break=TieBreak.ASK,
        )
        chosen, ask = decide(
            choice,
            turn,
            prompt=say("Which building does Sam place? The rules leave this tie to you."),
            label=describe,
            value=lambda b: str(b.number),
        )
        if ask is not None:
            return ask
        assert chosen is not None
        st.board.buildings.append(chosen.number)
        turn.facts.append(
            say(
                f"Sam places building **{{building}}** ({why}{{reason}}) on the next empty "
                "non-risk building space in front of your herder (at the start of the trail if "
                "there is none before Kansas City).",
                building=describe(chosen),
                reason=reason(choice.reason),
            )
        )
        return None
    if not swaps:
        turn.facts.append(say("Sam can neither place nor replace a building: nothing happens."))
        return None
    swap = resolve(
        swaps,
        keys=[
            Key("a new building using as many builders as possible", lambda s: s[1].builders),
            Key("replacing the costliest", lambda s: s[0].builders),
            Key("keeping his tax buildings", lambda s: int(s[1].tax) - int(s[0].tax)),
        ],
        tie_break=TieBreak.ASK,
    )
    chosen_swap, ask = decide(
        swap,
        turn,
        prompt=say("Which replacement does Sam make? The rules leave this tie to you."),
        label=lambda s: say("#{old}b → {new}", old=s[0].number, new=describe(s[1])),
        value=lambda s: f"{s[0].number}-{s[1].number}",
    )
    if ask is not None:
        return ask
    assert chosen_swap is not None
    old, new_b = chosen_swap
    board = st.board
    board.buildings[board.buildings.index(old.number)] = new_b.number
    board.removed_buildings.append(old.number)
    turn.facts.append(
        say(
            "Sam has no new building to place, so he replaces his building **#{old}b** with "
            f"**{{building}}** ({why}{{reason}}); #{{gone}}b leaves the game.",
            old=old.number,
            building=describe(new_b),
            reason=reason(swap.reason),
            gone=old.number,
        )
    )
    return None
