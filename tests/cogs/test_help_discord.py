"""/help and /about come from the registry and the command models."""

import sys
from dataclasses import replace
from typing import ClassVar, Literal

import pytest
from pydantic import Field, create_model

from bot.core.commands import CommandSet
from bot.games.registry import SPECS
from bot.i18n import catalog, tr

PHONE = 1000  # characters: a game's help reads on a phone without scrolling through pages


def text(result) -> str:
    embed = result.response.embeds[0]
    return "\n".join([embed.title or "", embed.description or ""])


def subcommands(env, key: str):  # type: ignore[no-untyped-def]
    return {c.name: c for c in env.bot.tree.get_command(key).walk_commands()}


async def test_help_for_a_game_lists_every_one_of_its_commands(table):
    env, channel, alice, _ = table
    for spec in SPECS.values():
        shown = text(await alice.slash(channel, "help", game=spec.key))
        for command in subcommands(env, spec.key).values():
            assert f"`/{command.qualified_name}" in shown, command.qualified_name
        assert spec.opponent in shown
        assert "[" not in shown  # no bracketed option lists: the start options have their topic


@pytest.mark.parametrize("language", ["en", "de"])
async def test_help_for_a_game_shows_its_turn_in_order_one_line_each_within_a_phone_screen(
    table, language
):
    env, channel, alice, _ = table
    await alice.slash(channel, "settings language", choice=language)
    book = catalog(language).commands
    for spec in SPECS.values():
        shown = text(await alice.slash(channel, "help", game=spec.key))
        assert len(shown) < PHONE, f"{spec.key}: {len(shown)} characters"
        group = book.get(spec.key, spec.key)
        lines = [line for line in shown.splitlines() if "` — " in line]
        assert [line.split("`")[1].split()[1] for line in lines] == [
            book.get(f"{spec.key} {name}", name) for name in spec.turn
        ], spec.key
        assert all(line.startswith(f"`/{group} ") for line in lines)
        commands = subcommands(env, spec.key)
        for line, name in zip(lines, spec.turn, strict=True):
            assert line.endswith(f"` — {tr(commands[name].description, language)}"), line


@pytest.mark.parametrize("language", ["en", "de"])
async def test_help_topic_start_gives_each_start_option_its_line_and_the_reconstructed_data(
    table, language
):
    env, channel, alice, _ = table
    await alice.slash(channel, "settings language", choice=language)
    book = catalog(language)
    for spec in SPECS.values():
        shown = text(await alice.slash(channel, "help", game=spec.key, topic="start")) + "\n"
        start = subcommands(env, spec.key)["start"]
        for option in start.parameters:
            name = book.commands.get(f"{spec.key} start {option.name}", option.name)
            said = f"\n`{name}` — {tr(option.description, language)}"
            assert f"{said}\n" in shown or f"{said} — `" in shown, option.name  # its values
        assert tr(spec.reconstructed, language) in shown


async def test_help_without_a_game_or_with_an_unknown_one_lists_the_games(table):
    _, channel, alice, _ = table
    listing = text(await alice.slash(channel, "help"))
    assert all(f"/help game:{key}" in listing for key in SPECS)
    unknown = text(await alice.slash(channel, "help", game="chess"))
    assert unknown.splitlines()[1] == "No game `chess`; these are the games:"
    choices = await alice.autocomplete(channel, "help", "game", "wat")
    assert [c["value"] for c in choices] == ["waterdeep"]


async def test_about_names_the_source_of_every_rule_text(table):
    _, channel, alice, _ = table
    about = text(await alice.slash(channel, "about"))
    for spec in SPECS.values():
        assert spec.rules_source and f"rules from {spec.rules_source}." in about


async def test_a_new_option_or_command_of_a_built_game_shows_in_help_with_no_other_edit(
    table, monkeypatch
):
    """Help reads a built game's models, not a list of its own: an option added to the start
    model has its line under `topic:start`, a new command its line in the turn's `Also:`."""
    env, _, _, _ = table
    spec = SPECS["glasgow"]
    wider = create_model(
        "Start",
        __base__=spec.start,
        harbour_vp=(int | None, Field(None, description="VP per harbour, a new option")),
    )

    class Wave(spec.start.__mro__[1]):  # the game's base: its group
        about: ClassVar[str] = "Wave at Freddy"
        command: Literal["wave"] = "wave"
        hand: str = Field(description="which hand")

    commands = CommandSet(spec.name, [*spec.commands, Wave])
    help_cog = env.bot.get_cog("Help")
    widened = {**SPECS, "glasgow": replace(spec, start=wider, commands=commands)}
    monkeypatch.setattr(sys.modules[type(help_cog).__module__], "SPECS", widened)
    start = "\n".join(help_cog.help_reply("glasgow", "start").facts)
    assert "\n`harbour_vp` — VP per harbour, a new option\n" in start
    turn = help_cog.help_reply("glasgow").facts
    assert "`/glasgow wave hand:…`" in next(line for line in turn if line.startswith("Also: "))
