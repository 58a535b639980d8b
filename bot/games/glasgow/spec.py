"""Glasgow (Freddy I / Freddy II) as one registered game."""

from bot.core.spec import GameSpec
from bot.games.glasgow.commands import COMMANDS, Start
from bot.games.glasgow.data import glasgow_data
from bot.games.glasgow.rules import GlasgowRules

RULES = GlasgowRules()

SPEC = GameSpec(
    key="glasgow",
    rules=RULES,
    cog="cogs.glasgow",
    commands=COMMANDS,
    start=Start,
    data=(glasgow_data,),
    pictures={"glasgow_city": "bot.games.glasgow.pictures:city_png"},
    queries={"board": RULES.show_board},
)
