"""Front-ends draw a reply's picture into a PNG file, off the event loop.

Rules and the table service hand over plain `Picture` data; the drawer for a picture comes
from the game's spec, imported on first use."""

from __future__ import annotations

import asyncio
import importlib
from collections.abc import Callable
from typing import Any

from bot.games.registry import SPECS
from bot.table.reply import Reply

# pictures that belong to no one game: kind -> the drawer, imported on first use
OTHER_DRAWERS = {"challenge_standings": "bot.contest_chart:standings_png"}


def _drawer(kind: str) -> Callable[[dict[str, Any]], bytes] | None:
    found = next((d for spec in SPECS.values() if (d := spec.drawer(kind)) is not None), None)
    if found is None and kind in OTHER_DRAWERS:
        module, _, name = OTHER_DRAWERS[kind].partition(":")
        found = getattr(importlib.import_module(module), name)
    return found


def _draw(reply: Reply) -> list[tuple[str, bytes]]:
    files: list[tuple[str, bytes]] = []
    if reply.picture is not None:
        picture = reply.picture
        drawer = _drawer(picture.kind)
        if drawer is not None:
            which = reply.game_id if reply.game_id is not None else picture.data.get("id")
            name = f"{picture.kind}-{which}-v{reply.version or 1}.png".replace("_", "-")
            files.append((name, drawer({**picture.data, "locale": reply.locale})))
    return files


async def attach(reply: Reply) -> Reply:
    """Draw the picture (if any) into `reply.files` in a worker thread, in the
    reply's language (the drawer gets it as `data["locale"]`)."""
    if reply.picture is not None:
        reply.files.extend(await asyncio.to_thread(_draw, reply))
        reply.picture = None
    return reply
