"""Small PNG charts for replies, drawn with matplotlib (no display needed)."""

from __future__ import annotations

import io
from collections.abc import Callable
from datetime import timedelta

import matplotlib
import matplotlib.dates

matplotlib.use("Agg")
from matplotlib.figure import Figure

from bot.core.game import BarChart

HIGHLIGHT, PLAIN = "#2e8b57", "#9aa5b1"


def bar_chart_png(chart: BarChart) -> bytes:
    figure = Figure(figsize=(5, 2.6), dpi=100)
    axes = figure.subplots()
    colours = [
        HIGHLIGHT if (chart.highlight[i] if i < len(chart.highlight) else False) else PLAIN
        for i in range(len(chart.values))
    ]
    bars = axes.bar(chart.labels, [v * 100 for v in chart.values], color=colours)
    axes.bar_label(bars, fmt="%.1f", fontsize=7)
    axes.set_title(chart.title, fontsize=10)
    axes.set_ylabel("%", fontsize=8)
    axes.tick_params(labelsize=8)
    axes.spines[["top", "right"]].set_visible(False)
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", metadata={"Software": None})
    return buffer.getvalue()


def _same(text: str) -> str:
    return text


def stats_png(
    series: list[tuple[int, int, float | None]],
    today: int,
    title: str,
    say: Callable[[str], str] = _same,
) -> bytes:
    """Score margin over time (one point per day, the day's average) above a calendar heatmap
    of plays per day over the last 53 weeks, in the player's own days. `say` puts the chart's
    words into the reader's language."""
    import numpy as np

    from bot.logbook.timezones import day_date

    figure = Figure(figsize=(7, 4.2), dpi=100)
    top, bottom = figure.subplots(2, 1, gridspec_kw={"height_ratios": [3, 2]})
    points = [(day_date(d), m) for d, _, m in series if m is not None]
    if points:
        dates, margins = zip(*points, strict=True)
        top.axhline(0, color=PLAIN, linewidth=0.8)
        top.plot(dates, margins, marker="o", markersize=3, color=HIGHLIGHT, linewidth=1)
        top.set_xlim(dates[0] - timedelta(days=1), dates[-1] + timedelta(days=1))
    else:
        top.text(
            0.5, 0.5, say("no scored plays yet"), ha="center", va="center", transform=top.transAxes
        )
    locator = matplotlib.dates.AutoDateLocator()
    top.xaxis.set_major_locator(locator)
    top.xaxis.set_major_formatter(matplotlib.dates.ConciseDateFormatter(locator))
    top.set_title(say(f"{title}: score margin (you − opponent)"), fontsize=10)
    top.tick_params(labelsize=7)
    top.spines[["top", "right"]].set_visible(False)
    weeks = 53
    grid = np.zeros((7, weeks))
    last_weekday = day_date(today).weekday()
    start = today - last_weekday - 7 * (weeks - 1)
    for day, plays, _ in series:
        if start <= day <= today:
            offset = day - start
            grid[offset % 7, offset // 7] = plays
    bottom.imshow(grid, cmap="Greens", aspect="auto", vmin=0, vmax=max(1.0, grid.max()))
    bottom.set_yticks([0, 3, 6], [say("Monday"), say("Thursday"), say("Sunday")], fontsize=7)
    bottom.set_xticks([])
    bottom.set_title(say("plays per day, last 53 weeks"), fontsize=9)
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", metadata={"Software": None})
    return buffer.getvalue()


LOSS = "#c0504d"


def results_png(points: list[tuple[int | None, str]], say: Callable[[str], str] = _same) -> bytes:
    """A result card's chart: the score margin of each of the last results, oldest first,
    green for a win, red for a loss, grey for a tie; the newest bar outlined."""
    figure = Figure(figsize=(4.2, 1.8), dpi=100)
    axes = figure.subplots()
    colours = {"win": HIGHLIGHT, "loss": LOSS}
    margins = [margin or 0 for margin, _ in points]
    bars = axes.bar(
        range(1, len(points) + 1),
        margins,
        color=[colours.get(outcome, PLAIN) for _, outcome in points],
    )
    if bars:
        bars[-1].set_edgecolor("black")
        bars[-1].set_linewidth(1.2)
    axes.axhline(0, color=PLAIN, linewidth=0.8)
    axes.set_xticks([])
    axes.set_title(say(f"last {len(points)} result(s): score margin"), fontsize=9)
    axes.tick_params(labelsize=7)
    axes.spines[["top", "right", "bottom"]].set_visible(False)
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", metadata={"Software": None})
    return buffer.getvalue()
