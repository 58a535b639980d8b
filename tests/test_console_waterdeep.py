"""A whole seeded game against Pseudo through the console, twice, with identical output."""

from bot.console import render_text
from tests.test_console import Transcript, make_console, replayed

PREFERENCE = [  # the player's own plan, in order, among the spaces still free
    "Blackstaff Tower",
    "The Plinth",
    "Field of Triumph",
    "The Grinning Lion Tavern",
    "Aurora's Realms Shop",
    "Castle Waterdeep",
    "Cliffwatch Inn (left)",
    "Cliffwatch Inn (middle)",
    "Cliffwatch Inn (right)",
    "Waterdeep Harbor 1",
    "Waterdeep Harbor 2",
    "Waterdeep Harbor 3",
]
IDS = {
    "Blackstaff Tower": "blackstaff_tower",
    "The Plinth": "the_plinth",
    "Field of Triumph": "field_of_triumph",
    "The Grinning Lion Tavern": "grinning_lion_tavern",
    "Aurora's Realms Shop": "aurora_realms_shop",
    "Castle Waterdeep": "castle_waterdeep",
    "Cliffwatch Inn (left)": "cliffwatch_inn_1",
    "Cliffwatch Inn (middle)": "cliffwatch_inn_2",
    "Cliffwatch Inn (right)": "cliffwatch_inn_3",
    "Waterdeep Harbor 1": "waterdeep_harbor_1",
    "Waterdeep Harbor 2": "waterdeep_harbor_2",
    "Waterdeep Harbor 3": "waterdeep_harbor_3",
}


def free_space(state: dict) -> str:
    taken = set(state["occupied"])
    return next(
        name
        for name in PREFERENCE
        if IDS[name] not in taken and not (state["asking"] and name.startswith("Waterdeep"))
    )


async def play_full_game(console) -> tuple[list[str], list[str]]:
    transcript = Transcript(console)
    run = transcript.run
    reply = await run("/waterdeep start lord:Durnan seed:2026")
    turn = 0
    while reply.state["phase"] == "play":
        turn += 1
        if reply.ask is not None and reply.ask.command == "answer":
            reply = await run("press 1")
        elif turn in (3, 30) and reply.state["asking"] is None:
            reply = await run('/waterdeep place space:"Waterdeep Harbor"')
        elif turn == 5:
            reply = await run('/waterdeep intrigue card:"Quell Riots"')
        elif turn == 9:
            reply = await run("/waterdeep board")
            reply = await run(f'/waterdeep place space:"{free_space(reply.state)}"')
        else:
            reply = await run(f'/waterdeep place space:"{free_space(reply.state)}"')
    assert reply.state["round"] == 9
    reply = await run("/waterdeep final track:61 adventurers:3 gold:7 quests:1")
    assert reply.state["phase"] == "finished"
    return transcript.lines, transcript.outputs


async def test_a_whole_seeded_game_against_pseudo_gives_identical_output_twice(db):
    lines, first = await play_full_game(await make_console(db))
    assert sum(line.startswith("/waterdeep place") for line in lines) >= 8 * 4
    text = "\n".join(first)
    assert "Round 5: " in text and "fifth agent" in text
    assert "Pseudo takes Quell Riots" in text
    assert "End of round: reassign your agent from Waterdeep Harbor 1" in text
    assert "Final score: score track: 61" in text
    assert await replayed(db, lines) == first


async def test_console_errors_are_one_line_and_change_nothing(db):
    console = await make_console(db)
    await console.execute("/waterdeep start lord:Mirt seed:5")
    before = render_text(await console.execute("/waterdeep board"))
    for bad in [
        "/waterdeep place space:Nowhere",
        "/waterdeep place space:²",
        "/waterdeep final track:1 adventurers:0 gold:0 quests:0",
        "/waterdeep complete quest:No Such Quest",
        "/waterdeep override space:Castle Waterdeep building:x",
        "/waterdeep answer pick:heads",
    ]:
        reply = await console.execute(bad)
        assert not reply.ok, bad
        assert "\n" not in reply.text.strip(), (bad, reply.text)
    assert render_text(await console.execute("/waterdeep board")) == before


async def test_after_lang_de_a_seeded_game_reads_in_german_with_german_command_names(db):
    """`lang de`: the setup, a house rule, Pseudo's placement with its reason, the 7F question
    and its buttons, the board, the prompt naming `/waterdeep einsetzen feld:…` and a refusal,
    in German; printed names (quests, spaces, buildings) stay as the cards spell them."""
    console = await make_console(db)
    assert (await console.execute("lang de")).ok
    t = Transcript(console)
    started = await t.run("/waterdeep start lord:Durnan seed:2026 colourless_intrigue:redraw")
    assert started.facts[1:3] == [
        "Aufbau (Regel 2): Pseudo nimmt den Startspielermarker und 4 Gold; keine Intrigenkarten, "
        "kein Lord, kein Zählstein (Regel 3).",
        "Du: Durnan the Wanderer (Handel und Kriegsführung), 5 Gold, 2 Aufträge, 2 Intrigenkarten, "
        "wie üblich.",
    ]
    assert (
        "D2 `farblose_intrige:nachziehen` (geändert): 7F: Pseudo zieht nach, bis eine Karte mit "
        "Würfelfarbe kommt" in started.facts
    )
    assert (
        "Pseudo → **The Plinth**. Warum: 7B: Ambush Artor Morlin braucht 1 Kleriker, er hat 0; "
        "7C (Kleriker/Wert): The Plinth 1/4; die einzige Wahl." in started.facts  # no rule decided
    )
    assert started.prompt == (
        "Runde 1, dein Agent 1 von 4: `/waterdeep einsetzen feld:…` (danach `/waterdeep erfüllen` "
        "und `/waterdeep intrige`, wenn du sie ausführst)."
    )
    labels = [s.label for s in started.next_steps]
    assert labels[:3] == ["Runde wie geplant", "Aurora's Realms Shop", "Blackstaff Tower"]
    assert "Builder's Hall: Jesters' Court kaufen" in labels
    refused = await t.run("/waterdeep place space:Nowhere", must_pass=False)
    assert refused.text.startswith(
        "`Nowhere` ist kein Aktionsfeld auf dem Spielplan; am ähnlichsten: "
    )
    await t.run("press 3")  # Blackstaff Tower
    asked = await t.run('/waterdeep place space:"The Grinning Lion Tavern"')
    assert "7F (Castle Waterdeep): Pseudo zieht und spielt **Crime Wave**." in asked.facts
    assert (
        asked.prompt
        == "7F: Du verlierst 1 Schurken; hast du keinen, verlierst du 2 SP. Hast du einen?"
    )
    assert [s.label for s in asked.next_steps] == ["Ich gebe 1 Schurken ab", "Kein Schurke: −2 SP"]
    answered = await t.run("press 2")
    assert "Du hast keinen Schurken: −2 SP (7F)." in answered.facts
    board = render_text(await t.run("/waterdeep board"))
    assert (
        "Pseudos Taverne: 1 Kleriker, 2 Kämpfer, 1 Schurke, 4 Gold · erfüllt 0 · seine SP 0"
        in board
    )
    assert "Deine SP, hier geführt (nicht auf deiner Leiste): Pseudos Intrigen (7F) -2" in board
