"""The bot's own commands (/game, /settings, /help, /about) are built from their models in
bot/table/commands.py (bot/on_discord/slash.py: `declared_group`, `DeclaredGroup`), as a
game's are from its own."""

from typing import Annotated, Any, ClassVar, Literal

from discord import AppCommandOptionType, app_commands
from discord.ext import commands
from pydantic import Field

from bot.core.commands import CHANNEL, FILE, MEMBER, Command
from bot.on_discord.client import SoloistBot
from bot.on_discord.slash import DeclaredGroup
from bot.store.database import Database
from bot.table import commands as own
from bot.table.service import TableService
from tests.kit import leaves


async def test_every_command_of_the_bots_own_groups_is_built_from_its_model():
    bot = SoloistBot(TableService(Database("sqlite+aiosqlite://")))
    await bot.setup_hook()
    for group, models in (("game", own.GAME), ("settings", own.SETTINGS)):
        found = bot.tree.get_command(group)
        assert isinstance(found, app_commands.Group)
        made = {name: c.extras.get("model") for name, c in leaves(found).items()}
        assert made == {m.slash_name(): m for m in models}, group
    for model in own.HELP:
        command = bot.tree.get_command(model.slash_name())
        assert command is not None and command.extras.get("model") is model


class Toy(Command):
    group: ClassVar[str] = "toy"
    about: ClassVar[str] = "a toy"
    command: Literal["give"] = "give"
    steps: Annotated[int, Field(ge=1, le=9)] = Field(3, description="how many")
    who: Annotated[int, MEMBER] | None = Field(None, description="a member")
    where: Annotated[int, CHANNEL] | None = Field(None, description="a channel")
    file: Annotated[bytes, FILE] | None = Field(None, description="a file")


class Hidden(Toy):
    hidden: ClassVar[bool] = True
    command: Literal["secret"] = "secret"  # type: ignore[assignment]


class ToyCog(DeclaredGroup, commands.GroupCog, group_name="toy", description="toys"):
    declares = (Toy, Hidden)

    def __init__(self) -> None:
        self.ran: list[dict[str, Any]] = []

    async def run_give(self, _interaction: Any, **options: Any) -> None:
        self.ran.append(options)


async def test_a_declared_group_passes_an_option_left_out_as_its_models_default():
    command = ToyCog.slash_give  # type: ignore[attr-defined]
    cog = ToyCog()
    await command.callback(cog, None)
    await command.callback(cog, None, steps=5)
    assert cog.ran == [
        {"steps": 3, "who": None, "where": None, "file": None},
        {"steps": 5, "who": None, "where": None, "file": None},
    ]
    assert not hasattr(ToyCog, "slash_secret")  # a button's command has no slash command


def test_a_picked_option_is_discords_own_picker():
    kinds = {p.name: p.type for p in ToyCog.slash_give.parameters}  # type: ignore[attr-defined]
    assert kinds == {
        "steps": AppCommandOptionType.integer,
        "who": AppCommandOptionType.user,
        "where": AppCommandOptionType.channel,
        "file": AppCommandOptionType.attachment,
    }
