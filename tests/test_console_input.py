"""How the console reads a line: words as Discord reads them, numbers it can hold, and where
the pictures and exports it receives go."""

import io

import pytest

from bot.console import KEEP_FILES, render_text, run_console, save_files, split_line
from bot.core.reply import Reply
from tests.test_console import make_console


def test_only_double_quotes_group_words_so_apostrophes_stay_in_names():
    assert split_line("/waterdeep place space:Builder's Hall building:Jesters' Court") == [
        "/waterdeep",
        "place",
        "space:Builder's",
        "Hall",
        "building:Jesters'",
        "Court",
    ]
    assert split_line('/game campaign name:"Vienna  winter" x') == [
        "/game",
        "campaign",
        "name:Vienna  winter",
        "x",
    ]
    with pytest.raises(ValueError, match="No closing quotation"):
        split_line('/game campaign name:"Vienna')


async def test_a_name_with_an_apostrophe_works_unquoted_in_the_console(db):
    console = await make_console(db)
    started = await console.execute("/waterdeep start lord:Durnan seed:2026")
    assert started.ok, started.text
    hall = await console.execute("/waterdeep place space:Builder's Hall building:Jesters' Court")
    assert "Could not read" not in hall.text
    shop = await console.execute("/waterdeep place space:Aurora's Realms Shop")
    assert "Could not read" not in shop.text
    assert hall.ok or shop.ok, (hall.text, shop.text)


@pytest.mark.parametrize(
    "line",
    [
        "/stats user:²",
        "/alea start partner:²",
        "/game players add:²",
        "/history user:²",
        "/streak user:²",
        "/streak user:<@" + "9" * 5000 + ">",
    ],
)
async def test_a_user_option_of_unicode_or_overlong_digits_is_a_one_line_error(db, line):
    console = await make_console(db)
    await console.execute("/gah start seed:3")
    reply = await console.execute(line)
    assert not reply.ok and "\n" not in reply.text
    name = line.split()[-1].split(":")[0]
    assert reply.text.startswith(f"`{name}` must be a user: their id or mention, like `{name}:2`")


async def test_press_with_five_thousand_digits_is_a_one_line_error(db):
    console = await make_console(db)
    reply = await console.execute("/gah start seed:3")
    assert reply.next_steps
    for number in ("9" * 5000, "²", "٣", "0"):
        pressed = await console.execute("press " + number)
        assert not pressed.ok and pressed.text == f"Press 1 to {len(reply.next_steps)}."


async def test_an_overlong_integer_option_is_a_one_line_error(db):
    console = await make_console(db)
    reply = await console.execute("/gah start seed:" + "9" * 5000)
    # one line, ending with the line that works in a channel with no game (issue 45)
    assert not reply.ok and reply.text == "`seed` must be a number. Now: `/gah start`."


async def test_a_refused_option_is_named_as_the_reader_typed_it(db):
    console = await make_console(db)
    await console.execute("/glasgow start freddy:I")
    english = await console.execute("/glasgow build building:shop at:E5")
    now = " Now: `/glasgow action chosen:other ignored:other`."  # a line that works there
    assert not english.ok and english.text == "`building` must be a number." + now
    await console.execute("lang de")
    german = await console.execute("/glasgow bauen gebäude:laden auf:E5")
    jetzt = " Jetzt geht: `/glasgow aktion gewählt:andere ignoriert:andere`."
    assert not german.ok and german.text == "`gebäude` muss eine Zahl sein." + jetzt, german.text


async def test_a_text_option_too_short_says_characters(db):
    console = await make_console(db)
    await console.execute("/glasgow start freddy:I")
    reply = await console.execute("/glasgow build building:1 at:E")
    now = " Now: `/glasgow action chosen:other ignored:other`."  # a line that works there
    assert not reply.ok and reply.text == "`at` must be at least 2 characters long." + now
    long = await console.execute("/glasgow build building:1 at:E555")
    assert not long.ok and long.text == "`at` must be at most 3 characters long." + now
    number = await console.execute("/game undo steps:0")
    assert not number.ok and "character" not in number.text


async def test_the_console_saves_files_in_its_folder_and_names_the_path(db, tmp_path, monkeypatch):
    here = tmp_path / "cwd"
    here.mkdir()
    monkeypatch.chdir(here)
    folder = tmp_path / "out" / "console"
    console = await make_console(db)
    lines = io.StringIO("/gah start seed:3\n/game export\n")
    out = io.StringIO()
    done = await run_console(console, lines, out, as_json=False, interactive=False, files=folder)
    assert done == 0, out.getvalue()
    [saved] = list(folder.iterdir())
    assert saved.name.endswith("-soloist-game-1.json") and saved.read_bytes().startswith(b"{")
    assert f"saved to {saved}" in out.getvalue()
    assert list(here.iterdir()) == []  # nothing in the current directory


def test_the_console_folder_keeps_only_the_newest_files_and_nothing_else_is_touched(tmp_path):
    mine = tmp_path / "notes.txt"
    mine.write_text("keep me")
    reply = Reply(title="x", files=[("board.png", b"png")])
    for _ in range(KEEP_FILES + 5):
        [line] = save_files(reply, tmp_path)
    names = sorted(p.name for p in tmp_path.iterdir())
    assert len(names) == KEEP_FILES + 1 and "notes.txt" in names
    assert line.endswith(f"saved to {tmp_path / names[-2]}]")  # the newest is still there
    assert "saved to" in render_text(reply, [line])


def test_a_folder_that_cannot_be_written_is_a_line_not_a_crash(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    [line] = save_files(Reply(title="x", files=[("board.png", b"png")]), blocker / "sub")
    assert line.startswith("[file board.png, 3 bytes, not saved:")
