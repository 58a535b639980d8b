"""Numbers in the reader's format: 1,234.5 and 12.5% in English, 1.234,5 and 12,5 % in German,
where the locale is known (`number`) and in English lines shown in German (grouped thousands
and percentages always; a plain decimal where a catalog marks it `{name:number}`)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bot.games.fifth_avenue import AleaRules
from bot.i18n import Catalog, tr
from bot.i18n.numbers import convert, localized, number, percent

NBSP = "\u00a0"


@pytest.mark.parametrize(
    ("value", "kwargs", "english", "german"),
    [
        (1234.5, {}, "1,234.5", "1.234,5"),
        (1234567, {}, "1,234,567", "1.234.567"),
        (12, {}, "12", "12"),
        (-3.25, {}, "-3.25", "-3,25"),
        (3.456, {"decimals": 2}, "3.46", "3,46"),
        (0.125, {"percent": True, "decimals": 1}, "12.5%", f"12,5{NBSP}%"),
        (Fraction(1, 3), {"percent": True, "decimals": 0}, "33%", f"33{NBSP}%"),
        (2, {"sign": True}, "+2", "+2"),
        (0, {"sign": True}, "0", "0"),
    ],
)
def test_a_number_in_each_language(value, kwargs, english, german):
    value = float(value) if isinstance(value, Fraction) else value
    assert number(value, "en", **kwargs) == english
    assert number(value, "de", **kwargs) == german


def test_an_english_number_is_rewritten_only_where_it_cannot_be_something_else():
    assert convert("1,234.5", "de") == "1.234,5" and convert("+1.5", "de") == "+1,5"
    assert convert("12.5%", "de") == f"12,5{NBSP}%" and convert("rule", "de") == "rule"
    line = "12.5% and 1,234 plays; rule 4.1, room 2.4, 3.45, list 1,2,3, 3, 4; `1,234` 50%"
    assert localized(line, "de") == (
        f"12,5{NBSP}% and 1.234 plays; rule 4.1, room 2.4, 3.45, list 1,2,3, 3, 4; "
        f"`1,234` 50{NBSP}%"
    )
    assert localized(line, "en") == line


def test_a_catalog_marks_a_plain_decimal_as_a_number():
    book = Catalog(locale="de")
    book.add("Expected bid: {bid}.", "Erwartetes Gebot: {bid:number}.", "t")
    book.add("Room {room} is free.", "Zimmer {room} ist frei.", "t")
    book.freeze()
    assert book.line("Expected bid: 13.45.") == "Erwartetes Gebot: 13,45."
    assert book.line("Room 2.4 is free.") == "Zimmer 2.4 ist frei."


def test_alea_odds_read_in_german_format():
    rules = AleaRules()
    state = rules.new_game({"mode": "physical"}, 1)[0]
    shown = rules.odds(state, 13, None)
    german = [tr(fact, "de") for fact in shown.facts]
    assert any(line.startswith("Erwartetes Gebot: ") and "," in line for line in german)
    bars = [line for line in german if line.startswith("`")]
    assert bars and all(f"{NBSP}%" in line and "." not in line for line in bars)
    chance = next(line for line in german if line.startswith("Chance, dass Alea"))
    assert f"{NBSP}%**" in chance and "." not in chance.split("**")[1]


def test_large_counts_read_in_german_format():
    assert tr("Imported 1,234 plays; skipped 2 duplicates.", "de") == (
        "1.234 Partien importiert; 2 Duplikate übersprungen."
    )


@pytest.mark.parametrize(
    ("value", "digits", "english", "german"),
    [
        (1234.5, None, "1,234.5", "1.234,5"),
        (1234567, None, "1,234,567", "1.234.567"),
        (12.0, None, "12", "12"),
        (-3, None, "-3", "-3"),
        (14.78, 1, "14.8", "14,8"),
        (1234.5, 2, "1,234.50", "1.234,50"),
        (7, 1, "7.0", "7,0"),
    ],
)
def test_a_number_with_places_given_by_position(value, digits, english, german):
    assert number(value, "en", digits) == english
    assert number(value, "de", digits) == german


def test_percent_of_a_share():
    assert percent(0.675, "en") == "67.5%"
    assert percent(0.675, "de") == "67,5\u00a0%"
    assert percent(1, "de", 0) == "100\u00a0%"


def test_an_unknown_language_is_written_in_english():
    assert number(1234.5, "fr") == "1,234.5"
