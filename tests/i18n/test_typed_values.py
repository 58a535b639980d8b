"""Every value a player types is declared once, with its German name (bot/core/values.py).

The test walks every option of every command of the live tree, and every option of every
game's command models, in English and in German: each fixed value is a declared one; each has
a German name; each is read back from its name in either language (typed in a console line as
the reply prints it), and a wrong one is refused listing the valid values as the reader types
them, with no English value in the German refusal."""

from __future__ import annotations

import re
from typing import Any

import pytest
from discord import app_commands

from bot.console import split_line
from bot.core.commands import choices_of, inside_of, words_of
from bot.core.values import Words, declared, groups
from bot.core.words import fold
from bot.games.registry import SPECS
from bot.i18n import tr
from tests.i18n.test_german_games import english_tokens
from tests.test_console import make_console

# options whose choices are not fixed values but names the bot makes (games by key, contests)
NOT_TYPED_VALUES = {"challenge open game"}
CODE = re.compile(r"`([^`\n]*)`")


def leaves(tree: app_commands.CommandTree) -> list[app_commands.Command[Any, Any, Any]]:
    found = []
    for root in tree.get_commands():
        if isinstance(root, app_commands.Group):
            found += [c for c in root.walk_commands() if isinstance(c, app_commands.Command)]
        else:
            found.append(root)
    return found


def filled(command: app_commands.Command[Any, Any, Any], option: str, value: str) -> str:
    """A line of `command` with `option:value` and each other required option filled in."""
    words = [f"/{command.qualified_name}", f"{option}:{value}"]
    for param in command.parameters:
        if not param.required or param.name == option:
            continue
        if param.choices:
            words.append(f"{param.name}:{param.choices[0].value}")
        elif param.type.name in ("integer", "number"):
            words.append(f"{param.name}:{param.min_value if param.min_value is not None else 1}")
        elif param.type.name in ("user", "mentionable"):
            words.append(f"{param.name}:2")
        else:
            words.append(f"{param.name}:{'x' * (param.min_value or 1)}")
    return " ".join(words)


@pytest.fixture
async def console(db):
    return await make_console(db)


def declared_options(console) -> list[tuple[Any, app_commands.Parameter, Words]]:
    found = []
    for command in leaves(console.bot.tree):
        for param in command.parameters:
            if not param.choices or f"{command.qualified_name} {param.name}" in NOT_TYPED_VALUES:
                continue
            words = getattr(param.choices[0], "words", None)
            assert words is not None, f"/{command.qualified_name} {param.name}: undeclared"
            found.append((command, param, words))
    return found


async def test_every_slash_option_with_fixed_values_offers_declared_values(console):
    assert len(declared_options(console)) > 60


def test_every_game_command_option_with_fixed_values_is_declared():
    """No `Literal` of values in a game's commands: each fixed value is declared once."""
    models = [m for spec in SPECS.values() for m in (*(spec.commands or []), spec.start) if m]
    undeclared = []
    for model in models:
        for name, field in model.options().items():
            values = choices_of(field.annotation, field.metadata)
            if values is not None and words_of(field.annotation, field.metadata) is None:
                undeclared.append(f"{model.__name__}.{name}")
    assert undeclared == []


async def test_every_declared_value_has_a_german_name_and_reads_back_in_either_language(console):
    """Each value, typed as an English line prints it and as the German line prints it, in a
    console of that language, is read as its English token."""
    german = await make_console(console.bot.service.db)
    await german.execute("lang de")
    for command, param, words in declared_options(console):
        for word in words.words:
            assert word.name("de"), f"{words.what}: {word.token} has no German name"
            line = filled(command, param.name, word.token)
            _, kwargs = console.parse(split_line(line), "en")
            assert kwargs[param.name] == word.token, line
            shown = tr(f"`{line}`", "de").strip("`")  # as a German reply prints it
            assert f":{word.name('de')}" in shown, (line, shown)
            _, kwargs = german.parse(split_line(shown), "de")
            assert kwargs[param.name] == word.token, (shown, kwargs)


async def test_a_wrong_value_is_refused_listing_the_valid_ones_as_the_reader_types_them(console):
    german = await make_console(console.bot.service.db)
    await german.execute("lang de")
    english = english_tokens()
    for command, param, words in declared_options(console):
        line = filled(command, param.name, "qqq")
        refused = await german.execute(tr(f"`{line}`", "de").strip("`"))
        assert not refused.ok, line
        listed = [t for code in CODE.findall(refused.text) for t in re.split(r"[\s:,]+", code)]
        assert all(w.name("de") in listed for w in words.words[:12]), (line, refused.text)
        germans = {w.name("de") for w in words.words}
        left = [t for t in listed if fold(t) in english and t not in germans]
        assert left == [], (line, refused.text)


def test_every_game_model_reads_its_declared_values_in_either_language():
    """A model's option reads the German name and an alias or beginning; a typed text reads
    the names of the values declared inside it, and the log keeps the English tokens."""
    checked = 0
    for spec in SPECS.values():
        models = [*(spec.commands or []), *([spec.start] if spec.start else [])]
        for model in models:
            for field in model.options().values():
                words = words_of(field.annotation, field.metadata)
                text = inside_of(field.annotation, field.metadata)
                for word in words.words if words is not None else ():
                    assert words.read(word.name("de").upper()) == word.token
                    checked += 1
                for kind in text.words if text is not None else ():
                    for word in kind.words:
                        if not kind.glued:
                            assert text.english(f"{word.name('de')}:1") == f"{word.token}:1"
                            checked += 1
    assert checked > 150


def test_an_english_token_has_one_german_name_in_every_game():
    """A value shown outside a command (`valid: ...`) is said by its one German name."""
    names: dict[str, set[str]] = {}
    for group in groups():
        for words in declared(group):
            for word in words.words:
                names.setdefault(word.token, set()).add(word.name("de"))
    assert {token: sorted(n) for token, n in names.items() if len(n) > 1} == {}


@pytest.mark.parametrize(
    ("typed", "reads"),
    [
        ("/gwt ende du:95 städte:20 aufträge:12 marker:du", "you"),
        ("/gwt ende du:95 städte:20 aufträge:12 marker:DU", "you"),
        ("/gwt ende du:95 städte:20 aufträge:12 marker:s", "sam"),
    ],
)
async def test_sams_end_reads_the_german_marker(console, typed, reads):
    await console.execute("lang de")
    await console.execute("/gwt start seed:3")
    done = await console.execute(typed)
    assert done.ok, done.text
    history = await console.execute("/spiel verlauf")
    assert f"marker:{'du' if reads == 'you' else 'sam'}" in history.text
    english = await make_console(console.bot.service.db)  # the log keeps the English token
    logged = await english.execute("/game history")
    assert f"job_token:{reads}`" in logged.text


async def test_no_german_option_description_shows_an_english_value(console):
    """What an option says in German (`z. B. überschwemmung:4:3 dürre:2`) names its values as
    a German reader types them."""
    from bot.i18n import catalog

    book = catalog("de")
    shown = []
    for command in leaves(console.bot.tree):
        english = {
            fold(w.token)
            for d in declared(command.qualified_name.split()[0])
            for w in d.words
            if fold(w.name("de")) != fold(w.token)
        }
        for param in command.parameters:
            german = book.exact.get(param.description or "", "")
            words = re.findall(r"(?<![\w'’])[a-zäöüß_]+(?![\w'’])", german)  # typed lower case
            shown += [f"/{command.qualified_name} {param.name}: {w}" for w in words if w in english]
    assert shown == []
