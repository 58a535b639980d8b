"""Final scoring for the solo opponent: VP track, occupied rooms by floor, revealed staff."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from bot.core.errors import InputError, RuleError
from bot.core.said import say
from bot.core.scoresheet import check_breakdown, parse_breakdown
from bot.core.tokens import is_none, words
from bot.core.tokens import number as ascii_number
from bot.core.values import Words
from bot.games.grand_austria import hotel as h
from bot.games.grand_austria.commands import Final
from bot.games.grand_austria.data import gah_data
from bot.games.grand_austria.names import BREAKDOWN
from bot.games.grand_austria.state import FinalResult, GahState

_NUMBER = re.compile(r"[0-9]{1,3}")  # ASCII digits only
SECRETARY = 29
MAX_SCORE = 1000
GIVE_STAFF_VP = Final.line(player_score="…", staff_vp="…")  # the opponent's staff VP, counted
# the player's final scoring (base game; champagne with module 1): typed label → category
CATEGORIES = {word.token: word.label for word in BREAKDOWN.words}  # names.py
EXAMPLE = "track:88 staff:14 rooms:30 krone:3 cafe:-5"

# End-game staff scored on the opponent's own hotel (clarifications for #32, #34, #40 applied).
STAFF_VP: dict[int, Callable[[GahState], int]] = {
    27: lambda st: 3 * h.rooms_by_colour(st.hotel)["red"],
    28: lambda st: 3 * h.rooms_by_colour(st.hotel)["blue"],
    30: lambda st: 3 * h.rooms_by_colour(st.hotel)["yellow"],
    31: lambda st: len(st.hotel),
    32: lambda st: 2 * len(st.staff_revealed),
    34: lambda st: len(st.hotel) + len(st.vacant),  # Hautel Couture: vacant rooms count
    37: lambda st: 2 * h.full_groups(st.hotel),
    40: lambda st: 5 * sum(t.progress == "claimed" for t in st.objectives.values()),
    41: lambda st: 2 * st.emperor,
    46: lambda st: 5 * h.full_floors(st.hotel),
    47: lambda st: 5 * h.full_columns(st.hotel),
    48: lambda st: 4 * min(h.rooms_by_colour(st.hotel).values()),
}


def staff_line(number: int) -> str:
    card = gah_data().staff[number]
    return f"#{number} {card.name} ({card.effect})"


def parse_staff_numbers(text: str) -> list[int]:
    if is_none(text):
        return []
    tokens = [t.lstrip("#") for t in words(text)]
    staff = gah_data().staff
    if not tokens or not all(_NUMBER.fullmatch(t) and int(t) in staff for t in tokens):
        raise InputError(
            say("List your end-game staff by number (1 to {n}), or `none`.", n=max(staff))
        )
    return [ascii_number(t) for t in tokens]


def staff_cards(
    st: GahState, player_staff: list[int] | None, name: str = "Leopold"
) -> dict[int, int]:
    """The VP of each face-up staff card of the opponent, in the order revealed."""
    scored: dict[int, int] = {}
    for number in st.staff_revealed:
        if number == SECRETARY:
            if player_staff is None:
                raise RuleError(
                    f"{name} has #29 Secretary: list your end-game staff with "
                    f"`{Final.line(player_score='…', player_staff='…')}` (their numbers, like "
                    "`player_staff:28 46`, or `player_staff:none`), or give the staff VP with "
                    f"`{GIVE_STAFF_VP}`."
                )
            scored[number] = max(
                (STAFF_VP[n](st) for n in player_staff if n in STAFF_VP), default=0
            )
        elif number in STAFF_VP:
            scored[number] = STAFF_VP[number](st)
        else:
            raise RuleError(
                f"I cannot score staff card #{number} for {name}: give the staff VP with "
                f"`{GIVE_STAFF_VP}`."
            )
    return scored


def staff_vp(st: GahState, player_staff: list[int] | None, name: str = "Leopold") -> int:
    return sum(staff_cards(st, player_staff, name).values())


def _bounded(value: Any, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not -MAX_SCORE < value < MAX_SCORE:
        raise InputError(
            say(
                "`{name}` must be a whole number between {low} and {high}.",
                name=name,
                low=-MAX_SCORE,
                high=MAX_SCORE,
            )
        )
    return value


def final_result(st: GahState, action: dict[str, Any], name: str = "Leopold") -> FinalResult:
    if action.get("player_score") is None:
        raise InputError(f"Give your final total: `{Final.line(player_score='<VP>')}`.")
    player = _bounded(action["player_score"], "player_score")
    cards: dict[int, int] = {}
    if action.get("staff_vp") is not None:
        staff = _bounded(action["staff_vp"], "staff_vp")
    else:
        text = action.get("player_staff")
        cards = staff_cards(st, parse_staff_numbers(text) if text else None, name)
        staff = sum(cards.values())
    breakdown = {"track": st.vp, "rooms": h.room_vp(st.hotel), "staff": staff}
    opponent = sum(breakdown.values())
    return FinalResult(
        player_score=player,
        opponent_score=opponent,
        breakdown=breakdown,
        winner="player" if player > opponent else "opponent",
        staff_cards=cards,
        player=yours(st, action.get("breakdown"), player),
    )


def yours(st: GahState, text: str | None, total: int) -> dict[str, int]:
    """The categories the player listed with their total (`breakdown:`), checked against it."""
    labels = player_categories(st)
    found = parse_breakdown(text, labels, example=EXAMPLE)
    check_breakdown(found, total, len(labels.tokens))
    return found


def player_categories(st: GahState) -> Words:
    """What the player types in `breakdown:`, each labelled with its category of the final
    scoring (champagne only with module 1)."""
    if 1 in st.options.modules:
        return BREAKDOWN
    return BREAKDOWN.only(*(token for token in BREAKDOWN.tokens if token != "champagne"))
