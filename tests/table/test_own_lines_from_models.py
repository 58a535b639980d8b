"""The table and the cogs print the bot's own command lines (`/game status`, `/settings web
choice:on`) from their models (bot/table/commands.py, `Command.line`), never as text of their
own, so a printed line cannot name a command or option the bot lacks."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OWN = re.compile(r"`/(game|settings|help|about)\b")


def written_lines(source: str, pattern: re.Pattern[str] = OWN) -> list[str]:
    """The string literals of `source` (not its docstrings) that write such a line by hand."""
    tree = ast.parse(source)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
        and pattern.search(node.value)
    ]


def test_the_check_finds_a_hand_written_line_and_passes_a_models():
    source = '"""`/game status` in a docstring."""\nA = "see `/game status`"\n'
    source += 'B = f"see `{Status.line()}`"\n'
    assert written_lines(source) == ["see `/game status`"]


def test_no_line_of_the_bots_own_commands_is_written_by_hand_in_the_table_or_the_cogs():
    files = [*ROOT.glob("bot/table/*.py"), *ROOT.glob("cogs/*.py")]
    files = [path for path in files if path.name != "commands.py"]
    assert len(files) > 30
    found = [
        f"{path.relative_to(ROOT)}: {line}"
        for path in sorted(files)
        for line in written_lines(path.read_text(encoding="utf-8"))
    ]
    assert found == []


# A message key that writes a command line by hand with a placeholder for its option's value
# (`/history page:{page}`): the line is the model's, passed as a `typed` value (`{line}`).
FILLED = re.compile(r"`/[a-z]+(?: [a-z_]+)* [a-z_]+:\{[a-z_]+\}")
# written so before issue 45's messages; not a message key (a plain line the matcher says)
OLDER = {
    "bot/logbook/plays.py",  # `/challenge void challenge:{challenge} …` (str.format)
    "bot/table/contest_confirm.py",  # `/challenge confirm game:{id}` (str.format)
}


def test_the_check_finds_a_command_line_filled_by_hand():
    source = 'A = say("Older: `/history page:{page}`.", page=2)\nB = say("`{line}`", line=x)\n'
    assert written_lines(source, FILLED) == ["Older: `/history page:{page}`."]


def test_no_message_key_fills_a_command_line_written_by_hand():
    files = [*ROOT.glob("bot/table/*.py"), *ROOT.glob("bot/logbook/*.py"), *ROOT.glob("cogs/*.py")]
    found = [
        f"{path.relative_to(ROOT)}: {line}"
        for path in sorted(files)
        if path.name != "commands.py" and str(path.relative_to(ROOT)) not in OLDER
        for line in written_lines(path.read_text(encoding="utf-8"), FILLED)
    ]
    assert found == []
