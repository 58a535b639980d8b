"""The console takes the same command lines as Discord, through the same command tree."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.console import Console, render_text
from bot.core import values
from bot.on_discord.client import SoloistBot
from bot.store.database import Database
from bot.table.service import TableService
from tests.conftest import reset

ROOT = Path(__file__).resolve().parents[1]
QUEUES = ["Y3 B0 R2 G4 Y0", "B5 R1 Y0 G2 R4", "G0 G3 Y2 B1 R0", "R2 Y4 B4 G1 B0"]
DICE = "1:2 2:2 3:1 4:3 5:2"


async def make_console(db: Database, **kw) -> Console:
    bot = SoloistBot(TableService(db))
    await bot.setup_hook()
    return Console(bot, user_id=kw.get("user", 1), channel_id=kw.get("channel", 1))


class Transcript:
    """The lines a player typed into the console and what each printed."""

    def __init__(self, console: Console) -> None:
        self.console, self.lines, self.outputs = console, [], []

    async def run(self, line: str, *, must_pass: bool = True):
        reply = await self.console.execute(line)
        self.lines.append(line)
        self.outputs.append(render_text(reply))
        assert reply.ok or not must_pass, reply.text
        return reply


async def replayed(db, lines: list[str]) -> list[str]:
    """The same lines typed again into a fresh console over an empty database."""
    await reset(db)
    console = await make_console(db)
    return [render_text(await console.execute(line)) for line in lines]


async def play_full_game(console: Console) -> tuple[list[str], list[str]]:
    """Play a whole game, choosing each next line from the JSON state like a player would."""
    transcript = Transcript(console)
    run = transcript.run
    reply = await run("/gah start difficulty:hard seed:2024 emperor_table:S2")
    i = 0
    while reply.state["phase"] == "play":
        if reply.state["pending_card"] is not None:
            reply = await run(f"/gah turn queue:{QUEUES[i % 4]}")
        elif reply.state["turns_this_round"] < 2:
            reply = await run(f"/gah turn queue:{QUEUES[i % 4]} dice:{DICE}")
        else:
            reply = await run("/gah round-end")
        i += 1
    reply = await run("/gah final player_score:95 player_staff:none")
    assert reply.state["status"] == "finished"
    assert reply.state["result"]["opponent_score"] > 0
    return transcript.lines, transcript.outputs


async def test_a_whole_seeded_game_gives_identical_output_twice(db):
    lines, first = await play_full_game(await make_console(db))
    assert sum(line.startswith("/gah turn") for line in lines) >= 14
    assert await replayed(db, lines) == first


async def test_errors_are_one_line_and_change_nothing(db):
    console = await make_console(db)
    assert not (await console.execute("/gah turn")).ok  # no game yet
    await console.execute("/gah start seed:1")
    for bad in [
        "/gah turn queue:Y3",
        "/gah nope",
        "/gah start difficulty:insane",
        "gah",
        "/gah turn card:999",
        '/gah turn queue:"unbalanced',
        "/gah claim",
    ]:
        reply = await console.execute(bad)
        assert not reply.ok and "\n" not in reply.text, bad
    status = await console.execute("/game status")
    assert status.version == 1


async def test_cli_console_json_mode_from_stdin(tmp_path):
    env = {**os.environ, "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path}/cli.db"}
    subprocess.run(
        [sys.executable, "-m", "bot", "migrate"], cwd=ROOT, env=env, check=True, capture_output=True
    )
    script = "/gah start seed:7 difficulty:easy\n/gah turn queue:Y3 B0 R2 G4 Y0\n/game status\n"
    out = subprocess.run(
        [sys.executable, "-m", "bot", "console", "--json", "--user", "5", "--channel", "9"],
        cwd=ROOT,
        env=env,
        input=script,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    replies = [json.loads(line) for line in out]
    assert [r["ok"] for r in replies] == [True, True, True]
    assert {"ok", "title", "text", "state"} <= replies[0].keys()
    assert replies[2]["state"] == replies[1]["state"]


@pytest.mark.parametrize("who", [2])
async def test_console_user_is_checked_like_on_discord(db, who):
    owner = await make_console(db)
    await owner.execute("/gah start seed:3")
    other = Console(owner.bot, user_id=who, channel_id=1, admin=False)
    reply = await other.execute("/gah turn")
    assert not reply.ok and "owner" in reply.text
    assert not (await other.execute("/game abandon")).ok


async def test_unexpected_errors_show_a_reference_and_are_logged(db, monkeypatch, caplog):
    console = await make_console(db)

    async def broken(_ctx):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(console.bot.service, "status", broken)
    reply = await console.execute("/game status")
    assert not reply.ok and "reference `" in reply.text and "disk on fire" not in reply.text
    ref = reply.text.split("`")[1]
    assert any(ref in record.getMessage() for record in caplog.records)


async def test_a_value_error_in_a_command_is_a_bug_not_an_unreadable_line(db, monkeypatch):
    """Only an unclosed quote means "could not read"; others must surface for the fuzz tests."""
    console = await make_console(db)

    async def broken(_ctx):
        return int("²")

    monkeypatch.setattr(console.bot.service, "status", broken)
    reply = await console.execute("/game status")
    assert not reply.ok and "Something went wrong" in reply.text
    assert "Could not read" not in reply.text
    unbalanced = await console.execute('/gah start difficulty:"hard')
    assert not unbalanced.ok and "Could not read that line" in unbalanced.text


async def play_full_waltz_game(console: Console) -> tuple[list[str], list[str]]:
    """Every compatible module at once (1, 2, 3 and 5) against Elisabeth, to the result."""
    transcript = Transcript(console)
    run = transcript.run

    reply = await run(
        "/gah start difficulty:hard seed:77 emperor_table:S2 modules:1 2 3 5 entrance:sushi_resort"
    )
    i = 0
    while reply.state["phase"] == "play":
        i += 1
        left = [
            s for c, s in (("red", "R4"), ("blue", "B2")) if c not in reply.state["celebrities"]
        ]
        coloured = " ".join(left) or "none"
        if reply.state["pending_card"] is not None:
            reply = await run(f"/gah turn queue:{QUEUES[i % 4]} full:none")
        elif reply.state["turns_this_round"] < 2:
            reply = await run(
                f"/gah turn queue:{QUEUES[i % 4]} dice:{DICE} coloured:{coloured} "
                "lounge:R3 Y5 B2 full:1"
            )
        else:
            reply = await run("/gah round-end", must_pass=False)
            if not reply.ok:
                assert "ballroom_vp" in reply.text
                reply = await run("/gah round-end ballroom_vp:5")
            elif reply.state["sushi"]["queue"]:
                reply = await run("/gah cogwheel event:rightmost")
        assert reply.ok, reply.text
    reply = await run("/gah final player_score:95 player_staff:none staff_vp:12")
    assert reply.state["status"] == "finished" and reply.state["opponent"] == "Elisabeth"
    return transcript.lines, transcript.outputs


async def test_a_seeded_game_with_all_compatible_modules_gives_identical_output_twice(db):
    lines, first = await play_full_waltz_game(await make_console(db))
    assert sum(line.startswith("/gah turn") for line in lines) >= 14
    assert any("ballroom_vp" in line for line in lines)
    assert any("places a dancer" in out for out in first)
    assert any("celebrity" in out for out in first)
    assert await replayed(db, lines) == first


async def test_undo_in_a_module_game_draws_the_same_card_and_asks_the_same_question(db):
    console = await make_console(db)
    await console.execute(
        "/gah start difficulty:hard seed:77 emperor_table:S2 modules:1 2 3 5 entrance:sushi_resort"
    )
    line = f"/gah turn queue:{QUEUES[0]} dice:{DICE} coloured:R4 B2 lounge:R3 Y5 B2"
    first = await console.execute(line)
    assert first.ok, first.text
    undone = await console.execute("/game undo")
    assert undone.ok and undone.state["pending_card"] is None
    again = await console.execute(line)
    assert render_text(again) == render_text(first)
    assert again.state["pending_card"] == first.state["pending_card"]
    assert again.state["pending_step"] == first.state["pending_step"]


def in_german(queue: str) -> str:
    """A queue as a German reader types it: German's colour letters (`Ge3`, `Gr4`)."""
    return values.shown("gah", queue, "de")


async def test_a_seeded_game_reads_in_german_after_lang_de(db):
    """`lang de`: the setup, Leopold's turn, a refusal, the question a button answers and the
    round end read as the German edition would, with German command names in the hints."""
    console = await make_console(db)
    assert (await console.execute("lang de")).ok
    run = Transcript(console).run
    started = await run("/gah start difficulty:hard seed:7")
    assert "1. Leopold nimmt das Reihenfolgeplättchen **1/4** und beginnt immer; du nimmst " in (
        started.text
    )
    assert "Schwierigkeit: **schwer** — jedes Symbol zählt." in started.facts
    assert started.prompt == (
        "Ziehe Leopolds Karte für Zug 1 von Runde 1: `/gah zug`, oder lass sie mich gleich "
        "abhandeln: `/gah zug warteschlange:…`."  # Leopold's die needs no dice
    )
    turned = await run(f"/gah turn queue:{in_german(QUEUES[0])} dice:{DICE}")
    assert turned.facts[:3] == [
        "**Runde 1, Zug 1** — ich ziehe Leopolds Karte **208**: Gäste beliebige Farbe, "
        "Würfel 3/4, Kaiser +1, Politikkarte C, Hand links.",
        # every guest is housable: only "most VP" decided (bot/core/priority)
        "Leopold nimmt den **grünen Gast für 4 SP** von Platz 4 der Warteschlange (meiste SP) "
        "und bekommt 4 SP.",
        "Er belegt ein blaues Zimmer auf **1.5** (Stockwerk 1, Spalte 5). Wirf die Gastkarte ab "
        "und fülle die Warteschlange auf.",
    ]
    assert "Leopold zieht auf der Kaiserleiste 1 weiter bis Feld 1." in turned.facts
    assert turned.board.startswith(
        "Leopold · schwer · Runde 1/7 · 4 SP · Kaiser 1 · Politikkarten A: keine, B: keine, C: III"
    )
    refused = await run("/gah turn queue:Ge3", must_pass=False)
    assert refused.text == (
        "Die Warteschlange braucht 5 Gäste, von links nach rechts; genannt: 1. "
        "Jetzt geht: `/gah zug warteschlange:Ge3 Bl0 Ro2 Gr4 Ge0`."
    )  # the refusal ends with the line it needs, which works now
    assert [s.label for s in turned.next_steps] == ["Leopolds Zug 4"]
    drawn = await run("press 1")
    assert drawn.prompt.startswith(
        "Leopolds Karte 200 braucht die Warteschlange: Er nimmt den Gast mit den meisten SP; bei "
        "Gleichstand: die Hand zeigt nach links, also ganz rechts."
    )
    resolved = await run(f"/gah zug warteschlange:{in_german(QUEUES[1])}")  # as the hint says
    assert [s.label for s in resolved.next_steps] == ["Runde 1 beenden"]
    ended = await run("press 1")
    assert ended.facts[0] == (
        "Runde 1 endet: Tauscht die Reihenfolgeplättchen (Leopold hat jetzt 2/3), stelle dein "
        "Rundenpersonal wieder auf und beginne Runde 2."
    )
