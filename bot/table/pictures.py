"""Front-ends draw a reply's picture into a PNG file, off the event loop.

Rules and the table service hand over plain `Picture` data; the drawer for a picture comes
from the game's spec, imported on first use."""

from __future__ import annotations

import asyncio
import importlib
from collections.abc import Callable
from typing import Any

from bot.core.reply import Reply
from bot.games import registry

# pictures that belong to no one game: kind -> the drawer, imported on first use
OTHER_DRAWERS = {"challenge_standings": "bot.challenges.chart:standings_png"}


def drawer_for(kind: str) -> Callable[[dict[str, Any]], bytes] | None:
    """Looked for among the games loaded so far first (the game that made the picture is one
    of them), so that drawing one game's picture loads no other game."""
    if kind in OTHER_DRAWERS:
        module, _, name = OTHER_DRAWERS[kind].partition(":")
        return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]
    for specs in (registry.loaded(), registry.SPECS.values()):
        for spec in specs:
            if (drawer := spec.drawer(kind)) is not None:
                return drawer
    return None


def _draw(reply: Reply) -> list[tuple[str, bytes]]:
    files: list[tuple[str, bytes]] = []
    if reply.picture is not None:
        picture = reply.picture
        drawer = drawer_for(picture.kind)
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
