"""The finished game's score sheet: the two real players side by side, scoring round by
scoring round (each building stop, then the final scoring of the districts without a stop and
of Central Park). Alea never scores (rule text), so he has no column."""

from __future__ import annotations

from bot.core.errors import InputError
from bot.core.said import say
from bot.core.scoresheet import FinalSheet, Row, check_breakdown, parse_breakdown, tie_rule
from bot.games.fifth_avenue.names import BREAKDOWN
from bot.games.fifth_avenue.state import AleaState

# what a player types in `breakdown:` → the scoring round, in the order they come (names.py)
ROUNDS = {word.token: word.label for word in BREAKDOWN.words}
EXAMPLE = "stop1:12 stop2:8 districts:21 park:5"
SEATS = {"win": "owner", "loss": "partner"}


def read_rounds(text: str | None) -> dict[str, int] | None:
    """A player's points by scoring round, as typed (None when not given)."""
    found = parse_breakdown(text, BREAKDOWN, example=EXAMPLE)
    if any(points < 0 for points in found.values()):
        raise InputError(say("Points of a scoring round are never negative."))
    return found or None


def check_rounds(found: dict[str, int] | None, total: int | None, partner: bool) -> None:
    """The rounds a player gave come with their final score, and add up to it when all four
    are given."""
    if found and total is None:
        raise InputError(
            "Give your partner's final score with their scoring rounds: `partner_score:`."
            if partner
            else "Give your final score with your scoring rounds: `score:`."
        )
    if found and total is not None:
        check_breakdown(found, total, len(ROUNDS))


def final_sheet(st: AleaState) -> FinalSheet | None:
    if st.phase != "finished":
        return None
    scores = st.scores or {}
    mine, theirs = st.rounds.get("owner", {}), st.rounds.get("partner", {})
    rows = [Row(name, mine.get(name), theirs.get(name)) for name in ROUNDS.values()]
    decided = {"owner": "win", "partner": "loss", "tie": "tie", None: None}[st.winner]
    stops = [name for name, d in st.districts.items() if d.stopped_by]
    notes = ["Alea never scores: neither at a building stop nor at the game end."]
    if stops:
        notes.append(f"Building stops in: {', '.join(stops)}.")
    if decided in ("win", "loss") and len(set(scores.values())) == 1 and len(scores) == 2:
        notes.append("Tied on points: the most cards left in hand won (base game).")
    return FinalSheet(
        sides=("You", "Your partner"),
        rows=rows,
        totals=(scores.get("score"), scores.get("partner_score")),
        tie=tie_rule("alea", "Alea"),
        decided=decided,
        notes=notes,
    )
