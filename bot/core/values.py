"""Every value a player types, declared once with its name in each language.

A value a player types (a choice, a help topic, a marker, a hazard section, a colour) is one
`Word`: its English token, which the rules and the log hold, and its German name, which German
lines show and a German reader types. The values one option (or one kind of token inside a
typed text) takes are one `Words`. That one declaration

- parses what is typed: the token or a name in either language, an alias (`doppel`), or an
  unambiguous beginning (`kansas` for `kansas_city`), in any case (`read`, `parse`);
- checks a command's option as pydantic metadata (`Annotated[str, TILE]`), turning a name
  typed in either language into the English token the log keeps;
- offers the choices (`choices()`: a front-end makes its buttons or slash choices of them);
- lists the valid values in a refusal (`listed()`), and prints each value in the reader's
  language (`name(token, locale)`), so a printed line is one the reader can type back.

A game declares its values in `bot/games/<game>/names.py` under its slash group; values every
game takes (`yes`, `no`, `none`, difficulties) are `COMMON` (bot/core/vocabulary.py). A typed
text names the values declared inside it (`inside(HAZARD, NONE)`), which are read back as
their English tokens before the log keeps a command. The edge (bot/i18n) reads a group's
declarations to show a command line in the reader's language.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler
from pydantic_core import PydanticCustomError, core_schema

from bot.core.errors import InputError
from bot.core.message import MOST_LISTED as MAX_LISTED
from bot.core.message import Listed, Said, capped, listed, say
from bot.core.message import value as said_value
from bot.core.tokens import likeness, short
from bot.core.words import fold, plain, swap

COMMON = "*"  # values every game's commands take
# the words for a value that can be none or other, read wherever one is (issue 45), unless
# a value of the same option has the name already
SAID = {
    "none": ("none", "keine", "kein", "keiner", "keines", "nichts"),
    "other": ("andere", "anderer", "anderes", "sonstige", "sonstiger", "sonstiges"),
}
NEAR_VALUE = 0.6  # how alike (difflib's ratio) a value's name must be to be offered as nearest


def _key(text: str) -> str:
    """How a name is compared: folded case and spaces, `_` and `-` as spaces
    (`Kansas City` is `kansas_city`)."""
    return plain(re.sub(r"[_\s]+", " ", text))


@dataclass(frozen=True)
class Word:
    """One value: `token` (English, what the rules and the log hold), `de` (the German name
    German lines show; the token itself when German says it the same way), `label` (what the
    value means, in English, for a choice list; its German is a catalog line), `aliases`
    (other names read in any language: `doppel`, `flut`), and `short` names per language
    (`Y` and `Ge` for yellow) for the letter codes typed glued to a number (`Y3`)."""

    token: str
    de: str = ""
    label: str = ""
    aliases: tuple[str, ...] = ()
    short: tuple[str, ...] = ()  # (English, German) letter codes, for `glued` values

    def name(self, locale: str) -> str:
        return (self.de or self.token) if locale == "de" else self.token

    def letter(self, locale: str) -> str:
        if not self.short:
            return self.name(locale)
        return self.short[-1] if locale == "de" else self.short[0]

    def names(self) -> tuple[str, ...]:
        """Every name this value is read by, the token first."""
        return tuple(dict.fromkeys((self.token, self.de or self.token, *self.aliases, *self.short)))


@dataclass(eq=False)
class Words:
    """The values one option takes (or one kind of token inside a typed text), declared once.

    `what` names them for a refusal and for /help (`hazard section`); `group` is the slash
    group (or groups) whose commands take them (COMMON: every game's); `glued` values are
    typed with a number right after them (`Y3`), so they are shown and read in such a word."""

    what: str
    words: tuple[Word, ...]
    group: str | tuple[str, ...] = COMMON
    glued: bool = False
    # typed as a run of letters after `:` or `=` (`6:CB`, a job-market row's workers), so a
    # German line shows each value's German letter there (`6:CH`)
    lettered: bool = False
    declared: bool = True  # False: a view of a declaration (other labels), not registered again
    # a choice list shows each value before what it means (`redraw: Pseudo draws again`)
    shown_named: bool = False
    _by_name: dict[str, str] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        tokens = [w.token for w in self.words]
        if len(set(tokens)) != len(tokens):
            raise ValueError(f"{self.what}: a token is declared twice")
        for word in self.words:
            for name in word.names():
                owner = self._by_name.setdefault(_key(name), word.token)
                if owner != word.token:
                    raise ValueError(f"{self.what}: {name!r} names {owner!r} and {word.token!r}")
        for word in self.words:  # `none` and `other` as German says them, wherever they are
            for name in SAID.get(word.token, ()):
                self._by_name.setdefault(_key(name), word.token)  # a declared name comes first
        if self.declared:
            register(self)

    # ---------------------------------------------------------------- the values
    @property
    def tokens(self) -> tuple[str, ...]:
        return tuple(w.token for w in self.words)

    def __iter__(self) -> Iterator[str]:
        """The tokens, in their declared order (a declaration stands where a tuple did)."""
        return iter(self.tokens)

    def __contains__(self, token: object) -> bool:
        return token in self.tokens

    def __len__(self) -> int:
        return len(self.words)

    @property
    def key(self) -> str:
        """The declaration's stable name (`gah:guest colour`): its group and what it names. A
        message kept in the log names a value by it and its token (bot/core/said.py), so a line
        read back is said by the declaration as it is now."""
        group = self.group if isinstance(self.group, str) else "+".join(self.group)
        return f"{group}:{self.what}"

    def word(self, token: str) -> Word:
        for word in self.words:
            if word.token == token:
                return word
        raise KeyError(token)

    def _with(self, chosen: tuple[Word, ...]) -> Words:
        """These values' declaration over other words (a part of them, or relabelled)."""
        return replace(self, words=chosen, declared=False, _by_name={})  # every flag kept

    def only(self, *tokens: str) -> Words:
        """The same values, fewer of them (`confirm` takes `yes` alone)."""
        return self._with(tuple(self.word(token) for token in tokens))

    def relabel(self, **labels: str) -> Words:
        """The same values, each token in `labels` explained otherwise for one option's choice
        list (a game's difficulties say what each changes in it)."""
        return self._with(tuple(replace(w, label=labels.get(w.token, w.label)) for w in self.words))

    def name(self, token: str, locale: str) -> str:
        """The value as a reader of `locale` types it."""
        return self.word(token).name(locale)

    def choices(self) -> list[tuple[str, str]]:
        """(label, token) for each value, for buttons, menus and slash choices."""
        return [(w.label or w.token, w.token) for w in self.words]

    # ---------------------------------------------------------------- reading
    def read(self, typed: str) -> str | None:
        """The token `typed` names: a name in either language or an alias, in any case, else
        the one value whose name begins with it (`kansas`, `doppel`); None when none does or
        several would."""
        needle = _key(typed)
        if not needle:
            return None
        found = self._by_name.get(needle)
        if found is not None:
            return found
        begun = {token for name, token in self._by_name.items() if name.startswith(needle)}
        return begun.pop() if len(begun) == 1 else None

    def named(self, typed: str) -> str | None:
        """The token `typed` names whole (no beginning): for a word read inside a typed text,
        where a short word is something else (`g`)."""
        return self._by_name.get(_key(typed))

    def parse(self, typed: str, *, option: str = "") -> str:
        """The token `typed` names, or a one-line refusal listing the valid values."""
        token = self.read(typed)
        if token is None:
            raise InputError(self.refusal(typed, option))
        return token

    def nearest(self, typed: str, n: int = 3) -> list[str]:
        """The tokens of the `n` values most like `typed`, best first (a refusal offers them):
        every name of a value is compared (English, German, aliases, letters), as typed
        without umlauts, so `tral`, `unterweg` and `ueberschwemmung` each find theirs."""
        best: dict[str, float] = {}
        for name, token in self._by_name.items():
            best[token] = max(best.get(token, 0.0), likeness(_key(typed), name))
        ranked = sorted(self.tokens, key=lambda token: -best.get(token, 0.0))
        return [token for token in ranked[:n] if best.get(token, 0.0) >= NEAR_VALUE]

    def hint(self, typed: str) -> str:
        """` Nearest: `trail`.` when a value is like `typed` (none for a blank), else ""."""
        near = self.nearest(typed) if typed.strip() else []
        return f" Nearest: {', '.join(f'`{token}`' for token in near)}." if near else ""

    def refusal(self, typed: str, option: str = "") -> Said:
        """`` `herder` cannot be `tral`. Nearest: `trail`. Valid: `trail`, `kansas_city`. ``,
        built as a message: each value said in the reader's language at the edge."""
        near = self.nearest(typed) if typed.strip() else []
        shown = {"typed": short(typed), "valid": self.said_listed()}
        if near:
            shown["near"] = self.coded(near)
        nearest = " Nearest: {near}." if near else ""
        if option and not typed.strip():
            return say("`{name}` needs a value. Valid: {valid}.", name=option, valid=shown["valid"])
        if option:
            return say(
                f"`{{name}}` cannot be `{{typed}}`.{nearest} Valid: {{valid}}.",
                name=option,
                **shown,
            )
        what = f"{self.what[:1].upper()}{self.what[1:]}"
        return say(
            f"{{what}} `{{typed}}` is unknown.{nearest} Valid: {{valid}}.", what=what, **shown
        )

    def coded(self, tokens: list[str]) -> Listed:
        """`tokens` in backticks, each said by its declaration (`trail` → `unterwegs`)."""
        return listed(say("`{value}`", value=said_value(self, token)) for token in tokens)

    def said_listed(self) -> Listed:
        """The valid values as `listed` says them, as a message (`… (3 more)` past a dozen)."""
        return capped(self.coded([w.token for w in self.words]))

    def listed(self, locale: str = "en") -> str:
        """The valid values in backticks (`sam`, `you`), as a reader of `locale` types them."""
        shown = [f"`{w.name(locale)}`" for w in self.words]
        if len(shown) > MAX_LISTED:
            shown = [*shown[:MAX_LISTED], f"… ({len(shown) - MAX_LISTED} more)"]
        return ", ".join(shown)

    # ---------------------------------------------------------------- a command's option
    def __get_pydantic_core_schema__(
        self, _source: Any, _handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        def read(value: Any) -> Any:
            if not isinstance(value, str):
                return value
            token = self.read(value)
            if token is None:
                raise PydanticCustomError(
                    "typed_value", "not a value", {"typed": value, "words": self}
                )
            return token

        return core_schema.no_info_before_validator_function(
            read, core_schema.literal_schema(list(self.tokens))
        )

    def __get_pydantic_json_schema__(
        self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> dict[str, Any]:
        return {"type": "string", "enum": list(self.tokens)}


@dataclass(frozen=True, eq=False)
class Inside:
    """A typed text's declared values (`hazards:flood:4 drought:2`): as an option's metadata
    (`Annotated[str, Field(...), inside(HAZARD, NONE)]`), the names of these values in it are
    read back as their English tokens before the log keeps it."""

    words: tuple[Words, ...]

    def english(self, text: str) -> str:
        return _english_text(self.words, text)


def inside(*values: Words) -> Inside:
    return Inside(values)


@cache
def _reading(values: tuple[Words, ...]) -> tuple[dict[str, str], dict[str, str]]:
    """(folded name → English token, folded letter code → English letter code) of `values`."""
    whole: dict[str, str] = {}
    glued: dict[str, str] = {}
    english = {fold(w.token) for v in values for w in v.words}
    for declared in values:
        for word in declared.words:
            for name in word.names():
                if fold(name) not in english:
                    whole.setdefault(fold(name), word.token)
                if declared.glued:
                    glued.setdefault(fold(name), word.letter("en"))
    return whole, glued


def _english_text(values: tuple[Words, ...], text: str) -> str:
    whole, glued = _reading(values)
    return _swap_glued(swap(text, whole), glued)


def words(
    what: str, *values: Word | str, group: str | tuple[str, ...] = COMMON, glued: bool = False
) -> Words:
    """`words("who took the token", Word("sam"), Word("you", "du"))`; a bare string is a
    value German says the same way."""
    declared = tuple(v if isinstance(v, Word) else Word(v) for v in values)
    return Words(what, declared, group=group, glued=glued)


# -------------------------------------------------------------------- every group's values
_GROUPS: dict[str, list[Words]] = {}
_LOADERS: dict[str, Callable[[], object]] = {}


_NAMED: dict[str, Words] = {}  # a declaration by its key (Words.key)


def register(declared: Words) -> None:
    _NAMED[declared.key] = declared
    named = (declared.group,) if isinstance(declared.group, str) else declared.group
    for group in named:
        found = _GROUPS.setdefault(group, [])
        if all(d is not declared for d in found):
            found.append(declared)
    clear()


def loads(group: str, load: Callable[[], object]) -> None:
    """How the values of `group` are declared when nothing has yet: the game registry passes
    the import of the game's names module, so a line of a game never loaded is still shown
    in the reader's language."""
    _LOADERS[group] = load


def declared(group: str) -> list[Words]:
    """The values `/group …` takes, the COMMON ones last."""
    if group not in _GROUPS and group in _LOADERS:
        _LOADERS[group]()
    return [*_GROUPS.get(group, []), *([] if group == COMMON else _GROUPS.get(COMMON, []))]


def by_key(key: str) -> Words | None:
    """The declaration named `key` (Words.key), its group's names loaded first; None when
    nothing is declared so now."""
    found = _NAMED.get(key)
    if found is None:
        for group in key.partition(":")[0].split("+"):
            declared(group)
        found = _NAMED.get(key)
    return found


def groups() -> list[str]:
    for group in list(_LOADERS):
        declared(group)
    return list(_GROUPS)


@dataclass(frozen=True)
class _Table:
    tokens: frozenset[str]  # folded English tokens
    shown: dict[str, str]  # folded English token → the reader's name (whole words)
    glued: dict[str, str]  # folded letter code → the reader's, before a number
    lettered: dict[str, str]  # a letter of a run after `:` → the reader's (`CB` → `CH`)


@cache
def _tables(group: str, locale: str) -> _Table:
    shown: dict[str, str] = {}
    glued: dict[str, str] = {}
    lettered: dict[str, str] = {}
    for values in declared(group):
        for word in values.words:
            if values.glued and locale != "en":
                glued.setdefault(fold(word.letter("en")), word.letter(locale))
            if values.lettered and locale != "en":
                lettered.setdefault(word.letter("en"), word.letter(locale))
            if locale != "en" and fold(word.name(locale)) != fold(word.token):  # keep its case
                shown.setdefault(fold(word.token), word.name(locale))
    tokens = frozenset(fold(w.token) for d in declared(group) for w in d.words)
    return _Table(tokens, shown, glued, lettered)


def is_token(group: str, text: str) -> bool:
    """Whether `text` is an English token `/group …` takes (`tenement` of `tenement:2`)."""
    return fold(text) in _tables(group, "en").tokens


_GLUED = re.compile(r"(?<![\w'’])([^\W\d_]+)(?=\d)")


def _swap_glued(text: str, names: dict[str, str]) -> str:
    if not names:
        return text
    return _GLUED.sub(lambda m: names.get(fold(m.group(1)), m.group(1)), text)


def shown(group: str, text: str, locale: str) -> str:
    """A value typed in `/group …` with each English token as a reader of `locale` types it
    (`buildings:shop:3` → `laden:3`; `Y3` → `Ge3`)."""
    if locale == "en" or not text:
        return text
    table = _tables(group, locale)
    return _swap_lettered(_swap_glued(swap(text, table.shown), table.glued), table.lettered)


_RUN = re.compile(r"(?:(?<=[:=])|^)([A-Z]+)(?![\w'’])")  # `6:CB`; `E` of `6:E`, shown alone


def _swap_lettered(text: str, letters: dict[str, str]) -> str:
    """Each run of capitals after `:` or `=` whose every letter is a declared one, in the
    reader's letters (`6:CB` → `6:CH`); any other run stays (`card:N`)."""
    if not letters:
        return text

    def run(match: re.Match[str]) -> str:
        found = match.group(1)
        if not all(letter in letters for letter in found):
            return found
        return "".join(letters[letter] for letter in found)

    return _RUN.sub(run, text)


@cache
def everywhere(locale: str) -> dict[str, str]:
    """Folded English token → its name in `locale`, for tokens that name one thing in every
    group (a refusal's list of valid values, shown outside any command)."""
    names: dict[str, set[str]] = {}
    for group in groups():
        for values in _GROUPS.get(group, []):
            for word in values.words:
                names.setdefault(fold(word.token), set()).add(word.name(locale))
    return {
        token: next(iter(local))
        for token, local in names.items()
        if len(local) == 1 and fold(next(iter(local))) != token
    }


@cache
def every_token() -> frozenset[str]:
    """Every declared English token, folded (a word that is one is a value, not an option)."""
    return frozenset(fold(w.token) for g in groups() for d in _GROUPS.get(g, []) for w in d.words)


def clear() -> None:
    """Forget the cached tables (a value declared since)."""
    _tables.cache_clear()
    everywhere.cache_clear()
    every_token.cache_clear()


_CODE = re.compile(r"(?<![\w'’])([^\W\d_]+)(\d+)")


def ambiguous(group: str, text: str, locale: str) -> str | None:
    """The refusal of a letter code that a reader of `locale` cannot mean one way: in German
    `G2` is neither `Ge2` (gelb) nor `Gr2` (grün) but begins both, so it is not read as the
    English `G` (green); None when every code in `text` names one value."""
    if locale == "en" or not text:
        return None
    glued = [w for d in declared(group) if d.glued for w in d.words]
    local = {fold(w.letter(locale)) for w in glued}
    for match in _CODE.finditer(text):
        letter, digits = fold(match.group(1)), match.group(2)
        if letter in local:
            continue
        begun = [w for w in glued if fold(w.letter(locale)).startswith(letter)]
        if len(begun) > 1:
            said = [f"`{w.letter(locale)}{digits}` ({w.name(locale)})" for w in begun]
            listed = ", ".join(said[:-1]) + f" or {said[-1]}"
            return f"`{match.group(0)}` is ambiguous: {listed}."
    return None
