"""The answers worth offering for a /glasgow option, so a game on a phone needs little typing.

Each function reads the game's public summary (`GlasgowRules.summary`, what `/game status`
returns; None without a game here) and lists the few values that can answer an option right
now, as (label, value) pairs: the cells where your building may go, the row's buildings you
have not built, the cells Freddy's rules leave tied. `row_entries` completes a row as it is
typed. The cog offers them as autocomplete; nothing here changes a game."""

from __future__ import annotations

from typing import Any

from bot.games.glasgow.city import CENTRE, label
from bot.games.glasgow.turn import BANK_GOODS, FACTORY_GOODS

Summary = dict[str, Any]
Offer = list[tuple[str, Any]]
KINDS = ("shop", "tenement", "park", "landmark", "factory", "bank", "station")
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


def row_entries(current: str) -> Offer:
    """`/glasgow row buildings:` as it is typed: the entries so far, completed with each type
    that fits the word being typed (`shop:`), or with a factory's or bank's goods once its cost
    is given (`factory:2:steel`)."""
    text = current.lstrip()
    head, _, word = text.rpartition(" ")
    before = f"{head} " if head else ""
    parts = word.lower().split(":")
    if len(parts) == 1:
        endings = [f"{kind}:" for kind in KINDS if kind.startswith(parts[0])]
    elif len(parts) == 3 and parts[0] in ("factory", "bank") and parts[1].isdigit():
        goods = FACTORY_GOODS if parts[0] == "factory" else BANK_GOODS
        endings = [f"{parts[0]}:{parts[1]}:{g}" for g in goods if g.startswith(parts[2])]
    else:
        endings = []
    offer = [(before + ending, before + ending) for ending in endings]
    if text and (text, text) not in offer:
        offer.insert(0, (text, text))
    return [(shown, value) for shown, value in offer if len(value) <= MAX_TEXT]
