"""Glasgow (Freddy I / Freddy II) as one registered game."""

from typing import Any

from bot.core.same_opponent import SameOpponent
from bot.core.spec import GameSpec
from bot.games.glasgow.commands import COMMANDS, VIEWS, Start
from bot.games.glasgow.data import glasgow_data
from bot.games.glasgow.narrate import narrate
from bot.games.glasgow.rules import GlasgowRules

RULES = GlasgowRules()

CITY = 20  # "the game ends as soon as 20 buildings have been built in a 4x5 or 5x4 grid"


def unplayed(st: Any) -> str | None:
    """The game ends when the city is complete: 20 buildings in a 4x5 or 5x4 grid."""
    built = len(st.city.cells)
    if st.finished and built >= CITY:
        return None
    return f"the city has {built} of {CITY} buildings: the game ends when it is complete"


SPEC = GameSpec(
    # BoardGameGeek: no stored public page gives Glasgow's (Lookout, 2020) id: unconfirmed,
    # so none is declared and its plays match by name (docs/plays-exchange.md)
    bgg_id=None,
    bgg_confirmed=False,
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
    unplayed=unplayed,
    narrate=narrate,
    complete="the city complete (20 buildings, 4x5 or 5x4), then the final scoring",
    same=SameOpponent(
        means=(
            "Freddy draws nothing himself: the buildings and contracts come from your own "
            "deck. The same means the same Freddy and the same scoring options: given the "
            "same rows and contracts, he builds exactly the same; where he builds depends on "
            "your city."
        ),
    ),
)
