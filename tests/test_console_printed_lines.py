"""Lines the bot printed that failed as printed (issue 34), each typed as a player would:
the blanks filled in, the rest as shown."""

from __future__ import annotations

import re

from tests.test_console import make_console

CODE = re.compile(r"`(/[^`\n]+)`")


def lines(text: str, start: str) -> list[str]:
    return [line for line in CODE.findall(text) if line.startswith(start)]


FILLED = {  # what a player writes in each blank of Glasgow's first action line
    "gewählt": "austausch",
    "gewählt2": "andere",
    "gebäude": "laden:3 wohnhaus:2 park:1",
    "reihe2": "laden:2 park:1 bank:3:stein",
    "reihe3": "laden:4 park:2",
    "reihe4": "wohnhaus:1 fabrik:2:stahl",
}


async def test_glasgows_first_action_line_with_the_rows_runs_when_filled_in(db):
    console = await make_console(db)
    await console.execute("lang de")
    started = await console.execute("/glasgow starten seed:1")
    [rows] = [line for line in lines(started.prompt, "/glasgow aktion") if "reihe2" in line]
    assert rows == "/glasgow aktion gewählt:… gewählt2:… gebäude:… reihe2:… reihe3:… reihe4:…"
    filled = re.sub(r"(\w+):…", lambda m: f"{m.group(1)}:{FILLED[m.group(1)]}", rows)
    done = await console.execute(filled)
    assert done.ok, (filled, done.text)
    assert done.ask.command == "build"


async def test_glasgows_build_example_names_a_cell_still_free_and_a_refusal_names_them(db):
    console = await make_console(db)
    await console.execute("/glasgow start seed:9")
    await console.execute("press 1")
    asked = await console.execute("press 1")
    await console.execute("/glasgow row buildings:shop:3 tenement:2 park:1")
    built = await console.execute("/glasgow build building:1 at:E5")
    assert built.ok, built.text
    [example] = lines(built.prompt, "/glasgow build")
    assert example == "/glasgow build building:2 at:E4 done:suggested"
    refused = await console.execute("/glasgow build building:2 at:E5")
    assert refused.text == "E5 is already built. Valid: `E4`, `D5`, `F5`, `E6`."
    assert (await console.execute(example)).ok
    assert asked.ok


async def test_a_reconstructed_emperor_space_is_said_once_at_a_rounds_end(db):
    from bench.taps import gah

    console = await make_console(db)
    player = gah.leopold()
    reply = await console.execute(player.start().replace("seed:", "emperor_table:ask seed:"))
    assert reply.ok, reply.text
    while not player.over(reply) and "Emperor space" not in reply.prompt:
        reply = await console.execute(player.answer(reply))
        assert reply.ok, reply.text
    said = [line for line in reply.prompt.splitlines() if "Emperor space" in line]
    assert len(said) == 1, reply.prompt
    assert "round-end emperor_vp:" not in said[0]


async def test_the_history_prints_lines_that_run(db):
    console = await make_console(db)
    await console.execute("/alea start partner:2 seed:3")
    await console.execute("/alea supply-empty")
    history = await console.execute("/game history")
    typed = lines(history.text, "/alea")
    assert typed[0] == "/alea start partner:<@2> mode:virtual seed:3"
    assert "/alea supply-empty" in typed
    other = await make_console(db, channel=5)
    assert (await other.execute(typed[0])).ok
