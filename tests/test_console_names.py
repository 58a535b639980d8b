"""Typed names meet lists of names in any case: every choice of every command in the console,
and a game started with `lord:durnan`."""

from discord import app_commands

from bot.i18n import catalog, tr
from tests.test_console import make_console


def _choice_options(tree: app_commands.CommandTree):
    for command in tree.walk_commands():
        if isinstance(command, app_commands.Command):
            for param in command.parameters:
                if param.choices:
                    yield command, param


async def test_every_typed_choice_is_read_in_any_case_and_by_its_german_name(db):
    console = await make_console(db)
    seen = 0
    for command, param in _choice_options(console.bot.tree):
        for choice in param.choices:
            if not isinstance(choice.value, str):
                continue
            typed = [choice.value.upper(), choice.value.lower(), choice.name.swapcase()]
            for english in (choice.name, choice.value):  # as Discord shows it, `nein` too
                german = catalog("de").exact.get(english, english)
                for said in (tr(english, "de"), german):
                    if said != english:
                        typed.append(said.upper())
            for text in typed:
                assert console._convert(param, text) == choice.value, (
                    command.qualified_name,
                    param.name,
                    text,
                )
            seen += 1
    assert seen > 50


async def test_a_lord_typed_in_lower_case_starts_the_game(db):
    console = await make_console(db)
    reply = await console.execute("/waterdeep start lord:durnan")
    assert reply.ok, reply.text
    assert "Durnan the Wanderer" in reply.text
