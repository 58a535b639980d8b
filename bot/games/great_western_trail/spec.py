"""Great Western Trail against Sam as one registered game."""

from typing import Any

from bot.core.same_opponent import SameOpponent
from bot.core.spec import GameSpec
from bot.games.great_western_trail.commands import COMMANDS, Start
from bot.games.great_western_trail.data import gwt_data
from bot.games.great_western_trail.rules import GwtRules

RULES = GwtRules()


def draw_order(st: Any) -> list[str]:
    """Sam's cards as the seed shuffled them, and his tile, for a challenge's reveal."""
    cards = ", ".join(f"#{card}" for card in st.deck.draw_pile)
    return [f"Sam's deck, top first: {cards}.", f'Sam\'s "2" tile: {st.options.tile}.']


SPEC = GameSpec(
    key="gwt",
    rules=RULES,
    cog="cogs.great_western_trail",
    commands=COMMANDS,
    start=Start,
    data=(gwt_data,),
    pictures={"gwt_board": "bot.games.great_western_trail.pictures:gwt_board_png"},
    queries={"board": RULES.show_board, "card": RULES.show_card},
    turn=("turn", "answer", "end"),
    opponent="Sam, easy / medium / hard, with specialization",
    rules_source=(
        'the official "Lonely are the Brave" solo rules for Great Western Trail, 2nd edition'
    ),
    reconstructed=(
        "the faces of Sam's 15 cards (movement and icons): draw the real card "
        "with `/gwt turn card:…`, correct a card with `/gwt card number:…`; board data "
        "from a fan implementation."
    ),
    same=SameOpponent(
        means=(
            "Sam's cards in the same shuffled order (reshuffled the same way when his deck runs "
            'out) and the same "2" tile: what you report of your table decides how far he '
            "goes, never which card comes next."
        ),
        own_draws={"turn": ("card",)},
        order=draw_order,
    ),
)
