"""The small languages players type about their table, read once for every game.

- `none` words: "none", "no", "-", "0" for an empty answer;
- words: split on spaces, commas and semicolons;
- numbers: ASCII digits only (`²` passes `str.isdigit()` but is not a number here);
- colour+number tokens: `Y3`, `red4`, `B0*` (a mark after the number);
- `label:value` lists: `a:2 b:0`, `shop:3 landmark:4:7`.
Every mistake is an `InputError` that quotes the bad token and shows an example.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import Protocol

from bot.core.errors import InputError
from bot.core.message import say
from bot.core.words import plain

NONE_WORDS = frozenset(
    {"none", "no", "-", "0", "nothing", "empty", "keine", "kein", "keiner", "nichts", "leer"}
)  # German too: a German reader is told to type "keine"
_SPLIT = re.compile(r"[\s,;]+")
_NUMBER = re.compile(r"[0-9]{1,9}")
MAX_TOKENS = 60


def short(text: str, limit: int = 20) -> str:
    """A token quoted back to the player inside backticks: one line, no backtick, cut short."""
    flat = " ".join(text.replace("`", "'").split())
    return flat if len(flat) <= limit else flat[:limit] + "…"


NEAR = 0.3  # how alike (difflib's ratio) a name must be to be offered


def likeness(typed: str, name: str) -> float:
    """How like `name` `typed` is (difflib's ratio, on names folded and typed without
    umlauts); above 1 when the name holds a word typed."""
    needle, folded = plain(typed), plain(name)
    if needle and any(word in folded.split() for word in needle.split()):
        return 1.0 + len(needle) / (len(folded) or 1)
    return SequenceMatcher(None, needle, folded).ratio()


def nearest(typed: str, names: Iterable[str], n: int = 3) -> list[str]:
    """The `n` names most like `typed` (a refusal of an unknown name offers them), best first,
    none that is nothing like it; a name that holds a word typed is nearest."""
    scored = sorted(
        ((likeness(typed, name), name) for name in dict.fromkeys(names)),
        key=lambda pair: -pair[0],
    )
    return [name for score, name in scored[:n] if score >= NEAR]


def is_none(text: str) -> bool:
    return text.strip().lower() in NONE_WORDS


def words(text: str, *, limit: int = MAX_TOKENS) -> list[str]:
    found = [t for t in _SPLIT.split(text.strip()) if t]
    if len(found) > limit:
        key = "That is {n} entries; at most {limit} make sense here."
        raise InputError(say(key, n=len(found), limit=limit))
    return found


def number(token: str, *, what: str = "number", low: int = 0, high: int = 10**9) -> int:
    """An ASCII whole number between low and high."""
    token = token.strip()
    if not _NUMBER.fullmatch(token):
        key = "`{token}` is not a {what}: write digits, like `3`."
        raise InputError(say(key, token=short(token), what=what))
    value = int(token)
    if not low <= value <= high:
        key = "`{token}`: the {what} must be from {low} to {high}."
        raise InputError(say(key, token=short(token), what=what, low=low, high=high))
    return value


def numbers(text: str, *, what: str = "number", low: int = 0, high: int = 10**9) -> list[int]:
    return [number(t, what=what, low=low, high=high) for t in words(text)]


@dataclass(frozen=True)
class ColourToken:
    colour: str
    value: int
    mark: bool = False


def colour_tokens(
    text: str,
    colours: Mapping[str, str],
    *,
    what: str,
    example: str,
    high: int = 99,
    mark: str = "*",
    unique: bool = False,
) -> list[ColourToken]:
    """'Y3 B0* R2': a colour (its letter or full name, from `colours`: letter -> name) and a
    number, optionally followed by `mark`."""
    names = {
        **{k.lower(): v for k, v in colours.items()},
        **{v.lower(): v for v in colours.values()},
    }
    pattern = re.compile(r"^([a-z]+)[:=]?([0-9]{1,3})(" + re.escape(mark) + r"?)$", re.IGNORECASE)
    found: list[ColourToken] = []
    for token in words(text):
        match = pattern.match(token)
        colour = names.get(match.group(1).lower()) if match else None
        if match is None or colour is None:
            letters = ", ".join(k.upper() for k in colours)
            key = (
                "`{token}` is not {what}: write a colour ({letters}) and a number, "
                "like `{example}`."
            )
            said = say(key, token=short(token), what=what, letters=letters, example=example)
            raise InputError(said)
        value = int(match.group(2))
        if value > high:
            key = "`{token}`: the number can be at most {high}."
            raise InputError(say(key, token=short(token), high=high))
        if unique and any(t.colour == colour for t in found):
            raise InputError(f"{colour.capitalize()} is listed twice.")
        found.append(ColourToken(colour, value, bool(match.group(3))))
    if not found:
        raise InputError(say("Write {what} like `{example}`.", what=what, example=example))
    return found


class Declared(Protocol):
    """Declared values (bot/core/values.py `Words`): what a name reads as, and the refusal."""

    def read(self, typed: str) -> str | None: ...

    def refusal(self, typed: str, option: str = "") -> str: ...


@dataclass(frozen=True)
class Labelled:
    label: str
    values: tuple[str, ...]


def labelled(
    text: str,
    *,
    what: str,
    example: str,
    labels: Mapping[str, str] | Declared | None = None,
    min_values: int = 1,
    max_values: int = 1,
) -> list[Labelled]:
    """'shop:3 landmark:4:7': a label and one or more `:`-separated values per token.

    `labels` restricts and normalises the labels: declared values (their names in either
    language, a beginning), or a mapping alias -> canonical label."""
    found: list[Labelled] = []
    for token in words(text):
        label, *values = token.split(":")
        key = label.strip().lower()
        if key and isinstance(labels, Mapping):  # no label at all (`:3`): a format error
            if key not in labels:
                allowed = ", ".join(sorted(set(labels.values())))
                key = "`{token}` is not {what}; one of: {allowed}."
                raise InputError(say(key, token=short(label), what=what, allowed=allowed))
            key = labels[key]
        elif key and labels is not None:
            read = labels.read(label.strip())
            if read is None:
                raise InputError(labels.refusal(label.strip()))
            key = read
        if not key or not min_values <= len(values) <= max_values or not all(values):
            key = "`{token}` is not {what}: write it like `{example}`."
            raise InputError(say(key, token=short(token), what=what, example=example))
        found.append(Labelled(key, tuple(v.strip() for v in values)))
    return found
