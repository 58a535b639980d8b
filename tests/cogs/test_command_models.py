"""Every game's slash commands written by hand declare exactly the options of its command
models; a game whose commands are built from its models (tests/cogs/test_slash_built.py) needs
no such check."""

from bot.games.registry import SPECS
from bot.on_discord.client import SoloistBot
from bot.table.service import TableService
from tests.cogs.test_slash_built import BUILT
from tests.kit import leaves, option_mismatches


async def test_every_slash_command_matches_its_model(db):
    bot = SoloistBot(TableService(db))
    await bot.setup_hook()
    problems: list[str] = []
    for spec in SPECS.values():
        if spec.key in BUILT:
            continue
        group = bot.tree.get_command(spec.key)
        assert group is not None, f"no /{spec.key} group"
        commands = leaves(group)
        models = [*(spec.commands or []), *([spec.start] if spec.start else [])]
        for model in models:
            if model.hidden:
                continue
            command = commands.get(model.slash_name())
            if command is None:
                problems.append(f"/{spec.key} {model.slash_name()} is not declared")
            else:
                problems += option_mismatches(command, model)
    assert problems == []
