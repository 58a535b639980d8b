"""Grand Austria Hotel as one registered game."""

from typing import Any

from bot.core.same_opponent import Hidden, Refusal, SameOpponent
from bot.core.spec import GameSpec
from bot.games.grand_austria.commands import COMMANDS, VIEWS, Staff, Start
from bot.games.grand_austria.data import gah_data
from bot.games.grand_austria.narrate import narrate
from bot.games.grand_austria.rules import GahRules
from bot.games.grand_austria.voice import voice

RULES = GahRules()


def hidden(st: Any) -> list[Hidden]:
    """What the opponent has face down: his action cards, his private staff deck, and (Hautel
    Couture) the items still to come to the action board, each in the order drawn."""
    name, staff = voice(st).name, gah_data().staff
    found = [
        Hidden(f"{name}'s deck", tuple(f"card {n}" for n in st.deck.draw_pile)),
        Hidden(
            f"{name}'s private staff deck",
            tuple(f"#{n} {staff[n].name}" for n in st.staff_deck.draw_pile),
        ),
    ]
    if st.hautel is not None:
        found.append(Hidden("Hautel Couture's items", tuple(st.hautel.item_pool)))
    return found


def draw_order(st: Any) -> list[str]:
    """Every order the secret decided, for a challenge's reveal: his deck (never reshuffled:
    20 cards, 14 turns), his private staff deck, his entrance and the Hautel Couture items."""
    lines = [h.line() for h in hidden(st) if h.items]
    if st.entrance is not None:
        lines.append(f"{voice(st).name}'s entrance: {gah_data().waltz.entrance_name(st.entrance)}.")
    return lines


def unplayed(st: Any) -> str | None:
    """The game ends with the final scoring after round 7 ("the game ends after the seventh
    round"); nothing else ends it."""
    if st.phase == "finished" and st.round >= 7:
        return None
    return f"the game ended in round {st.round} of 7, before the final scoring"


SPEC = GameSpec(
    # BoardGameGeek: the BoardGameGeek address as public game lists write it
    bgg_id=182874,
    bgg_source="https://boardgamegeek.com/boardgame/182874/grand-austria-hotel",
    key="gah",
    rules=RULES,
    cog="cogs.grand_austria",
    commands=COMMANDS,
    start=Start,
    data=(gah_data,),
    pictures={"gah_board": "bot.games.grand_austria.pictures:gah_board_png"},
    queries={"board": RULES.show_board},
    views=VIEWS,
    turn=("claim", "turn", "staff", "round-end", "final"),
    opponent="Leopold (base game, modules 3 and 5) or Elisabeth (modules 1 and 2)",
    rules_source=(
        'the official "Dinner for One" solo rules for Grand Austria Hotel and Let\'s '
        "Waltz! (Lookout, 2022)"
    ),
    reconstructed=(
        f"Emperor VP on spaces 8 and 10 (`{Start.line(emperor_table='…')}` or asked), Leopold's "
        f"private staff deck (`{Staff.line(card='…')}`), card numbers 205 and 206, the Let's "
        "Waltz! ballroom scoring and printed tiles (asked)."
    ),
    unplayed=unplayed,
    narrate=narrate,
    complete="seven rounds, then the final scoring",
    same=SameOpponent(
        means=(
            "the opponent's deck of action cards in the same shuffled order, the same private "
            "staff deck and the same entrance: the guests and dice you report may make him act "
            "differently, but never change which card comes next."
        ),
        fixed={"emperor_table": ("S2", "S3")},
        refusals=(Refusal("turn", ("card",)), Refusal("staff")),
        hidden=hidden,
        reveal=draw_order,
        honour=(
            "his next card is drawn only with the table you report after your turn (queue and "
            "dice, or Unchanged): send it once your turn is played."
        ),
    ),
)
