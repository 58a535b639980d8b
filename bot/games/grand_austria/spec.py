"""Grand Austria Hotel as one registered game."""

from bot.core.spec import GameSpec
from bot.games.grand_austria.commands import COMMANDS, Start
from bot.games.grand_austria.data import gah_data
from bot.games.grand_austria.rules import GahRules

RULES = GahRules()

SPEC = GameSpec(
    key="gah",
    rules=RULES,
    cog="cogs.grand_austria",
    commands=COMMANDS,
    start=Start,
    data=(gah_data,),
    pictures={"gah_board": "bot.games.grand_austria.pictures:gah_board_png"},
    queries={"board": RULES.show_board},
    turn=("claim", "turn", "staff", "round-end", "final"),
    opponent="Leopold (base game, modules 3 and 5) or Elisabeth (modules 1 and 2)",
    rules_source=(
        'the official "Dinner for One" solo rules for Grand Austria Hotel and Let\'s '
        "Waltz! (Lookout, 2022)"
    ),
    reconstructed=(
        "Emperor VP on spaces 8 and 10 (`/gah start emperor_table:…` or asked), Leopold's "
        "private staff deck (`/gah staff card:…`), card numbers 205 and 206, the Let's "
        "Waltz! ballroom scoring and printed tiles (asked)."
    ),
)
