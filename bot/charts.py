"""Small PNG charts for replies, drawn with matplotlib (no display needed)."""

from __future__ import annotations

import io

import matplotlib

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
