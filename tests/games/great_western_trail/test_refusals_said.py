"""Sam's refusals are built as messages (issue 45, Deliver 1): each keeps its key, the German
catalog's exact English template, and is said from it, in English byte for byte as before."""

from __future__ import annotations

import pytest

from bot.core.errors import SoloistError, said_as
from bot.games.great_western_trail.hire import parse_jobs
from bot.games.great_western_trail.reports import read_back
from bot.games.great_western_trail.spec import RULES
from bot.games.great_western_trail.trail import parse_hazards, parse_outlaws
from bot.i18n import tr
from tests.games.great_western_trail.helpers import start


def refusal(run) -> SoloistError:  # type: ignore[no-untyped-def]
    with pytest.raises(SoloistError) as refused:
        run()
    return refused.value


@pytest.mark.parametrize(
    ("run", "english", "german"),
    [
        (
            lambda: parse_hazards("flood:2 flood:3"),
            "The flood section is listed twice.",
            "Der Abschnitt Überschwemmung steht zweimal da.",
        ),
        (
            lambda: parse_outlaws("4:G 4:O"),
            "Outlaw space 4 is listed twice.",
            "Banditenfeld 4 steht zweimal da.",
        ),
        (
            lambda: parse_outlaws("4:Q"),
            "`Q`: an outlaw is G (green) or O (orange).",
            "`Q`: ein Bandit ist G (grün) oder O (orange).",
        ),
        (
            lambda: read_back("cattle", " "),
            "Type it like `C3 C3 L2 S4 H5`.",
            "Schreibe es so: `C3 C3 L2 S4 H5`.",
        ),
        (
            lambda: RULES.apply(start(), {"command": "answer", "pick": "x"}),
            "Sam is not asking anything now.",
            "Sam fragt gerade nichts.",
        ),
    ],
)
def test_a_refusal_is_said_from_its_key(run, english: str, german: str) -> None:  # type: ignore[no-untyped-def]
    error = refusal(run)
    said = said_as(error)
    assert said is not None, f"matched, not built as a message: {error}"
    assert str(error) == english  # English unchanged
    assert tr(said, "de") == german


def test_a_job_row_with_too_many_workers_is_said_from_its_key() -> None:
    said = said_as(refusal(lambda: parse_jobs("6:CCC 6:E 7:BB 5:-" + " 5:-" * 8)))
    assert said is not None and said.key.startswith("Row {row} (`{workers}`) lists {n} workers")
