"""Front-ends draw a reply's picture and chart into PNG files, off the event loop.

Rules and the table service hand over plain `Picture` / `BarChart` data; the drawer for a
picture comes from the game's spec, imported on first use."""

from __future__ import annotations

import asyncio

from bot.games.registry import SPECS
from bot.table.reply import Reply


def _draw(reply: Reply) -> list[tuple[str, bytes]]:
    files: list[tuple[str, bytes]] = []
    if reply.picture is not None:
        picture = reply.picture
        drawer = next(
            (d for spec in SPECS.values() if (d := spec.drawer(picture.kind)) is not None), None
        )
        if drawer is not None:
            name = f"{picture.kind}-{reply.game_id}-v{reply.version}.png".replace("_", "-")
            files.append((name, drawer(picture.data)))
    if reply.chart is not None:
        from bot.charts import bar_chart_png  # matplotlib only when a chart is asked for

        files.append((f"chart-{reply.game_id}.png", bar_chart_png(reply.chart)))
    return files


async def attach(reply: Reply) -> Reply:
    """Draw the picture and chart (if any) into `reply.files` in a worker thread."""
    if reply.picture is not None or reply.chart is not None:
        reply.files.extend(await asyncio.to_thread(_draw, reply))
        reply.picture = reply.chart = None
    return reply
