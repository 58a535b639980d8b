"""A game's slash commands are built from its command models (bot/on_discord/slash.py): its
cog declares no option itself. The games listed here are converted; the rest are still
written by hand in their cogs (tests/cogs/test_command_models.py holds those to the models)."""

from discord import app_commands

from bot.games.registry import SPECS
from bot.on_discord.client import SoloistBot
from bot.store.database import Database
from bot.table.service import TableService
from tests.kit import leaves

BUILT = ("alea", "glasgow", "gwt", "waterdeep")
# queries asked otherwise than by a view of their own: `/gwt card` without a correction
# shows the card; Waterdeep's `choices` feed its autocompletes
UNVIEWED = {"gwt": {"card"}, "waterdeep": {"choices"}}


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
        assert sorted(m.slash_name() for m in models if m) == sorted(made)
        # a built view runs the spec's query of its name: each has the other (but UNVIEWED)
        viewed = set(spec.queries) - UNVIEWED.get(key, set())
        assert sorted(m.name() for m in spec.views) == sorted(viewed), key
