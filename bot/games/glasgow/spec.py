"""Glasgow (Freddy I / Freddy II) as one registered game."""

from bot.core.same_opponent import SameOpponent
from bot.core.spec import GameSpec
from bot.games.glasgow.commands import COMMANDS, VIEWS, Start
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
    views=VIEWS,
    turn=("action", "row", "build", "done", "pick", "room", "final"),
    opponent="Freddy I or Freddy II, the construction robot",
    rules_source=(
        'the solo variant "Freddy the construction robot" by Grzegorz Kobiela (a rough translation)'
    ),
    reconstructed=(
        "the base-game scoring values (reviewer-reported; bank rates "
        "reconstructed): each is a start option shown in the final breakdown; you"
        " enter the dealt buildings and contracts."
    ),
    same=SameOpponent(
        means=(
            "Freddy draws nothing himself: the buildings and contracts come from your own "
            "deck. The same means the same Freddy and the same scoring options: given the "
            "same rows and contracts, he builds exactly the same; where he builds depends on "
            "your city."
        ),
    ),
)
