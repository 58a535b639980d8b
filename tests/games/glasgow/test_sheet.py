"""The finished city's score sheet for both sides, building type by type. The rule text's
example: with 3 free spaces of each good in your storage, Freddy's stone, steel and gold banks
score 3, 6 and 9, while yours count the goods you have left; the shops' corner bonus is a row
of its own (only a shop in a corner of the finished city scores it)."""

from functools import partial

from bot.core import agenda
from bot.core.agenda import Agenda
from bot.games.glasgow.spec import RULES
from bot.games.glasgow.state import FinalStep
from bot.games.glasgow.turn import HANDLERS
from bot.i18n import label, tr
from tests.games.glasgow.helpers import city_of
from tests.games.glasgow.test_game import act, start

# your banks in row 5, Freddy's in row 4; your shop in a corner (G4), his not (G5)
CITY = "BA BA BA sh\nba ba ba SH\nfa FA .. .."
GOODS = {"D4": "stone", "E4": "steel", "F4": "gold", "D5": "stone", "E5": "steel", "F5": "gold"}
ENGLISH = """\
Score sheet     You  Freddy I
Factories         1         1
Parks             0         0
Tenements         0         0
Landmarks         0         0
Banks             4        18
  Stone bank      2         3
  Steel bank      2         6
  Gold bank       0         9
Train stations    0         0
Shops             1         1
Corner bonus      5         0
Total            11        20
Freddy I wins by 9.
Freddy I's goods banks count your free storage: 3 stone, 3 steel, 3 gold."""
GERMAN = """\
Wertungsblatt  Du  Freddy I
Fabriken        1         1
Parks           0         0
Wohnhäuser      0         0
Wahrzeichen     0         0
Banken          4        18
  Steinbank     2         3
  Stahlbank     2         6
  Goldbank      0         9
Bahnhöfe        0         0
Läden           1         1
Eckbonus        5         0
Summe          11        20
Freddy I gewinnt mit 9 Punkten Vorsprung.
Die Warenbanken von Freddy I zählen deinen freien Lagerplatz: 3 Stein, 3 Stahl, 3 Gold."""


def test_the_bank_example_three_six_nine_and_the_corner_bonus_on_the_sheet():
    st, _ = start()
    st.city = city_of(CITY, goods=GOODS)
    st.agenda = Agenda(steps=[FinalStep()])
    agenda.run(st.agenda, st, HANDLERS, agenda.Inputs(), [])
    st, out = act(st, command="final", stone=2, steel=1, gold=0)  # 3 free spaces of each
    assert out.finished and out.facts[0] == "You score **11**, Freddy I **20**."
    sheet = RULES.sheet(st)
    assert sheet.text() == ENGLISH
    assert sheet.text(partial(tr, locale="de"), partial(label, locale="de")) == GERMAN
    assert (sheet.total("player"), sheet.total("opponent")) == (
        st.result.your_score,
        st.result.freddy_score,
    )
