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
    queries={"board": RULES.show_board},
)
