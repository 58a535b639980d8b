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
)
