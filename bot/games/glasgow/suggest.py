"""The answers worth offering for a /glasgow option, so a game on a phone needs little typing.

Each function reads the game's public summary (`GlasgowRules.summary`, what `/game status`
returns; None without a game here) and lists the few values that can answer an option right
now, as (label, value) pairs: the cells where your building may go, the row's buildings you
have not built, the cells Freddy's rules leave tied. `row_entries` completes a row as it is
typed. The cog offers them as autocomplete; nothing here changes a game."""

from __future__ import annotations

from typing import Any

from bot.games.glasgow.city import CENTRE, label
from bot.games.glasgow.display import BANK_GOODS, FACTORY_GOODS
from bot.games.glasgow.names import BUILDING, GOOD

Summary = dict[str, Any]
Offer = list[tuple[str, Any]]
KINDS = BUILDING.tokens
MAX_TEXT = 100  # an autocomplete value's length in Discord


def build_cells(summary: Summary | None) -> Offer:
    """`/glasgow build at:`: the empty cells next to the city that keep it within 4×5 or 5×4
    (E5 for the first building)."""
    if summary is None or not summary.get("city"):
        return [(f"{label(CENTRE)} · the first building", label(CENTRE))]
    return [(cell, cell) for cell in summary.get("legal", [])]


def row_left(summary: Summary | None) -> Offer:
    """`/glasgow build building:`: the row's buildings you have not built this turn."""
    if summary is None:
        return []
    built = set(summary.get("built", []))
    return [
        (f"{i} · {name}", i)
        for i, name in enumerate(summary.get("row", []), 1)
        if i - 1 not in built
    ]


def tied_cells(summary: Summary | None) -> Offer:
    """`/glasgow pick cell:`: the cells Freddy's rules leave tied for the building he places."""
    if summary is None:
        return []
    return [(cell, cell) for cell in summary.get("tied", [])]


def row_entries(current: str, locale: str = "en") -> Offer:
    """`/glasgow row buildings:` as it is typed: the entries so far, completed with each type
    that fits the word being typed (`shop:`), or with a factory's or bank's goods once its cost
    is given (`factory:2:steel`), named as a reader of `locale` types them (`laden:`); a name
    of either language is read."""

    def word_for(token: str) -> str:
        return (BUILDING if token in BUILDING.tokens else GOOD).name(token, locale)

    def fits(token: str, typed: str) -> bool:
        return word_for(token).lower().startswith(typed) or token.startswith(typed)

    text = current.lstrip()
    head, _, word = text.rpartition(" ")
    before = f"{head} " if head else ""
    parts = word.lower().split(":")
    kind = BUILDING.read(parts[0]) or parts[0]
    if len(parts) == 1:
        endings = [f"{word_for(k)}:" for k in KINDS if fits(k, parts[0])]
    elif len(parts) == 3 and kind in ("factory", "bank") and parts[1].isdigit():
        goods = FACTORY_GOODS if kind == "factory" else BANK_GOODS
        endings = [f"{parts[0]}:{parts[1]}:{word_for(g)}" for g in goods if fits(g, parts[2])]
    else:
        endings = []
    offer = [(before + ending, before + ending) for ending in endings]
    if text and (text, text) not in offer:
        offer.insert(0, (text, text))
    return [(shown, value) for shown, value in offer if len(value) <= MAX_TEXT]
