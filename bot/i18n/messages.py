"""A line built as a message (bot/core/said.py) said in a reader's language: its key looked up
exactly, each value put in that language by its own kind. Nothing is matched: a key the
catalog lacks, or a value in it that can't be said, leaves the whole line English (and the
audit reports it), never half of it."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, Protocol

from bot.core.reply import Reply
from bot.core.said import Fenced, Given, Listed, Name, Said, Typed, Value
from bot.core.values import shown as typed_value
from bot.i18n.boards import FENCE, marked
from bot.i18n.numbers import convert
from bot.i18n.templates import PLACEHOLDER

_WORD = re.compile(r"[a-zäöüß]{2,}")

# When a Counter, `localize` counts each line a reader sees: `said` (built as a message) or
# `matched` (a plain English line looked up by the matcher), and each matched line by its
# text (`("matched", line)`). tests/i18n/test_german_games.py.
TALLY: Counter[Any] | None = None
# When set, a reply's title and its board drawn in text are counted too (the table's own
# replies, tests/i18n/test_german_table.py); the games' walks count what they always have.
WHOLE = False


class Book(Protocol):
    targets: dict[str, str]
    exact: dict[str, str]
    marks: dict[str, str]
    commands: dict[str, str]

    def counted(self, text: str) -> str | None: ...

    def line(self, text: str, depth: int = 0) -> str | None: ...


def is_join(key: str) -> bool:
    """A key that only puts values side by side (`{fact} {reminder}`): said without a catalog
    entry, each value in the reader's language."""
    return not _WORD.search(PLACEHOLDER.sub("", key))


def said(line: Said, book: Book, locale: str) -> str | None:
    """`line` in the language of `book`, or None when its key or one of its values has no
    way to be said there."""
    whole = book.exact.get(line)  # an exact entry for the whole line wins, as in matching
    if whole is not None:  # (`**Against Alea, …**`: the German case its words take there)
        return whole
    target = book.targets.get(line.key)
    if target is None:
        if not is_join(line.key):
            return None
        target = line.key
    values: dict[str, str] = {}
    for name, item in line.values.items():
        shown = value(item, book, locale)
        if shown is None:
            return None
        values[name] = shown

    def fill(match: re.Match[str]) -> str:
        found = values[match.group(1)]
        return convert(found, locale) if match.group(0).endswith(":number}") else found

    return PLACEHOLDER.sub(fill, target)


def value(item: Any, book: Book, locale: str) -> str | None:
    """One value of a line in the reader's language."""
    if isinstance(item, Said):
        return said(item, book, locale)
    if isinstance(item, Value):
        return item.said(locale)
    if isinstance(item, Typed):  # its command's names: with the line's backticked commands
        return typed_value(item.group, item.line, locale) if item.group else item.line
    if isinstance(item, Name):  # a printed name: as our data spells it, in every language
        return item.text
    if isinstance(item, Given):  # its declared name (a German noun: a capital), its value
        option = book.commands.get(item.path)
        if option is None:
            return None
        if isinstance(item.value, bool):
            flag = "yes" if item.value else "no"
            return f"{option.replace('_', ' ').capitalize()} {book.exact.get(flag, flag)}"
        group = item.path.split(" ", 1)[0]
        return f"{option.replace('_', ' ').capitalize()} {typed_value(group, item.value, locale)}"
    if isinstance(item, Fenced):  # a board's rows as they are, their marks said (as tr does)
        rows = [book.exact.get(row) or marked(row, book.marks) for row in item.rows]
        return "\n".join((FENCE, *rows, FENCE))
    if isinstance(item, Listed):
        parts = [value(part, book, locale) for part in item]
        if any(part is None for part in parts):
            return None
        return item.glue.join(part for part in parts if part is not None)
    if isinstance(item, str):  # a word the catalog says exactly, a count, or a printed name
        return book.exact.get(item) or book.counted(item) or item
    return str(item)  # a number: the line's numbers are written the reader's way after


def missing(line: Said, book: Book) -> list[str]:
    """What of `line` has no German, for the audit: a key the catalog lacks (of the line or of
    a line inside it), and a plain text put in it that the catalog would say only by matching
    (`1 or 2`: its `or` would stay English; build it as a message)."""
    found = [] if line.key in book.targets or is_join(line.key) else [line.key]
    for name, item in line.values.items():
        for part in item if isinstance(item, Listed) else [item]:
            if isinstance(part, Said):
                found += missing(part, book)
            elif isinstance(part, str) and _WORD.search(part) and _matched_only(part, book):
                found.append(f"{line.key} ← {name}: {part}")
    return found


def _matched_only(text: str, book: Book) -> bool:
    said = book.exact.get(text) or book.counted(text)
    return said is None and book.line(text) is not None


def tally(text: str | None, needs: Any) -> None:
    """Count the lines of one text a reader sees (TALLY)."""
    if TALLY is None or not text:
        return
    if isinstance(text, Said):
        TALLY["said"] += text.count("\n") + 1
        return
    for line in text.split("\n"):
        if needs(line):
            TALLY["matched"] += 1
            TALLY[("matched", line)] += 1  # which: what is left to build as a message


def tally_reply(reply: Reply, needs: Any) -> None:
    """Count the lines of a reply a reader sees: its facts, prompt, buttons and question."""
    texts = [*reply.facts, reply.prompt, *(step.label for step in reply.next_steps)]
    if WHOLE:
        texts += [reply.title, reply.board or ""]
    if reply.ask is not None:
        texts += [reply.ask.prompt, reply.ask.reason, *(c.label for c in reply.ask.choices)]
    for text in texts:
        tally(text, needs)
