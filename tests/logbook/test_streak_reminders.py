"""/log remind: a DM at the player's local hour on a day their play streak would break."""

import asyncio
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select

from bot.core.errors import InputError
from bot.core.reply import Ctx
from bot.logbook.reminders import local_hour, next_due, parse_hour
from bot.logbook.service import LogbookService
from bot.logbook.timezones import day_number
from bot.store.models import UserSettingsRow
from tests.logbook.test_logbook import Clock
from tests.looks import looking

ME = Ctx(guild_id=10, channel_id=100, user_id=1)
VIENNA = "Europe/Vienna"


@pytest.fixture
def clock():
    return Clock(datetime(2026, 11, 20, 9, 0, tzinfo=UTC))  # a Friday, 10:00 in Vienna


@pytest.fixture
def logbook(db, clock):
    return LogbookService(db, clock)


def day(text: str) -> int:
    return day_number(datetime.fromisoformat(text + "T12:00:00+00:00"), "UTC")


async def pending(logbook) -> datetime | None:
    async with looking(logbook.db) as session:
        due = await session.scalar(
            select(UserSettingsRow.streak_remind_at).where(UserSettingsRow.user_id == ME.user_id)
        )
    return None if due is None else due.replace(tzinfo=due.tzinfo or UTC).astimezone(UTC)


async def play(logbook, clock, when: datetime) -> None:
    clock.moment = when
    await logbook.log_play(ME, "gwt", "Sam", score=10, opponent_score=5)


@pytest.mark.parametrize(
    ("text", "hour"),
    [("7", 7), ("07", 7), ("07:00", 7), ("19h", 19), ("0", 0), ("23", 23), (" OFF ", None)],
)
def test_the_hour_is_typed_as_people_write_it(text, hour):
    assert parse_hour(text) == hour


@pytest.mark.parametrize("text", ["24", "-1", "7:30", "seven", "٧", "", "1e1"])
def test_a_bad_hour_is_one_clear_line(text):
    with pytest.raises(InputError) as refused:
        parse_hour(text)
    assert str(refused.value) == (
        "Give the hour as a number from 0 to 23 (your local time), or `off`."
    )


def test_the_local_hour_follows_vienna_across_both_dst_changes():
    # 20:00 in Vienna is 19:00 UTC in winter (CET) and 18:00 UTC in summer (CEST).
    assert local_hour(day("2026-03-28"), 20, VIENNA) == datetime(2026, 3, 28, 19, tzinfo=UTC)
    assert local_hour(day("2026-03-29"), 20, VIENNA) == datetime(2026, 3, 29, 18, tzinfo=UTC)
    assert local_hour(day("2026-10-24"), 20, VIENNA) == datetime(2026, 10, 24, 18, tzinfo=UTC)
    assert local_hour(day("2026-10-25"), 20, VIENNA) == datetime(2026, 10, 25, 19, tzinfo=UTC)
    # 02:00 does not exist on 29 March (clocks jump to 03:00): it comes at 03:00 CEST.
    assert local_hour(day("2026-03-29"), 2, VIENNA) == datetime(2026, 3, 29, 1, tzinfo=UTC)
    # 02:00 comes twice on 25 October: the first time, still CEST.
    assert local_hour(day("2026-10-25"), 2, VIENNA) == datetime(2026, 10, 25, 0, tzinfo=UTC)


def test_the_reminder_is_due_the_day_after_the_last_play_while_the_streak_lives():
    saturday_night = datetime(2026, 3, 28, 21, 30, tzinfo=UTC)  # 22:30 in Vienna
    saturday = day("2026-03-28")
    # Played today: tomorrow (the DST day) at 20:00 summer time.
    assert next_due(saturday_night, VIENNA, 20, saturday) == datetime(2026, 3, 29, 18, tzinfo=UTC)
    # Played yesterday, today's 20:00 has passed: nothing until the next play.
    assert next_due(saturday_night, VIENNA, 20, saturday - 1) is None
    # Played yesterday, today's 23:00 still ahead: tonight.
    assert next_due(saturday_night, VIENNA, 23, saturday - 1) == datetime(
        2026, 3, 28, 22, tzinfo=UTC
    )
    # The streak already broke, or there never was a play, or reminders are off: nothing.
    assert next_due(saturday_night, VIENNA, 23, saturday - 2) is None
    assert next_due(saturday_night, VIENNA, 23, None) is None
    assert next_due(saturday_night, VIENNA, None, saturday) is None


async def test_a_reminder_is_sent_once_at_the_local_hour_and_rearmed_by_the_next_play(
    logbook, clock
):
    await logbook.set_timezone(ME, VIENNA)
    set_up = await logbook.set_streak_reminder(ME, "20")
    assert set_up.facts[1] == "None is due now: your next play arms it."
    await play(logbook, clock, datetime(2026, 11, 20, 9, 0, tzinfo=UTC))  # Friday
    assert await pending(logbook) == datetime(2026, 11, 21, 19, tzinfo=UTC)  # Sat 20:00 CET
    clock.moment = datetime(2026, 11, 21, 18, 59, tzinfo=UTC)
    assert await logbook.due_streak_reminders() == []
    clock.moment = datetime(2026, 11, 21, 19, 0, 30, tzinfo=UTC)
    [(user, locale, dm)] = await logbook.due_streak_reminders()
    assert (user, locale) == (1, None)
    assert dm.facts[0] == (
        "Your 1-day play streak breaks at midnight unless you play today: finish a game or "
        "`/log play`."
    )
    assert await logbook.due_streak_reminders() == []  # sent once
    assert await pending(logbook) is None  # today's hour is spent; the next play re-arms
    await play(logbook, clock, datetime(2026, 11, 21, 21, 0, tzinfo=UTC))  # Sat 22:00
    assert await pending(logbook) == datetime(2026, 11, 22, 19, tzinfo=UTC)


async def test_no_reminder_on_a_day_already_played(logbook, clock):
    await play(logbook, clock, datetime(2026, 11, 20, 9, 0, tzinfo=UTC))
    await logbook.set_streak_reminder(ME, "20")
    await play(logbook, clock, datetime(2026, 11, 21, 9, 0, tzinfo=UTC))  # played Saturday
    clock.moment = datetime(2026, 11, 21, 20, 30, tzinfo=UTC)
    assert await logbook.due_streak_reminders() == []
    assert await pending(logbook) == datetime(2026, 11, 22, 20, tzinfo=UTC)


async def test_deleting_the_play_that_kept_the_streak_alive_withdraws_the_reminder(logbook, clock):
    await play(logbook, clock, datetime(2026, 11, 18, 9, 0, tzinfo=UTC))
    await play(logbook, clock, datetime(2026, 11, 19, 9, 0, tzinfo=UTC))
    await logbook.set_streak_reminder(ME, "18")
    assert await pending(logbook) == datetime(2026, 11, 20, 18, tzinfo=UTC)
    clock.moment = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)
    await logbook.delete_play(ME, 2)
    assert await pending(logbook) is None  # the streak ended on the 18th: nothing to keep


async def test_a_new_timezone_moves_the_pending_reminder(logbook, clock):
    await play(logbook, clock, datetime(2026, 11, 20, 9, 0, tzinfo=UTC))
    await logbook.set_streak_reminder(ME, "20")
    assert await pending(logbook) == datetime(2026, 11, 21, 20, tzinfo=UTC)
    await logbook.set_timezone(ME, VIENNA)
    assert await pending(logbook) == datetime(2026, 11, 21, 19, tzinfo=UTC)


async def test_off_clears_the_reminder_and_a_bad_hour_changes_nothing(logbook, clock):
    await play(logbook, clock, datetime(2026, 11, 20, 9, 0, tzinfo=UTC))
    reply = await logbook.set_streak_reminder(ME, "20")
    assert reply.facts[1] == "Next reminder: 2026-11-21 20:00."
    assert reply.facts[2] == "Your timezone is UTC; set yours with `/log timezone`."
    with pytest.raises(InputError):
        await logbook.set_streak_reminder(ME, "25")
    assert await pending(logbook) == datetime(2026, 11, 21, 20, tzinfo=UTC)
    off = await logbook.set_streak_reminder(ME, "off")
    assert off.facts == ["Streak reminders are off."]
    assert await pending(logbook) is None
    await play(logbook, clock, datetime(2026, 11, 21, 9, 0, tzinfo=UTC))
    assert await pending(logbook) is None  # a play does not re-arm a reminder turned off


async def test_two_processes_send_a_due_reminder_once(db, logbook, clock):
    await play(logbook, clock, datetime(2026, 11, 20, 9, 0, tzinfo=UTC))
    await logbook.set_streak_reminder(ME, "20")
    clock.moment += timedelta(days=1, hours=11, minutes=1)  # Saturday 20:01 UTC
    other = LogbookService(db, clock)  # a second process over the same database
    sent = await asyncio.gather(*(s.due_streak_reminders() for s in (logbook, other) * 3))
    assert sum(len(batch) for batch in sent) == 1
