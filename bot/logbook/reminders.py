"""Streak reminders: on a day a player's play streak would break, at the local hour they chose.

`user_settings.streak_remind_at` holds the one pending reminder (UTC, indexed, NULL when none).
It is recomputed in the transaction of every change to the player's plays or timezone, and
when a reminder is claimed: the scheduler reads the due rows in one indexed query and claims
each in a conditional update, so two processes never send the same reminder twice."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, time

from sqlalchemy import Connection, func, select, update

from bot.core.errors import InputError
from bot.logbook.timezones import day_date, day_number, zone
from bot.store.models import PlayRow, UserSettingsRow

HOURS = range(24)
OFF = "off"
OFF_WORDS = (OFF, "aus")  # as typed in English or German


def parse_hour(text: str) -> int | None:
    """`off` (`aus`), or a local hour 0–23 typed as `7`, `07`, `7:00`, `19h`."""
    cleaned = text.strip().lower().removesuffix("h").removesuffix(":00")
    if cleaned in OFF_WORDS:
        return None
    if cleaned.isascii() and cleaned.isdigit() and int(cleaned) in HOURS:
        return int(cleaned)
    raise InputError("Give the hour as a number from 0 to 23 (your local time), or `off`.")


def local_hour(day: int, hour: int, tz: str) -> datetime:
    """`hour`:00 on local day `day` in `tz`, in UTC. An hour the clocks skip (spring forward)
    falls an hour later in local time; an hour that comes twice means its first time."""
    return datetime.combine(day_date(day), time(hour), tzinfo=zone(tz)).astimezone(UTC)


def next_due(now: datetime, tz: str, hour: int | None, last_day: int | None) -> datetime | None:
    """When to remind next: at `hour` on the first day after the last play, if that day's
    hour is still ahead and the streak is still alive then; else no reminder until a play."""
    if hour is None or last_day is None:
        return None
    today = day_number(now, tz)
    if last_day < today - 1:
        return None  # the streak has already broken
    when = local_hour(max(today, last_day + 1), hour, tz)
    return when if when > now else None


def last_played(conn: Connection, user_id: int) -> int | None:
    """The player's latest local day with a play (abandoned games are no play)."""
    return conn.scalar(
        select(func.max(PlayRow.local_day)).where(
            PlayRow.user_id == user_id, PlayRow.outcome != "abandoned"
        )
    )


def rearm(conn: Connection, user_id: int, now: datetime) -> datetime | None:
    """Inside the transaction that changed the player's plays, hour or timezone."""
    found = conn.execute(
        select(UserSettingsRow.timezone, UserSettingsRow.streak_remind_hour).where(
            UserSettingsRow.user_id == user_id
        )
    ).one_or_none()
    if found is None or found.streak_remind_hour is None:
        return None
    due = next_due(
        now, found.timezone or "UTC", found.streak_remind_hour, last_played(conn, user_id)
    )
    conn.execute(
        update(UserSettingsRow)
        .where(UserSettingsRow.user_id == user_id)
        .values(streak_remind_at=due)
    )
    return due


@dataclass(frozen=True)
class Due:
    user_id: int
    timezone: str
    hour: int
    locale: str | None


def due_query(now: datetime, limit: int):  # type: ignore[no-untyped-def]
    """The one indexed read of a scheduler tick (ix_user_settings_streak_remind_at)."""
    s = UserSettingsRow
    return (
        select(s.user_id, s.timezone, s.streak_remind_hour, s.locale)
        .where(s.streak_remind_at <= now)
        .order_by(s.streak_remind_at, s.user_id)  # one order for every process: no deadlock
        .limit(limit)
    )


def last_played_of(conn: Connection, user_ids: list[int]) -> dict[int, int]:
    """Each player's latest local day with a play, in one grouped query."""
    rows = conn.execute(
        select(PlayRow.user_id, func.max(PlayRow.local_day))
        .where(PlayRow.user_id.in_(user_ids), PlayRow.outcome != "abandoned")
        .group_by(PlayRow.user_id)
    )
    return {int(user): int(day) for user, day in rows}


def claim(conn: Connection, due: list[Due], now: datetime) -> list[Due]:
    """Re-arm each due reminder that is still due (a conditional update: of two processes only
    one succeeds); the ones that are ours and whose streak breaks unless they play today."""
    last = last_played_of(conn, [d.user_id for d in due])
    ours = []
    for d in due:
        played = last.get(d.user_id)
        taken = conn.execute(
            update(UserSettingsRow)
            .where(UserSettingsRow.user_id == d.user_id, UserSettingsRow.streak_remind_at <= now)
            .values(streak_remind_at=next_due(now, d.timezone, d.hour, played))
        )
        at_risk = played is not None and played == day_number(now, d.timezone) - 1
        if taken.rowcount == 1 and at_risk:
            ours.append(d)
    return ours
