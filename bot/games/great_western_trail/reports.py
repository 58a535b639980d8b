"""What a typed table report will be read as, before it is sent: the cog's autocomplete shows
it (or what is wrong with it) while the player types on a phone, so a report is checked
against the table before it reaches Sam's turn."""

from __future__ import annotations

from collections.abc import Callable

from bot.core.errors import InputError
from bot.core.said import listed, say, typed, value
from bot.core.tokens import is_none
from bot.games.great_western_trail.cattle import CATTLE_EXAMPLE, card_name, parse_market
from bot.games.great_western_trail.hire import JOBS_EXAMPLE, job_rows, parse_jobs
from bot.games.great_western_trail.names import WORKER
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
    "cattle": say("No card on the cattle market"),
    "outlaws": say("No outlaw on a numbered space"),
    "hazards": say("No hazard on the trail"),
}


def _jobs(text: str) -> list[str]:
    workers = parse_jobs(text)
    rows: list[str] = []
    for row, (cost, _) in enumerate(job_rows(text), 1):
        # each worker by its declared letter (German: the German edition's, `H` for a builder)
        here = [value(WORKER, w.type, letter=True) for w in workers if w.row == row]
        shown = listed(here, "") if here else "-"
        rows.append(say("row {row} (${cost}): {workers}", row=row, cost=cost, workers=shown))
    return rows


def _cattle(text: str) -> list[str]:
    return [card_name(c) for c in parse_market(text)] or [say("no card")]


def _outlaws(text: str) -> list[str]:
    if is_none(text):
        return [say("no outlaw")]
    spaces = parse_outlaws(text)
    return [say(f"space {{space}} {spaces[space]}", space=space) for space in sorted(spaces)]


def _hazards(text: str) -> list[str]:
    if is_none(text):
        return [say("no hazard")]
    sections = parse_hazards(text)
    return [
        say(f"{section} {{vp}}", vp=", ".join(map(str, vps)))
        for section, vps in sorted(sections.items())
    ]


def _engine(text: str) -> list[str]:
    yours = parse_engine(text)
    if yours.station is not None:
        return [say("station {n}'s turnout", n=yours.station)]
    return [say("track space {n}", n=yours.space)]


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
        raise InputError(say("Type it like `{example}`.", example=typed(EXAMPLES[option], "gwt")))
    return READERS[option](text)
