"""Lords of Waterdeep against Pseudo, the scripted pseudo-player, as one registered game."""

from typing import Any

from bot.core.same_opponent import SameOpponent
from bot.core.spec import GameSpec
from bot.games.waterdeep.commands import COMMANDS, Start
from bot.games.waterdeep.data import waterdeep_data
from bot.games.waterdeep.rules import WaterdeepRules

RULES = WaterdeepRules()


def draw_order(st: Any) -> list[str]:
    """Pseudo's quests, the Hall and the three decks as the seed shuffled them."""
    data = waterdeep_data()

    def names(found: list[str]) -> str:
        return "; ".join(found)

    return [
        f"Pseudo's quests at the start: {names([data.quest(q).name for q in st.quests])}.",
        f"Builder's Hall at the start: {names([data.space(h.building).name for h in st.hall])}.",
        "Building stack, top first: "
        f"{names([data.buildings[i].name for i in st.buildings.draw_pile])}.",
        f"Quest deck, top first: {names([data.quests[i].name for i in st.quest_deck.draw_pile])}.",
        "Intrigue deck, top first: "
        f"{names([data.intrigue[i].name for i in st.intrigue_deck.draw_pile])}.",
    ]


SPEC = GameSpec(
    key="waterdeep",
    rules=RULES,
    cog="cogs.waterdeep",
    commands=COMMANDS,
    start=Start,
    data=(waterdeep_data,),
    pictures={"waterdeep_board": "bot.games.waterdeep.pictures:waterdeep_board_png"},
    queries={"board": RULES.show_board, "choices": RULES.choices},
    turn=("place", "answer", "complete", "intrigue", "final"),
    opponent="Pseudo, the scripted pseudo-player",
    rules_source=(
        'Speusippus\' "Pseudo" solo variant (BoardGameGeek, 2012; incomplete, gaps '
        "filled by house rules D1-D15)"
    ),
    reconstructed=(
        "each intrigue card's first cube colour (derived from its text) and a few"
        " disputed quest values; use `/waterdeep drawn`, `/waterdeep hall place:… building:…`"
        " and `/waterdeep override space:…` to follow the real table."
    ),
    same=SameOpponent(
        means=(
            "Pseudo's quests, buildings and intrigue cards come from the same shuffled decks "
            "in the same order, and a coin flip falls the same way at the same moment of the "
            "game (round, his agent, agents on the board). Which spaces he takes depends on "
            "your board, and a quest you complete leaves his deck, so he then draws the next "
            "one in the same order."
        ),
        fixed={
            "pseudo_cards": ("bot",),
            "coin": ("seeded",),
            "pseudo_choices": ("script",),
            "primary": (None,),
            "secondary": (None,),
        },
        refused=("drawn", "hall", "override"),
        order=draw_order,
    ),
)
