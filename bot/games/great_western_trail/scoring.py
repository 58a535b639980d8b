"""Sam's final score: categories 2-7, 9 and 11 (none for 1, 8 and 10); every objective card
counts as completed. The bot counts what it tracked; the player gives what only the table
shows (city and arrow VP, the objective cards' VP, who took the job-market token)."""

from __future__ import annotations

from bot.core.scoresheet import ScoreSheet
from bot.games.great_western_trail.commands import End
from bot.games.great_western_trail.data import WORKERS, gwt_data
from bot.games.great_western_trail.state import SamBoard


def worker_vp(board: SamBoard) -> int:
    rules = gwt_data().workers
    return sum(
        rules.vp_per_scoring_space
        for w in WORKERS
        for space in rules.scoring_spaces
        if board.workers[w] >= space
    )


def sam_sheet(board: SamBoard, end: End) -> ScoreSheet:
    data = gwt_data()
    sheet = ScoreSheet()
    sheet.add("2 buildings", sum(data.building(n).vp for n in board.buildings))
    sheet.add("3 cities", end.cities)
    sheet.add("4 stations", sum(data.station(i).vp for i in board.stations))
    sheet.add("5 hazards", sum(h.vp for h in board.hazards))
    sheet.add("6 cattle", sum(c.vp for c in board.cattle))
    sheet.add("7 objectives (all completed)", end.objectives)
    sheet.add("9 workers", worker_vp(board))
    sheet.add(
        "11 job-market token", data.scoring.job_market_token_vp if end.job_token == "sam" else 0
    )
    return sheet
