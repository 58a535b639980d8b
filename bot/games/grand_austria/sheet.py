"""The finished game's score sheet: the final scoring of the rule book for both sides. The
opponent's VP track comes by source (guests, Emperor track, objective cards, ...), his occupied
rooms floor by floor and his staff card by card; he scores no krone, items or café penalty
(nor champagne). The player's side is what they gave: their total, and their categories if
they listed them."""

from __future__ import annotations

from collections import Counter

from bot.core.scoresheet import FinalSheet, Row, tie_rule
from bot.games.grand_austria import hotel as h
from bot.games.grand_austria.data import gah_data
from bot.games.grand_austria.scoring import player_categories
from bot.games.grand_austria.state import GahState
from bot.games.grand_austria.voice import voice

BASE = ("Guests", "Covered VP symbols", "Emperor track", "Objectives")  # shown even at 0
SOURCES = (  # the VP track's sources, in the order the rule book introduces them
    *BASE,
    "Ballroom scoring",
    "Celebrities",
    "Hautel Couture",
    "Nine Stars Inn",
    "Sushi Resort",
    "Toll Bridge Hotel",
)
UNTRACKED = "Not broken down (an older game)"
NEVER = ("krone", "items", "cafe", "champagne")  # the rule book: he never has any


def final_sheet(st: GahState) -> FinalSheet | None:
    result = st.result
    if st.phase != "finished" or result is None:
        return None
    v = voice(st)
    labels = {word.token: word.label for word in player_categories(st).words}
    mine = result.player
    b = result.breakdown

    def row(label: str, opponent: int | None) -> Row:
        skips = "opponent" if label in NEVER else None
        return Row(labels[label], mine.get(labels[label]), opponent, skips=skips)

    rows = [row("track", b["track"]), *_track(st)]
    rows += [row("staff", b["staff"]), *_staff(result.staff_cards)]
    rows += [row("rooms", b["rooms"]), *_floors(st)]
    rows += [row(label, None) for label in labels if label in NEVER]
    return FinalSheet(
        sides=("You", v.name),
        rows=rows,
        totals=(result.player_score, result.opponent_score),
        tie=tie_rule("gah", v.name),
        notes=[f"{v.name} scores no krone, dishes, drinks or café guests (rule book)."],
    )


def _track(st: GahState) -> list[Row]:
    """The VP track by source; a game stored before the sources were kept has one row."""
    rows = [
        Row(source, opponent=st.vp_by.get(source, 0), detail=True)
        for source in SOURCES
        if st.vp_by and (source in BASE or st.vp_by.get(source))
    ]
    untracked = st.vp - sum(st.vp_by.values())
    if untracked:
        rows.append(Row(UNTRACKED, opponent=untracked, detail=True))
    return rows


def _staff(cards: dict[int, int]) -> list[Row]:
    staff = gah_data().staff
    return [
        Row(f"#{number} {staff[number].name}", opponent=vp, detail=True)
        for number, vp in cards.items()
    ]


def _floors(st: GahState) -> list[Row]:
    floors = Counter(space.floor for space in h.occupied(st.hotel))
    return [
        Row(f"Floor {floor}: {count} × {floor} VP", opponent=count * floor, detail=True)
        for floor, count in sorted(floors.items())
    ]
