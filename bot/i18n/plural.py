"""A count and its noun in the form the count takes, in English and German: `1 space`,
`3 spaces`; `1 Feld`, `3 Felder` — never `1 spaces` or `Schritt(e)`.

Code writes English, as everywhere (`count(n, "space")`); the German forms live in the
catalogs under `nouns:` (English singular → German singular and plural), and a line or a
placeholder's text that is just a count and a noun (`3 spaces`, either English form) is
said in German with the form its number takes (bot.i18n.Catalog)."""

from __future__ import annotations

import re

IRREGULAR = {"die": "dice", "child": "children", "person": "people", "this": "these"}
_SIBILANT = re.compile(r"(s|x|z|ch|sh)$")
_CONSONANT_Y = re.compile(r"[^aeiou]y$")


def plural(noun: str) -> str:
    """The English plural of `noun` (its last word: `log entry` → `log entries`)."""
    head, space, last = noun.rpartition(" ")
    if last in IRREGULAR:
        word = IRREGULAR[last]
    elif _CONSONANT_Y.search(last):
        word = last[:-1] + "ies"
    elif _SIBILANT.search(last):
        word = last + "es"
    else:
        word = last + "s"
    return head + space + word


def form(n: int | float, noun: str) -> str:
    """`noun` as `n` of it is said in English: singular for exactly one."""
    return noun if n == 1 else plural(noun)


def count(n: int | float, noun: str, locale: str = "en") -> str:
    """`n` and its noun (given in the English singular) in `locale`: `1 step`, `2 steps`,
    `2 Schritte`. A noun the catalog has no German for stays English."""
    english = f"{n:,} {form(n, noun)}"  # 1,234 steps: grouped, as bot.i18n.numbers reads
    if locale == "en":
        return english
    from bot.i18n import catalog  # the catalogs import this module

    return catalog(locale).counted(english) or english
