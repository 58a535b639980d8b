"""A game's slash commands are built from its command models (bot/on_discord/slash.py): its
cog declares no option itself. Every game is built so (a toy game of the tests may still
write its commands by hand: tests/toy holds its cog to its models)."""

import importlib

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
