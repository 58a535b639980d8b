"""English and German at the edge: every text is written in English, and a front-end shows it in
the reader's language by looking each line up in a catalog (data/locales/<locale>/*.yaml).

Rules, the service and the cogs stay English and untouched; a catalog maps exact lines and
templates (`"Leopold takes {n} guests."`) to German, and what a template's `{name}` matched is
translated again by the same rules, so sentences are written once and the words that fill them
(colours, actions) once. docs/i18n.md is the contract for catalog authors.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import yaml

from bot.core import values as typed_values
from bot.core import vocabulary  # noqa: F401  (the values every command takes, declared)
from bot.core.agenda import Ask
from bot.core.data import GAME_DATA
from bot.core.errors import InputError
from bot.core.game import NextStep
from bot.core.reply import Reply
from bot.core.said import Said
from bot.core.words import plain, swap
from bot.i18n import messages
from bot.i18n.boards import FENCE, fenced, marked
from bot.i18n.numbers import convert, localized
from bot.i18n.plural import plural
from bot.i18n.templates import PLACEHOLDER, Template, compile_template, placeholders

ENGLISH = "en"
LOCALES = ("en", "de")
LOCALE_NAMES = {"en": "English", "de": "Deutsch"}
ROOT = GAME_DATA / "locales"
ROOTS = [ROOT]  # a game defined elsewhere (the tests' toy game) adds its own folder

_COUNTED = re.compile(r"^(\d[\d,]*(?:\.\d+)?) (\S.*)$")
SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[^\s])")
_SEMICOLON = re.compile(r"; ").split
_COMMA = re.compile(r", ").split
CODE = re.compile(r"`(/[^`\n]+)`")
# an option named in a value shown outside a command: `jobs:6:C`, a bare `herder`
_OPTION = re.compile(r"(?:(?<=^)|(?<=\s))([a-z][a-z0-9_]*)(:|$)")
# A line needs German when it has a word of lowercase letters outside code, mentions and links.
_SKIP = re.compile(r"`[^`]*`|<[@#][!&]?\d+>|<t:\d+(?::[a-zA-Z])?>|https?://\S+")
_WORD = re.compile(r"[a-zäöüß]{2,}")  # `no`, `or`, `to` are English too
MAX_DEPTH = 6  # a history line holds a fact, whose templates nest in turn

# When a set, every English text shown is also looked up in German and each line without a
# translation is added: the suite's audit (docs/i18n.md) fails a test that showed one.
AUDIT: set[str] | None = None


def normalize(locale: object) -> str:
    """`de`, `de-DE`, discord.Locale.german → `de`; anything we do not speak → English."""
    value = str(getattr(locale, "value", locale) or "").lower().split("-")[0]
    return value if value in LOCALES else ENGLISH


def needs_translation(line: str) -> bool:
    return bool(_WORD.search(_SKIP.sub("", line)))


@dataclass
class Catalog:
    """One language: exact lines, templates bucketed by their first two characters, and the
    localized command and option names (by English path: `game undo steps`)."""

    exact: dict[str, str] = field(default_factory=dict)
    targets: dict[str, str] = field(default_factory=dict)  # every key, exactly: for a Said
    buckets: dict[str, list[Template]] = field(default_factory=dict)
    wild: list[Template] = field(default_factory=list)  # templates that open with a placeholder
    commands: dict[str, str] = field(default_factory=dict)
    # a count's noun: English singular or plural → this language's singular and plural
    nouns: dict[str, tuple[str, str]] = field(default_factory=dict)
    # the marks of a board drawn in text (between ``` fences): English mark → this language's
    marks: dict[str, str] = field(default_factory=dict)
    # parts of names that are ours, not printed (`(left)` of `Cliffwatch Inn (left)`)
    phrases: dict[str, str] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)  # key → file, for conflict messages
    _english: dict[tuple[str, str], str] | None = None
    _parents: set[str] | None = None
    _options: dict[str, str] | None = None
    _merged: dict[str, list[Template]] = field(default_factory=dict)
    locale: str = ENGLISH

    def add(self, key: str, target: str, source: str) -> None:
        if key in self.sources and self._target(key) != target:
            raise ValueError(f"{source}: {key!r} is translated differently in {self.sources[key]}")
        self.sources[key] = source
        self.targets[key] = target
        self._merged.clear()
        if not placeholders(key):
            self.exact[key] = target
            return
        template = compile_template(key, target)
        head = key.split("{", 1)[0]
        if len(head) >= 2:
            self.buckets.setdefault(head[:2], []).append(template)
        else:
            self.wild.append(template)

    def _target(self, key: str) -> str | None:
        if key in self.exact:
            return self.exact[key]
        for template in (*self.wild, *(t for b in self.buckets.values() for t in b)):
            if template.key == key:
                return template.target
        return None

    def freeze(self) -> None:
        for templates in (*self.buckets.values(), self.wild):
            templates.sort(key=lambda t: -t.fixed)
        self._merged.clear()

    def _candidates(self, head: str) -> list[Template]:
        """The templates a line opening with `head` could match, most specific first (the
        bucket merged with the templates opening with a placeholder, once per bucket)."""
        merged = self._merged.get(head)
        if merged is None:
            merged = sorted([*self.buckets.get(head, []), *self.wild], key=lambda t: -t.fixed)
            if len(self._merged) < 4096:
                self._merged[head] = merged
        return merged

    def templates(self) -> Iterable[Template]:
        yield from self.wild
        for templates in self.buckets.values():
            yield from templates

    # ---------------------------------------------------------------- translating
    def line(self, text: str, depth: int = 0) -> str | None:
        """The line in this language, or None when the catalog has no way to say it."""
        found = self.exact.get(text) or self.counted(text)
        if found is not None:
            return found
        stripped = text.strip()
        if stripped != text and stripped:
            inner = self.line(stripped, depth)
            if inner is not None:
                start = text.index(stripped)
                return text[:start] + inner + text[start + len(stripped) :]
            return None
        if depth >= MAX_DEPTH:
            return None
        for template in self._candidates(text[:2]):
            match = template.pattern.fullmatch(text)
            if match is not None:
                values = {
                    name: self.fragment(value, depth + 1)
                    for name, value in match.groupdict().items()
                }
                return _fill(template.target, values, self.locale)
        for split, glue in ((SENTENCE.split, " "), (_SEMICOLON, "; "), (_COMMA, ", ")):
            parts = split(text)
            if len(parts) > 1:  # sentences, or a list: each part on its own, or not at all
                said = [self.line(p, depth + 1) if needs_translation(p) else p for p in parts]
                if all(part is not None for part in said):
                    return glue.join(part for part in said if part is not None)
        return None

    def counted(self, text: str) -> str | None:
        """`3 spaces`, `1 space` (a count and its noun, bot.i18n.plural) in this language."""
        match = _COUNTED.match(text)
        if match is None or match.group(2) not in self.nouns:
            return None
        one, many = self.nouns[match.group(2)]
        n = match.group(1)
        return f"{convert(n, self.locale)} {one if n == '1' else many}"

    def fragment(self, value: str, depth: int) -> str:
        """What a placeholder matched: translated when the catalog knows it, else as it is;
        a list (`Field of Triumph, Cliffwatch Inn (left)`) part by part, names staying."""
        if not needs_translation(value):
            return value
        found = self.line(value, depth)
        if found is not None:
            return found
        for split, glue in ((_SEMICOLON, "; "), (_COMMA, ", ")):
            parts = split(value)
            if len(parts) > 1:
                return glue.join(self.fragment(part, depth + 1) for part in parts)
        return value

    def command_path(self, span: str) -> str:
        """`/game undo steps:2` (or help's `/game undo [steps]`) with this language's command
        and option names, and the values typed in it in this language, as they are declared
        (`buildings:shop:3` → `gebäude:laden:3`, bot/core/values.py); words it does not know
        stay as they are."""
        path: list[str] = []
        out: list[str] = []
        for word in span[1:].split(" "):
            name, colon, value = word.partition(":")
            bare = name.strip("[]<>")
            key = " ".join([*path, bare])
            local = self.commands.get(key, bare) if bare else bare
            if not path or (not colon and bare == name and self._has_children(key)):
                path.append(bare)  # the command's group, its subcommand (options have none)
                out.append(name.replace(bare, local, 1) if bare else word)
                continue
            group = path[0]
            option = colon and not typed_values.is_token(group, bare)  # an option, its value
            if option or (bare and key in self.commands):  # or help's `[steps]`, `stone:no`
                out.append(name.replace(bare, local, 1) + colon + self._shown(group, value))
            else:  # a value's next word (`tenement:2`)
                out.append(self._shown(group, word))
        return "/" + " ".join(out)

    def _shown(self, group: str, value: str) -> str:
        return typed_values.shown(group, value, self.locale)

    def values(self, text: str) -> str:
        """A value shown in backticks outside a command (`flood:3 drought:3`, `none`) with
        the names declared for it in this language, where a token names one thing in every
        game; and an option named there (`jobs:6:C`, `herder`) as this language calls it,
        where it has one name in every command."""
        if self.locale == ENGLISH:
            return text
        said = swap(text, typed_values.everywhere(self.locale))
        options = self._option_names()
        if not options:
            return said
        tokens = typed_values.every_token()

        def option(match: re.Match[str]) -> str:
            name, colon = match.group(1), match.group(2)
            if not colon and name in tokens:  # a bare value (`start`), not an option
                return match.group(0)
            return options.get(name, name) + colon

        return _OPTION.sub(option, said)

    def _option_names(self) -> dict[str, str]:
        """English option name → this language's, for the names that have one translation."""
        if self._options is None:
            found: dict[str, set[str]] = {}
            for key, local in self.commands.items():
                if " " in key and not self._has_children(key):
                    found.setdefault(key.rpartition(" ")[2], set()).add(local)
            self._options = {
                name: next(iter(local))
                for name, local in found.items()
                if len(local) == 1 and next(iter(local)) != name
            }
        return self._options

    def said(self, line: str) -> str:
        """A translated line with our own parts of printed names in this language
        (`Cliffwatch Inn (left)` → `Cliffwatch Inn (links)`), outside code."""
        if not self.phrases or not any(p in line for p in self.phrases):
            return line
        parts = re.split(r"(`[^`]*`)", line)
        for i in range(0, len(parts), 2):
            for english, local in self.phrases.items():
                parts[i] = parts[i].replace(english, local)
        return "".join(parts)

    def _has_children(self, key: str) -> bool:
        if self._parents is None:
            self._parents = {k.rpartition(" ")[0] for k in self.commands}
        return key in self._parents

    def english_name(self, parent: str, name: str) -> str:
        """What a localized command or option name under `parent` (an English path, "" for
        the top) is called in English: the console reads what a German reader is told to
        type."""
        if self._english is None:
            self._english = {}
            for key, local in self.commands.items():
                above, _, own = key.rpartition(" ")
                self._english[(above, local)] = own
                self._english.setdefault((above, plain(local)), own)  # `wuerfel`, `hoechstgebot`
        found = self._english.get((parent, name))
        return found if found is not None else self._english.get((parent, plain(name)), name)


def _fill(target: str, values: dict[str, str], locale: str) -> str:
    def value(match: re.Match[str]) -> str:
        found = values.get(match.group(1))
        if found is None:
            return match.group(0)
        return convert(found, locale) if match.group(0).endswith(":number}") else found

    return PLACEHOLDER.sub(value, target)


def _load(locale: str, roots: tuple[Path, ...]) -> Catalog:
    catalog = Catalog(locale=locale)
    for path in sorted(p for root in roots for p in (root / locale).glob("*.yaml")):
        document = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        for key, target in (document.get("text") or {}).items():
            catalog.add(str(key), str(target), path.name)
        for key, target in (document.get("commands") or {}).items():
            catalog.commands[str(key)] = str(target)
        for english, (one, many) in (document.get("nouns") or {}).items():
            catalog.nouns[str(english)] = catalog.nouns[plural(str(english))] = (one, many)
        for english, local in (document.get("marks") or {}).items():
            catalog.marks[str(english).lower()] = str(local)
        for english, local in (document.get("phrases") or {}).items():
            catalog.phrases[str(english)] = str(local)
    catalog.freeze()
    return catalog


def catalog(locale: str) -> Catalog:
    return _catalog(locale, tuple(ROOTS))


def catalog_files(locale: str) -> list[Path]:
    """A language's catalog files (`python -m bot doctor` says when there are none)."""
    return sorted(p for root in ROOTS for p in (root / locale).glob("*.yaml"))


def read_catalog(locale: str) -> Catalog:
    """The catalogs read again from disk, uncached: what doctor checks is what will load."""
    return _load(locale, tuple(ROOTS))


@cache
def _catalog(locale: str, roots: tuple[Path, ...]) -> Catalog:
    return _load(locale, roots)


def add_catalogs(root: Path) -> None:
    """Catalogs of a game that lives outside data/ (the tests' toy game)."""
    ROOTS.append(root)
    _german_line.cache_clear()
    _translated.cache_clear()
    _finished.cache_clear()


def remove_catalogs(root: Path) -> None:
    ROOTS.remove(root)
    _german_line.cache_clear()
    _translated.cache_clear()
    _finished.cache_clear()


@lru_cache(maxsize=8192)
def _german_line(line: str) -> str | None:
    return catalog("de").line(line)


def _line(line: str, locale: str) -> str | None:
    if locale == "de":
        return _german_line(line)
    return catalog(locale).line(line)


def _commands(text: str, locale: str) -> str:
    """Commands and values in backticks as a reader of `locale` types them."""
    if "`" not in text:
        return text
    book = catalog(locale)
    parts = text.split("`")
    for i in range(1, len(parts) - 1, 2):  # the odd parts lie between two backticks
        code = parts[i]
        if code and "\n" not in code:
            parts[i] = book.command_path(code) if code.startswith("/") else book.values(code)
    return "`".join(parts)


def english_name(parent: str, name: str) -> str:
    """A command or option name in any language we speak, in English (see Catalog)."""
    for locale in LOCALES[1:]:
        found = catalog(locale).english_name(parent, name)
        if found != name:
            return found
    return name


def refuse_ambiguous(group: str, options: dict[str, Any], locale: str) -> None:
    """An InputError for a letter the reader's language cannot mean one way (German `G2`:
    gelb or grün, `bot/core/values.ambiguous`): a command, a form, refused before it runs."""
    for value in options.values():
        refusal = typed_values.ambiguous(group, value, locale) if isinstance(value, str) else None
        if refusal is not None:
            raise InputError(refusal)


def label(text: str, locale: str) -> str:
    """A short label in `locale`: a column head such as "You", which `tr` leaves as it is
    (it has no word of three lowercase letters), or any line `tr` translates."""
    if locale == ENGLISH:
        return tr(text, locale)
    return catalog(locale).exact.get(text) or tr(text, locale)


def tr(text: str, locale: str) -> str:
    """`text` (any number of lines) in `locale`; English comes back as it is. Lines the
    catalog cannot say stay English (and are reported in audit mode); numbers are written
    the reader's way (bot.i18n.numbers); a board drawn between ``` fences keeps its lines and
    shows its marks in the reader's language."""
    if not text:
        return text
    if isinstance(text, Said):  # built as a message: said from its key, never matched
        return _said(text, locale)
    if locale != ENGLISH:
        return _translated(text, locale)
    if AUDIT is not None:
        lines = text.split("\n")
        boards = fenced(lines) if FENCE in text else [False] * len(lines)
        for line, board in zip(lines, boards, strict=True):
            if not board and needs_translation(line) and _line(line, "de") is None:
                AUDIT.add(line)
    return text


def _said(line: Said, locale: str) -> str:
    if locale == ENGLISH:  # the German catalog read only for the audit
        if AUDIT is not None:
            AUDIT.update(messages.missing(line, catalog("de")))
        return line
    found = messages.said(line, catalog(locale), locale)
    return _finished(str(line) if found is None else found, locale)


@lru_cache(maxsize=16384)
def _finished(text: str, locale: str) -> str:
    """A said line's numbers, our parts of names and backticked commands in `locale`."""
    return _commands(catalog(locale).said(localized(text, locale)), locale)


@lru_cache(maxsize=16384)
def _translated(text: str, locale: str) -> str:
    """`tr` for a language other than English: the same text comes back the same, and most
    of a game's lines recur (its prompts, its board rows), so it is looked up once."""
    lines = text.split("\n")
    boards = fenced(lines) if FENCE in text else [False] * len(lines)
    out = []
    for line, board in zip(lines, boards, strict=True):
        if board:  # a row of marks, or a whole line the catalog says (`(no building yet…)`)
            book = catalog(locale)
            out.append(book.exact.get(line) or marked(line, book.marks))
            continue
        translated = _line(line, locale) if needs_translation(line) else None
        said = localized(line if translated is None else translated, locale)
        out.append(_commands(catalog(locale).said(said), locale))
    return "\n".join(out)


def localize(reply: Reply, locale: str) -> Reply:
    """A copy of `reply` with every text a reader sees in `locale` (the same object in English,
    where it is only audited)."""
    if locale == ENGLISH and AUDIT is None:
        return reply
    ask = reply.ask
    if messages.TALLY is not None and locale != ENGLISH:
        messages.tally_reply(reply, needs_translation)
    if ask is not None:
        ask = _ask(ask, locale)
    localized = dataclasses.replace(
        reply,
        title=tr(reply.title, locale),
        facts=[tr(fact, locale) for fact in reply.facts],
        prompt=tr(reply.prompt, locale),
        board=tr(reply.board, locale) if reply.board else reply.board,
        next_steps=[
            NextStep(tr(step.label, locale), step.command, step.args) for step in reply.next_steps
        ],
        ask=ask,
        locale=locale,
    )
    return reply if locale == ENGLISH else localized


def _ask(ask: Ask, locale: str) -> Ask:
    return ask.model_copy(
        update={
            "prompt": tr(ask.prompt, locale),
            "reason": tr(ask.reason, locale),
            "choices": [
                choice.model_copy(update={"label": tr(choice.label, locale)})
                for choice in ask.choices
            ],
        }
    )
