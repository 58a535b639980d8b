"""Module 1, Vienna Ballrooms: where the opponent sends a dancer.

Ballrooms are indexed left to right, the balcony (unlimited) last. One arrow: the ballroom
scored next, or the next one to the right with space. Two arrows: the ballroom scored after the
next; in rounds 6 and 7, or when that one is full, the rightmost (the balcony)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.core.said import say
from bot.games.grand_austria.data import gah_data


@dataclass(frozen=True)
class DancerTarget:
    """Either a ballroom index, or the ballroom whose space the player must report."""

    room: int | None
    ask: int | None
    reason: str


def ballroom_names() -> list[str]:
    return [b.name for b in gah_data().waltz.ballrooms]


def rightmost() -> int:
    return len(gah_data().waltz.ballrooms) - 1


def next_scored(round_: int) -> int:
    """The first ballroom (not the balcony) scored at the end of this round or later."""
    rooms = gah_data().waltz.ballrooms
    for i, room in enumerate(rooms[:-1]):
        if room.scored_after >= round_:
            return i
    return rightmost()


def scored_after(round_: int) -> list[int]:
    return [i for i, b in enumerate(gah_data().waltz.ballrooms) if b.scored_after == round_]


def limited() -> list[int]:
    """The ballrooms that can fill up (all but the balcony)."""
    return [i for i, b in enumerate(gah_data().waltz.ballrooms) if not b.unlimited]


def is_unlimited(room: int) -> bool:
    return gah_data().waltz.ballrooms[room].unlimited


def dancer_target(arrows: int, round_: int, full: set[int], space: set[int]) -> DancerTarget:
    """`full`: ballrooms known to be full; `space`: known to have space right now."""
    names = ballroom_names()
    first = next_scored(round_)
    if arrows == 1:
        for room in range(first, len(names)):
            if is_unlimited(room) or room in space:
                why = (
                    say("one arrow: scored next")
                    if room == first
                    else say("one arrow: {room} is full", room=names[first])
                )
                return DancerTarget(room, None, why)
            if room not in full:
                return DancerTarget(None, room, "")
        return DancerTarget(rightmost(), None, say("one arrow: every ballroom is full"))
    after_next = first + 1
    if round_ >= 6 or after_next >= rightmost() or is_unlimited(after_next):
        return DancerTarget(
            rightmost(), None, say("two arrows in round {round}: the rightmost", round=round_)
        )
    if after_next in full:
        return DancerTarget(
            rightmost(), None, say("two arrows: {room} is full", room=names[after_next])
        )
    if after_next in space:
        return DancerTarget(after_next, None, say("two arrows: the ballroom scored after the next"))
    return DancerTarget(None, after_next, "")
