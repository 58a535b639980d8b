"""Every line built as a message has its key in the German catalog (issue 45, Deliver 1): a
Said is looked up by its key exactly, never matched, so a key the catalog lacks leaves the
whole line English. Read from the source: each `say("…")` whose key is written out."""

from __future__ import annotations

import ast
from pathlib import Path

from bot.core.said import say
from bot.games.waterdeep.mat import LORD_VP
from bot.games.waterdeep.visits import take_building
from bot.i18n import catalog, tr
from bot.i18n.messages import is_join
from tests.games.waterdeep.helpers import board

BOT = Path(__file__).resolve().parents[2] / "bot"


def written_keys() -> list[tuple[str, str]]:
    """(where, key) for each `say("key", …)` or `Said("key", …)` under bot/."""
    found = []
    for path in sorted(BOT.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            first = node.args[0]
            if name in ("say", "Said") and isinstance(getattr(first, "value", None), str):
                found.append((f"{path.relative_to(BOT.parent)}:{node.lineno}", first.value))
    return found


def test_every_key_written_out_has_its_german_line():
    keys = written_keys()
    assert len(keys) > 500  # the scan reads the games' messages (657 at writing), not nothing
    book = catalog("de")
    lacking = [f"{where}: {key!r}" for where, key in keys if key not in book.targets]
    assert [line for line in lacking if not is_join(line.split(": ", 1)[1])] == []


def test_larissa_s_building_bonus_is_said_in_german():
    st = board([], hall=[("the_waymoot", 1)], lord="larissa_neathal", lord_bonus="as_earned")
    facts: list[str] = []
    take_building(st, st.hall[0], "you", facts, free=True)
    assert st.ledger[LORD_VP] == 6
    line = facts[facts.index(say("{lord}: +6 VP for the building (D6).", lord="Larissa Neathal"))]
    assert tr(line, "de") == "Larissa Neathal: +6 SP für das Gebäude (D6)."
