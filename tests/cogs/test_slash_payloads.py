"""The slash commands Discord receives are the recorded ones, byte for byte: names, options,
types, limits, choices, autocomplete, descriptions and every German name. Building a command
from its model (bot/on_discord/slash.py) must not change what a player sees; a deliberate
change re-records the file (`python -m tests.cogs.slash_payloads`) in the same commit."""

import json

from bot.on_discord.client import SoloistBot
from bot.store.database import Database
from bot.table.service import TableService
from tests.cogs.slash_payloads import GOLDEN, payloads


def _differences(path: str, want: object, got: object) -> list[str]:
    """Where two payloads part, by path (`alea.options[1].options[0].min_length`)."""
    if isinstance(want, dict) and isinstance(got, dict):
        found = []
        for key in sorted(set(want) | set(got)):
            found += _differences(f"{path}.{key}", want.get(key), got.get(key))
        return found
    if isinstance(want, list) and isinstance(got, list) and len(want) == len(got):
        return [
            d
            for i, (w, g) in enumerate(zip(want, got, strict=True))
            for d in _differences(f"{path}[{i}]", w, g)
        ]
    return [] if want == got else [f"{path}: recorded {want!r}, now {got!r}"[:300]]


async def test_every_slash_command_is_the_recorded_payload():
    bot = SoloistBot(TableService(Database("sqlite+aiosqlite://")))
    await bot.setup_hook()
    recorded = json.loads(GOLDEN.read_text(encoding="utf-8"))
    now = json.loads(json.dumps(await payloads(bot)))
    assert _differences("", recorded, now) == []
