"""The German catalogs: they load, their templates say the same things, the live command tree
is German throughout, and every command a text names is one a user can type."""

from __future__ import annotations

import re
from pathlib import Path

import discord
import pytest
import yaml
from discord import app_commands

from bot.i18n import CODE, ROOT, Catalog, catalog, placeholders, tr

NAME = re.compile(r"^[-_\w]{1,32}$")
REPO = Path(__file__).resolve().parents[2]
SOURCES = [*(REPO / "bot").rglob("*.py"), *(REPO / "cogs").rglob("*.py")]


def files() -> list[Path]:
    return sorted((ROOT / "de").glob("*.yaml"))


@pytest.fixture
def tree(table) -> app_commands.CommandTree:
    """The live command tree of a started bot, every cog loaded."""
    env, *_ = table
    return env.bot.tree


def every_node(tree: app_commands.CommandTree):  # type: ignore[no-untyped-def]
    for root in tree.get_commands():
        yield root
        if isinstance(root, app_commands.Group):
            yield from root.walk_commands()


def resolve(tree: app_commands.CommandTree, span: str) -> str | None:
    """Why `/a b opt:x` is not something a user can type, or None when it is."""
    words = span[1:].split()
    node = tree.get_command(words[0]) if words else None
    if node is None:
        return f"no command /{words[0] if words else ''}"
    rest = words[1:]
    while isinstance(node, app_commands.Group):
        if not rest:
            return None  # naming a group is fine (`/gah`)
        child = node.get_command(rest[0])
        if child is None:
            return f"/{node.qualified_name} has no subcommand {rest[0]}"
        node, rest = child, rest[1:]
    options = {p.display_name for p in node.parameters}
    current = None
    for word in rest:  # as the console reads a line: later words may continue an option's value
        name, colon, _ = word.partition(":")
        bare = name.strip("[]<>")
        if bare in options and (colon or bare != name):
            current = bare
        elif current is None:
            return f"/{node.qualified_name} has no option {bare}"
    return None


def test_every_catalog_loads_and_no_two_files_say_one_line_differently():
    for path in files():
        document = yaml.safe_load(path.read_text(encoding="utf-8"))
        sections = {"text", "commands", "words", "nouns", "marks", "phrases"}
        assert set(document) <= sections, path.name
        for group, names in (document.get("words") or {}).items():  # docs/i18n.md
            assert all(
                isinstance(v, str)
                or (isinstance(v, list) and v and all(isinstance(n, str) for n in v))
                for v in names.values()
            ), (path.name, group)
    assert catalog("de").exact


@pytest.mark.parametrize("path", files(), ids=lambda p: p.name)
def test_german_templates_use_exactly_the_placeholders_of_the_english(path):
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    for key, target in (document.get("text") or {}).items():
        assert sorted(placeholders(str(key))) == sorted(placeholders(str(target))), key
        assert len(set(placeholders(str(key)))) == len(placeholders(str(key))), key


def test_a_template_fills_its_placeholders_with_their_own_translations():
    book = Catalog()
    book.add(
        "Leopold takes the {colour} guest worth {vp} VP.",
        "Leopold nimmt den {colour} Gast für {vp} SP.",
        "t",
    )
    book.add("yellow", "gelben", "t")
    book.add("{x} and {y}", "{x} und {y}", "t")
    book.add("yellow", "gelben", "again")  # the same line twice is fine
    book.freeze()
    taken = book.line("Leopold takes the yellow guest worth 3 VP.")
    assert taken == "Leopold nimmt den gelben Gast für 3 SP."
    assert book.line("yellow and Anna") == "gelben und Anna"  # names stay as they are
    with pytest.raises(ValueError, match="translated differently"):
        book.add("yellow", "gelb", "other.yaml")


def test_the_most_specific_template_wins_and_sentences_are_translated_one_by_one():
    book = Catalog()
    book.add("{who} wins.", "{who} gewinnt.", "t")
    book.add("Leopold wins.", "Leopold siegt.", "t")
    book.add("Undone {n} step(s).", "{n} Schritt(e) zurück.", "t")
    book.freeze()
    assert book.line("Leopold wins.") == "Leopold siegt."
    assert book.line("Sam wins. Undone 2 step(s).") == "Sam gewinnt. 2 Schritt(e) zurück."
    assert book.line("Sam loses.") is None


def test_commands_named_in_german_text_use_german_command_and_option_names():
    shown = tr("Undo between 1 and 50 steps.", "de")
    assert shown == "Zurücknehmen kannst du 1 bis 50 Schritte."
    moved = tr(
        "This button is out of date: the game has moved on. `/game status` shows where it stands.",
        "de",
    )
    assert "`/spiel stand`" in moved
    assert catalog("de").command_path("/game undo steps:2") == "/spiel zurücknehmen schritte:2"


async def test_every_command_option_description_and_choice_of_the_live_tree_has_german(tree):
    book = catalog("de")
    missing: list[str] = []
    for node in every_node(tree):
        path = node.qualified_name
        if path not in book.commands:
            missing.append(f"name of /{path}")
        if node.description and node.description not in book.exact:
            missing.append(f"description of /{path}: {node.description!r}")
        if isinstance(node, app_commands.Command):
            for param in node.parameters:
                if f"{path} {param.name}" not in book.commands:
                    missing.append(f"name of /{path} {param.name}")
                described = param.description and param.description != "…"
                if described and param.description not in book.exact:
                    missing.append(f"/{path} {param.name}: {param.description!r}")
                for choice in param.choices:  # a declared value's from its declaration
                    if needs(choice.name) and choice_name(choice, "de") is None:
                        missing.append(f"choice of /{path} {param.name}: {choice.name!r}")
    assert not missing, "\n".join(missing)


def choice_name(choice, language):  # type: ignore[no-untyped-def]
    from bot.on_discord.translator import choice_name as named

    return named(choice, language)


def needs(text: str) -> bool:
    from bot.i18n import needs_translation

    return needs_translation(text)


async def test_german_command_and_option_names_are_names_discord_accepts_and_unique(tree):
    book = catalog("de")
    for key, name in book.commands.items():
        assert NAME.match(name) and name == name.lower(), f"{key}: {name!r}"
    siblings: dict[str, set[str]] = {}
    for key, name in book.commands.items():
        parent = key.rsplit(" ", 1)[0] if " " in key else ""
        assert name not in siblings.setdefault(parent, set()), f"{key}: {name!r} twice"
        siblings[parent].add(name)


async def test_every_command_a_text_names_is_one_a_user_can_type(tree):
    """Errors and hints name commands as the user types them: the path and options exist."""
    wrong: list[str] = []
    texts = [
        str(k) for path in files() for k in (yaml.safe_load(path.read_text()) or {}).get("text", {})
    ]
    assert len(SOURCES) > 50  # the scan reads the real code
    for source in SOURCES:
        texts += re.findall(r'"((?:[^"\\\n]|\\.)*)"', source.read_text(encoding="utf-8"))
    for text in texts:
        for span in CODE.findall(text):
            if "{" in span or "…" in span or "<" in span:
                continue  # a template's variable part, e.g. `/{key} start`
            why = resolve(tree, span)
            if why is not None:
                wrong.append(f"`{span}`: {why}")
    assert not wrong, "\n".join(sorted(set(wrong)))


async def test_a_german_client_gets_german_names_through_the_translator(tree):
    from bot.on_discord.translator import CatalogTranslator

    undo = tree.get_command("game").get_command("undo")
    where = app_commands.TranslationContextLocation.command_name
    german = await CatalogTranslator().translate(
        app_commands.locale_str(undo.name),
        discord.Locale.german,
        app_commands.TranslationContext(where, undo),
    )
    assert german == "zurücknehmen"


DESCRIPTION_CHARS = range(1, 101)  # Discord: a description or a choice's name, in any locale
COMMAND_CHARS = 8000  # Discord: a command's names, descriptions and choices, longest locale each


def described(payload: dict, path: str = ""):  # type: ignore[no-untyped-def]
    """Every command, subcommand and option of a synced command, with its path."""
    here = f"{path} {payload['name']}".strip()
    yield here, payload
    for option in payload.get("options", []):
        yield from described(option, here)


def in_both(field: dict, key: str, fallback: bool = True) -> tuple[str, str]:  # type: ignore[type-arg]
    """English and German; a name without German shows the English (`A`, `II`)."""
    german = (field.get(f"{key}_localizations") or {}).get("de")
    return field[key], german or (field[key] if fallback else "")


async def test_every_command_subcommand_and_option_has_a_description_in_english_and_german(tree):
    """What Discord receives on sync: no "…" (discord.py's stand-in for a missing description),
    each description and choice within Discord's 1–100 characters in both languages, and each
    command within its 8,000 characters (the longer language of each field counts)."""
    from bot.on_discord.translator import CatalogTranslator

    wrong: list[str] = []
    for root in tree.get_commands():
        payload = await root.get_translated_payload(tree, CatalogTranslator())
        size = 0
        for path, node in described(payload):
            fields = [(path, in_both(node, "description", fallback=False))]
            fields += [(f"{path} {c['name']}", in_both(c, "name")) for c in node.get("choices", [])]
            for where, (english, german) in fields:
                for language, text in (("English", english), ("German", german)):
                    if text in ("", "…") or len(text) not in DESCRIPTION_CHARS:
                        wrong.append(f"/{where}: {language} {text!r} ({len(text)} characters)")
            names = [in_both(node, "name")] + [in_both(c, "name") for c in node.get("choices", [])]
            size += sum(max(len(e), len(g)) for e, g in [fields[0][1], *names])
            size += sum(len(str(c["value"])) for c in node.get("choices", []))
        if size > COMMAND_CHARS:
            wrong.append(f"/{payload['name']}: {size} characters in all")
    assert not wrong, f"{len(wrong)} descriptions:\n" + "\n".join(wrong)
