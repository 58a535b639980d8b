"""What a typed table report will be read as, before it is sent: the cog's autocomplete shows
it (or what is wrong with it) while the player types on a phone, so a report is checked
against the table before it reaches Sam's turn."""

from __future__ import annotations

from collections.abc import Callable

from bot.core.errors import InputError
from bot.core.tokens import is_none
from bot.games.great_western_trail.cattle import CATTLE_EXAMPLE, parse_market
from bot.games.great_western_trail.data import gwt_data
from bot.games.great_western_trail.hire import JOBS_EXAMPLE, job_rows, parse_jobs
from bot.games.great_western_trail.railroad import parse_engine
from bot.games.great_western_trail.trail import (
    HAZARD_EXAMPLE,
    OUTLAW_EXAMPLE,
    parse_hazards,
    parse_outlaws,
)

EXAMPLES = {
    "jobs": JOBS_EXAMPLE,
    "cattle": CATTLE_EXAMPLE,
    "outlaws": OUTLAW_EXAMPLE,
    "hazards": HAZARD_EXAMPLE,
    "engine": "S3",
}
NONE_ANSWERS = {
    "cattle": "No card on the cattle market",
    "outlaws": "No outlaw on a numbered space",
    "hazards": "No hazard on the trail",
}
INITIALS = {"cowboy": "C", "builder": "B", "engineer": "E"}


def _jobs(text: str) -> list[str]:
    workers = parse_jobs(text)
    rows = []
    for row, (cost, _) in enumerate(job_rows(text), 1):
        here = "".join(INITIALS[w.type] for w in workers if w.row == row) or "-"
        rows.append(f"row {row} (${cost}): {here}")
    return rows


def _cattle(text: str) -> list[str]:
    names = gwt_data().cattle.breeds
    cards = parse_market(text)
    return [f"{names[c.breed].name} {c.vp}" for c in cards] or ["no card"]


def _outlaws(text: str) -> list[str]:
    if is_none(text):
        return ["no outlaw"]
    spaces = parse_outlaws(text)
    return [f"space {space} {spaces[space]}" for space in sorted(spaces)]


def _hazards(text: str) -> list[str]:
    if is_none(text):
        return ["no hazard"]
    sections = parse_hazards(text)
    return [f"{section} {', '.join(map(str, vps))}" for section, vps in sorted(sections.items())]


def _engine(text: str) -> list[str]:
    yours = parse_engine(text)
    if yours.station is not None:
        return [f"station {yours.station}'s turnout"]
    return [f"track space {yours.space}"]


READERS: dict[str, Callable[[str], list[str]]] = {
    "jobs": _jobs,
    "cattle": _cattle,
    "outlaws": _outlaws,
    "hazards": _hazards,
    "engine": _engine,
}


def read_back(option: str, text: str) -> list[str]:
    """How `/gwt turn <option>:<text>` will be read, entry by entry (a front-end joins them
    with ` · `); InputError (the message the command itself would give) when it cannot be
    read."""
    if not text.strip():
        raise InputError(f"Type it like `{EXAMPLES[option]}`.")
    return READERS[option](text)
