"""The opponent's choices on a card: guest, room, die and objective, with the hand tie-break.

The hand points the way ties are resolved: a hand pointing left resolves from right to left,
so it takes the rightmost of the tied options (rule book, guest example); a hand pointing right
takes the leftmost. Dice count as laid out 1 to 6 from left to right, objectives A to C.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.core.priority import Choice, Filter, Key, TieBreak, resolve
from bot.core.said import say
from bot.games.grand_austria.data import Hand, Objective, Space
from bot.games.grand_austria.hotel import room_for
from bot.games.grand_austria.state import PROGRESS_ORDER, ObjectiveTrack, QueueGuest


def hand_tie_break(hand: Hand) -> TieBreak:
    return TieBreak.RIGHTMOST if hand == "left" else TieBreak.LEFTMOST


def hand_words(hand: Hand) -> str:
    if hand == "left":
        return "the hand points left, so the rightmost"
    return "the hand points right, so the leftmost"


@dataclass(frozen=True)
class QueueSlot:
    position: int  # 1 = leftmost
    guest: QueueGuest


@dataclass(frozen=True)
class GuestChoice:
    slot: QueueSlot | None
    room: Space | None
    reason: str


def choose_guest(
    queue: list[QueueGuest], wanted: str, hotel: dict[str, str], hand: Hand
) -> GuestChoice:
    """The guest of the wanted colour worth most VP; else the best guest still housable."""
    slots = [QueueSlot(i + 1, g) for i, g in enumerate(queue)]
    rooms = {c: room_for(hotel, c) for c in {g.colour for g in queue}}  # one look per colour
    filters: list[Filter[QueueSlot]] = [
        Filter("housable in the hotel", lambda s: rooms[s.guest.colour] is not None, required=True)
    ]
    if wanted != "any":
        filters.append(Filter(f"{wanted}", lambda s: s.guest.colour == wanted))
    choice = resolve(
        slots,
        filters=filters,
        keys=[Key("most VP", lambda s: s.guest.vp)],
        tie_break=hand_tie_break(hand),
        tie_break_reason=hand_words(hand),
    )
    if choice.option is None:
        return GuestChoice(None, None, "no guest in the queue fits a free room in the hotel")
    return GuestChoice(choice.option, rooms[choice.option.guest.colour], choice.reason)


def choose_die(dice: list[int], shown: list[int | str], hand: Hand) -> Choice[int]:
    """One value shown: take it if any are left. Two: the one with more dice. '?' or none of the
    shown values left: the value with most dice. Ties by the hand (values 1..6 left to right)."""
    values = [v for v in range(1, 7) if dice[v - 1] > 0]
    numbers = [v for v in shown if isinstance(v, int)]
    wanted = [v for v in numbers if dice[v - 1] > 0]
    pool = wanted or values
    label = " or ".join(str(v) for v in numbers)
    if len(wanted) == 1:  # what the card shows decided, not the count of dice
        if len(numbers) == 1:
            return Choice(wanted[0], say("card shows {shown}", shown=label))
        a, b = (str(v) for v in numbers[:2])
        only = say("card shows {a} or {b}: only {value} is left", a=a, b=b, value=wanted[0])
        return Choice(
            wanted[0],
            only if len(numbers) == 2 else f"card shows {label}: only {wanted[0]} is left",
        )
    choice = resolve(
        pool,
        keys=[Key("most dice", lambda v: dice[v - 1])],
        tie_break=hand_tie_break(hand),
        tie_break_reason=hand_words(hand),
    )
    return Choice(choice.option, _card_shows(numbers, bool(wanted), choice.reason), choice.tied)


def _card_shows(numbers: list[int], left: bool, why: str) -> str:
    """`card shows 3 or 4: most dice` (each number its own value, `or` the catalog's)."""
    if len(numbers) == 2:
        a, b = str(numbers[0]), str(numbers[1])
        if left:
            return say("card shows {a} or {b}: {why}", a=a, b=b, why=why)
        return say("card shows {a} or {b} (none left): {why}", a=a, b=b, why=why)
    if len(numbers) == 1 and not left:
        shown = say("{shown} (none left)", shown=str(numbers[0]))
        return say("card shows {shown}: {why}", shown=shown, why=why)
    if not numbers:
        return say("card shows {shown}: {why}", shown="?", why=why)
    label = " or ".join(map(str, numbers)) + ("" if left else " (none left)")
    return f"card shows {label}: {why}"


def choose_objective(
    tracks: dict[Objective, ObjectiveTrack], shown: str, hand: Hand
) -> Choice[Objective]:
    """The shown card unless it is '?' or already claimed; then least progress, by hand."""
    open_cards = [k for k in ("A", "B", "C") if tracks[k].progress != "claimed"]
    if shown in open_cards:
        return Choice(shown, say("card shows {shown}", shown=shown))
    if not open_cards:
        return Choice(None, say("every objective is claimed already"))
    choice = resolve(
        open_cards,
        keys=[Key("least progress", lambda k: PROGRESS_ORDER.index(tracks[k].progress), False)],
        tie_break=hand_tie_break(hand),
        tie_break_reason=hand_words(hand),
    )
    if shown == "?":
        why = say("card shows {shown}: {why}", shown="?", why=choice.reason)
    elif shown == "least":
        why = say("red bonus: {why}", why=choice.reason)
    else:
        why = say("{letter} is claimed already: {why}", letter=shown, why=choice.reason)
    return Choice(choice.option, why, choice.tied)


def choose_celebrity(
    colours: list[str], lounge_order: list[str], vp: dict[str, int], hand: Hand
) -> Choice[str]:
    """Module 2: of the coloured dice on offer, the one whose celebrity is worth most VP; ties
    by the hand along the order of the dice on the lounge tile."""
    ordered = [c for c in lounge_order if c in colours]
    choice = resolve(
        ordered,
        keys=[Key("celebrity worth most VP", lambda c: vp[c])],
        tie_break=hand_tie_break(hand),
        tie_break_reason=hand_words(hand) + " on the lounge tile",
    )
    return choice
