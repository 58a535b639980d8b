"""Names typed in the player's language, read back as the English tokens the rules parse.

A German reader is shown `laden:3 wohnhaus:2` and types it back; the rules only know `shop`
and `tenement`. The edge (bot/i18n) knows which German names a game prints; this pure part
swaps each such name, in any case and as a whole word, for its English token before the
command reaches the rules. English stays as it is typed."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

_EDGE_BEFORE = r"(?<![\w'’])"
_EDGE_AFTER = r"(?![\w'’])"


@lru_cache(maxsize=64)
def _pattern(names: tuple[str, ...]) -> re.Pattern[str]:
    longest_first = sorted(names, key=len, reverse=True)  # `rote Karte` before `rote`
    body = "|".join(re.escape(name) for name in longest_first)
    return re.compile(f"{_EDGE_BEFORE}(?:{body}){_EDGE_AFTER}", re.IGNORECASE)


def fold(name: str) -> str:
    return " ".join(name.casefold().split())


_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})


def plain(name: str) -> str:
    """`fold`, and a German umlaut as typed without one (`würfel` → `wuerfel`): how a typed
    name is compared, so `wuerfel` and `hoechstgebot` are read like `würfel` and `höchstgebot`."""
    return fold(name).translate(_UMLAUTS)


def swap(text: str, names: Mapping[str, str]) -> str:
    """`text` with every key of `names` (folded: lower case, single spaces) that stands as a
    whole word, in any case, replaced by its value: `Laden:3 mietshaus:2` → `shop:3 tenement:2`
    for `{"laden": "shop", "mietshaus": "tenement"}`. Words not in `names` are kept."""
    if not names or not text:
        return text
    pattern = _pattern(tuple(sorted(names)))
    return pattern.sub(lambda m: names.get(fold(m.group(0)), m.group(0)), text)
