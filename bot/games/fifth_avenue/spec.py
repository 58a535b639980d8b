"""Fifth Avenue (two-player rules, Alea) as one registered game."""

from typing import Any

from bot.core.same_opponent import SameOpponent
from bot.core.spec import GameSpec
from bot.games.fifth_avenue.commands import COMMANDS, Start
from bot.games.fifth_avenue.data import alea_data
from bot.games.fifth_avenue.rules import AleaRules

RULES = AleaRules()


def draw_order(st: Any) -> list[str]:
    """Alea's black stack as the seed shuffled it, for a challenge's reveal."""
    cards = " ".join(map(str, st.stack.draw_pile)) if st.stack is not None else ""
    return [f"Alea's black stack, top first: {cards}."] if cards else []


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
    partner="partner",
    rules_source="the two-player section of the English 5th Avenue rule book",
    reconstructed=(
        "one district name; the plots' values are yours to give (`/alea build plots:…`)."
    ),
    same=SameOpponent(
        means=(
            "Alea's black stack in the same shuffled order: his cards are turned from it in the "
            "same order, so with the same high bids he bids the same (how many he turns depends "
            "on the high bid you give), and the cards of an auction go under the stack as usual. "
            "You play with the partner you name when you join; your margin is over your "
            "partner, as in your logbook."
        ),
        fixed={"mode": ("virtual",)},
        own_draws={"auction": ("cards",)},
        order=draw_order,
    ),
)
