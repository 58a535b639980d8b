"""The lines a challenge's replies show, in English (the front-end translates each line);
numbers are written in the reader's language here (`1,5` plays a week in German)."""

from __future__ import annotations

from typing import Any

from bot.challenges.progress import Progress, Row
from bot.challenges.terms import Entry, Terms
from bot.i18n.numbers import number
from bot.i18n.plural import count
from bot.logbook.catalogue import catalogue
from bot.logbook.timezones import day_text

ROWS_TEXT = 3000  # of an embed's 4,000 characters: the totals and the pace come after


def game_name(game: str) -> str:
    found = catalogue().get(game)
    return found.name if found else game


def terms_lines(terms: Terms) -> list[str]:
    start, end = day_text(terms.first_day), day_text(terms.last_day)
    lines = [
        f"**{count(terms.games, 'game')}** × **{count(terms.plays, 'play')}** each, "
        f"from {start} to {end}",
        f"Any games: the first {terms.games} different games you play count."
        if terms.pick is None
        else "Games picked in advance.",
        "Solo plays only: a play with another real player does not count."
        if terms.solo
        else "All plays count, solo or with others.",
    ]
    return lines


def label(entry: Entry) -> str:
    """A picked game as a row names it: `Glasgow against Freddy II`, `… (hard)`."""
    name = game_name(entry.game)
    if entry.opponent is None:
        return name
    if entry.level is None:
        return f"{name} against {entry.opponent}"
    return f"{name} against {entry.opponent} ({entry.level})"


def row_label(row: Row) -> str:
    assert row.entry is not None
    return row.name or label(row.entry)


def row_line(row: Row, locale: str) -> str:
    mark = "✓" if row.done else "•"
    return f"{mark} {row_label(row)}: **{number(row.counted, locale)}**/{row.of}"


def pace_line(progress: Progress, locale: str) -> str:
    terms, state = progress.terms, progress.state
    total = number(terms.total, locale)
    if state == "finished":
        return f"Finished on {day_text(progress.finished_day or 0)}: all {total} plays done!"
    if state == "ended":
        return f"Ended on {day_text(terms.last_day)}, {count(progress.left, 'play')} short."
    pace = count(progress.per_week or 0, "play")  # the catalog writes the number
    if state == "waiting":
        return f"Starts on {day_text(terms.first_day)}; then **{pace}** a week finish it."
    days = count(progress.days_left, "day")
    return f"To finish by {day_text(terms.last_day)}: **{pace}** a week ({days} left)."


def progress_lines(progress: Progress, locale: str) -> list[str]:
    """Terms, each game's count, the open places, what is done and left, the pace."""
    lines = terms_lines(progress.terms)
    rows = [row_line(row, locale) for row in progress.rows if row.entry is not None]
    room, shown = ROWS_TEXT, 0
    for line in rows:
        room -= len(line) + 1
        if room < 0:
            break
        shown += 1
    lines += rows[:shown]
    if shown < len(rows):  # a hundred games do not fit an embed: the picture has them all
        lines.append(f"… and {count(len(rows) - shown, 'more game')}: the picture shows them all.")
    if progress.open_games:
        lines.append(
            f"Still open: {count(progress.open_games, 'game')}, taken by the next different games "
            "you play."
        )
    done, total = number(progress.done, locale), number(progress.terms.total, locale)
    lines.append(f"**{done}** of {total} plays done, {number(progress.left, locale)} left.")
    lines.append(pace_line(progress, locale))
    return lines


def list_line(progress: Progress, locale: str) -> str:
    terms = progress.terms
    size = f"{terms.games}×{terms.plays}"
    done, total = number(progress.done, locale), number(terms.total, locale)
    state = progress.state
    if state == "finished":
        day = day_text(progress.finished_day or 0)
        return f"**{terms.name}** · {size} · all {total} plays, finished on {day} ✓"
    if state == "ended":
        return (
            f"**{terms.name}** · {size} · {done}/{total} plays, ended on {day_text(terms.last_day)}"
        )
    if state == "waiting":
        return f"**{terms.name}** · {size} · starts on {day_text(terms.first_day)}"
    return f"**{terms.name}** · {size} · {done}/{total} plays, until {day_text(terms.last_day)}"


def picture_data(progress: Progress) -> dict[str, Any]:
    """Plain data for the grid picture; its words are put in the reader's language there."""
    terms = progress.terms
    return {
        "name": terms.name,
        "plays": terms.plays,
        "rows": [
            {
                "game": (row.name or game_name(row.entry.game)) if row.entry else None,
                "free": row.name is not None,  # written by the player: never translated
                "opponent": row.entry.opponent if row.entry else None,
                "level": row.entry.level if row.entry else None,
                "count": row.counted,
            }
            for row in progress.rows
        ],
        "done": progress.done,
        "total": terms.total,
        "state": progress.state,
        "per_week": progress.per_week,
        "start": day_text(terms.first_day),
        "end": day_text(terms.last_day),
        "finished": day_text(progress.finished_day) if progress.finished_day else None,
        "solo": terms.solo,
    }
