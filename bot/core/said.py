"""A line of a reply built as a message (bot/core/message.py: `Said`, `say` and the kinds of
value a message holds, re-exported here), and how a message is kept in the database and read
back: a declared value by its declaration as it is now (bot/core/values.py)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Annotated, Any

from pydantic import PlainSerializer, ValidatorFunctionWrapHandler, WrapValidator

from bot.core.message import (
    MOST_LISTED,
    Fenced,
    Given,
    Listed,
    Name,
    Said,
    Typed,
    Value,
    capped,
    english,
    fenced,
    given,
    listed,
    name,
    say,
    stacked,
    typed,
    value,
)
from bot.core.values import Word, by_key

# the message core (bot/core/message.py), said here too, and the database form below
__all__ = [
    "MOST_LISTED",
    "Fenced",
    "Given",
    "Listed",
    "Name",
    "Said",
    "Text",
    "Typed",
    "Value",
    "capped",
    "english",
    "english_data",
    "fenced",
    "given",
    "is_stored",
    "listed",
    "name",
    "say",
    "stacked",
    "stored",
    "stored_lines",
    "typed",
    "unstored",
    "unstored_lines",
    "value",
]

# ------------------------------------------------------------------ kept in the database
# A message is kept as JSON data (a fact of the log, a question in a state), so what is read
# back is said from its message exactly as when it was first replied:
#   a Said     {"say": key, "with": {name: value, …}}
#   a Value    {"word": token, "of": its declaration's key, "letter": "Y", "after": "3"}
#   a Listed   {"listed": [value, …], "glue": "; "}
#   a Name     {"name": "Loot the Crypt"}
#   a Fenced   {"fenced": [row, …]}
#   a Typed    {"typed": line}, a value alone typed in /group {"typed": value, "in": group}
#   a number or a plain str as itself; anything else as its English text.
# A plain str in a list of facts is a line kept before (or a line not built as a message):
# it is read back as it is, and matched at the edge as before.


def stored(item: Any) -> Any:
    """`item` (a line, or a value of one) as JSON-ready data that `unstored` makes again."""
    if isinstance(item, Said):
        kept: dict[str, Any] = {"say": item.key}
        if item.values:
            kept["with"] = {name: stored(v) for name, v in item.values.items()}
        return kept
    if isinstance(item, Value):
        shown: dict[str, Any] = {"word": item.word.token, "of": item.of}
        if item.letter:
            shown["letter"] = item.word.letter("en")
        if item.after:
            shown["after"] = item.after
        return shown
    if isinstance(item, Listed):
        return {"listed": [stored(part) for part in item]} | (
            {"glue": item.glue} if item.glue != ", " else {}
        )
    if isinstance(item, Typed):
        return {"typed": item.line} | ({"in": item.group} if item.group else {})
    if isinstance(item, Name):
        return {"name": item.text}
    if isinstance(item, Fenced):
        return {"fenced": list(item.rows)}
    if isinstance(item, str | int | float) or item is None:
        return str(item) if isinstance(item, str) else item
    return str(item)


def unstored(data: Any) -> Any:
    """What `stored` kept, made again: a Said from its key and values, a declared value by
    its declaration as it is now (a value no longer declared keeps its English token)."""
    if not isinstance(data, dict):
        return data
    if "say" in data:  # checked when it was said first: made again as it was
        return Said._made(
            data["say"], {n: unstored(v) for n, v in (data.get("with") or {}).items()}
        )
    if "listed" in data:
        return Listed(tuple(unstored(part) for part in data["listed"]), data.get("glue", ", "))
    if "name" in data and set(data) == {"name"}:
        return Name(str(data["name"]))
    if "fenced" in data and set(data) == {"fenced"}:
        return Fenced(tuple(str(row) for row in data["fenced"]))
    if "typed" in data and set(data) <= {"typed", "in"}:
        return Typed(str(data["typed"]), str(data.get("in") or ""))
    if "word" in data:
        token, letter = str(data["word"]), data.get("letter")
        declared = by_key(data.get("of") or "")
        try:
            word = declared.word(token) if declared is not None else None
        except KeyError:
            word = None
        if word is None:  # gone since: shown by its English token (and letter) as kept
            word = Word(token, short=(str(letter),) if letter else ())
        return Value(word, bool(letter), str(data.get("after", "")), data.get("of") or "")
    return data


def is_stored(data: Any) -> bool:
    return isinstance(data, dict) and "say" in data and set(data) <= {"say", "with"}


def english_data(data: Any) -> Any:
    """JSON data with every kept message as its English text (an export's state, a state
    compared with one kept before messages were); a state kept inside a state as JSON text
    (bot/core/checkpoint.py) too, written again as pydantic writes it."""
    if is_stored(data):
        return str(unstored(data))
    if isinstance(data, str) and data.startswith("{") and '"say"' in data:
        try:
            inner = json.loads(data)
        except ValueError:
            return data
        return json.dumps(english_data(inner), ensure_ascii=False, separators=(",", ":"))
    if isinstance(data, dict):
        return {key: english_data(v) for key, v in data.items()}
    if isinstance(data, list):
        return [english_data(v) for v in data]
    return data


def stored_lines(lines: Iterable[str]) -> list[Any]:
    """Lines as a log's facts keep them: a message as its data, a plain line as it is."""
    return [stored(line) if isinstance(line, Said) else str(line) for line in lines]


def unstored_lines(kept: Iterable[Any] | None) -> list[str]:
    """A log's facts read back: each message said from its key, each plain line as it is."""
    return [unstored(line) if is_stored(line) else str(line) for line in kept or []]


def _kept(item: Any, handler: ValidatorFunctionWrapHandler) -> Any:
    if is_stored(item):  # a message read back from a stored state
        item = unstored(item)
    checked = handler(str(item) if isinstance(item, Said) else item)  # a label's length
    return item if isinstance(item, Said) else checked


def _keeping(item: Any) -> Any:
    return stored(item) if isinstance(item, Said) else item


# A model's text field that keeps a `Said` as it is given (pydantic makes a `str` subclass a
# plain `str`): a question's prompt, a button's label. Dumped as JSON (a stored state) as its
# message's data, and read back from it, so a question read back is said from its message; a
# plain line (a state kept before) stays a plain line.
Text = Annotated[
    str, WrapValidator(_kept), PlainSerializer(_keeping, return_type=Any, when_used="json")
]
