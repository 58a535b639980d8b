"""The lines a challenge's replies show, each a message the edge says in the reader's language
(numbers too: `1,5` plays a week in German)."""

from __future__ import annotations

from typing import Any

from bot.challenges.progress import Progress, Row
from bot.challenges.terms import Entry, Terms
from bot.core.said import name as said_name
from bot.core.said import say
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
        say(
            "**{n}** × **{m}** each, from {start} to {end}",
            n=count(terms.games, "game"),
            m=count(terms.plays, "play"),
            start=start,
            end=end,
        ),
        say("Any games: the first {n} different games you play count.", n=terms.games)
        if terms.pick is None
        else say("Games picked in advance."),
        say("Solo plays only: a play with another real player does not count.")
        if terms.solo
        else say("All plays count, solo or with others."),
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


def row_line(row: Row, locale: str = "en") -> str:
    """`• Glasgow against Freddy II: **3**/10`: the game's name (or the player's own) as it is
    printed, the opponent's name as it is, the level said."""
    entry = row.entry
    assert entry is not None
    mark = "✓" if row.done else "•"
    values: dict[str, object] = {"count": row.counted, "m": row.of}
    values["game"] = said_name(row.name or game_name(entry.game))
    key = mark + " {game}"
    if row.name is None and entry.opponent is not None:
        key, values["opponent"] = key + " against {opponent}", said_name(entry.opponent)
        if entry.level is not None:
            key, values["level"] = key + " ({level})", entry.level
    return say(key + ": **{count}**/{m}", **values)


def pace_line(progress: Progress, locale: str = "en") -> str:
    terms, state = progress.terms, progress.state
    if state == "finished":
        day = day_text(progress.finished_day or 0)
        return say("Finished on {day}: all {total} plays done!", day=day, total=terms.total)
    if state == "ended":
        left = count(progress.left, "play")
        return say("Ended on {end}, {left} short.", end=day_text(terms.last_day), left=left)
    pace = count(progress.per_week or 0, "play")  # the catalog writes the number
    if state == "waiting":
        start = day_text(terms.first_day)
        return say("Starts on {start}; then **{pace}** a week finish it.", start=start, pace=pace)
    days = count(progress.days_left, "day")
    end = day_text(terms.last_day)
    return say(
        "To finish by {end}: **{pace}** a week ({days} left).", end=end, pace=pace, days=days
    )


def progress_lines(progress: Progress, locale: str = "en") -> list[str]:
    """Terms, each game's count, the open places, what is done and left, the pace."""
    lines = terms_lines(progress.terms)
    rows = [row_line(row) for row in progress.rows if row.entry is not None]
    room, shown = ROWS_TEXT, 0
    for line in rows:
        room -= len(line) + 1
        if room < 0:
            break
        shown += 1
    lines += rows[:shown]
    if shown < len(rows):  # a hundred games do not fit an embed: the picture has them all
        more = count(len(rows) - shown, "more game")
        lines.append(say("… and {n}: the picture shows them all.", n=more))
    if progress.open_games:
        lines.append(
            say(
                "Still open: {n}, taken by the next different games you play.",
                n=count(progress.open_games, "game"),
            )
        )
    done, total = progress.done, progress.terms.total
    lines.append(
        say(
            "**{done}** of {total} plays done, {left} left.",
            done=done,
            total=total,
            left=progress.left,
        )
    )
    lines.append(pace_line(progress))
    return lines


def list_line(progress: Progress, locale: str = "en") -> str:
    terms = progress.terms
    values: dict[str, object] = {
        "name": said_name(terms.name),
        "size": f"{terms.games}×{terms.plays}",
    }
    done, total = progress.done, terms.total
    state = progress.state
    if state == "finished":
        day = day_text(progress.finished_day or 0)
        key = "**{name}** · {size} · all {total} plays, finished on {day} ✓"
        return say(key, **values, total=total, day=day)
    if state == "ended":
        key = "**{name}** · {size} · {done}/{total} plays, ended on {end}"
        return say(key, **values, done=done, total=total, end=day_text(terms.last_day))
    if state == "waiting":
        key = "**{name}** · {size} · starts on {start}"
        return say(key, **values, start=day_text(terms.first_day))
    key = "**{name}** · {size} · {done}/{total} plays, until {end}"
    return say(key, **values, done=done, total=total, end=day_text(terms.last_day))


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
