"""The board the bot tracks: which spaces exist and are open, and what a space yields Pseudo.

Rule 7C's value: wizard and cleric 4, fighter and rogue 2, gold 1, each card 1 (VP 1 each);
"?" cubes count as the cube Pseudo takes; a cost counts per D8; the owner reward of a
building the player owns is subtracted (it only breaks ties, as a later key).
"""

from __future__ import annotations

from bot.core.errors import InputError
from bot.core.said import say
from bot.core.tokens import nearest, short
from bot.games.waterdeep.data import (
    CUBES,
    HARBOR,
    RESOURCES,
    UNPRICED,
    VALUE,
    VALUE_VP,
    Space,
    waterdeep_data,
)
from bot.games.waterdeep.settings import HOUSE_RULES
from bot.games.waterdeep.state import WaterdeepState


def spaces(st: WaterdeepState) -> list[Space]:
    """Every action space now on the board, in board order, then buildings in play."""
    data = waterdeep_data()
    return [*data.spaces, *(data.space(b.building) for b in st.in_play)]


# the Harbor as a whole, its first free space: in English and as German says it (`hafen`)
HARBOR_NAMES = (
    "waterdeep harbor",
    "harbor",
    "harbour",
    "waterdeep harbour",
    "hafen",
    "waterdeep hafen",
)


def open_spaces(st: WaterdeepState) -> list[Space]:
    return [s for s in spaces(st) if s.id not in st.occupied]


def find_space(st: WaterdeepState, text: str, *, for_placing: bool = True) -> Space:
    """A space by name or id (case-insensitive, unique part of a name); "Waterdeep Harbor"
    alone is its first free space, as agents fill the Harbor in order."""
    needle = " ".join(text.lower().replace("_", " ").split())
    everything = spaces(st)
    if needle in HARBOR_NAMES:
        free = [h for h in HARBOR if h not in st.occupied]
        if not free:
            raise InputError(say("Waterdeep Harbor is full."))
        return waterdeep_data().space(free[0])
    exact = [
        s
        for s in everything
        if needle in (s.id.replace("_", " "), s.label.lower(), s.name.lower())
        and (s.name.lower() != needle or s.id not in st.occupied or not for_placing)
    ]
    found = exact or [s for s in everything if needle and needle in s.label.lower()]
    if len({s.id for s in found}) == 1:
        return found[0]
    if len(found) > 1 and len({s.name for s in found}) == 1:
        free = [s for s in found if s.id not in st.occupied]
        return (free or found)[0]
    if found:
        names = ", ".join(s.label for s in found[:6])
        key = "`{text}` could be {names}: write more of the name."
        raise InputError(say(key, text=short(text), names=names))
    built = waterdeep_data()._spaces()
    if any(needle in (b.name.lower(), b.id.replace("_", " ")) for b in built.values()):
        key = "{text} is not in play: buy it in Builder's Hall first."
        raise InputError(say(key, text=short(text, 40)))
    near = ", ".join(nearest(text, (s.label for s in open_spaces(st) or everything)))
    if not near:
        raise InputError(say("`{text}` is no action space on the board.", text=short(text)))
    key = "`{text}` is no action space on the board; nearest: {names}."
    raise InputError(say(key, text=short(text), names=near))


def cost_of(st: WaterdeepState, space: Space) -> dict[str, int]:
    """What Pseudo pays to use the space: gold, and adventurers for The Three Pearls (his
    least valued ones first)."""
    cost = dict(space.pay)
    left = space.pay_adventurers
    for cube in sorted(CUBES, key=lambda c: (VALUE[c], -st.tavern[c])):
        take = min(left, st.tavern[cube])
        if take:
            cost[cube] = cost.get(cube, 0) + take
            left -= take
    if left:
        cost["adventurers"] = left  # he cannot pay
    return cost


def can_use(st: WaterdeepState, space: Space) -> bool:
    """D8: a space with a cost counts only if Pseudo can pay it."""
    cost = cost_of(st, space)
    return "adventurers" not in cost and st.tavern.can_pay(cost)


def pick_cube(options: list[str], wanted: str | None) -> str:
    """The cube Pseudo takes for a "?": the one the script looks for, else the most valued
    (card order on ties)."""
    if wanted in options:
        return wanted
    return max(options, key=lambda c: (VALUE[c], -CUBES.index(c)))


def yields(st: WaterdeepState, space: Space, wanted: str | None = None) -> dict[str, int]:
    """What the space gives Pseudo now (piles, per-building gold, "?" cubes as he takes them)."""
    out = dict(space.gives)
    for name, amount in st.pile(space.id).items():
        out[name] = out.get(name, 0) + amount
    for name, amount in space.per_building.items():
        out[name] = out.get(name, 0) + amount * len(st.in_play)
    if space.choose is not None:
        cube = pick_cube(space.choose.options, wanted)
        out[cube] = out.get(cube, 0) + space.choose.count
    return out


def worth(gains: dict[str, int]) -> int:
    return sum(VALUE.get(k, VALUE_VP if k == "vp" else 0) * v for k, v in gains.items())


def owner_reward_value(st: WaterdeepState, space: Space) -> int:
    """The owner reward the player would get if Pseudo used the player's building."""
    if st.owner(space.id) != "you":
        return 0
    value = worth(space.owner_gets)
    if space.owner_one_of:
        value += max(VALUE[c] for c in space.owner_one_of)
    if space.owner_choose is not None:
        value += space.owner_choose.count * max(VALUE[c] for c in space.owner_choose.options)
    return value


def value(st: WaterdeepState, space: Space, wanted: str | None = None) -> int:
    """Rule 7C's value of the space to Pseudo, without the owner reward (a later key)."""
    if space.id in UNPRICED:
        return 0  # D1: the formula cannot price it
    gained = worth(yields(st, space, wanted))
    if HOUSE_RULES.value(st.options, "space_costs") == "net":
        gained -= worth({k: v for k, v in cost_of(st, space).items() if k in RESOURCES})
    return gained


def net_value(st: WaterdeepState, space: Space, wanted: str | None = None) -> int:
    return value(st, space, wanted) - owner_reward_value(st, space)
