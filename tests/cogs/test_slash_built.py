"""A game's slash commands are built from its command models (bot/on_discord/slash.py): its
cog declares no option itself. Every game is built so (a toy game of the tests may still
write its commands by hand: tests/toy holds its cog to its models)."""

import importlib

import discord
from discord import app_commands

from bot.games.registry import LISTINGS, SPECS
from bot.on_discord.client import SoloistBot
from bot.store.database import Database
from bot.table.service import TableService
from tests.kit import leaves

BUILT = ("alea", "glasgow", "gwt", "waterdeep", "gah")
# queries asked otherwise than by a view of their own: `/gwt card` without a correction
# shows the card; Waterdeep's `choices` feed its autocompletes
UNVIEWED = {"gwt": {"card"}, "waterdeep": {"choices"}}


def lookups(key: str) -> tuple:
    """A game's lookups: commands that need no game, answered by its cog (`/gah card`)."""
    return getattr(importlib.import_module(SPECS[key].start.__module__), "LOOKUPS", ())


def test_every_game_of_the_registry_is_built():
    assert sorted(BUILT) == sorted(LISTINGS)


async def test_a_converted_games_every_subcommand_is_built_from_its_model():
    bot = SoloistBot(TableService(Database("sqlite+aiosqlite://")))
    await bot.setup_hook()
    for key in BUILT:
        spec = SPECS[key]
        group = bot.tree.get_command(key)
        assert isinstance(group, app_commands.Group)
        made = {name: c.extras.get("model") for name, c in leaves(group).items()}
        assert None not in made.values(), f"/{key}: written by hand: {made}"
        models = [spec.start, *(m for m in spec.commands or [] if not m.hidden), *spec.views]
        models += lookups(key)
        assert sorted(m.slash_name() for m in models if m) == sorted(made)
        # a built view runs the spec's query of its name: each has the other (but UNVIEWED)
        viewed = set(spec.queries) - UNVIEWED.get(key, set())
        assert sorted(m.name() for m in spec.views) == sorted(viewed), key


def test_a_converted_games_every_model_prints_its_lines_in_its_group():
    """The lines a game prints are built from its models (`Command.line`): each names the
    game's slash group, so `/gah turn …` cannot come out as another group's line."""
    for key in BUILT:
        spec = SPECS[key]
        models = [spec.start, *(spec.commands or []), *spec.views, *lookups(key)]
        assert {m.group for m in models if m} == {key}, key
        assert spec.start.line() == f"/{key} start"


# ------------------------------------------------------------------ the bot's own groups
OWN_BUILT = ("log", "stats", "streak", "history", "leaderboard", "challenge")


async def test_the_bots_own_converted_commands_are_each_built_from_their_model():
    from bot.challenges.commands import PERSONAL, SERVER
    from bot.logbook.commands import LOG, OWN

    bot = SoloistBot(TableService(Database("sqlite+aiosqlite://")))
    await bot.setup_hook()
    made: dict[str, object] = {}
    for name in OWN_BUILT:
        command = bot.tree.get_command(name)
        if isinstance(command, app_commands.Group):
            made |= {f"{name} {k}": c.extras.get("model") for k, c in leaves(command).items()}
        else:
            assert command is not None, name
            made[name] = command.extras.get("model")
    assert None not in made.values(), f"written by hand: {made}"
    declared = [*LOG, *OWN, *PERSONAL, *SERVER]
    assert sorted(made) == sorted(f"{m.group} {m.slash_name()}".strip() for m in declared)
    assert all(made[f"{m.group} {m.slash_name()}".strip()] is m for m in declared)


async def test_a_declared_groups_command_runs_its_cogs_method_with_the_models_defaults():
    """An option left out reaches `run_<name>` as its model's default (`period` is `all`),
    and a `completes` method is the option's autocomplete."""
    from typing import Annotated, ClassVar, Literal

    from pydantic import Field

    from bot.core.commands import Command
    from bot.on_discord.slash import DeclaredGroup, completes

    class Toy(Command):
        group: ClassVar[str] = "toy"
        command: Literal["count"] = "count"
        to: Annotated[int, Field(ge=1, le=9)] = Field(3, description="how far")
        label: str | None = Field(None, description="a label")

    ran: list[dict] = []

    class Cog(DeclaredGroup):
        declares = (Toy,)

        @completes("count", "label")
        async def label_complete(self, _interaction, current):
            return [app_commands.Choice(name=current, value=current)]

        async def run_count(self, _interaction, **options):
            ran.append(options)

    built = Cog.slash_count
    await built.callback(Cog(), None)
    await built.callback(Cog(), None, to=5, label="x")
    assert ran == [{"to": 3, "label": None}, {"to": 5, "label": "x"}]
    label = next(p for p in built.parameters if p.name == "label")
    assert label.autocomplete and built.extras["model"] is Toy


def test_an_option_the_model_supplies_is_discords_own_picker():
    """A member, a channel or thread, a file: the model holds what the table gets (an id,
    the bytes), the slash option is Discord's user, channel or attachment option."""
    from typing import Annotated, ClassVar, Literal

    from bot.core.commands import FILE, MEMBER, PLACE, Command
    from bot.on_discord.slash import build

    class Toy(Command):
        group: ClassVar[str] = "toy"
        command: Literal["toy"] = "toy"
        who: Annotated[int, MEMBER]
        upload: Annotated[bytes, FILE]
        where: Annotated[int, PLACE] | None = None

    class Owner:
        pass

    async def run(_cog, _interaction, _options):  # never called here
        raise AssertionError

    built = build(Toy, Owner, run)
    kinds = {p.name: (p.type, p.required) for p in built.parameters}
    kind = discord.AppCommandOptionType
    assert kinds == {
        "who": (kind.user, True),
        "upload": (kind.attachment, True),
        "where": (kind.channel, False),
    }
    where = next(p for p in built.parameters if p.name == "where")
    assert discord.ChannelType.public_thread in where.channel_types  # a thread too
    assert discord.ChannelType.text in where.channel_types
