"""Lords of Waterdeep against Pseudo, the scripted pseudo-player, as one registered game."""

from bot.core.spec import GameSpec
from bot.games.waterdeep.commands import COMMANDS, Start
from bot.games.waterdeep.data import waterdeep_data
from bot.games.waterdeep.rules import WaterdeepRules

RULES = WaterdeepRules()

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
)
