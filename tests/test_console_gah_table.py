"""The remembered table is state: undo restores what the bot remembered with the rest."""

from tests.test_console import make_console

DICE = "1:2 2:2 3:1 4:3 5:2"


async def test_undo_restores_the_remembered_queue(db):
    console = await make_console(db)
    await console.execute("/gah start difficulty:medium seed:7 emperor_table:S2")
    first = await console.execute("/gah turn card:208 queue:Y3 B0 R2 G4 Y0")
    remembered = first.ask.fields[0].remembered
    assert remembered is not None and remembered.startswith("… ")  # his guest gone: a blank
    second = await console.execute("/gah turn card:200 queue:B5 R1 Y0 G2 R4")  # takes none
    assert second.ask.fields[0].remembered == "B5 R1 Y0 G2 R4"
    undone = await console.execute("/game undo")
    assert undone.ok and undone.ask.fields[0].remembered == remembered
    assert [s.label for s in undone.next_steps] == ["Leopold's turn 4"]  # no "Unchanged":
    # one guest of the remembered queue is new
