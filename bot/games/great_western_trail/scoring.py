"""The final scoring: the scoring pad's 11 categories, by the names the rule book gives them.
Sam scores none for Dollars, Station master tiles and the Cleared disc space, and every
objective card of his counts as completed. The bot counts what it tracked on Sam's board (his
city crests and delivery arrows too, from his deliveries); the player gives what only the
table shows (the objective cards' VP, who took the job-market token) and, if they like, their
own categories."""

from __future__ import annotations

from typing import Any

from bot.core.said import say
from bot.core.scoresheet import (
    FinalSheet,
    Row,
    ScoreSheet,
    check_breakdown,
    parse_breakdown,
    tie_rule,
)
from bot.games.great_western_trail.commands import End
from bot.games.great_western_trail.data import WORKERS, gwt_data
from bot.games.great_western_trail.names import BREAKDOWN
from bot.games.great_western_trail.state import GwtState, SamBoard

# what the player types in `breakdown:` → the category, in the scoring pad's order (names.py)
CATEGORIES = {word.token: word.label for word in BREAKDOWN.words}
SAM_SKIPS = ("Dollars", "Station master tiles", "Cleared disc space")
EXAMPLE = "buildings:12 cities:-3 cattle:20"


def worker_vp(board: SamBoard) -> int:
    rules = gwt_data().workers
    return sum(
        rules.vp_per_scoring_space
        for w in WORKERS
        for space in rules.scoring_spaces
        if board.workers[w] >= space
    )


def city_vp(board: SamBoard) -> tuple[int, int]:
    """Sam's Cities (category 3) as (crests, arrows): the VP printed on the crest of each city
    space holding his disc (Kansas City and New York once per disc), and the VP of every
    delivery arrow between two cities that both hold his disc."""
    data = gwt_data()
    crests = sum(data.cities.crest_vp.get(city, 0) for city in board.deliveries)
    arrows = sum(
        arrow.vp
        for arrow in data.delivery_arrows.arrows
        if all(city in board.deliveries for city in arrow.between)
    )
    return crests, arrows


def cities_line(board: SamBoard, given: int | None) -> str:
    """What the final says of Sam's Cities: the bot's count, or the player's number beside it."""
    crests, arrows = city_vp(board)
    vp = crests + arrows
    if given is None:
        return say(
            "Sam's Cities: city crests {crests} + delivery arrows {arrows} = **{vp} VP**.",
            crests=crests,
            arrows=arrows,
            vp=vp,
        )
    return say(
        "Sam's Cities: {given} VP as you gave them (I count city crests {crests} + delivery "
        "arrows {arrows} = {vp}).",
        given=given,
        crests=crests,
        arrows=arrows,
        vp=vp,
    )


def sam_points(board: SamBoard, scored: dict[str, Any]) -> dict[str, int | None]:
    """Sam's points by category: his board, and the table's numbers as given (None where a
    game finished before they were kept)."""
    data = gwt_data()
    token = scored.get("job_token")
    return {
        "Buildings": sum(data.building(n).vp for n in board.buildings),
        "Cities": scored.get("cities"),
        "Train stations": sum(data.station(i).vp for i in board.stations),
        "Hazard tiles": sum(h.vp for h in board.hazards),
        "Cattle cards": sum(c.vp for c in board.cattle),
        "Objective cards": scored.get("objectives"),
        "Workers": worker_vp(board),
        "Job market token": None
        if token is None
        else data.scoring.job_market_token_vp * (token == "sam"),
    }


def sam_sheet(board: SamBoard, end: End) -> ScoreSheet:
    """Sam's score, category by category."""
    sheet = ScoreSheet()
    cities = end.cities if end.cities is not None else sum(city_vp(board))
    given = {"cities": cities, "objectives": end.objectives, "job_token": end.job_token}
    for name, points in sam_points(board, given).items():
        sheet.add(name, points or 0)
    return sheet


def yours(end: End) -> dict[str, int]:
    """The categories the player listed with their total (`breakdown:`), checked against it."""
    found = parse_breakdown(end.breakdown, BREAKDOWN, example=EXAMPLE)
    check_breakdown(found, end.you, len(CATEGORIES))
    return found


def final_sheet(st: GwtState) -> FinalSheet | None:
    result = st.result
    if not st.finished or result is None:
        return None
    sam = sam_points(st.board, result)
    mine = dict(result.get("yours") or {})
    rows = [
        Row(name, mine.get(name), sam.get(name), skips="opponent" if name in SAM_SKIPS else None)
        for name in CATEGORIES.values()
    ]
    return FinalSheet(
        sides=("You", "Sam"),
        rows=rows,
        totals=(int(result["you"]), int(result["sam"])),
        tie=tie_rule("gwt", "Sam"),
        notes=[
            "Sam does not score Dollars, Station master tiles or the Cleared disc space; "
            "his objective cards all count as completed."
        ],
    )
