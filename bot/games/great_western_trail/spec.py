"""Great Western Trail against Sam as one registered game."""

from typing import Any

from bot.core.same_opponent import FIXED, Hidden, Refusal, SameOpponent
from bot.core.spec import GameSpec
from bot.games.great_western_trail.commands import COMMANDS, VIEWS, CardCmd, Start, TurnCmd
from bot.games.great_western_trail.data import gwt_data
from bot.games.great_western_trail.narrate import narrate
from bot.games.great_western_trail.rules import GwtRules

RULES = GwtRules()


RESHUFFLES = 4  # the orders the reveal lists: 60 of Sam's turns or more, past any real game


def hidden(st: Any) -> list[Hidden]:
    """Sam's face-down deck, the next card first."""
    return [Hidden("Sam's deck", tuple(f"#{card}" for card in st.deck.draw_pile))]


def draw_order(st: Any) -> list[str]:
    """Sam's cards as the secret shuffled them and each reshuffle of his discard pile (his
    cards go to it in the order he plays them, so the secret decides every shuffle), and his
    tile, for a challenge's reveal."""
    deck = st.deck.model_copy(deep=True)
    lines = []
    for shuffle in range(1, RESHUFFLES + 1):
        cards = ", ".join(f"#{card}" for card in deck.draw_pile)
        lines.append(f"Sam's deck, shuffle {shuffle}, top first: {cards}.")
        while deck.draw_pile:
            deck.discard(deck.draw())
        deck.reshuffle_discards()
    return [*lines, f'Sam\'s "2" tile: {st.options.tile}.']


# The game ends when the job-market token leaves the job market; only the workers Kansas City
# brings move it, two a row with two players (data: job_market_spaces_per_row). Sam's
# deliveries count his Kansas Cities; the bot does not see yours, so this is a floor: a game
# ended before Sam has been to Kansas City this often cannot have filled the job market.
DELIVERIES = 3


def unplayed(st: Any) -> str | None:
    """The job market cannot be full before Sam's third Kansas City."""
    made = len(st.board.deliveries)
    if st.finished and made >= DELIVERIES:
        return None
    return (
        f"Sam has delivered {made} time(s): the game ends when the job-market token leaves the "
        f"job market, which takes at least {DELIVERIES} of his Kansas Cities"
    )


SPEC = GameSpec(
    # BoardGameGeek: the Second Edition (2021), as public game lists write its address
    bgg_id=341169,
    bgg_source="https://boardgamegeek.com/boardgame/341169/great-western-trail-second-edition",
    key="gwt",
    rules=RULES,
    cog="cogs.great_western_trail",
    commands=COMMANDS,
    start=Start,
    data=(gwt_data,),
    pictures={"gwt_board": "bot.games.great_western_trail.pictures:gwt_board_png"},
    queries={"board": RULES.show_board, "card": RULES.show_card},
    views=VIEWS,
    turn=("turn", "answer", "end"),
    opponent="Sam, easy / medium / hard, with specialization",
    rules_source=(
        'the official "Lonely are the Brave" solo rules for Great Western Trail, 2nd edition'
    ),
    reconstructed=(
        "the faces of Sam's 15 cards (movement and icons): draw the real card "
        f"with `{TurnCmd.line(card='…')}`, correct a card with `{CardCmd.line(number='…')}`; "
        "board data "
        "from a fan implementation."
    ),
    unplayed=unplayed,
    narrate=narrate,
    complete="the job-market token off the job market (at least 3 of Sam's Kansas Cities)",
    same=SameOpponent(
        means=(
            "Sam's cards in the same shuffled order (reshuffled the same way when his deck runs "
            'out) and the same "2" tile: what you report of your table decides how far he '
            "goes, never which card comes next."
        ),
        refusals=(
            Refusal("turn", ("card",)),
            Refusal("card", ("movement", "value", "action"), FIXED),
        ),
        hidden=hidden,
        reveal=draw_order,
        honour=(
            "his next card is drawn only with the table you report after your turn (what "
            "changed, or `table:same`): send it once your turn is played."
        ),
    ),
)
