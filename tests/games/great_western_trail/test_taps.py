"""Issue 25 for Sam: the bench's game played to its end within the targets, undo restoring
what Sam remembered of your table, and the German names his replies print typed back."""

from bench.taps.gwt import GwtPlayer
from bench.taps.runner import play
from tests.test_console import make_console

BEFORE = 93  # the bench's Sam game before issue 25: 93 commands and presses in 30 turns


async def test_the_bench_game_against_sam_plays_to_its_end_within_the_targets():
    count = await play(GwtPlayer())
    assert count.turns == 30
    assert count.taps <= BEFORE // 2 and count.per_turn <= 1.5


async def test_undo_restores_what_sam_remembered_of_your_table(db):
    console = await make_console(db)
    await console.execute("/gwt start tile:cowboy seed:4")
    hired = await console.execute("/gwt turn card:1 jobs:6:CB 7:EC token:3")
    assert hired.state["remembered"] == {"jobs": "6:B 7:EC", "token": "3"}
    changed = await console.execute("/gwt turn card:2 jobs:2=E")  # his next turn, on the trail
    assert changed.ok and changed.state["remembered"]["jobs"] == "6:B 7:E"
    undone = await console.execute("/game undo")
    assert undone.ok and undone.state["remembered"] == {"jobs": "6:B 7:EC", "token": "3"}
    first = await console.execute("/game undo")
    assert first.ok and first.state["remembered"] == {}


async def test_german_names_the_bot_prints_are_accepted_as_input(db):
    console = await make_console(db)
    assert (await console.execute("lang de")).ok
    started = await console.execute("/gwt starten schwierigkeit:Mittel plättchen:Cowboy seed:4")
    assert started.ok, started.text
    tie = await console.execute("/gwt zug karte:2 arbeitsmarkt:5:L 8:H marker:3")
    assert tie.ok and tie.state["waiting_for"] == "pick", tie.text  # Handwerker or Lokführer
    picked = await console.execute("/gwt antwort wahl:handwerker")
    assert picked.ok, picked.text
    assert "Sam heuert kostenlos den **Handwerker in Reihe 2, Platz 1 (8 $)** an" in picked.text
    wrong = await console.execute("/gwt antwort wahl:Cowboy")
    assert not wrong.ok
    nxt = await console.execute("/gwt zug karte:9 gefahren:ÜBERSCHWEMMUNG:4 dürre:3:2")
    assert nxt.ok, nxt.text  # he stopped on the trail: your hazards changed
    assert "**Gefahr Dürre im Wert von 3 SP**" in nxt.text  # the section with most tiles
    same = await console.execute("/gwt zug karte:8 tisch:Unverändert banditen:4:Grün 6:orange")
    assert same.ok and "**orangen Banditen auf Feld 6**" in same.text, same.text
    assert same.state["remembered"]["hazards"] == "flood:4 drought:2"  # read back in English
