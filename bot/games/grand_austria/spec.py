"""Grand Austria Hotel as one registered game."""

from typing import Any

from bot.core.same_opponent import SameOpponent
from bot.core.spec import GameSpec
from bot.games.grand_austria.commands import COMMANDS, Start
from bot.games.grand_austria.data import gah_data
from bot.games.grand_austria.rules import GahRules
from bot.games.grand_austria.voice import voice

RULES = GahRules()


def draw_order(st: Any) -> list[str]:
    """The opponent's cards as the seed shuffled them, for a challenge's reveal."""
    name = voice(st).name
    lines = [
        f"{name}'s deck, top first: {', '.join(map(str, st.deck.draw_pile))}.",
        f"{name}'s private staff deck, top first: {', '.join(map(str, st.staff_deck.draw_pile))}.",
    ]
    if st.entrance is not None:
        lines.append(f"{name}'s entrance: {gah_data().entrance_name(st.entrance)}.")
    return lines


SPEC = GameSpec(
    key="gah",
    rules=RULES,
    cog="cogs.grand_austria",
    commands=COMMANDS,
    start=Start,
    data=(gah_data,),
    pictures={"gah_board": "bot.games.grand_austria.pictures:gah_board_png"},
    queries={"board": RULES.show_board},
    turn=("claim", "turn", "staff", "round-end", "final"),
    opponent="Leopold (base game, modules 3 and 5) or Elisabeth (modules 1 and 2)",
    rules_source=(
        'the official "Dinner for One" solo rules for Grand Austria Hotel and Let\'s '
        "Waltz! (Lookout, 2022)"
    ),
    reconstructed=(
        "Emperor VP on spaces 8 and 10 (`/gah start emperor_table:…` or asked), Leopold's "
        "private staff deck (`/gah staff card:…`), card numbers 205 and 206, the Let's "
        "Waltz! ballroom scoring and printed tiles (asked)."
    ),
    same=SameOpponent(
        means=(
            "the opponent's deck of action cards in the same shuffled order, the same private "
            "staff deck and the same entrance: the guests and dice you report may make him act "
            "differently, but never change which card comes next."
        ),
        own_draws={"turn": ("card",)},
        refused=("staff",),
        order=draw_order,
    ),
)
