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
- a command line shown to type (`Typed`) as it is, its names said with the line's commands;
- a printed name (`Name`) as it is, where a line holds only values;
- a board's rows (`Drawn`) row by row, by their marks;
- a plain `str` is a word the catalog says exactly (`yellow`, `3 spaces`) or a printed name
  that stays as it is (a card's title).

Pure: no catalog here (the edge holds them).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import ValidatorFunctionWrapHandler, WrapValidator

from bot.core.values import Word, Words

_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
_WORDS = re.compile(r"[a-zäöüß]{2,}")


@dataclass(frozen=True)
class Value:
    """A declared value shown in a line: by its name (`yellow`/`gelb`) or, `letter`, by its
    letter code (`Y`/`Ge`), with `after` glued to it (`Y3`/`Ge3`)."""

    word: Word
    letter: bool = False
    after: str = ""

    def english(self) -> str:
        return self.said("en")

    def said(self, locale: str) -> str:
        shown = self.word.letter(locale) if self.letter else self.word.name(locale)
        return shown + self.after


def value(declared: Words, token: str, *, letter: bool = False, after: object = "") -> Value:
    """`value(COLOUR, "yellow")`; `value(COLOUR, "yellow", letter=True, after=3)` is `Y3`."""
    return Value(declared.word(token), letter, str(after))


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
class Typed:
    """A command line as a player types it (`/gah turn queue:…`), shown in backticks: it
    stays as it is in the message, and the edge names its command and options the reader's
    way with the rest of the line's backticked commands."""

    line: str


def typed(line: str) -> Typed:
    return Typed(line)


@dataclass(frozen=True)
class Drawn:
    """The rows of a board drawn in text (between ``` fences): kept row by row, each said by
    its marks (`sh` → `la`), or whole where the catalog has the row (`(no building yet: …)`)."""

    rows: str


def drawn(rows: str) -> Drawn:
    return Drawn(rows)


@dataclass(frozen=True)
class Name:
    """A printed name that stays as it is in every language (a free game's `Spirit Island`),
    in a line that is only values put together, where a plain text would be refused."""

    text: str


def name(text: str) -> Name:
    return Name(text)


def english(item: Any) -> str:
    """A value as English lines show it."""
    if isinstance(item, Value):
        return item.english()
    if isinstance(item, Typed):
        return item.line
    if isinstance(item, Name):
        return item.text
    if isinstance(item, Drawn):
        return item.rows
    if isinstance(item, Listed):
        return item.glue.join(english(part) for part in item)
    return str(item)


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
        if joined and any(type(v) is str and _WORDS.search(v) for v in values.values()):
            # a key of values alone has no catalog entry: a plain English text in it would stay
            # English in every language (build each part as a message, or join plain strings)
            raise ValueError(f"{key!r} puts a plain text together with messages: {values!r}")
        text = _PLACEHOLDER.sub(lambda m: english(values[m.group(1)]), key)
        self = super().__new__(cls, text)
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


def _kept(item: Any, handler: ValidatorFunctionWrapHandler) -> Any:
    checked = handler(item)  # the field's own checks (a label's length) still apply
    return item if isinstance(item, Said) else checked


# A model's text field that keeps a `Said` as it is given (pydantic makes a `str` subclass a
# plain `str`): a question's prompt, a button's label. Stored as its English text, so a state
# read back holds plain lines.
Text = Annotated[str, WrapValidator(_kept)]
