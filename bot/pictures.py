"""Front-ends draw a reply's picture and chart into PNG files, off the event loop.

Rules and the table service hand over plain `Picture` / `BarChart` data; the drawer for a
picture comes from the game's spec, imported on first use."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from bot.games.registry import SPECS
from bot.i18n import tr
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
            files.append((name, drawer({**picture.data, "locale": reply.locale})))
    if reply.chart is not None:
        from bot.charts import bar_chart_png  # matplotlib only when a chart is asked for

        chart = replace(
            reply.chart,
            title=tr(reply.chart.title, reply.locale),
            labels=[tr(label, reply.locale) for label in reply.chart.labels],
        )
        files.append((f"chart-{reply.game_id}.png", bar_chart_png(chart)))
    return files


async def attach(reply: Reply) -> Reply:
    """Draw the picture and chart (if any) into `reply.files` in a worker thread, in the
    reply's language (the drawer gets it as `data["locale"]`)."""
    if reply.picture is not None or reply.chart is not None:
        reply.files.extend(await asyncio.to_thread(_draw, reply))
        reply.picture = reply.chart = None
    return reply
