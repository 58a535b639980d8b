"""Input in the player's language: every name the bot prints in German is read back as the
English token the rules parse, and every example a German reply shows runs as printed."""

from __future__ import annotations

import re

import pytest

from bot import i18n
from bot.console import split_line
from bot.core import values
from bot.core.errors import InputError
from bot.core.vocabulary import NONE
from bot.core.words import fold, swap
from bot.games.glasgow.commands import COMMANDS
from tests.test_console import make_console


def test_a_name_is_swapped_in_any_case_as_a_whole_word_only():
    names = {"laden": "shop", "wohnhaus": "tenement", "rote karte": "red"}
    assert swap("Laden:3 WOHNHAUS:2 park:1", names) == "shop:3 tenement:2 park:1"
    assert swap("ladenhüter:1 rote  Karte", names) == "ladenhüter:1 rote  Karte"
    assert swap("rote Karte; laden", names) == "red; shop"
    assert fold("  Rote  KARTE ") == "rote karte"


NONE_NAMES = {fold(name) for name in NONE.word("none").names()}


def test_no_german_name_of_a_game_reads_as_another_token_of_its_group():
    """A value's German name read in a typed text (`laden:3`) must name that value only: it
    is no English token of the same group with another meaning."""
    for group in values.groups():
        declared = values.declared(group)
        english: dict[str, set[str]] = {}
        for words in declared:
            for word in words.words:
                english.setdefault(fold(word.token), set()).add(word.token)
        for words in declared:
            for word in words.words:
                for name in set(word.names()) - set(word.short):  # letters: glued to a number
                    if fold(name) in NONE_NAMES and word.token != "none":
                        continue  # a value that means "none here" (`chosen:none`, issue 45)
                    other = english.get(fold(name), {word.token})
                    assert other == {word.token}, f"{group}: {name!r} names {word.token!r}, {other}"


def test_german_example_commands_show_the_german_names_and_read_back():
    line = "`/glasgow row buildings:shop:3 tenement:2 landmark:4:7 factory:2:steel bank:3:gold`"
    german = i18n.tr(line, "de")
    assert german == (
        "`/glasgow reihe gebäude:laden:3 wohnhaus:2 wahrzeichen:4:7 fabrik:2:stahl bank:3:gold`"
    )
    typed = german.split(":", 1)[1].rstrip("`")
    assert COMMANDS.english({"command": "row", "buildings": typed})["buildings"] == (
        "shop:3 tenement:2 landmark:4:7 factory:2:steel bank:3:gold"
    )
    assert i18n.tr("`/glasgow start shop_vp:2`", "de") == "`/glasgow starten laden_sp:2`"


async def test_the_row_typed_with_german_building_names_is_accepted(db):
    console = await make_console(db)
    assert (await console.execute("lang de")).ok
    await console.execute("/glasgow start seed:1")
    await console.execute("press 1")
    asked = await console.execute("press 1")
    assert "`/glasgow reihe gebäude:laden:3 wohnhaus:2" in asked.prompt
    row = await console.execute("/glasgow reihe gebäude:laden:3 mietshaus:2 park:1")
    assert row.ok, row.text
    assert row.facts[0] == (
        "Reihe von Architekt 1: 1. Laden (Kosten 3), 2. Wohnhaus (Kosten 2), 3. Park (Kosten 1)."
    )
    status = await console.execute("/game status")
    assert status.ok and status.version == row.version  # `/game` works as before


CODE = re.compile(r"`(/[^`\n]+)`")
PLACEHOLDER = re.compile(r"…|<|\[|:N\b|:X\b|:(?:\s|$)")  # a blank to fill, not an example
NAME_REFUSED = ("keine gültige Angabe", "is not a valid", "Unbekannte Option", "muss eines davon")
STARTS = {  # the start, and what a German player types where the examples are all blanks
    "gah": ["/gah start seed:7"],
    "gwt": ["/gwt start seed:3"],
    "glasgow": ["/glasgow start seed:9"],
    "alea": [
        "/alea start partner:2 seed:1",
        "/alea versteigerung bezirk:times square höchstgebot:9",
    ],
    "waterdeep": ["/waterdeep start lord:Durnan seed:1"],
}


def examples(reply) -> list[str]:
    return [m.group(1) for text in (*reply.facts, reply.prompt) for m in CODE.finditer(text)]


@pytest.mark.parametrize("game", sorted(STARTS))
async def test_every_german_example_line_runs_as_printed(db, game):
    """A seeded game in German, moved on by the examples its own replies print: each one
    parses in a German console, and none is refused for a name it printed itself."""
    console = await make_console(db)
    assert (await console.execute("lang de")).ok
    for line in STARTS[game]:
        reply = await console.execute(line)
        assert reply.ok, reply.text
    group = (await console.execute("/game status")).state["game"]
    tried = 0
    for _ in range(12):
        moved = None
        for line in examples(reply):
            if PLACEHOLDER.search(line):
                continue
            try:  # names and options as printed
                console.parse(split_line(line))
            except InputError as exc:
                if "Missing option" in str(exc):
                    continue  # a command named for reference (`/waterdeep complete`)
                raise AssertionError(f"{line}: {exc}") from None
            if not line.startswith(f"/{group} ") or moved is not None:
                continue
            tried += 1
            ran = await console.execute(line)
            assert not any(word in ran.text for word in NAME_REFUSED), (line, ran.text)
            if ran.ok and ran.version != reply.version:
                moved = ran
        if moved is None and reply.next_steps:
            moved = await console.execute("press 1")
        if moved is None or not moved.ok:
            break
        reply = moved
    assert tried >= 1
