"""The score sheet after round 8 (rule 8): your leftover adventurers (1 VP each) and gold
(1 VP per 2), −5 VP per uncompleted quest, your Lord bonus and 7F's losses; Pseudo has no score
marker (rule 3), so his VP are his column and count against you (D5): the margin is your score
in rule 9's sense, above zero a win. With D5 changed his VP count for nobody."""

from functools import partial

from bot.games.waterdeep.mat import INTRIGUE_VP
from bot.games.waterdeep.spec import RULES
from bot.i18n import label, tr
from tests.games.waterdeep.helpers import act, board, pseudo_turn

OWLBEARS = "domesticate_owlbears"  # Arcana: 1 cleric, 2 wizard -> 8 VP
AMBUSH = "ambush_artor_morlin"
ENGLISH = """\
Score sheet                      You  Pseudo
Score track                       40       –
Pseudo's VP (D5)                   –       8
  Quests completed                         8
Lord bonus                         0       –
Pseudo's intrigue cards (7F)      −2       –
Adventurers left (1 VP each)       3       –
Gold left (1 VP per 2)             3       –
Uncompleted quests (−5 VP each)  −10       –
Total                             34       8
You win by 26.
Pseudo has no score marker (rule 3): his VP count against you (D5).
– = does not score this category"""
GERMAN = """\
Wertungsblatt                    Du  Pseudo
Siegpunktleiste                  40       –
Pseudos SP (D5)                   –       8
  Erfüllte Aufträge                       8
Lord-Bonus                        0       –
Pseudos Intrigenkarten (7F)      −2       –
Übrige Abenteurer (je 1 SP)       3       –
Übriges Gold (1 SP je 2)          3       –
Unerfüllte Aufträge (je −5 SP)  −10       –
Summe                            34       8
Du gewinnst mit 26 Punkten Vorsprung.
Pseudo hat keinen Wertungsmarker (Regel 3): Seine SP zählen gegen dich (D5).
– = wertet diese Kategorie nicht"""


def finished(**options: str):
    """Pseudo completes Domesticate Owlbears (8 VP); 7F cost you 2 VP; then rule 8."""
    st = board([OWLBEARS, AMBUSH], tavern={"cleric": 1, "wizard": 2}, free=["blackstaff_tower"])
    st.options.update(options)
    pseudo_turn(st)
    st.phase = "final"
    st.ledger[INTRIGUE_VP] = -2
    st, _ = act(st, "final", track=40, adventurers=3, gold=7, quests=2)
    return st


def test_your_leftovers_and_pseudos_quest_vp_side_by_side_with_rule_9s_margin():
    st = finished()
    sheet = RULES.sheet(st)
    assert sheet.text() == ENGLISH
    assert sheet.text(partial(tr, locale="de"), partial(label, locale="de")) == GERMAN
    assert sheet.margin == st.result["score"] == 26


def test_with_pseudos_vp_ignored_they_count_for_nobody_and_you_play_against_zero():
    st = finished(pseudo_vp="ignore")
    sheet = RULES.sheet(st)
    cells = {line.name: (line.player, line.opponent) for line in sheet.lines()}
    assert cells["Pseudo's VP (D5)"] == ("–", "–") and "Quests completed" not in cells
    assert cells["Total"] == ("34", "0") and sheet.margin == st.result["score"] == 34
