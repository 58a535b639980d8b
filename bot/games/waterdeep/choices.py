"""What the player can answer, as the board knows it: open spaces as choices (buttons or a
select menu on a phone), and the names an option may take now (for autocomplete).

Builder's Hall is one choice per building on offer: its value `builders_hall.<building>` says
both where the agent went and what it bought, so one click places it.
"""

from __future__ import annotations

from bot.core.agenda import Choice
from bot.core.errors import InputError
from bot.core.said import say
from bot.games.waterdeep.board import open_spaces, spaces
from bot.games.waterdeep.data import BUILDERS_HALL, HARBOR, waterdeep_data
from bot.games.waterdeep.intrigue import GIFTS, RETURNS, RULE5, TOUCHING
from bot.games.waterdeep.state import WaterdeepState

MAX_CHOICES = 25  # a Discord select menu's limit
HALL_PREFIX = BUILDERS_HALL + "."
HARBOR_NAME = "Waterdeep Harbor"


def placements(st: WaterdeepState, *, reassigning: bool = False) -> list[Choice]:
    """The open spaces the player's agent can go to, in board order, then buildings in play.
    The Harbor is one choice (agents fill it in order); a reassigned agent cannot go there."""
    data = waterdeep_data()
    out: list[Choice] = []
    harbor = False
    for space in open_spaces(st):
        if space.id in HARBOR:
            if not reassigning and not harbor:
                out.append(Choice(label=say(HARBOR_NAME), value="waterdeep_harbor"))
            harbor = True
        elif space.id == BUILDERS_HALL:
            out += [
                Choice(
                    label=say(
                        "Builder's Hall: buy {building}", building=data.space(h.building).name
                    ),
                    value=HALL_PREFIX + h.building,
                )
                for h in st.hall
            ]
        else:
            out.append(Choice(label=say(space.label), value=space.id))  # a printed name
    return out[:MAX_CHOICES]


def hall_purchase(space: str, building: str | None) -> tuple[str, str | None]:
    """A placement choice `builders_hall.<building>` as the typed form (space, building)."""
    if not space.startswith(HALL_PREFIX):
        return space, building
    key = space.removeprefix(HALL_PREFIX)
    if building is not None:
        raise InputError("Name the building once: in `space:` or in `building:`, not both.")
    try:
        return BUILDERS_HALL, waterdeep_data().space(key).name
    except KeyError:
        raise InputError("That building is not in Builder's Hall.") from None


def touching_pseudo() -> list[str]:
    """The intrigue cards `/waterdeep intrigue` has something to do for (the others do not
    touch Pseudo's mat): what its autocomplete offers, 24 of the 31, so all fit in one list."""
    ids = {*RETURNS, *GIFTS, *RULE5, *TOUCHING}
    cards = waterdeep_data().intrigue
    return [c.name for c in cards if c.id in ids or c.category == "mandatory_quest"]


def names(st: WaterdeepState, option: str) -> list[str]:
    """The names `option` ("place space", "drawn quest", …) may take in this game now, for
    autocomplete; empty for an option this game does not narrow down."""
    data = waterdeep_data()
    if option == "place space":
        reassigning = st.agenda.ask is not None and st.agenda.ask.command == "place"
        shown: list[str] = []
        for space in open_spaces(st):
            if space.id not in HARBOR:
                shown.append(space.label)
            elif not reassigning and HARBOR_NAME not in shown:
                shown.append(HARBOR_NAME)
        return shown
    if option == "override space":
        shown = [s.label for s in spaces(st) if s.id not in HARBOR]
        return [*shown, HARBOR_NAME]
    if option == "place building":
        return [data.space(h.building).name for h in st.hall]
    if option == "hall building":
        return [data.buildings[i].name for i in sorted(set(st.buildings.draw_pile))]
    if option == "drawn quest":
        held = {*st.quests, *st.completed, *st.your_quests}
        pile = sorted(set(st.quest_deck.draw_pile))
        return [data.quests[i].name for i in pile if data.quests[i].id not in held]
    if option == "complete quest":
        out = {*st.quests, *st.completed, *st.your_quests}
        return [q.name for q in [*data.quests, *data.mandatory] if q.id not in out]
    return []
