"""Lords of Waterdeep against Pseudo, the scripted pseudo-player, as one registered game."""

from typing import Any

from bot.core.same_opponent import FINAL, Hidden, Refusal, SameOpponent
from bot.core.spec import GameSpec
from bot.games.waterdeep.commands import COMMANDS, VIEWS, Drawn, Hall, Override, Start
from bot.games.waterdeep.data import waterdeep_data
from bot.games.waterdeep.narrate import narrate
from bot.games.waterdeep.rules import WaterdeepRules
from bot.games.waterdeep.seen import seen

RULES = WaterdeepRules()


def hidden(st: Any) -> list[Hidden]:
    """Pseudo's three face-down decks, the next card first (a quest you complete leaves his
    quest deck)."""
    data = waterdeep_data()
    return [
        Hidden("Building stack", tuple(data.buildings[i].name for i in st.buildings.draw_pile)),
        Hidden("Quest deck", tuple(data.quests[i].name for i in st.quest_deck.draw_pile)),
        Hidden("Intrigue deck", tuple(data.intrigue[i].name for i in st.intrigue_deck.draw_pile)),
    ]


def draw_order(st: Any) -> list[str]:
    """Pseudo's quests, the Hall and the three decks as the secret shuffled them; his coin
    flips come from the secret and the moment of the game (round, his agent, agents on the
    board), so the reveal names how, not each flip."""
    data = waterdeep_data()

    def names(found: list[str]) -> str:
        return "; ".join(found)

    return [
        f"Pseudo's quests at the start: {names([data.quest(q).name for q in st.quests])}.",
        f"Builder's Hall at the start: {names([data.space(h.building).name for h in st.hall])}.",
        *(f"{h.name}, top first: {names(list(h.items))}." for h in hidden(st)),
        "Each coin flip: SHA-256 of the secret with the round, his agent and the agents on the "
        "board (`bot.core.priority.draw_seed`).",
    ]


def unplayed(st: Any) -> str | None:
    """The game ends after the eighth round, with the final scoring (rule 9)."""
    if st.phase == "finished" and st.round >= 8:
        return None
    return f"the game ended in round {st.round} of 8, before the final scoring"


SPEC = GameSpec(
    # BoardGameGeek: the BoardGameGeek address as public game lists write it
    bgg_id=110327,
    bgg_source="https://boardgamegeek.com/boardgame/110327/lords-waterdeep",
    key="waterdeep",
    rules=RULES,
    cog="cogs.waterdeep",
    commands=COMMANDS,
    start=Start,
    data=(waterdeep_data,),
    pictures={"waterdeep_board": "bot.games.waterdeep.pictures:waterdeep_board_png"},
    queries={"board": RULES.show_board, "choices": RULES.choices},
    views=VIEWS,
    turn=("place", "answer", "complete", "intrigue", "final"),
    opponent="Pseudo, the scripted pseudo-player",
    rules_source=(
        'Speusippus\' "Pseudo" solo variant (BoardGameGeek, 2012; incomplete, gaps '
        "filled by house rules D1-D15)"
    ),
    reconstructed=(
        "each intrigue card's first cube colour (derived from its text) and a few"
        f" disputed quest values; use `{Drawn.line()}`, `{Hall.line(place='…', building='…')}`"
        f" and `{Override.line(space='…')}` to follow the real table."
    ),
    seen=seen,
    narrate=narrate,
    unplayed=unplayed,
    complete="eight rounds, then the final scoring",
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
        refusals=(Refusal("drawn"), Refusal("hall"), Refusal("override", (), FINAL)),
        hidden=hidden,
        reveal=draw_order,
        honour=(
            "the agents you report are the ones you placed: his round plan shows his "
            "placements up to his next draw or coin, and what he draws shows when he draws it."
        ),
    ),
)
