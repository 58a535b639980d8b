"""Fifth Avenue (two-player rules, Alea) as one registered game."""

from bot.core.spec import GameSpec
from bot.games.fifth_avenue.commands import COMMANDS, Start
from bot.games.fifth_avenue.data import alea_data
from bot.games.fifth_avenue.rules import AleaRules

RULES = AleaRules()

SPEC = GameSpec(
    key="alea",
    rules=RULES,
    cog="cogs.fifth_avenue",
    commands=COMMANDS,
    start=Start,
    data=(alea_data,),
    pictures={"alea_odds": "bot.games.fifth_avenue.pictures:odds_png"},
    queries={"odds": RULES.odds},
    turn=("round", "auction", "result", "build", "building-stop", "supply-empty", "end"),
    opponent="Alea, the imaginary third bidder of the two-player rules",
    rules_source="the two-player section of the English 5th Avenue rule book",
    reconstructed=(
        "one district name; the plots' values are yours to give (`/alea build plots:…`)."
    ),
)
