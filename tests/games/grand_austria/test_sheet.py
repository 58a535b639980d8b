"""Leopold's score sheet, from the rule book's final scoring: his VP track by source (the
objective example: he claims the 10 VP spot after you took 15), his occupied rooms floor by
floor, his face-up staff card by card as the clarifications score them (#40 only claimed
objectives, #32 only face-up staff, #29 your best end-game card), and no krone, items or café
for him. Your side is your total, and your categories when you list them."""

from functools import partial

import pytest

from bot.core.errors import InputError
from bot.i18n import label, tr

from .helpers import RULES, new, play, turn

ENGLISH = """\
Score sheet                      You  Leopold
VP track                          20       12
  Guests                                    2
  Covered VP symbols                        0
  Emperor track                             0
  Objectives                               10
End-game staff                     6       14
  #40 Marketing Director                    5
  #32 Assistant Manager                     6
  #29 Secretary                             3
Occupied rooms                     6        4
  Floor 1: 2 × 1 VP                         2
  Floor 2: 1 × 2 VP                         2
Krone (1 VP each)                  3        –
Dishes and drinks (1 VP each)      0        –
Guests in the café (−5 VP each)   −5        –
Total                             30       30
A tie at 30: it goes to Leopold.
Leopold scores no krone, dishes, drinks or café guests (rule book).
– = does not score this category"""

GERMAN = """\
Wertungsblatt                   Du  Leopold
SP-Leiste                       20       12
  Gäste                                   2
  Überbaute SP-Symbole                    0
  Kaiserleiste                            0
  Politikkarten                          10
Personal mit Spielende-Wertung   6       14
  #40 Marketing Director                  5
  #32 Assistant Manager                   6
  #29 Secretary                           3
Belegte Zimmer                   6        4
  Stockwerk 1: 2 × 1 SP                   2
  Stockwerk 2: 1 × 2 SP                   2
Kronen (je 1 SP)                 3        –
Speisen und Getränke (je 1 SP)   0        –
Gäste im Café (je −5 SP)        −5        –
Summe                           30       30
Gleichstand bei 30: Der Sieg geht an Leopold.
Leopold wertet keine Kronen, Speisen, Getränke oder Gäste im Café (Regelheft).
– = wertet diese Kategorie nicht"""

YOURS = "track:20 staff:6 rooms:6 krone:3 items:0 cafe:-5"


def objective_example():
    """The rule book's objective example: A at III, then II, you claim it (15 VP), then he
    reaches I and claims the 10 VP spot. Then the final scoring, skipping the other rounds."""
    state = new()
    state, _ = turn(state, 200, "Y0 B0 R0 G0 Y1")
    state, _ = turn(state, 196, "Y0 B0 R0 G0 Y1")
    state, _ = play(state, command="claim", objective="A")
    state, _ = play(state, command="round_end")
    state, _ = turn(state, 209, "Y0 B0 R0 G0 Y1")
    state.phase = "final"
    state.objectives["B"].progress = "II"  # not claimed: #40 does not count it
    state.staff_revealed = [40, 32, 29]  # 2 more in his deck: #32 does not count them
    return state


def test_leopolds_sheet_follows_the_objective_example_and_the_staff_clarifications():
    state, out = play(
        objective_example(), command="final", player_score=30, player_staff="27 31", breakdown=YOURS
    )
    assert out.finished
    sheet = RULES.sheet(state)
    # 10 VP for objective A (the 15 VP spot was yours); #40: A only; #32: his 3 face-up cards;
    # #29: your #31 (1 VP per his 3 rooms) beats your #27 (3 VP per red room: none)
    assert sheet.text() == ENGLISH
    assert sheet.text(partial(tr, locale="de"), partial(label, locale="de")) == GERMAN
    assert (sheet.total("player"), sheet.total("opponent"), sheet.outcome()) == (30, 30, "loss")


def test_your_side_given_as_a_total_shows_question_marks_and_no_made_up_parts():
    state, _ = play(objective_example(), command="final", player_score=41, player_staff="none")
    lines = {line.name: line.player for line in RULES.sheet(state).lines()}
    assert lines["VP track"] == lines["End-game staff"] == lines["Krone (1 VP each)"] == "?"
    assert lines["Total"] == "41" and "Not broken down" not in lines


def test_listed_categories_must_add_up_to_your_total_and_bad_ones_change_nothing():
    state = objective_example()
    for breakdown, message in [
        ("track:20 staff:6 rooms:6 krone:3 items:0 cafe:-4", "add up to 31, not to the total 30"),
        ("track:20 champagne:1", "`champagne` is unknown. Valid: `track`"),  # module 1 only
        ("track:20 track:1", "listed twice"),
    ]:
        with pytest.raises(InputError, match=message):
            play(state, command="final", player_score=30, player_staff="none", breakdown=breakdown)
    assert state.phase == "final" and state.result is None
    partly, _ = play(
        state, command="final", player_score=30, player_staff="none", breakdown="track:20"
    )
    lines = {line.name: line.player for line in RULES.sheet(partly).lines()}
    assert lines["VP track"] == "20" and lines["Not broken down"] == "10"


def test_a_game_stored_before_the_track_was_kept_by_source_says_so():
    state, _ = play(objective_example(), command="final", player_score=30, player_staff="none")
    state.vp_by = {}
    rows = [(line.name, line.opponent) for line in RULES.sheet(state).lines()][:2]
    assert rows == [("VP track", "12"), ("Not broken down (an older game)", "12")]
