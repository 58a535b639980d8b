"""The score sheet of a two-player game with Alea: the two real players side by side, scoring
round by scoring round (the building stops, then the final scoring of the districts and of
Central Park); Alea never scores, so he has no column. A tie on points goes to the player with
more cards left in hand (base game), which the sheet's verdict follows."""

from functools import partial

import pytest

from bot.core.errors import InputError
from bot.games.fifth_avenue.commands import COMMANDS
from bot.games.fifth_avenue.rules import AleaRules
from bot.i18n import label, tr

RULES = AleaRules()
ENGLISH = """\
Score sheet                  You  Your partner
First building stop           12            15
Second building stop           8             ?
Final scoring: districts      25            20
Final scoring: Central Park    5             ?
Not broken down                             15
Total                         50            50
A tie at 50: it goes to you.
Alea never scores: neither at a building stop nor at the game end.
Tied on points: the most cards left in hand won (base game).
? = not given, only the total"""
GERMAN = """\
Wertungsblatt                 Du  Dein Partner
Erster Baustopp               12            15
Zweiter Baustopp               8             ?
Schlusswertung: Bezirke       25            20
Schlusswertung: Central Park   5             ?
Nicht aufgeschlüsselt                       15
Summe                         50            50
Gleichstand bei 50: Der Sieg geht an dich.
Alea punktet nie: weder bei einem Baustopp noch bei Spielende.
Gleichstand nach Punkten: Die meisten Karten auf der Hand haben gewonnen (Grundspiel).
? = nicht angegeben, nur die Summe"""
ENDING = {"command": "end", "score": 50, "partner_score": 50, "confirm": "yes"}


def test_the_scoring_rounds_side_by_side_and_a_tie_broken_by_the_cards_in_hand():
    st, _ = RULES.new_game({"mode": "virtual"}, 4)
    rounds = {"breakdown": "stop1:12 stop2:8 districts:25 park:5", "partner_breakdown": "stop1:15"}
    st, out = RULES.apply(st, ENDING | rounds | {"partner_breakdown": "stop1:15 districts:20"})
    assert out.ask.option == "cards_left" and RULES.sheet(st) is None
    st, out = RULES.apply(st, {"command": "end", "cards_left": 3, "partner_cards_left": 2})
    sheet = RULES.sheet(st)
    assert sheet.text() == ENGLISH
    assert sheet.text(partial(tr, locale="de"), partial(label, locale="de")) == GERMAN


def test_german_round_names_read_back_and_rounds_need_their_total():
    german = tr("`/alea end score:50 breakdown:stop1:12 stop2:8 districts:25 park:5`", "de")
    assert "aufschlüsselung:baustopp1:12 baustopp2:8 bezirke:25 park:5" in german
    typed = german.split("aufschlüsselung:", 1)[1].rstrip("`")
    read = COMMANDS.english({"command": "end", "breakdown": typed})["breakdown"]
    assert read == "stop1:12 stop2:8 districts:25 park:5"
    st, _ = RULES.new_game({"mode": "virtual"}, 4)
    for bad, message in [
        (ENDING | {"breakdown": "stop1:12 stop2:8 districts:25 park:4"}, "add up to 49"),
        (ENDING | {"partner_score": None, "partner_breakdown": "stop1:3"}, "partner's final"),
        (ENDING | {"breakdown": "stop1:-2"}, "never negative"),
    ]:
        with pytest.raises(InputError, match=message):
            RULES.apply(st, bad)
    assert st.phase == "play" and st.rounds == {}
