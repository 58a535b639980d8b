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
- an option given to a command, in words (`Given`: `queue Y3 B0`), by its declared name
  and its value as the reader types it (`Warteschlange Ge3 Bl0`);
- a plain `str` is a word the catalog says exactly (`yellow`, `3 spaces`) or a printed name
  that stays as it is (a card's title).

Pure: no catalog here (the edge holds them), and no declaration: the declared values
(bot/core/values.py) and the shared readers (bot/core/tokens.py) build their refusals with it;
bot/core/said.py adds how a message is kept in the database and read back.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
_WORDS = re.compile(r"[a-zäöüß]{2,}")
_CODE = re.compile(r"`[^`]*`|<[@#][!&]?\d+>")  # a command, a mention: said as they are


@dataclass(frozen=True)
class Value:
    """A declared value shown in a line: by its name (`yellow`/`gelb`) or, `letter`, by its
    letter code (`Y`/`Ge`), with `after` glued to it (`Y3`/`Ge3`)."""

    word: Any  # a `bot.core.values.Word` (not imported: values.py builds its refusals here)
    letter: bool = False
    after: str = ""
    of: str = ""  # the key of its declaration (Words.key): how a stored line names it

    def english(self) -> str:
        return self.said("en")

    def said(self, locale: str) -> str:
        shown = self.word.letter(locale) if self.letter else self.word.name(locale)
        return shown + self.after


def value(declared: Any, token: str, *, letter: bool = False, after: object = "") -> Value:
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


def stacked(lines: list[str]) -> str:
    """Lines shown one under another (a prompt with its reasons), each said on its own: a
    message of messages; plain lines among them leave it a plain text, matched as before."""
    if len(lines) == 1:
        return lines[0]
    if not all(isinstance(line, Said) for line in lines):
        return "\n".join(lines)
    names = {f"line{i}": line for i, line in enumerate(lines)}
    return say("\n".join(f"{{{n}}}" for n in names), **names)


MOST_LISTED = 12  # values a refusal names; more are counted, not listed


def capped(items: Iterable[Any]) -> Listed:
    """`items` listed, the first dozen named and the rest counted (`… (3 more)`)."""
    shown = list(items)
    if len(shown) > MOST_LISTED:
        shown = [*shown[:MOST_LISTED], say("… ({n} more)", n=len(shown) - MOST_LISTED)]
    return listed(shown)


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
    way with the rest of the line's backticked commands. With `group`, a value alone as it is
    typed in `/group …` (`6:CB 6:E`): the edge gives it the reader's names and letters
    (`6:CH 6:L`), as that command reads them."""

    line: str
    group: str = ""


def typed(line: str, group: str = "") -> Typed:
    return Typed(line, group)


@dataclass(frozen=True)
class Given:
    """An option given to a command, told in words (a replay's step, `queue Y3 B0`): its name
    as the reader's language declares the command's option (`path`: `gah turn queue`), its
    value as the reader types it (bot/core/values.py `shown`); yes or no for a flag."""

    path: str
    value: str | bool

    def english(self) -> str:
        option = self.path.rpartition(" ")[2].replace("_", " ")
        shown = ("yes" if self.value else "no") if isinstance(self.value, bool) else self.value
        return f"{option} {shown}"


def given(path: str, value: object) -> Given:
    return Given(path, value if isinstance(value, bool) else str(value))


def english(item: Any) -> str:
    """A value as English lines show it."""
    if isinstance(item, Value):
        return item.english()
    if isinstance(item, Typed):
        return item.line
    if isinstance(item, Name):
        return item.text
    if isinstance(item, Given):
        return item.english()
    if isinstance(item, Listed):
        return item.glue.join(english(part) for part in item)
    return str(item)  # a number, a Said, a Fenced board, a plain word


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
