"""The /stats picture: what a player compares (score and margin per game and opponent, win
rate by difficulty, plays per month, a calendar with month and weekday names), readable in
Discord's preview on a phone, in the reader's language."""

from __future__ import annotations

import io
from datetime import date, timedelta

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.text import Text
from PIL import Image

from bot.logbook.chart_data import Play, StatsChart, prepare
from bot.logbook.charts import SERIES_COLOURS, number, percent, stats_figure, stats_png
from bot.logbook.timezones import EPOCH
from tests.golden import assert_golden

# Discord scales an attached picture down to fit 400 × 300 px in the chat
# (github.com/leovoel/embed-visualizer/issues/30: "Discord limits the size of the image by
# 400px in width and 300px in height"; opengraphplus.com/consumers/discord/images).
PREVIEW = (400, 300)
SMALLEST_PX = 10


def day(when: date) -> int:
    return (when - EPOCH).days


TODAY = date(2025, 3, 14)


def a_players_year() -> StatsChart:
    """Leopold at medium then hard, Sam, a few Glasgow games, two plays logged without
    scores: a year of one player's logbook, written out so the picture never changes."""
    plays = []
    for i in range(16):
        score = 95 + 3 * i + (8 if i % 4 == 0 else -5 if i % 4 == 2 else 0)
        other = 118 - 2 * (i % 3)
        level = "medium" if i < 8 else "hard"
        when = date(2024, 4, 6) + timedelta(days=21 * i)
        plays.append(("gah", "Leopold", level, when, score, other))
    for i in range(10):
        score, other = 128 + 3 * i - (9 if i % 3 == 1 else 0), 136 - (i % 2) * 6
        when = date(2024, 5, 29) + timedelta(days=27 * i + (i % 2))
        plays.append(("gwt", "Sam", "medium" if i % 2 else "hard", when, score, other))
    for i in range(5):
        when = date(2024, 10, 12) + timedelta(days=9 * i)
        plays.append(("glasgow", "Freddy II", None, when, 58 + 4 * i, 66))
    rows = [Play(g, o, lv, day(w), "win" if s > t else "loss", s, t) for g, o, lv, w, s, t in plays]
    rows += [
        Play("gwt", "Sam", "hard", day(date(2024, 8, 3)), "win", None, None),
        Play("gwt", "Sam", "hard", day(date(2025, 2, 22)), "loss", None, None),
    ]
    rows.sort(key=lambda p: p.day)
    return prepare(rows, day(TODAY))


def drawn_texts(figure: Figure) -> list[Text]:
    """Every piece of text the picture shows (tick labels exist only once it is drawn)."""
    FigureCanvasAgg(figure).draw()
    return [t for t in figure.findobj(Text) if t.get_visible() and t.get_text().strip()]


@pytest.mark.parametrize("locale", ["en", "de"])
def test_the_stats_picture_looks_as_it_did(locale):
    assert_golden(stats_png(a_players_year(), locale), f"stats-{locale}")


@pytest.mark.parametrize("locale", ["en", "de"])
def test_every_word_and_number_is_at_least_10_px_high_in_discord_s_preview(locale):
    chart = a_players_year()
    width, height = Image.open(io.BytesIO(stats_png(chart, locale))).size
    scale = min(PREVIEW[0] / width, PREVIEW[1] / height, 1)
    figure = stats_figure(chart, locale)
    texts = drawn_texts(figure)
    assert len(texts) > 30  # titles, legend, every tick label
    small = [
        (t.get_text(), round(px, 1))
        for t in texts
        if (px := t.get_fontsize() * figure.dpi / 72 * scale) < SMALLEST_PX
    ]
    assert small == []


def test_the_german_picture_names_everything_in_german():
    german = {t.get_text() for t in drawn_texts(stats_figure(a_players_year(), "de"))}
    assert {
        "Deine Punkte",
        "Abstand (du − Gegner)",
        "Siegquote nach Schwierigkeit",
        "Partien pro Monat",
        "Partien pro Tag, Mär 2024 – Mär 2025",
        "Sieg",
        "mittel",
        "schwer",
        "ohne Stufe",
        "Mo",
        "Mi",
        "Fr",
        "Mai",
        "Okt",
        "Dez",
        "Mär",
        "80\u00a0%",
        "Leopold",
    } <= german
    english = {t.get_text() for t in drawn_texts(stats_figure(a_players_year(), "en"))}
    assert {
        "Your score",
        "Margin (you − opponent)",
        "Win rate by difficulty",
        "Plays per month",
        "Plays per day, Mar 2024 – Mar 2025",
        "win",
        "medium",
        "Mon",
        "Wed",
        "May",
        "Oct",
        "Dec",
        "80%",
    } <= english
    # what both pictures print alike: names, numbers, months that German spells the same
    same = {"Leopold", "Sam", "Freddy II", "Jan", "Feb", "Apr", "Jun", "Jul", "Aug", "Sep", "Nov"}
    shared = {t.strip("0123456789 .,\u2212\u00a0%") for t in german & english}
    assert shared <= same | {""}


def test_numbers_are_written_the_reader_s_way():
    assert number(1234.5, "de", 1) == "1.234,5"
    assert number(1234.5, "en", 1) == "1,234.5"
    assert number(-20, "de") == "−20"
    assert number(-0.0, "en") == "0"
    assert percent(0.625, "de") == "62\u00a0%" and percent(0.625, "en") == "62%"


def test_the_font_of_every_german_text_has_its_letters():
    """matplotlib falls back to empty boxes for a letter its font lacks ('M□r')."""
    from fontTools.ttLib import TTFont
    from matplotlib.font_manager import findfont

    texts = drawn_texts(stats_figure(a_players_year(), "de"))
    assert any("ä" in t.get_text() for t in texts)
    missing, cmaps = [], {}
    for text in texts:
        path = findfont(text.get_fontproperties(), fallback_to_default=False)
        cmap = cmaps.setdefault(path, TTFont(path).getBestCmap())
        missing += [
            (text.get_text(), c) for c in text.get_text() if c != "\n" and ord(c) not in cmap
        ]
    assert missing == []


def test_every_opponent_s_plays_are_drawn_even_a_lone_loss():
    """A line of one point draws nothing: a lone lost play against a second opponent was
    missing from both line panels. Every scored play is a marked point of its opponent's line."""
    today = day(TODAY)
    chart = prepare(
        [
            Play("gah", "Leopold", "hard", today - 1, "win", 100, 90),
            Play("gwt", "Sam", "hard", today, "loss", 80, 90),
        ],
        today,
    )
    figure = stats_figure(chart)
    score, margin = figure.axes[:2]
    for axes, values in (
        (score, {"Leopold": 100, "Sam": 80}),
        (margin, {"Leopold": 10, "Sam": -10}),
    ):
        marked = {
            (line.get_color(), int(x), int(y))
            for line in axes.get_lines()
            if line.get_marker() not in (None, "None", "")
            for x, y in zip(line.get_xdata(), line.get_ydata(), strict=True)
        }
        for index, series in enumerate(chart.series):
            played = (today - 1) if series.label == "Leopold" else today
            colour = SERIES_COLOURS[index]
            assert (colour, played, values[series.label]) in marked, (series.label, marked)
