"""Sam's score sheet: the scoring pad's 11 categories by their names, Sam's none for Dollars,
Station master tiles and the Cleared disc space, his objective cards all as completed; the
cattle from the rule text's worked example (he buys the two Corriente, 3 VP each)."""

from functools import partial

import pytest

from bot.core.errors import InputError
from bot.games.great_western_trail.commands import COMMANDS
from bot.games.great_western_trail.spec import RULES
from bot.i18n import label, tr
from tests.games.great_western_trail.helpers import Play, start, with_workers
from tests.games.great_western_trail.test_worked_example import MARKET

YOURS = (
    "dollars:3 buildings:10 cities:8 stations:4 hazards:5 cattle:6 objectives:-2 masters:3 "
    "workers:0 disc:3 token:0"
)
ENGLISH = """\
Score sheet           You  Sam
Dollars                 3    –
Buildings              10    0
Cities                  8    0
Train stations          4    0
Hazard tiles            5    0
Cattle cards            6    6
Objective cards        −2    6
Station master tiles    3    –
Workers                 0    0
Cleared disc space      3    –
Job market token        0    2
Total                  40   14
You win by 26.
Sam does not score Dollars, Station master tiles or the Cleared disc space; his objective \
cards all count as completed.
– = does not score this category"""
GERMAN = """\
Wertungsblatt                Du  Sam
Dollar                        3    –
Gebäude                      10    0
Städte                        8    0
Bahnhöfe                      4    0
Gefahrenplättchen             5    0
Rinderkarten                  6    6
Auftragskarten               −2    6
Bahnhofsvorsteher-Plättchen   3    –
Arbeiter                      0    0
Freigeräumtes Scheibenfeld    3    –
Arbeitsmarkt-Marker           0    2
Summe                        40   14
Du gewinnst mit 26 Punkten Vorsprung.
Sam wertet keine Dollar, keine Bahnhofsvorsteher-Plättchen und nicht das freigeräumte \
Scheibenfeld; alle seine Auftragskarten zählen als erfüllt.
– = wertet diese Kategorie nicht"""


def worked_example() -> Play:
    """The rule text's example turn: card #13 with 4 cowboys buys the two Corriente."""
    play = Play(with_workers(start(seed=3), cowboy=4, builder=2, engineer=3, spec="cowboy"))
    play("turn", card=13)
    play("turn", cattle=MARKET)
    return play("turn", herder="trail")


def test_the_sheet_names_every_category_and_shows_the_three_sam_does_not_score():
    play = worked_example()("end", you=40, objectives=6, job_token="sam", breakdown=YOURS)
    assert play.facts == [
        "Sam's Cities: city crests 0 + delivery arrows 0 = **0 VP**.",
        "Sam scores **14 VP**.",
        "You win, 40 to 14!",
    ]
    sheet = RULES.sheet(play.st)
    assert sheet.text() == ENGLISH
    assert sheet.text(partial(tr, locale="de"), partial(label, locale="de")) == GERMAN


def test_german_category_names_read_back_and_a_wrong_sum_is_refused():
    german = tr(f"`/gwt end you:40 breakdown:{YOURS}`", "de")
    assert "aufschlüsselung:dollar:3 gebäude:10 städte:8 bahnhöfe:4 gefahren:5 rinder:6" in german
    typed = german.split("aufschlüsselung:", 1)[1].rstrip("`")
    assert COMMANDS.english({"command": "end", "breakdown": typed})["breakdown"] == YOURS
    play = worked_example()
    with pytest.raises(InputError, match="add up to 40, not to the total 41"):
        play("end", you=41, cities=5, objectives=6, job_token="sam", breakdown=YOURS)
    assert not play.st.finished


def test_only_your_total_leaves_your_column_open_and_an_older_game_shows_what_it_kept():
    play = worked_example()("end", you=40, cities=5, objectives=6, job_token="you")
    sheet = RULES.sheet(play.st)
    assert {line.player for line in sheet.lines()[:-1]} == {"?"}
    assert sheet.verdict() == "You win by 23."
    for key in ("cities", "objectives", "job_token", "yours"):  # stored before the sheet
        del play.st.result[key]
    cells = {line.name: line.opponent for line in RULES.sheet(play.st).lines()}
    assert cells["Cities"] == cells["Objective cards"] == cells["Job market token"] == "?"
    assert cells["Not broken down"] == "11" and cells["Total"] == "17"
