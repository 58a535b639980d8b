"""Fifth Avenue (two-player rules, Alea) as one registered game."""

from typing import Any

from bot.core.same_opponent import Hidden, Refusal, SameOpponent
from bot.core.spec import GameSpec
from bot.games.fifth_avenue.commands import COMMANDS, VIEWS, Auction, Build, Start
from bot.games.fifth_avenue.data import alea_data
from bot.games.fifth_avenue.narrate import narrate
from bot.games.fifth_avenue.rules import AleaRules
from bot.games.fifth_avenue.seen import seen

RULES = AleaRules()


BIDS = (
    "In a challenge Alea's bids come one auction at a time, once you two have bid: "
    f"`{Auction.line(district='…', high_bid='…')}` (a round's bids at once would show his coming "
    "cards)."
)


def hidden(st: Any) -> list[Hidden]:
    """Alea's black stack (his cards go under it after each auction: the order goes round)."""
    if st.stack is None:
        return []
    return [Hidden("Alea's black stack", tuple(map(str, st.stack.draw_pile)))]


def unplayed(st: Any) -> str | None:
    """The game ends "as in the 3 or 4 player game": when the business supply row is empty or
    at the second building stop; `/alea end confirm:yes` may end it before, which is no game
    played to its end."""
    if st.supply_row_empty or st.building_stops >= 2:
        return None
    return (
        f"it ended after {st.auctions} auction(s), before either end condition came (the "
        f"business supply row empty, or the second building stop: {st.building_stops} of 2)"
    )


SPEC = GameSpec(
    # BoardGameGeek: a session report of Fifth Avenue (alea/Rio Grande, 2004): "BGG Id: 9342"
    bgg_id=9342,
    bgg_source="https://trickylight.co.uk/session_detail.php?sessionid=292",
    key="alea",
    rules=RULES,
    cog="cogs.fifth_avenue",
    commands=COMMANDS,
    start=Start,
    data=(alea_data,),
    pictures={
        "alea_odds": "bot.games.fifth_avenue.pictures:odds_png",
        "alea_board": "bot.games.fifth_avenue.pictures:board_png",
    },
    queries={"odds": RULES.odds, "board": RULES.show_board},
    views=VIEWS,
    turn=("round", "auction", "result", "build", "building-stop", "supply-empty", "end"),
    opponent="Alea, the imaginary third bidder of the two-player rules",
    partner=Start.partner,
    rules_source="the two-player section of the English 5th Avenue rule book",
    reconstructed=(
        f"one district name; the plots' values are yours to give (`{Build.line(plots='…')}`)."
    ),
    seen=seen,
    unplayed=unplayed,
    narrate=narrate,
    complete="the business supply row empty or the second building stop, then the final scoring",
    same=SameOpponent(
        means=(
            "Alea's black stack in the same shuffled order: his cards are turned from it in the "
            "same order, so with the same high bids he bids the same (how many he turns depends "
            "on the high bid you give), and the cards of an auction go under the stack as usual. "
            "You play with the partner you name when you join; your margin is over your "
            "partner, as in your logbook, and it ranks once your partner confirms both final "
            "scores (the button on the final, or `/challenge confirm`)."
        ),
        fixed={"mode": ("virtual",)},
        refusals=(Refusal("auction", ("cards",)), Refusal("round", (), BIDS)),
        hidden=hidden,
        honour=("the high bid you give is the one you two made; your partner's score is theirs."),
    ),
)
