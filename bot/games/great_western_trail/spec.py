"""Great Western Trail against Sam as one registered game."""

from bot.core.spec import GameSpec
from bot.games.great_western_trail.commands import COMMANDS, Start
from bot.games.great_western_trail.data import gwt_data
from bot.games.great_western_trail.rules import GwtRules

RULES = GwtRules()

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
)
