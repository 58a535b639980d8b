"""Glasgow against Freddy through the console: whole seeded games, twice with identical output,
the placement buttons pressed with `press N`, and hostile options from the command models."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.console import render_text
from bot.games.glasgow.commands import COMMANDS
from tests.fuzzing import BASE, examples
from tests.kit import english_left
from tests.test_console import Transcript, make_console, replayed
from tests.test_fuzz import HOSTILE, counts

ROWS = [
    "shop:3 tenement:2 factory:2:whisky",
    "tenement:2 park:1 bank:3:stone",
    "landmark:4:7 shop:2",
    "tenement:1 station:3",
    "factory:2:steel tenement:2 shop:3",
    "park:1 tenement:2 bank:3:factory",
    "shop:2 tenement:2",
    "landmark:5:9 park:2",
]
SPECIALS = ["press 1", "press 6", "press 1", "press 3", "press 5", "press 1"]


async def play_full_game(console, freddy: str) -> tuple[list[str], list[str]]:
    """Every turn: both actions by button, the row typed, one building of yours on the last
    legal cell, then Freddy builds the rest; ties and storage questions by button."""
    transcript = Transcript(console)
    run = transcript.run
    reply = await run(f"/glasgow start freddy:{freddy} seed:2026")
    rows, actions = list(ROWS), 0
    while reply.state["status"] == "active":
        waiting = reply.state["waiting"]
        if waiting == "action":
            reply = await run(SPECIALS[actions % len(SPECIALS)])
            actions += 1
        elif waiting == "row":
            reply = await run(f"/glasgow row buildings:{rows.pop(0)}")
        elif waiting == "build" and not reply.state["built"]:
            reply = await run(f"/glasgow build building:1 at:{free_cell(reply)}")
        elif waiting == "build":
            reply = await run("press 1")  # Done: Freddy builds the rest
        elif waiting in ("pick", "room"):
            reply = await run(f"press {len(reply.next_steps)}")
        else:
            assert waiting == "final"
            reply = await run("/glasgow final stone:2 steel:1 gold:0")
    assert reply.state["buildings"] == 20 and reply.state["result"] is not None
    return transcript.lines, transcript.outputs


def free_cell(reply) -> str:
    """The last cell marked `··` (free to build) on the text grid, as a player reads it;
    E5 starts the city."""
    lines = reply.board.split("```")[1].strip("\n").split("\n")
    columns = lines[0].split()
    found = "E5"
    for line in lines[1:]:
        row, marks = line[:2].strip(), line[3:]
        for i, column in enumerate(columns):
            if marks[i * 3 : i * 3 + 2] == "··":
                found = f"{column}{row}"
    return found


@pytest.mark.parametrize("freddy", ["I", "II"])
async def test_a_whole_seeded_game_gives_identical_output_twice(db, freddy):
    lines, first = await play_full_game(await make_console(db), freddy)
    assert sum(line.startswith("press") for line in lines) >= 20
    assert any(f"Freddy {freddy} builds" in out for out in first)
    assert "[file glasgow-city-" in first[-2]  # the 20th building; the scoring leaves the city
    assert "[file glasgow-city-" not in first[-1]
    assert ("You win" in first[-1]) or (f"Freddy {freddy} wins" in first[-1])
    assert await replayed(db, lines) == first


async def first_row(console, seed: int) -> None:
    """A new game, two plain actions, and the first row: park 1, shop 3, tenement 2."""
    await console.execute(f"/glasgow start seed:{seed}")
    await console.execute("press 1")
    await console.execute("press 1")
    await console.execute("/glasgow row buildings:park:1 shop:3 tenement:2")


async def test_placement_ties_are_buttons_labelled_with_the_cells(db):
    console = await make_console(db)
    await first_row(console, seed=1)
    await console.execute("/glasgow build building:2 at:E5")
    tie = await console.execute("/glasgow done")
    text = render_text(tie)
    assert "buttons (press N): [1] E4  [2] D5  [3] F5  [4] E6" in text
    assert "(suggested E4)" in text
    built = await console.execute("press 3")
    assert "Freddy I builds the park (cost 1) on F5" in built.text
    assert render_text(await console.execute("press 9")).startswith("✗")


async def test_errors_are_one_line_and_change_nothing(db):
    console = await make_console(db)
    await console.execute("/glasgow start seed:3")
    for bad in [
        "/glasgow row buildings:shop:3",
        "/glasgow build building:1 at:E5",
        "/glasgow action chosen:whisky ignored:whisky",
        "/glasgow action chosen:gold",
        "/glasgow start freddy:III",
        "/glasgow final stone:9 steel:0 gold:0",
        "/glasgow pick cell:E²",
    ]:
        reply = await console.execute(bad)
        assert not reply.ok and "\n" not in reply.text, bad
    assert (await console.execute("/game status")).version == 1


async def test_every_glasgow_command_survives_hostile_options(db):
    console = await make_console(db)
    await console.execute("/glasgow start freddy:II seed:5")
    await console.execute("press 1")
    await console.execute("press 1")
    lines: list[str] = []
    names = {m.slash_name(): list(m.options()) for m in COMMANDS}

    @settings(BASE, max_examples=examples(150))
    @given(
        command=st.sampled_from(sorted(names)),
        values=st.lists(st.tuples(st.integers(0, 5), HOSTILE), max_size=3),
    )
    def generate(command, values):
        options = names[command]
        words = [f"/glasgow {command}"]
        for slot, value in values:
            if options:
                words.append(f"{options[slot % len(options)]}:{value}")
        lines.append(" ".join(words))

    generate()
    for line in lines:
        before = await counts(db)
        reply = await console.execute(line)
        assert "Something went wrong" not in reply.text, (line, reply.text)
        if not reply.ok:
            assert "\n" not in reply.text, (line, reply.text)
            assert await counts(db) == before, line


async def test_the_board_view_shows_the_city_with_a_picture(db):
    console = await make_console(db)
    await first_row(console, seed=4)
    await console.execute("/glasgow build building:1 at:E5")
    board = await console.execute("/glasgow board")
    assert board.ok and " 5 ·· pa ··" in board.text
    assert board.files[0][0].startswith("glasgow-city-") and board.files[0][1][:4] == b"\x89PNG"


async def test_undo_brings_back_freddys_question(db):
    console = await make_console(db)
    await first_row(console, seed=1)
    await console.execute("/glasgow build building:2 at:E5")
    tie = await console.execute("/glasgow done")
    await console.execute("press 3")
    undone = await console.execute("/game undo")
    assert undone.ok
    status = await console.execute("/game status")
    assert status.state["waiting"] == "pick" and status.state["city"] == {"E5": "sh"}
    assert [s.step_id for s in status.next_steps] == [s.step_id for s in tie.next_steps]


async def test_the_replay_line_names_freddy_and_the_changed_settings(db):
    console = await make_console(db)
    start = await console.execute("/glasgow start freddy:II corner_bonus:4 seed:8")
    assert start.facts[0] == (
        "Seed 8: `/glasgow start freddy:II corner_bonus:4 seed:8` starts this game again the "
        "same way."
    )


async def test_a_seeded_turn_in_german_after_lang_de(db):
    """`lang de`: Freddy's turn, the row, your builds, his tie and the errors read in German,
    with the German command names in the hints."""
    console = await make_console(db)
    assert (await console.execute("lang de")).ok
    run = Transcript(console).run
    started = await run("/glasgow start freddy:II seed:9")
    assert "Glasgow gegen Freddy II." in started.facts
    assert started.prompt.startswith("Runde 1, Zug 1, Aktion 1 von 2: Bewege deinen Kaufmann")
    assert started.prompt.splitlines()[0].endswith(
        "Welcher Sonderauftrag kam? `/glasgow aktion gewählt:… ignoriert:…`"
    )
    assert started.prompt.splitlines()[1] == (
        "Beide Aktionen auf einmal: "
        "`/glasgow aktion gewählt:… ignoriert:… gewählt2:… ignoriert2:…`."
    )
    assert [s.label for s in started.next_steps][:2] == ["Kein Sonderauftrag", "Whisky gewählt"]
    await run("press 1")
    await run("press 1")
    row = await run("/glasgow row buildings:park:1 shop:3 tenement:2")
    assert row.facts == [
        "Reihe von Architekt 1: 1. Park (Kosten 1), 2. Laden (Kosten 3), 3. Wohnhaus (Kosten 2)."
    ]
    wrong = await run("/glasgow build building:2 at:A1", must_pass=False)
    assert wrong.text == (  # and a line that works now
        "Das erste Gebäude beginnt die Stadt auf E5. Jetzt geht: `/glasgow fertig vorschlag:ja`."
    )
    built = await run("/glasgow build building:2 at:E5")
    assert built.facts[0] == (
        "Du baust auf E5: Laden (Kosten 3) – zahle die Kosten 3 (dein 1. Gebäude in diesem Zug)."
    )
    assert "`/glasgow bauen gebäude:1 auf:E4 fertig:vorschlag`" in built.prompt
    assert "kostet seine aufgedruckten Kosten + 1 Gold" in built.prompt
    await run("/glasgow build building:3 at:E6")
    tie = await run("press 2")  # the first button: done, on his suggested cells
    assert tie.prompt.startswith("Freddy II baut Park (Kosten 1): wohin? (Vorschlag D6) (neben")
    not_tied = await run("/glasgow pick cell:A1", must_pass=False)
    assert not_tied.text == "A1 gehört nicht zu Freddys besten Feldern. Gültig: `D6`, `F6`, `E7`."
    placed = await run("press 2")
    assert placed.facts[0].startswith("Freddy II baut auf F6: Park (Kosten 1) – neben deinen")
    assert placed.facts[0].endswith("; du hast gewählt.")
    assert "Runde 1, Zug 2 (Architekt 2)." in placed.facts
    helped = await run("/help game:glasgow")
    assert helped.facts[0].startswith("**Gegen Freddy I oder Freddy II, den Bauroboter.**")
    assert "` — Sag Freddy II, ob dein Lager für eine Ware voll ist" in helped.text


ENGLISH = re.compile(r"\b(the|your|you|builds?|with|and|is|of|to|his|on|turn|round)\b")


async def test_a_whole_game_in_german_has_no_english_line_left(db):
    """Every line of a whole seeded game against Freddy II, after `lang de`, outside the
    typed tokens in backticks: a line another catalog's template half-translates shows up."""
    console = await make_console(db)
    await console.execute("lang de")
    _, outputs = await play_full_game(console, "II")
    assert english_left(outputs, ENGLISH) == []


async def test_a_command_out_of_turn_names_the_whole_question_in_german(db):
    """ "Not now" quotes the question's first line whole: cut short, it had no German."""
    console = await make_console(db)
    assert (await console.execute("lang de")).ok
    await console.execute("/glasgow start seed:9")
    await console.execute("/glasgow aktion beide:ja gebäude:laden:3 park:1 park:2")
    refused = await console.execute("/glasgow aktion gewählt:whisky")
    assert not refused.ok
    assert refused.text.startswith("Jetzt nicht: Baue beliebig viele von 1. Laden (Kosten 3)")
    assert "Then" not in refused.text and "/glasgow fertig vorschlag:ja" in refused.text


async def test_freddy_ii_storage_answered_ahead_in_german_reads_ja_and_nein(db):
    """The build question's example answers in German (`whisky:nein`), and it runs as printed."""
    console = await make_console(db)
    assert (await console.execute("lang de")).ok
    await console.execute("/glasgow starten freddy:II seed:9")
    asked = await console.execute(
        "/glasgow aktion beide:ja gebäude:fabrik:2:whisky laden:3 park:1 "
        "reihe2:park:1 laden:2 wohnhaus:2 reihe3:park:1 laden:2 reihe4:laden:2 park:2"
    )
    assert "mit `/glasgow fertig whisky:nein`." in asked.prompt
    await console.execute("/glasgow bauen gebäude:1 auf:E5")
    done = await console.execute("/glasgow fertig vorschlag:ja whisky:ja")
    assert done.ok, done.text
    assert "Runde 1, Zug 2 (Architekt 2)." in done.facts  # no storage question came
