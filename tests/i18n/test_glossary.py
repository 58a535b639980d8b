"""The German catalogs follow one glossary (docs/glossary-de.md, issue 45): where a line's
English holds a glossary word, its German uses no avoided word for it; a counted dish takes
its plural."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from bot.i18n import tr

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "glossary-de.md"
CATALOGS = sorted((ROOT / "data" / "locales" / "de").glob("*.yaml"))
ROW = re.compile(r"^\|\s*([a-z][^|]*?)\s*\|\s*([^|]+?)\s*\|\s*([^|]*?)\s*\|")


def glossary() -> list[tuple[str, str, list[str]]]:
    """(English, German, avoided words), each row of the glossary's table."""
    rows = []
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        match = ROW.match(line)
        if match and match.group(1) != "english":
            avoided = [w.strip() for w in match.group(3).split(",") if w.strip()]
            rows.append((match.group(1), match.group(2), avoided))
    return rows


def lines() -> list[tuple[str, str, str]]:
    """(file, English, German) of every catalog line."""
    found = []
    for path in CATALOGS:
        document = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        for english, german in (document.get("text") or {}).items():
            found.append((path.name, str(english), str(german)))
    return found


def avoided_in(german: str, avoided: list[str]) -> list[str]:
    return [w for w in avoided if re.search(rf"\b{re.escape(w)}\b", german)]


def test_the_glossary_names_the_terms_the_issue_settled():
    terms = {english: german for english, german, _ in glossary()}
    assert terms["floor"] == "Stockwerk" and terms["staff"] == "Personal"
    assert terms["cake"].startswith("Torte")


def test_the_catalogs_use_only_the_glossarys_terms():
    rows = glossary()
    wrong = []
    for name, english, german in lines():
        for word, _, avoided in rows:
            if re.search(rf"\b{re.escape(word)}", english, re.IGNORECASE) and avoided_in(
                german, avoided
            ):
                wrong.append(f"{name}: {english!r} → {german!r} ({word})")
    assert wrong == []


def test_the_check_finds_an_avoided_word():
    assert avoided_in("Etage 2: 3 × 5 SP", ["Etage"]) == ["Etage"]
    assert avoided_in("Stockwerk 2: 3 × 5 SP", ["Etage"]) == []
    assert avoided_in("in dieser Reihenfolge", ["Reihe"]) == []  # a whole word only


def test_a_counted_cake_takes_its_plural_and_neither_reads_as_german():
    assert tr("2 cake", "de") == "2 Torten" and tr("1 cake", "de") == "1 Torte"
    said = tr(
        "**Emperor scoring**: Leopold scores 6 VP for space 10 and moves back 5 to space 5. "
        "Score yours and take your reward or penalty; Leopold gets neither.",
        "de",
    )
    assert said.endswith("Leopold bekommt keines von beiden.")
