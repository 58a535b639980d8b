"""Every slash command's full payload as Discord receives it at sync (names, options, types,
limits, choices, autocomplete flags, descriptions and every localization), taken from the
bot's real tree with its translator: what `tests/cogs/test_slash_payloads.py` holds equal to
the recorded `tests/cogs/slash_payloads.json`.

`python -m tests.cogs.slash_payloads` writes the file anew from the tree as it is now."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

GOLDEN = Path(__file__).with_name("slash_payloads.json")


async def payloads(bot: Any) -> dict[str, Any]:
    """Each top-level command's payload by name, as `tree.sync` would send it."""
    tree = bot.tree
    translator = tree.translator
    assert translator is not None
    return {
        command.name: await command.get_translated_payload(tree, translator)
        for command in sorted(tree.get_commands(), key=lambda c: c.name)
    }


def dumped(found: dict[str, Any]) -> str:
    return json.dumps(found, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


async def _record() -> None:
    from bot.on_discord.client import SoloistBot
    from bot.store.database import Database
    from bot.table.service import TableService

    bot = SoloistBot(TableService(Database("sqlite+aiosqlite://")))
    await bot.setup_hook()
    GOLDEN.write_text(dumped(await payloads(bot)), encoding="utf-8")


if __name__ == "__main__":
    asyncio.run(_record())
    sys.stdout.write(f"wrote {GOLDEN}\n")
