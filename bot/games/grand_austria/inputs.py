"""Reading what the player types about their table: the guest queue and the dice.

The formats are GAH's own; splitting, `none` and every number go through the token kit
(bot/core/tokens.py), so only ASCII digits count (`²` is a one-line error, not a crash)."""

from __future__ import annotations

import re

from bot.core.errors import InputError
from bot.core.said import say
from bot.core.tokens import is_none, number, short, words
from bot.games.grand_austria.commands import Turn
from bot.games.grand_austria.data import gah_data
from bot.games.grand_austria.names import COLOUR, DIE_COLOUR
from bot.games.grand_austria.state import QueueGuest
from bot.i18n.plural import count

QUEUE_SIZE = 5
DICE_TOTAL = 10
# A colour as the player may type it: a letter or a name in English or German (names.py)
_GUEST = re.compile(r"^([^\W\d_]+?)[:=]?([0-9]{1,2})(\*?)$")
_COLOURED = re.compile(r"^([^\W\d_]+?)[:=]?([0-9]{1,2})$")
_DIE_COUNT = re.compile(r"([1-6])\s*[:x]\s*([0-9]{1,2})", re.IGNORECASE)
_COUNT = re.compile(r"[0-9]{1,2}")
QUEUE_EXAMPLE = "Y3 B0 R2 G4 Y0"
DICE_EXAMPLE = "1:2 2:2 3:1 4:3 5:2"
COLOURED_EXAMPLE = "R4 B2"
LOUNGE_EXAMPLE = "R3 Y5 B2"


def parse_queue(text: str) -> list[QueueGuest]:
    """'Y3 B0 R2 G4 Y0': colour letter and VP per queue position, left to right."""
    tokens = words(text)
    if len(tokens) != QUEUE_SIZE:
        raise InputError(
            say(
                "The queue needs {n} guests, left to right; got {got}.",
                n=QUEUE_SIZE,
                got=len(tokens),
            ),
            needed=Turn.line(queue=QUEUE_EXAMPLE),  # the answer, where it runs now
        )
    return read_guests(tokens)


def read_guests(tokens: list[str]) -> list[QueueGuest]:
    """Each token as a queue guest (`Y3`, `b0`, `R2*`), however many there are."""
    guests = []
    top = gah_data().max_guest_vp
    for token in tokens:
        match = _GUEST.match(token)
        colour = COLOUR.read(match.group(1)) if match else None
        if match is None or colour is None:
            error = InputError(
                say(
                    "`{token}` is not a guest: write a colour letter (`Y3`, `B3`, `R3`, `G3`) "
                    "and its VP, like `Y3` (`Y3*` if a cogwheel lies on it).",
                    token=short(token),
                )
            )
            error.listed = False  # type: ignore[attr-defined]  # the forms, not the choices:
            raise error  # it ends with a line that works now (bot/table/leading.py)
        vp = number(match.group(2))
        if vp > top:
            raise InputError(say("No guest is worth {vp} VP (the most is {top}).", vp=vp, top=top))
        guests.append(QueueGuest(colour=colour, vp=vp, cogwheel=bool(match.group(3))))
    return guests


def _colour_pairs(text: str, what: str, example: str, top: int) -> list[tuple[str, int]]:
    """'R4 B2': a die colour letter and a number, each colour at most once."""
    pairs: list[tuple[str, int]] = []
    for token in words(text):
        match = _COLOURED.match(token)
        colour = DIE_COLOUR.read(match.group(1)) if match else None
        if match is None or colour is None:
            raise InputError(
                f"`{short(token)}` is not {what}: write a die colour (`R4`, `Y4`, `B4`) and a "
                f"number, like `{example}`, or `none`."
            )
        value = number(match.group(2))
        if value > top:
            raise InputError(
                say("`{token}`: the number can be at most {high}.", token=short(token), high=top)
            )
        if colour in (c for c, _ in pairs):
            raise InputError(say("The {colour} die is listed twice.", colour=colour))
        pairs.append((colour, value))
    if not pairs:
        raise InputError(f"Write {what} like `{example}`, or `none`.")
    return pairs


def parse_coloured(text: str, dice: list[int]) -> dict[str, int]:
    """Module 2: the action space (die value) of each coloured die still on the board."""
    if is_none(text):
        return {}
    pairs = read_coloured_pairs(text)
    for _colour, value in pairs:
        here = sum(v == value for _, v in pairs)
        if here > dice[value - 1]:
            raise InputError(
                f"Your dice list {count(dice[value - 1], 'die')} on {value}, fewer than the "
                "coloured dice you put there."
            )
    return dict(pairs)


def read_coloured_pairs(text: str) -> list[tuple[str, int]]:
    """'R4 B2': each coloured die and the action space (1 to 6) it lies on."""
    pairs = _colour_pairs(text, "a coloured die", COLOURED_EXAMPLE, 6)
    for colour, value in pairs:
        if value < 1:
            raise InputError(say("The {colour} die must show 1 to 6.", colour=colour))
    return pairs


def parse_lounge(text: str) -> list[tuple[str, int]]:
    """Module 2: the celebrities' VP in the order the lounge tile shows their dice."""
    return _colour_pairs(text, "a celebrity", LOUNGE_EXAMPLE, 20)


def parse_ballrooms(text: str, count: int) -> set[int]:
    """Module 1: the ballrooms (1 to count) that are full now; 'none' if every one has space."""
    if is_none(text):
        return set()
    tokens = words(text)
    numbers = {str(n) for n in range(1, count + 1)}
    if not tokens or not all(t in numbers for t in tokens):
        raise InputError(
            f"List the full ballrooms by number (1 to {count}), like `1` or `1 2`, or `none`."
        )
    return {number(t) - 1 for t in tokens}


def parse_dice(text: str) -> list[int]:
    """Dice on the action board as counts per value 1..6: '1:2 4:3' or six counts '2 2 1 3 2 0'."""
    tokens = words(text)
    counts = [0] * 6
    if tokens and all(":" in t or "x" in t.lower() for t in tokens):
        for token in tokens:
            match = _DIE_COUNT.fullmatch(token)
            if not match:
                raise InputError(
                    f"`{short(token)}` is not `value:count`; write the dice like `{DICE_EXAMPLE}`."
                )
            counts[number(match.group(1)) - 1] += number(match.group(2))
    elif len(tokens) == 6 and all(_COUNT.fullmatch(t) for t in tokens):
        counts = [number(t) for t in tokens]
    else:
        raise InputError(
            f"Write the dice as `value:count` pairs like `{DICE_EXAMPLE}`, "
            "or six counts for the values 1 to 6."
        )
    total = sum(counts)
    if total == 0:
        raise InputError(say("There must be at least one die on the action board."))
    if total > DICE_TOTAL:
        raise InputError(
            say("There are only {n} dice; you listed {listed}.", n=DICE_TOTAL, listed=total)
        )
    return counts
