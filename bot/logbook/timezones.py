"""The player's own timezone decides which day a play counts for."""

from __future__ import annotations

from datetime import UTC, date, datetime
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from bot.core.errors import InputError

EPOCH = date(1970, 1, 1)


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
