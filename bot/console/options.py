"""How the console reads a typed option as Discord would send it, and says what a line
lacks: a choice by its declaration (bot/core/values.py), in the reader's language."""

from __future__ import annotations

import re
from difflib import get_close_matches
from typing import Any
from weakref import WeakKeyDictionary

import discord
from discord import app_commands

from bot.core.errors import InputError, ends_with_choices, said_as, stopped
from bot.core.said import Listed, Said, listed, say
from bot.core.values import Words, every_token
from bot.core.words import fold, plain
from bot.i18n import LOCALES, catalog, english_name, tr
from bot.table.leading import now_line

OptionType = discord.AppCommandOptionType
MAX_RANGE_SHOWN = 60  # a missing number option's range is said when it is this narrow


def declared_by(choices: list[app_commands.Choice[Any]]) -> Words | None:
    """The declaration an option's choices keep when they are a declared value's
    (bot/on_discord/slash.py's `Offered`), else None."""
    return getattr(choices[0], "words", None) if choices else None


def chosen(choices: list[app_commands.Choice[Any]], typed: Any) -> Any:
    """A typed choice as Discord would send it: a declared value (bot/core/values.py) read by
    its declaration (a name in either language, an alias, a beginning: `marker:du`,
    `viehtreiber:kansas`); any other matched in any case against the values, the names and
    their German names as Discord shows a choice (the catalog's exact line,
    bot/on_discord/translator.py)."""
    if not isinstance(typed, str):
        return typed
    declared = declared_by(choices)
    read = declared.read(typed) if declared is not None else None
    if read is not None:
        return read
    needle = " ".join(typed.casefold().split())
    german = catalog("de").exact
    for choice in choices:
        english = (str(choice.value), choice.name)
        names = (*english, *(german.get(name, "") for name in english))
        if needle in {" ".join(n.casefold().split()) for n in names}:
            return choice.value
    return typed


def missing_options(params: list[app_commands.Parameter], local: Any, locale: str) -> InputError:
    """The refusal of a line that lacks required options, built as a message said in the
    reader's language at the edge: each option as they type it, what it means, and the values
    it takes (`marker` — who took the job-market token at the end (2 VP): `sam`, `du`)."""
    parts: list[Any] = []
    listed_ = True  # each missing option ends with its values (not an example)
    for param in params:
        option = local(param.display_name)
        meaning = say(param.description) if param.description else None
        takes_ = takes(param, locale)
        if meaning is not None and takes_ is not None:
            part: Any = say(
                "{option} — {meaning}: {takes}", option=option, meaning=meaning, takes=takes_
            )
        elif meaning is not None:
            part = say("{option} — {meaning}", option=option, meaning=meaning)
        elif takes_ is not None:
            part = say("{option}: {takes}", option=option, takes=takes_)
        else:
            part = option
        parts.append(part)
        listed_ = listed_ and takes_ is not None and param.type not in PICKED
    key = "Missing option: {parts}." if len(params) == 1 else "Missing options: {parts}."
    error = InputError(say(key, parts=listed(parts, "; ")))
    error.missing = True  # type: ignore[attr-defined]
    error.listed = listed_  # type: ignore[attr-defined]  # ends with the choices, or not
    return error


def takes(param: app_commands.Parameter, locale: str = "en") -> Any:
    """The values an option takes, as the edge says them to a reader: its declared values,
    its choices, or its range of numbers; None when none is shown."""
    declared = declared_by(param.choices)
    if declared is not None:
        return declared.said_listed()
    if param.choices:
        return listed(f"`{c.value}`" for c in param.choices)
    low, high = param.min_value, param.max_value
    if param.type is OptionType.integer and low is not None and high is not None:
        return (
            say("`{low}`–`{high}`", low=low, high=high) if high - low <= MAX_RANGE_SHOWN else None
        )
    if param.type in (OptionType.user, OptionType.mentionable):
        return say("a user id or mention, like `{example}`", example=f"{param.display_name}:2")
    return None


USER_REFUSED = (  # a user option's value the console can't read as a user
    "`{option}` must be a user: their id or mention, like `{example}` (user 2); "
    "the console knows users by number only."
)
PICKED = (OptionType.user, OptionType.mentionable)  # an example shown, not the values

_OPTIONS: WeakKeyDictionary[Any, frozenset[str]] = WeakKeyDictionary()  # by command tree


def every_option(tree: app_commands.CommandTree[Any]) -> frozenset[str]:
    """Every option name of every command, in every language we speak, folded: a word `name:`
    that is one of them names an option, wherever it stands in a line."""
    if tree not in _OPTIONS:
        _OPTIONS[tree] = _option_names(tree)
    return _OPTIONS[tree]


def _option_names(tree: app_commands.CommandTree[Any]) -> frozenset[str]:
    books = [catalog(locale).commands for locale in LOCALES[1:]]  # as english_name reads them
    names = set()
    for command in tree.walk_commands():
        if isinstance(command, app_commands.Command):
            for param in command.parameters:
                key = f"{command.qualified_name} {param.name}"
                names |= {fold(param.name), *(fold(book.get(key, param.name)) for book in books)}
    return frozenset(names)


def every_name(tree: app_commands.CommandTree[Any]) -> frozenset[str]:
    """Every option, command and group name, folded: a `name:` inside a value that is none of
    these, nor a declared value, is an option nobody has (`unknown_name`); a group's name
    there is a value's (`pick:gah gah:Leopold`)."""
    if tree not in _NAMES:
        books = [catalog(locale).commands for locale in LOCALES[1:]]
        commands = {fold(c.name) for c in tree.walk_commands()}
        local = {
            fold(book.get(c.qualified_name, c.name)) for book in books for c in tree.walk_commands()
        }
        _NAMES[tree] = every_option(tree) | commands | local
    return _NAMES[tree]


_NAMES: WeakKeyDictionary[Any, frozenset[str]] = WeakKeyDictionary()


def stray_option(typed: str, options: frozenset[str]) -> bool:
    """Whether `typed:` inside a value is an option typed where it does not belong (Alea's
    `result:` after a logged play's opponent), not a value's own `x:` (`shop:3`, `a:2`): an
    option's name somewhere that is no declared value (bot/core/values.py). A value that
    holds `x:y` pairs already (a challenge's `options:difficulty:hard pseudo_cards:physical`)
    takes more of them: the console asks this only of a value without one."""
    key = fold(typed)
    return key in options and key not in every_token()


def near_option(typed: str, names: list[str]) -> str | None:
    """The option (of `names`, as the reader types them) that `typed:` inside a value is
    most likely a slip for (`wurfel:` for `würfel`), so it is refused as an unknown option
    instead of read into the value before it; None for a value's own `x:y`."""
    key = plain(typed)
    if len(key) < 4 or key in every_token() or not key.replace("_", "").isalpha():
        return None
    plains = {plain(name): name for name in names}
    found = get_close_matches(key, list(plains), n=1, cutoff=0.75)
    return plains[found[0]] if found else None


def mended(words: list[str], wrong: str, meant: str) -> str:
    """The line typed with the word `wrong` as `meant` (a slip in an option's name mended),
    quoted as the console reads it back."""
    meant = _MENTION.sub(r"\1", meant)
    return " ".join(meant if word == wrong else _quoted(word) for word in words)


def _quoted(word: str) -> str:
    word = _MENTION.sub(r"\1", word)  # a user by number: a mention in a refusal is defused
    return f'"{word}"' if " " in word else word


_MENTION = re.compile(r"<@!?(\d+)>")


def led_on(error: InputError, line: str | None, locale: str) -> InputError:
    """A line the console refused, ending with `line`, one that works at the channel's game
    now (bot/table/leading.py); as it is without one, or when it ends with a line already
    (a slip's line as meant; \x60 is a backtick) or with the choices."""
    said = str(error).rstrip()
    choices = error.listed if hasattr(error, "listed") else ends_with_choices(said)
    if not line or re.search("\x60/[^\x60]+\x60[.?]?$", said) or choices:
        return error
    now: str = now_line(line)
    already = getattr(error, "said", False)
    if already:  # said in the reader's language: so is its end, a sentence of its own
        said, now = stopped(said), tr(now, locale)
    led = InputError(f"{said} {now}")
    led.__dict__.update(error.__dict__)
    led.message = said_as(error)  # type: ignore[attr-defined]  # said from its key at the edge
    if not already:
        led.now = now  # type: ignore[attr-defined]  # said on its own (user_message)
    return led


def subcommand_missing(group: str, subs: Listed) -> InputError:
    """A group named alone (`/gah`): its subcommands."""
    error = InputError(say("`/{group}` needs a subcommand: {names}.", group=group, names=subs))
    error.missing = True  # type: ignore[attr-defined]
    return error


def subcommand_unknown(group: str, typed: str, subs: Listed) -> InputError:
    """A subcommand the group does not have: the ones it has."""
    key = "`/{group}` has no `{typed}`; try one of: {names}."
    return InputError(say(key, group=group, typed=typed, names=subs))


def unknown_option(typed: str, meant: str = "", known: list[str] | None = None) -> InputError:
    """An option nobody has, named as one: with the line as meant (a slip in its name), else
    the command's options as the reader types them."""
    if meant:
        key = "Unknown option `{name}`; did you mean `{line}`?"
        return InputError(say(key, name=typed[:30], line=meant))
    options = listed(known) if known else "none"
    return InputError(
        say("Unknown option `{name}`; options: {known}.", name=typed[:30], known=options)
    )


def unknown_name(typed: str, options: frozenset[str]) -> bool:
    """Whether `typed:` inside a value is an option nobody has (`zzyzx:1` after `at:C5`):
    a word of letters that is neither an option nor a declared value."""
    key = fold(typed)
    bare = key.replace("_", "").replace("-", "")
    return len(key) > 1 and bare.isalpha() and key not in options and key not in every_token()


def out_of_range(name: str, value: float, low: float | None, high: float | None) -> None:
    """Refuse a number outside its option's range, naming the range when it has two ends
    (its choices: `steps` must be from `1` to `50`)."""
    outside = (low is not None and value < low) or (high is not None and value > high)
    if outside and low is not None and high is not None:
        raise InputError(
            say("`{option}` must be from `{low}` to `{high}`.", option=name, low=low, high=high)
        )
    if low is not None and value < low:
        raise InputError(f"`{name}` must be at least {low}.")
    if high is not None and value > high:
        raise InputError(f"`{name}` must be at most {high}.")


def renamed(error: InputError, name: str, typed: str) -> InputError:
    """A refusal of a value with its option `name` as the reader typed it (`nummer`, not
    `id`: the edge cannot tell which German name a name of several commands is); a message
    keeps its key, the value naming the option put as typed."""
    said = said_as(error)
    if said is None:
        again = InputError(str(error).replace(f"`{name}`", f"`{typed}`", 1))
    else:
        values = {k: typed if type(v) is str and v == name else v for k, v in said.values.items()}
        again = InputError(Said(said.key, **values))
    again.__dict__.update(error.__dict__)
    return again


def bare_flag(
    command: app_commands.Command[Any, Any, Any],
    params: dict[str, app_commands.Parameter],
    word: str,
) -> str | None:
    """The yes/no option a bare word names (`/stats page`: page:yes), in either language,
    wherever it stands (a free text that ends in such a word is quoted: `game:"X page"`)."""
    name = english_name(command.qualified_name, word)
    param = params.get(name) or params.get(name.lower())
    return param.display_name if param is not None and param.type is OptionType.boolean else None


def split_line(line: str) -> list[str]:
    """Words as Discord reads them: only `"` groups words, so an apostrophe (`Builder's
    Hall`, `Jesters' Court`) is part of a name. An unclosed `"` is a ValueError."""
    words: list[str] = []
    word: str | None = None
    quoted = False
    for char in line:
        if char == '"':
            quoted, word = not quoted, word or ""
        elif char.isspace() and not quoted:
            if word is not None:
                words.append(word)
            word = None
        else:
            word = (word or "") + char
    if quoted:
        raise ValueError("No closing quotation")
    return words if word is None else [*words, word]


def small_number(text: str, digits: int) -> int | None:
    """`text` as a whole number if it is ASCII digits, at most `digits` of them."""
    if text.isascii() and text.isdigit() and len(text) <= digits:
        return int(text)
    return None
