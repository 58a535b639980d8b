"""A game's printed command lines are built from its command models (`Command.line`, which
refuses an option the model does not declare), never written by hand: no string in the
game's code spells out a `/group …` line itself (issue 44). Docstrings and comments may."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAMES = Path(__file__).parents[2] / "bot" / "games"
BUILT = {  # package: its slash group
    "great_western_trail": "gwt",
    "waterdeep": "waterdeep",
    "grand_austria": "gah",
    "fifth_avenue": "alea",
    "glasgow": "glasgow",
}


def _docstrings(tree: ast.AST) -> set[int]:
    """The docstring constants of a module, its classes and functions (by id)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def handwritten(package: Path, group: str) -> list[str]:
    """Each string (or f-string part) of the package's code that writes a `/group …` line."""
    found = []
    for path in sorted(package.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = _docstrings(tree)
        for node in ast.walk(tree):
            text = node.value if isinstance(node, ast.Constant) else None
            if isinstance(text, str) and id(node) not in skip and f"`/{group} " in f"{text} ":
                found.append(f"{path.name}:{node.lineno}: {text[:80]}")
    return found


def test_the_check_finds_a_line_written_by_hand(tmp_path):
    (tmp_path / "rules.py").write_text(
        '"""`/gwt turn` in a docstring is prose."""\n'
        "from x import TurnCmd\n"
        'A = f"`{TurnCmd.line(card=3)}`"  # `/gwt turn card:3` in a comment\n'
        'B = f"then `/gwt turn card:{n}`"\n'
        'C = "or `/gwt end`."\n',
        encoding="utf-8",
    )
    assert sorted(line.split(":")[1] for line in handwritten(tmp_path, "gwt")) == ["4", "5"]


@pytest.mark.parametrize("package", sorted(BUILT))
def test_no_printed_line_is_written_by_hand(package):
    assert handwritten(GAMES / package, BUILT[package]) == []
