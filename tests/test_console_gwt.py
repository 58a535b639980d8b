"""Whole games against Sam through the console, answering only what the table shows."""

import pytest

from tests.conftest import reset
from tests.test_console import Transcript, make_console

JOBS = ["6:CB 6:E 7:BB 5:C", "6:EE 6:B 7:C", "8:B 5:CE"]
CATTLE = ["A1 L2 C3 C3 S4 H5", "S4 M3", "none", "C3 A3 H5"]
TABLE = {
    "token": "4",
    "engine": "3",
    "outlaws": "4:G 6:O",
    "hazards": "flood:4:3 drought:2 rockfall:4",
    "buildings": "2",
}


async def play_whole_game(console, difficulty: str, seed: int, turns: int = 30):
    transcript = Transcript(console)
    run = transcript.run
    reply = await run(f"/gwt start difficulty:{difficulty} seed:{seed}")
    i = 0
    while reply.state["turn"] < turns or reply.state["waiting_for"] is not None:
        i += 1
        waiting = reply.state["waiting_for"]
        if waiting is None:
            reply = await run("/gwt turn")
        elif waiting == "pick":
            reply = await run("press 1")
        elif waiting == "herder":  # Kansas City, or "He stopped on the trail" (the last)
            reply = await run("press 2" if i % 5 == 0 else f"press {len(reply.next_steps)}")
        elif waiting == "jobs":
            reply = await run(f"/gwt turn jobs:{JOBS[i % 3]} token:4")
        elif waiting == "cattle":
            reply = await run(f"/gwt turn cattle:{CATTLE[i % 4]}")
        else:
            reply = await run(f"/gwt turn {waiting}:{TABLE[waiting]}")
    reply = await run("/gwt end you:80 cities:12 objectives:9 job_token:you")
    assert reply.state["status"] == "finished"
    return transcript.lines, transcript.outputs, reply


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
async def test_a_whole_seeded_game_against_sam_gives_identical_output_twice(db, difficulty):
    lines, first, end = await play_whole_game(await make_console(db), difficulty, seed=2026)
    assert sum(line == "/gwt turn" for line in lines) >= 30
    assert any("Sam delivers to" in out for out in first)
    assert any("Sam's deck is empty: shuffle his discard pile" in out for out in first)
    assert end.state["result"]["outcome"] in {"win", "loss", "tie"}
    await reset(db)
    again, second, _ = await play_whole_game(await make_console(db), difficulty, seed=2026)
    assert again == lines and second == first


async def test_bad_table_reports_are_one_line_and_change_nothing(db):
    console = await make_console(db)
    await console.execute("/gwt start seed:1")
    await console.execute("/gwt turn card:3")
    for bad in [
        "/gwt turn cattle:C²",
        "/gwt turn cattle:Q3",
        "/gwt turn card:3",
        "/gwt turn buildings:99",
        "/gwt answer pick:nope",
        "/gwt end you:1",
        "/gwt card number:16",
    ]:
        reply = await console.execute(bad)
        assert not reply.ok and "\n" not in reply.text, bad
    status = await console.execute("/game status")
    assert status.version == 2


async def test_the_rule_texts_example_end_to_end_through_the_console(db):
    """4 cowboys, 2 builders, 3 engineers; card #13: 4 steps, 2 free cards, the two Corriente,
    and the cowboy he did not use reveals 2 more."""
    t = Transcript(await make_console(db))
    await t.run("/gwt start difficulty:hard tile:cowboy seed:5")  # C3 B2 E2
    await t.run("/gwt turn card:2 jobs:6:C 7:B token:3 herder:trail")  # a cowboy: C4
    await t.run("/gwt turn card:1 jobs:5:E 6:C token:3 herder:trail")  # cheapest: E3
    drawn = await t.run("/gwt turn card:13")
    assert "Workers: cowboys 4 · builders 2 · engineers 3" in t.outputs[-1]
    assert "Move Sam's herder **4 steps** forward (1 per cowboy" in drawn.text
    assert "first draw 2 cards from the market cattle stack" in drawn.text
    bought = await t.run("/gwt turn cattle:A1 L2 C3 C3 S4 H5 A1 L2 A1")
    assert "Sam buys **Corriente 3 + Corriente 3 (3 cowboys, $5)**" in bought.text
    assert "Sam uses his 1 leftover cowboy to draw 2 cards" in bought.text
    done = await t.run("press 1")
    assert "Put card #13 face up on Sam's discard pile." in done.text
    assert done.state["sam"].endswith("| cattle C3 C3 | discs 14")


async def test_the_rule_texts_example_reads_in_german_after_lang_de(db):
    """`lang de`: setup, Sam's turn, his purchase and the board in the German edition's terms,
    with the German command and option names in the hints; a bad report is refused in German."""
    console = await make_console(db)
    assert (await console.execute("lang de")).ok
    t = Transcript(console)
    started = await t.run("/gwt start difficulty:hard tile:cowboy seed:5")
    assert started.facts[1] == (
        "**Schwierigkeit schwer.** Sams Stapel: 15 Karten, gemischt. Seine erste Lieferung geht "
        "nach **Peoria**."
    )
    assert "das Spezialisierungsplättchen kommt neben die **Cowboys**" in started.facts[2]
    assert started.prompt == (
        "Mach deinen Zug, dann `/gwt zug` für Sams Zug (`/gwt zug karte:N`, wenn du seine echte "
        "Karte gezogen hast). Am Spielende: `/gwt ende du:… aufträge:… marker:…`."
    )
    assert [s.label for s in started.next_steps] == ["Sams Zug"]
    await t.run("/gwt turn card:2 jobs:6:C 7:B token:3 herder:trail")
    hired = await t.run("/gwt turn card:1 jobs:5:L 6:C token:3 herder:trail")  # L: Lokführer
    assert "Sam heuert kostenlos den **Lokführer in Reihe 1, Platz 1 (5 $)** an" in hired.text
    drawn = await t.run("/gwt turn card:13")
    assert drawn.facts[1].startswith(
        "Ziehe Sams Viehtreiber **4 Schritte** vorwärts (1 pro Cowboy, mindestens 1, höchstens "
        "5): auf dem kürzesten Weg"
    )
    wrong = await t.run("/gwt turn cattle:Q3", must_pass=False)
    assert wrong.text.startswith("`Q3` ist keine gültige Angabe (eine Rinderkarte)")
    bought = await t.run("/gwt turn cattle:A1 L2 C3 C3 S4 H5 A1 L2 A1")
    assert bought.facts[0] == (
        # no other purchase is worth as much: only "most VP" decided (bot/core/priority)
        "Sam kauft **Corriente 3 + Corriente 3 (3 Cowboys, 5 $)** (meiste SP); er zahlt nichts: "
        "lege sie verdeckt auf seine Auftragskarte."
    )
    assert bought.prompt == (
        "Wo hat Sams Viehtreiber angehalten? Auf dem Trail: Mach deinen Zug, dann sag mir, was "
        "sich auf deinem Tisch geändert hat, `/gwt zug rinder:… lok:…`: Das beantwortet diese "
        "Frage und startet seinen nächsten Zug (nichts geändert: der erste Knopf). In Kansas "
        "City: dasselbe nach seinem Kansas City und deinem Zug, `/gwt zug "
        "viehtreiber:kansas_city arbeitsmarkt:… gefahren:…`."
    )
    assert [s.label for s in bought.next_steps] == [
        "Auf dem Trail · nach deinem Zug: Sams nächster, Tisch unverändert",
        "Er erreichte Kansas City",
        "Er hielt auf dem Trail",
    ]
    done = await t.run("press 3")
    assert done.facts == ["Lege Karte #13 offen auf Sams Ablagestapel."]
    assert done.board.split("\n")[1:] == [
        "Arbeiter: Cowboys 4 · Handwerker 2 · Lokführer 3",
        "Gebäude: keine · Bahnhöfe keine · Lok Feld 0 · Scheiben im Vorrat 14",
        "Lieferungen: keine · Aufträge 1 · Banditen keine · Gefahren keine",
        "Rinder: Corriente 3, Corriente 3",
    ]
