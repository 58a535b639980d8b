"""Glasgow and Fifth Avenue remember the table through the console (issue 25): undo takes a
report back with the rest of the state, the German names and example lines both games print
are accepted as typed, and the scripted full games of bench.taps play to their end within
the taps they took when the table was first remembered."""

from bench.taps.alea import AleaPlayers
from bench.taps.glasgow import FreddyII
from bench.taps.runner import play
from tests.test_console import make_console

ROWS = (
    "/glasgow row buildings:shop:3 tenement:2 park:1 row2:tenement:2 park:1 bank:3:stone "
    "row3:landmark:4:7 shop:2 row4:tenement:1 station:3"
)


async def test_undo_takes_back_the_rows_you_reported(db):
    console = await make_console(db)
    await console.execute("/glasgow start freddy:I seed:3")
    await console.execute("/glasgow action both:yes")
    reported = await console.execute(ROWS)
    assert reported.ok and reported.ask.command == "build"
    undone = await console.execute("/game undo")
    assert undone.ok
    again = await console.execute("/glasgow row buildings:shop:3 tenement:2 park:1")
    assert again.ok
    await console.execute("/glasgow done suggested:yes")
    turn2 = await console.execute("/glasgow action both:yes")
    assert turn2.ask.command == "row"  # the undone report of row 2 is not remembered


async def test_undo_keeps_the_rows_reported_before_the_undone_step(db):
    console = await make_console(db)
    await console.execute("/glasgow start freddy:I seed:3")
    await console.execute("/glasgow action both:yes")
    await console.execute(ROWS)
    await console.execute("/glasgow build building:1 at:E5")
    assert (await console.execute("/game undo")).ok
    await console.execute("/glasgow done suggested:yes")
    turn2 = await console.execute("/glasgow action both:yes")
    assert turn2.ask.command == "build"  # row 2 still remembered


async def test_undo_takes_back_alea_s_remembered_plots(db):
    console = await make_console(db)
    await console.execute("/alea start partner:2 mode:physical seed:4")
    await console.execute("/alea auction district:Times Square high_bid:0 cards:5 6 5")
    built = await console.execute("/alea result outcome:passed plots:a:2 b:0 c:1")
    assert built.ok
    assert (await console.execute("/game undo")).ok
    asked = await console.execute("press 1")  # both passed: his plots are asked again
    assert asked.ask.command == "build" and asked.ask.reason == ""


async def test_the_german_names_glasgow_prints_are_accepted_as_typed(db):
    console = await make_console(db)
    await console.execute("lang de")
    start = await console.execute("/glasgow starten freddy:II seed:3")
    assert "`/glasgow aktion beide:ja`" in start.prompt  # the German example, as printed
    assert (await console.execute("/glasgow aktion beide:ja")).ok
    rows = await console.execute(
        "/glasgow reihe gebäude:factory:2:steel factory:2:gold park:1 reihe2:shop:2 park:1 "
        "park:2 reihe3:park:1 park:2 reihe4:park:1 park:2"
    )
    assert rows.ok, rows.text
    await console.execute("/glasgow bauen gebäude:1 auf:E5")
    asked = await console.execute("/glasgow bauen gebäude:2 auf:E6 fertig:Vorschlag")
    assert asked.ok and "`/glasgow lager stahl:" in asked.prompt, asked.text
    answered = await console.execute("/glasgow lager stahl:ja gold:nein")
    assert answered.ok, answered.text
    contract = await console.execute("/glasgow aktion gewählt:Doppelauftrag ignoriert:sonstiger")
    assert contract.ok, contract.text


async def test_the_german_names_alea_prints_are_accepted_as_typed(db):
    console = await make_console(db)
    await console.execute("lang de")
    await console.execute("/alea starten partner:2 modus:physisch seed:4")
    lead = await console.execute(
        "/alea versteigerung bezirk:Times Square höchstgebot:0 karten:5 6 5"
    )
    assert "`/alea ergebnis ausgang:gepasst`" in lead.prompt  # the German example, as printed
    won = await console.execute("/alea ergebnis ausgang:gepasst bauplätze:a:2 b:0")
    assert won.ok, won.text
    await console.execute("/alea versteigerung bezirk:Times Square höchstgebot:0 karten:4 4")
    again = await console.execute("/alea ergebnis ausgang:gepasst bauplätze:unverändert")
    assert again.ok and "b" in again.text, again.text
    nothing = await console.execute(
        "/alea versteigerung bezirk:Times Square höchstgebot:0 karten:6 6"
    )
    assert nothing.ok
    stop = await console.execute("/alea ergebnis ausgang:überboten")
    assert stop.ok, stop.text


async def test_the_freddy_ii_script_plays_to_the_end_in_half_its_first_taps():
    count = await play(FreddyII())
    assert count.turns == 8
    assert count.taps <= 27  # 49 when the table was not remembered


async def test_the_alea_script_plays_to_the_end_in_fewer_taps():
    count = await play(AleaPlayers())  # the whole game: 16 auctions in 4 rounds
    assert count.turns == 16
    # a line to open each round and one to close it, besides each hidden bid's tap: 16
    # commands and presses would be one per auction, as when each auction came on its own
    assert count.commands + count.presses <= 12 and count.reveals == 16
