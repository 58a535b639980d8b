"""Small PNG charts for replies, drawn with matplotlib (no display needed), and the /stats
picture.

Imported only when a chart is drawn (matplotlib takes a while to load), in a worker thread."""

from __future__ import annotations

import io
import textwrap
from collections.abc import Callable
from datetime import date
from math import ceil

import matplotlib

matplotlib.use("Agg")
from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.colors import BoundaryNorm, ListedColormap
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.ticker import FixedLocator, FuncFormatter, MaxNLocator

from bot.i18n import numbers, tr
from bot.logbook.chart_data import StatsChart
from bot.logbook.timezones import day_date


def _same(text: str) -> str:
    return text


HIGHLIGHT, PLAIN, LOSS = "#2e8b57", "#9aa5b1", "#c0504d"


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


# ---------------------------------------------------------------------------------- /stats
# Discord shows an attached picture in the chat scaled down to fit 400 × 300 px ("Discord
# limits the size of the image by 400px in width and 300px in height",
# github.com/leovoel/embed-visualizer/issues/30; "up to ~400px wide on desktop, ~300px max
# height", opengraphplus.com/consumers/discord/images). The /stats picture has that 4:3 shape,
# so it fills the box, and its smallest text is MIN_TEXT_PX high there.
PREVIEW = (400, 300)
MIN_TEXT_PX = 10
STATS_SIZE = (8.0, 6.0)  # inches
STATS_DPI = 150  # 1200 × 900 px: sharp on a phone's 3× screen when opened
PREVIEW_SCALE = min(
    PREVIEW[0] / (STATS_SIZE[0] * STATS_DPI), PREVIEW[1] / (STATS_SIZE[1] * STATS_DPI)
)
# Okabe & Ito's colour-blind-safe palette (yellow left out: too faint on white)
SERIES_COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7")
OTHER_COLOUR = "#999999"
# plays per day: none, 1, 2, 3, 4+ (one hue, lighter to darker: readable without colour vision)
CALENDAR_COLOURS = ("#ebedf0", "#c7e9c0", "#74c476", "#31a354", "#006d2c")
# Month and weekday names per language, never the system's locale (the catalogs leave words
# this short untranslated).
MONTH_NAMES = {
    "en": ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"),
    "de": ("Jan", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez"),
}
WEEKDAY_NAMES = {
    "en": ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"),
    "de": ("Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"),
}
MINUS = "\u2212"


def _points(px: float) -> float:
    """A font size in points whose letters are `px` high in Discord's preview."""
    return px / PREVIEW_SCALE * 72 / STATS_DPI


TEXT = _points(MIN_TEXT_PX + 0.5)
TITLE = _points(MIN_TEXT_PX + 1.5)
LINE = _points(1.2)
MARK = _points(4)
DOT = _points(2.5)


def number(value: float, locale: str, decimals: int = 0) -> str:
    """1,234.5 in English, 1.234,5 in German (bot.i18n.numbers); a real minus sign."""
    text = numbers.number(abs(value), locale, decimals)
    return (MINUS if value < 0 and text.strip("0.,") else "") + text


def percent(share: float, locale: str) -> str:
    """50% in English, 50 % in German (a space that never breaks)."""
    return numbers.percent(share, locale, digits=0)


def month_name(month: int, locale: str) -> str:
    return MONTH_NAMES.get(locale, MONTH_NAMES["en"])[month - 1]


def weekday_name(weekday: int, locale: str) -> str:
    return WEEKDAY_NAMES.get(locale, WEEKDAY_NAMES["en"])[weekday]


def _day_label(day: int, locale: str, with_year: bool) -> str:
    when = day_date(day)
    name = month_name(when.month, locale)
    if with_year:
        return f"{name} {when.year}"
    return f"{when.day}. {name}" if locale == "de" else f"{name} {when.day}"


def _time_ticks(first: int, last: int, locale: str) -> tuple[list[int], list[str]]:
    """A few dates along a line's axis: days within two months, else months."""
    if last - first <= 62:
        step = max(1, ceil((last - first + 1) / 3))
        days = list(range(first, last + 1, step))
        return days, [_day_label(d, locale, with_year=False) for d in days]
    start, end = day_date(first), day_date(last)
    months = (end.year - start.year) * 12 + end.month - start.month
    step = max(1, ceil(months / 2))  # two month-and-year labels fit a half-width panel
    days = []
    year, month = start.year, start.month
    while True:
        month += step
        year, month = year + (month - 1) // 12, (month - 1) % 12 + 1
        day = (date(year, month, 1) - day_date(0)).days
        if day > last:
            break
        days.append(day)
    return days, [_day_label(d, locale, with_year=True) for d in days]


def _style(axes: Axes, title: str, locale: str) -> None:
    axes.set_title(tr(title, locale), fontsize=TITLE, loc="left")
    axes.tick_params(labelsize=TEXT)
    axes.spines[["top", "right"]].set_visible(False)


def _empty(axes: Axes, text: str, locale: str) -> None:
    axes.text(
        0.5,
        0.5,
        textwrap.fill(tr(text, locale), 20),  # half the picture's width holds 20 letters
        ha="center",
        va="center",
        fontsize=TEXT,
        transform=axes.transAxes,
    )
    axes.set_xticks([])
    axes.set_yticks([])


def _lines(axes: Axes, chart: StatsChart, margins: bool, locale: str) -> None:
    """One line per game and opponent over time, a dot on each play, a bigger one on each
    win."""
    _style(axes, "Margin (you − opponent)" if margins else "Your score", locale)
    drawn = []
    for index, series in enumerate(chart.series):
        points = [
            (p.day, p.margin if margins else p.score, p.won)
            for p in series.scored
            if not margins or p.margin is not None
        ]
        if not points:
            continue
        days, values, _ = zip(*points, strict=True)
        colour = SERIES_COLOURS[index]
        # every play a small dot (a lone play is a line of one point, which draws nothing),
        # a win a big one
        axes.plot(
            days,
            values,
            color=colour,
            linewidth=LINE,
            marker="o",
            markersize=DOT,
        )
        wins = [(d, v) for d, v, w in points if w]
        if wins:
            axes.plot(*zip(*wins, strict=True), "o", color=colour, markersize=MARK)
        drawn.extend(days)
    if not drawn:
        _empty(axes, "no scored plays yet", locale)
        return
    first, last = min(drawn), max(drawn)
    axes.set_xlim(first - max(1, (last - first) // 20), last + max(1, (last - first) // 20))
    ticks, labels = _time_ticks(first, last, locale)
    axes.set_xticks(ticks, labels)
    axes.yaxis.set_major_locator(MaxNLocator(nbins=4, integer=True))
    axes.yaxis.set_major_formatter(FuncFormatter(lambda v, _: number(v, locale)))
    if margins:
        axes.axhline(0, color=OTHER_COLOUR, linewidth=LINE / 2, zorder=0)


def _rates(axes: Axes, chart: StatsChart, locale: str) -> None:
    """Win rate per difficulty (easiest on top), one bar per game and opponent, the rate
    written at its end while there is room for it."""
    _style(axes, "Win rate by difficulty", locale)
    if not chart.rates:
        _empty(axes, "no decided plays yet", locale)
        return
    label = len(chart.rates) <= 6  # rows at least a line of text high
    rows: list[float] = []
    ticks: dict[str | None, list[float]] = {}
    for rate in chart.rates:
        row = (rows[-1] + 1 if rows else 0) + (0.5 if rows and rate.difficulty not in ticks else 0)
        rows.append(row)
        ticks.setdefault(rate.difficulty, []).append(row)
        shown = max(rate.rate, 0.015)  # a sliver of colour says whose 0 % it is
        axes.barh(row, shown, height=0.8, color=SERIES_COLOURS[rate.series])
        if label:
            axes.annotate(
                percent(rate.rate, locale),
                (shown, row),
                xytext=(TEXT / 3, 0),
                textcoords="offset points",
                va="center",
                fontsize=TEXT,
            )
    axes.set_yticks(
        [sum(r) / len(r) for r in ticks.values()],
        [tr(level or "no level", locale) for level in ticks],
    )
    axes.set_ylim(rows[-1] + 0.6, -0.6)
    axes.set_xlim(0, 1.45 if label else 1)
    if label:
        axes.set_xticks([])
        axes.spines["bottom"].set_visible(False)
    else:
        axes.xaxis.set_major_locator(FixedLocator([0, 0.5, 1]))
        axes.xaxis.set_major_formatter(FuncFormatter(lambda v, _: percent(v, locale)))
    axes.tick_params(axis="y", length=0)


def _months(axes: Axes, chart: StatsChart, locale: str) -> None:
    """Plays per month, stacked by game and opponent."""
    _style(axes, "Plays per month", locale)
    bottoms = [0] * len(chart.months)
    colours = [*SERIES_COLOURS[: len(chart.series)], OTHER_COLOUR]
    for part, colour in enumerate(colours):
        heights = [month.plays[part] for month in chart.months]
        if any(heights):
            axes.bar(range(len(heights)), heights, bottom=bottoms, color=colour, width=0.8)
            bottoms = [b + h for b, h in zip(bottoms, heights, strict=True)]
    last = len(chart.months) - 1
    shown = [i for i in range(len(chart.months)) if (last - i) % 3 == 0]
    axes.set_xticks(shown, [month_name(chart.months[i].month, locale) for i in shown])
    axes.set_xlim(-0.6, last + 0.6)
    axes.set_ylim(0, max(1, *bottoms) * 1.05)
    axes.yaxis.set_major_locator(MaxNLocator(nbins=3, integer=True))
    axes.yaxis.set_major_formatter(FuncFormatter(lambda v, _: number(v, locale)))


def _calendar(axes: Axes, chart: StatsChart, locale: str) -> None:
    """Plays per day as a calendar: a column per week, Monday on top, months named below."""
    weeks = (chart.last_day - chart.first_day) // 7 + 1
    grid = [[-1.0] * weeks for _ in range(7)]  # -1: after the calendar's last day
    for offset in range(chart.last_day - chart.first_day + 1):
        grid[offset % 7][offset // 7] = chart.per_day.get(chart.first_day + offset, 0)
    top = len(CALENDAR_COLOURS) - 1
    cmap = ListedColormap(CALENDAR_COLOURS).with_extremes(under="white")
    norm = BoundaryNorm([-0.5 + i for i in range(top + 1)] + [10**9], cmap.N)
    axes.pcolormesh(grid, cmap=cmap, norm=norm, edgecolors="white", linewidth=_points(1))
    axes.set_xlim(0, weeks)
    axes.set_ylim(7, 0)
    axes.set_yticks([0.5, 2.5, 4.5], [weekday_name(i, locale) for i in (0, 2, 4)])
    ticks, labels = [], []
    for offset in range(chart.last_day - chart.first_day + 1):
        when = day_date(chart.first_day + offset)
        column = offset // 7
        if when.day == 1 and column <= weeks - 2:
            if ticks and column - ticks[-1] < 3:
                ticks.pop(), labels.pop()
            ticks.append(column + 0.5)
            labels.append(month_name(when.month, locale))
    axes.set_xticks(ticks, labels)
    axes.tick_params(length=0, labelsize=TEXT)
    for side in axes.spines.values():
        side.set_visible(False)
    first, last = day_date(chart.first_day), day_date(chart.last_day)
    period = (
        f"{month_name(first.month, locale)} {first.year} – "
        f"{month_name(last.month, locale)} {last.year}"
    )
    axes.set_title(f"{tr('Plays per day', locale)}, {period}", fontsize=TITLE, loc="left")


def _legend_columns(labels: list[str]) -> int:
    """One row while the labels fit the preview's width (about 6.5 px a letter and 30 px for
    each handle and gap at this size), else two."""
    width = sum(len(label) * 6.5 + 30 for label in labels)
    return len(labels) if width <= PREVIEW[0] - 10 else ceil(len(labels) / 2)


def stats_figure(chart: StatsChart, locale: str = "en") -> Figure:
    """The /stats picture: score and margin over time, win rate by difficulty, plays per
    month and a calendar of plays per day, with a legend of the games and opponents above."""
    figure = Figure(figsize=STATS_SIZE, dpi=STATS_DPI, layout="constrained")
    grid = figure.add_gridspec(3, 2, height_ratios=[1.15, 1.0, 0.8])
    score, margin = figure.add_subplot(grid[0, 0]), figure.add_subplot(grid[0, 1])
    _lines(score, chart, margins=False, locale=locale)
    _lines(margin, chart, margins=True, locale=locale)
    _rates(figure.add_subplot(grid[1, 0]), chart, locale)
    _months(figure.add_subplot(grid[1, 1]), chart, locale)
    _calendar(figure.add_subplot(grid[2, :]), chart, locale)
    handles: list[Artist] = [
        Line2D([], [], color=SERIES_COLOURS[i], linewidth=LINE * 2, label=s.label)
        for i, s in enumerate(chart.series)
    ]
    if any(month.plays[-1] for month in chart.months):  # the grey of the plays per month
        handles.append(Patch(color=OTHER_COLOUR, label=tr("other opponents", locale)))
    handles.append(
        Line2D(
            [],
            [],
            color="black",
            marker="o",
            linestyle="",
            markersize=MARK,
            label=tr("win", locale),
        )
    )
    figure.legend(
        handles=handles,
        loc="outside upper center",
        ncols=_legend_columns([h.get_label() for h in handles]),
        frameon=False,
        fontsize=TEXT,
        handlelength=1.2,
        columnspacing=1.2,
    )
    return figure


def stats_png(chart: StatsChart, locale: str = "en") -> bytes:
    buffer = io.BytesIO()
    stats_figure(chart, locale).savefig(buffer, format="png", metadata={"Software": None})
    return buffer.getvalue()
