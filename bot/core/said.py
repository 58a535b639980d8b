"""A line of a reply built as a message: its key and its values, said in a language once, at
the edge.

`Said` is a `str` whose value is the English line, so rules, tests and `Reply.text` read it as
before; it also carries its key, the English template a catalog already translates
(`"Leopold takes the {colour} guest worth {vp} VP."`), and the values that fill it. The edge
(bot/i18n) says it in the reader's language by looking the key up exactly and putting each
value in that language by its own kind, instead of matching the finished English line:

- a `Said` inside a `Said` is said the same way (a fact inside a history line);
- a declared value (`Value`: a `Word` of bot/core/values.py) by its declared name or letter
  (`gelb`, `Ge`), so a colour can't come out half-translated;
- a number as a number (written the reader's way);
- a list (`Listed`) value by value;
- a printed name (`Name`: a quest, a building, a card's title) as our data spells it, in every
  language, so a join key (`{i}. {quest} ({needs} → {vp} VP)`) may carry it;
- a board drawn in text (`Fenced`: its rows between ``` fences) row by row as it is, only its
  marks in the reader's language (bot/i18n/boards.py);
- a command line shown to type (`Typed`) as it is, its names said with the line's commands;
- a plain `str` is a word the catalog says exactly (`yellow`, `3 spaces`) or a printed name
  that stays as it is (a card's title).

Pure: no catalog here (the edge holds them).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import PlainSerializer, ValidatorFunctionWrapHandler, WrapValidator

if TYPE_CHECKING:  # values.py builds its refusals as messages: it imports this module
    from bot.core.values import Word, Words

_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
_WORDS = re.compile(r"[a-zäöüß]{2,}")
_CODE = re.compile(r"`[^`]*`|<[@#][!&]?\d+>")  # a command, a mention: said as they are


@dataclass(frozen=True)
class Value:
    """A declared value shown in a line: by its name (`yellow`/`gelb`) or, `letter`, by its
    letter code (`Y`/`Ge`), with `after` glued to it (`Y3`/`Ge3`)."""

    word: Word
    letter: bool = False
    after: str = ""
    of: str = ""  # the key of its declaration (Words.key): how a stored line names it

    def english(self) -> str:
        return self.said("en")

    def said(self, locale: str) -> str:
        shown = self.word.letter(locale) if self.letter else self.word.name(locale)
        return shown + self.after


def value(declared: Words, token: str, *, letter: bool = False, after: object = "") -> Value:
    """`value(COLOUR, "yellow")`; `value(COLOUR, "yellow", letter=True, after=3)` is `Y3`."""
    return Value(declared.word(token), letter, str(after), declared.key)


@dataclass(frozen=True)
class Listed:
    """Values shown one after another, joined by `glue` (`yellow, blue`; `Y3 B0`)."""

    items: tuple[Any, ...]
    glue: str = ", "

    def __iter__(self) -> Iterator[Any]:
        return iter(self.items)


def listed(items: Iterable[Any], glue: str = ", ") -> Listed:
    return Listed(tuple(items), glue)


@dataclass(frozen=True)
class Name:
    """A printed name (`Loot the Crypt`, `Cliffwatch Inn (left)`): kept as our data spells it
    in every language, as a player types it back; never looked up in a catalog."""

    text: str

    def __str__(self) -> str:
        return self.text


def name(text: object) -> Name:
    """`name("Loot the Crypt")`: a printed name a line shows as it is, in every language."""
    return Name(str(text))


@dataclass(frozen=True)
class Fenced:
    """A board drawn in text, its rows shown between ``` fences: kept as they are, only their
    marks said in the reader's language (`sh` → `la`)."""

    rows: tuple[str, ...]

    def __str__(self) -> str:
        return "\n".join(("```", *self.rows, "```"))


def fenced(text: str) -> Fenced:
    """`fenced(grid)`: a board's rows (one a line) to show between ``` fences."""
    return Fenced(tuple(text.split("\n")))


@dataclass(frozen=True)
class Typed:
    """A command line as a player types it (`/gah turn queue:…`), shown in backticks: it
    stays as it is in the message, and the edge names its command and options the reader's
    way with the rest of the line's backticked commands."""

    line: str


def typed(line: str) -> Typed:
    return Typed(line)


def english(item: Any) -> str:
    """A value as English lines show it."""
    if isinstance(item, Value):
        return item.english()
    if isinstance(item, Typed):
        return item.line
    if isinstance(item, Name):
        return item.text
    if isinstance(item, Listed):
        return item.glue.join(english(part) for part in item)
    return str(item)  # a Name as its text


class Said(str):
    """One line: its English text (the `str` value), its `key` and its `values`."""

    key: str
    values: dict[str, Any]

    def __new__(cls, key: str, /, **values: Any) -> Said:
        names = _PLACEHOLDER.findall(key)
        if set(names) != set(values):
            raise ValueError(f"{key!r} takes {sorted(set(names))}, given {sorted(values)}")
        joined = not _WORDS.search(_PLACEHOLDER.sub("", key))
        if "\n" in key and not joined:
            raise ValueError(f"{key!r}: a Said is one line, or lines put together (`{{a}}\n{{b}}`)")
        if joined and any(
            type(v) is str and _WORDS.search(_CODE.sub("", v)) for v in values.values()
        ):
            # a key of values alone has no catalog entry: a plain English text in it would stay
            # English in every language (build each part as a message, or join plain strings)
            raise ValueError(f"{key!r} puts a plain text together with messages: {values!r}")
        return cls._made(key, values)

    @classmethod
    def _made(cls, key: str, values: dict[str, Any]) -> Said:
        """The line of a key and values already checked (a message read back as kept)."""
        text = _PLACEHOLDER.sub(lambda m: english(values[m.group(1)]), key)
        self = str.__new__(cls, text)
        self.key = key
        self.values = values
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuilt, (self.key, self.values))

    def __deepcopy__(self, memo: dict[int, Any]) -> Said:
        return self  # immutable: its values are frozen, plain values or Said

    def __copy__(self) -> Said:
        return self


def _rebuilt(key: str, values: dict[str, Any]) -> Said:
    return Said(key, **values)


def say(key: str, /, **values: Any) -> Said:
    """`say("Leopold takes the {colour} guest.", colour=value(COLOUR, "yellow"))`."""
    return Said(key, **values)


def lines(text: str) -> list[str]:
    """The lines of a text: a `Said` is one line as it is, anything else is split."""
    return [text] if isinstance(text, Said) else text.split("\n")


# ------------------------------------------------------------------ kept in the database
# A message is kept as JSON data (a fact of the log, a question in a state), so what is read
# back is said from its message exactly as when it was first replied:
#   a Said     {"say": key, "with": {name: value, …}}
#   a Value    {"word": token, "of": its declaration's key, "letter": "Y", "after": "3"}
#   a Listed   {"listed": [value, …], "glue": "; "}
#   a Name     {"name": "Loot the Crypt"}
#   a Fenced   {"fenced": [row, …]}
#   a Typed    {"typed": line}
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
        return {"typed": item.line}
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
    if "typed" in data and set(data) == {"typed"}:
        return Typed(str(data["typed"]))
    if "word" in data:
        from bot.core.values import Word, by_key  # read back by the declaration as it is now

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
