"""A game's slash commands are built from its command models (bot/on_discord/slash.py): its
cog declares no option itself. The games listed here are converted; the rest are still
written by hand in their cogs (tests/cogs/test_command_models.py holds those to the models)."""

import discord
from discord import app_commands

from bot.games.registry import SPECS
from bot.on_discord.client import SoloistBot
from bot.store.database import Database
from bot.table.service import TableService
from tests.kit import leaves

BUILT = ("alea", "glasgow")


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
        # a built view runs the spec's query of its name: each has the other
        assert sorted(m.name() for m in spec.views) == sorted(spec.queries), key


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
    from bot.on_discord.declared import DeclaredGroup
    from bot.on_discord.slash import completes

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
