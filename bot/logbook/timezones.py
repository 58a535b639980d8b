"""The player's own timezone decides which day a play counts for."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from bot.core.errors import InputError

EPOCH = date(1970, 1, 1)
# Plays are dated between the epoch (day 0) and tomorrow: older is not a play of these games,
# and far dates overflow the calendar arithmetic of charts and streaks.
EARLIEST = EPOCH
AHEAD = timedelta(days=1)


@cache
def known_timezones() -> frozenset[str]:
    return frozenset(available_timezones())


def zone(name: str) -> ZoneInfo:
    if name not in known_timezones():
        raise InputError(f"`{name[:40]}` is not an IANA timezone; try e.g. `Europe/Vienna`.")
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise InputError(f"`{name[:40]}` is not an IANA timezone.") from None


def day_number(moment: datetime, tz: str) -> int:
    """Days since 1970-01-01 of the moment's local date in `tz`."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return (moment.astimezone(zone(tz)).date() - EPOCH).days


def day_date(number: int) -> date:
    return date.fromordinal(EPOCH.toordinal() + number)


def check_date(when: date, now: datetime) -> date:
    """Refuse a play date outside 1970-01-01 .. tomorrow."""
    latest = (now.astimezone(UTC) + AHEAD).date()
    if when < EARLIEST:
        raise InputError(f"Plays are dated from {EARLIEST.isoformat()} on.")
    if when > latest:
        raise InputError("That date is in the future.")
    return when


def parse_day(text: str, now: datetime) -> date:
    """A YYYY-MM-DD date typed by a player, within the sane range."""
    try:
        when = date.fromisoformat(text.strip())
    except ValueError:
        raise InputError("Give the date as YYYY-MM-DD.") from None
    return check_date(when, now)


def day_text(number: int) -> str:
    """A stored day as YYYY-MM-DD, whatever it holds (an odd stored day must not crash)."""
    try:
        return day_date(number).isoformat()
    except (OverflowError, ValueError):
        return "????-??-??"
