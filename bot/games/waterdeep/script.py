"""Pseudo's turn script, rules 7A–7D, as one priority chain with a trace the player can check.

7A/7B: the resources his uncompleted quests require, quest by quest from the top (each quest
left to right, D7), until one his tavern does not hold enough of for that quest.
7C: the open space giving most of it; ties by value (wizard/cleric 4, fighter/rogue 2, gold 1,
card 1, the player's owner reward subtracted); still tied: a coin (D15).
7D: Castle Waterdeep; else Builder's Hall if he can afford a building; else the space of highest
value; else Waterdeep Harbor; else no placement.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.core.priority import Choice, Filter, Key, TieBreak, draw_seed, resolve
from bot.core.said import say
from bot.games.waterdeep.board import (
    can_use,
    net_value,
    open_spaces,
    yields,
)
from bot.games.waterdeep.data import (
    BUILDERS_HALL,
    CASTLE,
    HARBOR,
    RESOURCES,
    Space,
    waterdeep_data,
)
from bot.games.waterdeep.settings import HOUSE_RULES
from bot.games.waterdeep.state import HallSlot, WaterdeepState


@dataclass
class Decision:
    """Where Pseudo goes and why; `tie` is set when the player must break a tie (D15 ask)."""

    space: Space | None
    trace: str
    wanted: str | None = None  # the resource 7B looked for (his "?" cubes go to it)
    tie: Choice[Space] | None = None
    tied: tuple[Space, ...] = ()  # the spaces a coin chose among (each one's taking matters)


def scan(st: WaterdeepState) -> list[tuple[str, str]]:
    """7A/7B: (quest, resource) in the order the script reads them."""
    data = waterdeep_data()
    order = list(RESOURCES)
    if HOUSE_RULES.value(st.options, "resource_order") == "right_to_left":
        order.reverse()
    return [
        (quest, r) for quest in st.quests for r in order if data.quest(quest).requires.get(r, 0) > 0
    ]


def looking_for(st: WaterdeepState) -> str | None:
    """The first adventurer 7B finds him short of: what he takes when a card lets him choose
    (D4, D11)."""
    data = waterdeep_data()
    return next(
        (
            r
            for quest, r in scan(st)
            if r != "gold" and st.tavern[r] < data.quest(quest).requires[r]
        ),
        None,
    )


def usable(st: WaterdeepState, *, harbor: bool = True) -> list[Space]:
    return [s for s in open_spaces(st) if can_use(st, s) and (harbor or s.id not in HARBOR)]


def coin_seed(st: WaterdeepState) -> int:
    """Your agents the plan placed `elsewhere` count as on the board: the same coin as when
    you report each one."""
    agents = len(st.occupied) + st.elsewhere
    return draw_seed(st.seed, "coin", st.round, st.placed["pseudo"], agents)


def _tie_break(st: WaterdeepState) -> tuple[TieBreak, int | None]:
    if HOUSE_RULES.value(st.options, "coin") == "ask":
        return TieBreak.ASK, None
    return TieBreak.RANDOM, coin_seed(st)


def _listing(st: WaterdeepState, found: list[Space], wanted: str | None) -> str:
    """The candidates with their numbers, `The Plinth 1/4` (how many of `wanted` / value), or
    `The Plinth 4` (value): names and numbers only, so the listing reads in any language."""
    shown = []
    for s in found:
        gives = f"{yields(st, s, wanted).get(wanted, 0)}/" if wanted else ""
        shown.append(f"{s.label} {gives}{net_value(st, s, wanted)}")
    return ", ".join(shown)


def decide(st: WaterdeepState, *, reassigning: bool = False) -> Decision:
    """The script's choice on the board as the bot knows it. Reassigning from the Harbor at
    round end (D10), the Harbor itself is out."""
    candidates = usable(st, harbor=not reassigning)
    data = waterdeep_data()
    tie_break, seed = _tie_break(st)
    for quest, wanted in scan(st):
        need = data.quest(quest).requires[wanted]
        have = st.tavern[wanted]
        if have >= need:
            continue
        giving = [s for s in candidates if yields(st, s, wanted).get(wanted, 0) > 0]
        if not giving:
            continue
        choice = resolve(
            giving,
            keys=[
                Key(f"most {wanted}", lambda s, w=wanted: yields(st, s, w).get(w, 0)),
                Key("highest value", lambda s, w=wanted: net_value(st, s, w)),
            ],
            tie_break=tie_break,
            seed=seed,
        )
        trace = say(
            "7B: {quest} needs {amount}, he has {have}; 7C ({cube}/value): {listing}; {reason}",
            quest=data.quest(quest).name,
            amount=f"{need} {wanted}",  # `2 wizard`, as the catalog says it
            have=have,
            cube=wanted,
            listing=_listing(st, giving, wanted),
            reason=choice.reason,
        )
        if choice.needs_player:
            return Decision(None, trace, wanted, choice)
        return Decision(choice.option, trace, wanted, tied=choice.tied)
    head = "7B: no space gives a resource his quests still need"
    if not scan(st):
        head = "7B: he has no quest"
    open_ids = {s.id for s in candidates}
    if CASTLE in open_ids:
        return Decision(data.space(CASTLE), say(f"{head}; 7D: Castle Waterdeep is free"))
    if BUILDERS_HALL in open_ids and hall_choice(st) is not None:
        slot = hall_choice(st)
        assert slot is not None
        return Decision(
            data.space(BUILDERS_HALL),
            say(
                f"{head}; 7D: Castle Waterdeep taken; Builder's Hall, he can afford {{building}}",
                building=data.space(slot.building).name,
            ),
        )
    rest = [s for s in candidates if s.id not in HARBOR and s.id not in (CASTLE, BUILDERS_HALL)]
    if rest:
        choice = resolve(
            rest,
            keys=[Key("highest value", lambda s: net_value(st, s))],
            tie_break=tie_break,
            seed=seed,
        )
        trace = say(
            f"{head}; 7D: Castle taken, no building he can afford; highest value: "
            "{listing}; {reason}",
            listing=_listing(st, rest, None),
            reason=choice.reason,
        )
        if choice.needs_player:
            return Decision(None, trace, None, choice)
        return Decision(choice.option, trace, tied=choice.tied)
    harbor = [s for s in candidates if s.id in HARBOR]
    if harbor:
        return Decision(harbor[0], say(f"{head}; 7D: every other space is taken: Waterdeep Harbor"))
    return Decision(None, say(f"{head}; 7D: no space is open: Pseudo cannot place this turn"))


def hall_choice(st: WaterdeepState) -> HallSlot | None:
    """7D: the building worth most VP (D9) that Pseudo can afford, ties leftmost."""
    data = waterdeep_data()
    by_cost = HOUSE_RULES.value(st.options, "building_worth") == "cost"
    choice = resolve(
        st.hall,
        filters=[
            Filter(
                "affordable",
                lambda h: data.space(h.building).cost <= st.tavern["gold"],
                required=True,
            )
        ],
        keys=[
            Key(
                "most VP",
                lambda h: data.space(h.building).cost if by_cost else h.vp,
            )
        ],
        tie_break=TieBreak.LEFTMOST,
    )
    return choice.option
