"""Sam's herder on the trail, and the actions that take a card or a tile: objective (#7),
outlaw bounty (#8), hazard (#9)."""

from __future__ import annotations

from typing import Any

from bot.core.agenda import Ask, Choice, Turn
from bot.core.errors import InputError
from bot.core.priority import Key, TieBreak, resolve
from bot.core.said import say
from bot.core.tokens import is_none, labelled, number, short
from bot.games.great_western_trail.cards import card_of
from bot.games.great_western_trail.commands import TurnCmd
from bot.games.great_western_trail.data import gwt_data, why
from bot.games.great_western_trail.facts import ask_fact, given, read_count, without_tokens
from bot.games.great_western_trail.names import HAZARD, OUTLAW
from bot.games.great_western_trail.state import GwtState, Hazard, HazardTile, Objective
from bot.games.great_western_trail.ties import decide

SECTIONS = HAZARD  # read in either language, by a beginning too (`f`, `flut`, `dürre`)
HAZARD_SPACES = 4  # tiles one hazard section of the trail holds
HAZARD_EXAMPLE = "flood:4:3 drought:2 rockfall:4:4"
OUTLAW_EXAMPLE = "4:G 7:O"


def move_steps(st: GwtState, number_of_card: int, player_buildings: int | None) -> int | None:
    """How far his herder moves (1..5), or None while your building count is needed."""
    card = card_of(st, number_of_card)
    rules = gwt_data().movement
    kind = card.movement.kind
    if kind == "fixed":
        raw = card.movement.steps
    elif kind == "workers":
        raw = st.board.workers[st.board.specialization]
    else:
        sams = len(st.board.buildings)
        if sams < rules.max and player_buildings is None:
            return None
        raw = max(sams, player_buildings or 0)
    return max(rules.min, min(rules.max, raw))


def yours_at_least(st: GwtState, turn: Turn[Any]) -> int | None:
    """Your building count: reported, or remembered once it reaches the most his herder
    moves (buildings stay on the board, so it can only grow)."""
    if card_of(st, st.card or 0).movement.kind != "buildings":
        return None
    count = given(st, turn.inputs, "buildings", read_count)
    remembered = st.table.recall("buildings")
    if count is None and remembered is not None and int(remembered) >= gwt_data().movement.max:
        count = remembered
    return None if count is None else int(count)


def move(st: GwtState, turn: Turn[Any]) -> Ask | None:
    assert st.card is not None
    card = card_of(st, st.card)
    steps = move_steps(st, st.card, yours_at_least(st, turn))
    if steps is None:
        return ask_fact(
            st,
            "buildings",
            prompt=say(
                "How many buildings do you have on the board? (Sam moves 1 step per building "
                "of the player with most buildings)"
            ),
            choices=[Choice(label=str(n), value=str(n)) for n in range(13)],
        )
    why = {
        "fixed": {},
        "workers": {
            "why": say(
                "1 per {worker}, at least 1, at most 5",
                worker=st.board.specialization,  # the worker as the catalog names it
            )
        },
        "buildings": {
            "why": say("1 per building of the player with most buildings, at least 1, at most 5")
        },
    }[card.movement.kind]
    fee = gwt_data().movement.fee_per_hand_2p
    st.board.herder += steps
    moved = (
        f"Move Sam's herder **{'1 step' if steps == 1 else '{n} steps'}** forward"
        f"{' ({why})' if why else ''}: the shortest path, then the cheapest, then the one where "
        "he pays you the least fees."
    )
    turn.facts.append(
        say(
            "{moved} {fees} {early}",
            moved=say(moved, **why, **({"n": steps} if steps != 1 else {})),
            fees=say(
                "For each of your buildings with a hand he moves to or passes, take {fee} $ per "
                "hand from the bank.",
                fee=fee,
            ),
            early=say("He stops early at Kansas City."),
        )
    )
    return None


def objective(st: GwtState, turn: Turn[Any]) -> Ask | None:
    step: Objective = turn.step
    st.board.objectives += 1
    why = " for his delivery" if step.why == "delivery" else ""
    turn.facts.append(
        say(
            f"Sam takes the objective card{why} **farthest from the objective stack**, face down "
            "next to his board (it scores as completed). Slide the others away from the stack "
            "and refill the empty spot next to it."
        )
    )
    return None


def parse_outlaws(text: str) -> dict[int, str]:
    """Occupied numbered outlaw spaces and their tiles' colours: `4:G 7:O`."""
    spaces: dict[int, str] = {}
    for entry in labelled(text, what="an outlaw space", example=OUTLAW_EXAMPLE):
        space = number(entry.label, what="outlaw space", low=1, high=9)
        colour = OUTLAW.read(entry.values[0])
        if colour is None:
            raise InputError(f"`{short(entry.values[0])}`: an outlaw is G (green) or O (orange).")
        if space in spaces:
            raise InputError(f"Outlaw space {space} is listed twice.")
        spaces[space] = colour
    return spaces


def outlaw(st: GwtState, turn: Turn[Any]) -> Ask | None:
    text = given(st, turn.inputs, "outlaws", read_outlaws)
    if text is None:
        return st.table.ask(
            "outlaws",
            prompt=say(
                "Which numbered outlaw spaces hold a tile? Space and colour (G green, O "
                f"orange): `{TurnCmd.line(outlaws=OUTLAW_EXAMPLE)}`, or `none`"
            ),
            command="turn",
            choices=[Choice(label=say("No outlaw on a numbered space"), value="none")],
        )
    if is_none(text):
        turn.facts.append(say("No outlaw tile is on a numbered space: Sam collects no bounty."))
        return None
    spaces = parse_outlaws(text)
    space = max(spaces)
    st.board.outlaws.append(spaces[space])
    st.table.update("outlaws", without_tokens(text, [str(space)], lambda t: t.split(":")[0]))
    turn.facts.append(
        say(
            f"Sam collects the bounty for the **{spaces[space]} outlaw on space {{space}}**, the "
            "highest occupied numbered space (he gains no money): put the tile next to his board.",
            space=space,
        )
    )
    return None


def read_outlaws(_: str | None, typed: str) -> str:
    if not is_none(typed):
        parse_outlaws(typed)
    return typed


def read_hazards(_: str | None, typed: str) -> str:
    if not is_none(typed):
        parse_hazards(typed)
    return typed


def without_hazard(text: str, section: str, vp: int) -> str:
    """The hazards once Sam took one tile worth `vp` from `section`."""
    left = []
    for entry in labelled(
        text, what="a hazard section", example="", labels=SECTIONS, max_values=18
    ):
        values = list(entry.values)
        if entry.label == section:
            values.remove(next(v for v in values if int(v) == vp))
        if values:
            left.append(":".join([entry.label, *values]))
    return " ".join(left) or "none"


def parse_hazards(text: str) -> dict[str, list[int]]:
    sections: dict[str, list[int]] = {}
    for entry in labelled(
        text, what="a hazard section", example=HAZARD_EXAMPLE, labels=SECTIONS, max_values=18
    ):
        if entry.label in sections:
            raise InputError(f"The {entry.label} section is listed twice.")
        if len(entry.values) > HAZARD_SPACES:
            raise InputError(
                f"The {entry.label} section lists {len(entry.values)} tiles: it holds at most "
                f"{HAZARD_SPACES} tiles."
            )
        sections[entry.label] = [number(v, what="hazard VP", low=2, high=4) for v in entry.values]
    return sections


def hazard(st: GwtState, turn: Turn[Any]) -> Ask | None:
    step: Hazard = turn.step
    step.hazards = given(st, turn.inputs, "hazards", read_hazards) or step.hazards
    if step.hazards is None:
        return st.table.ask(
            "hazards",
            prompt=say(
                "Which hazard tiles are on the trail? Each section with the VP of its tiles: "
                f"`{TurnCmd.line(hazards=HAZARD_EXAMPLE)}`, or `none`"
            ),
            command="turn",
            choices=[Choice(label=say("No hazard on the trail"), value="none")],
        )
    sections = {} if is_none(step.hazards) else parse_hazards(step.hazards)
    choice = resolve(
        sorted(sections),
        keys=[
            Key("the section with most tiles", lambda s: len(sections[s])),
            Key("the highest single tile", lambda s: max(sections[s])),
        ],
        tie_break=TieBreak.ASK,
    )
    chosen, ask = decide(
        choice,
        turn,
        prompt=say("Which hazard section does Sam clear a tile from?"),
        label=say,  # the section as the catalog names it (`Dürre`)
    )
    if ask is not None:
        return ask
    if chosen is None:
        turn.facts.append(say("No hazard is on the trail: Sam removes none."))
        return None
    vp = max(sections[chosen])
    st.board.hazards.append(HazardTile(section=chosen, vp=vp))
    st.table.update("hazards", without_hazard(step.hazards, chosen, vp))
    turn.facts.append(
        say(
            "Sam removes the **{section} hazard worth {vp} VP** ({why}; the tile worth most VP), "
            "for free: put it next to his board.",
            section=chosen,  # as the catalog names it (`Dürre`)
            vp=vp,
            why=why(choice.reason),
        )
    )
    return None
