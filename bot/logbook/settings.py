"""A player's own settings: their timezone (which re-dates their plays) and their streak
reminder, with the scheduler's tick that sends the due ones."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Connection, bindparam, select, update
from sqlalchemy.orm import Session

from bot.core.reply import Ctx, Reply
from bot.core.said import say
from bot.i18n.plural import count as plays
from bot.logbook import queries, reminders
from bot.logbook.base import COLOUR, LogbookBase
from bot.logbook.records import aware, timezone_query
from bot.logbook.timezones import day_number, zone
from bot.store.database import orm
from bot.store.models import PlayRow, save_user_settings

REMINDERS_PER_TICK = 500  # a tick claims at most this many; the rest follow a minute later


class Settings(LogbookBase):
    async def set_timezone(self, ctx: Ctx, name: str) -> Reply:
        zone(name)

        def job(conn: Connection) -> int:
            save_user_settings(conn, ctx.user_id, timezone=name)
            plays = conn.execute(
                select(PlayRow.id, PlayRow.played_at).where(PlayRow.user_id == ctx.user_id)
            ).all()
            if plays:  # a one-off rewrite of each play's local day
                conn.execute(
                    update(PlayRow.__table__)
                    .where(PlayRow.__table__.c.id == bindparam("play"))
                    .values(local_day=bindparam("day")),
                    [{"play": i, "day": day_number(aware(at), name)} for i, at in plays],
                )
            reminders.rearm(conn, ctx.user_id, self.clock())
            return len(plays)

        count = await self.db.write(job)
        return Reply(
            title=say("Logbook"),
            facts=[
                say(
                    "Your timezone is now **{name}**; {plays} re-dated to it.",
                    name=name,
                    plays=plays(count, "play"),
                )
            ],
            colour=COLOUR,
            ephemeral=True,
        )

    async def set_streak_reminder(self, ctx: Ctx, at: str) -> Reply:
        hour = reminders.parse_hour(at)
        now = self.clock()

        def job(conn: Connection) -> tuple[str, datetime | None]:
            save_user_settings(conn, ctx.user_id, streak_remind_hour=hour, streak_remind_at=None)
            tz = conn.scalar(timezone_query(ctx.user_id)) or "UTC"
            return tz, reminders.rearm(conn, ctx.user_id, now)

        tz, due = await self.db.write(job)
        if hour is None:
            facts = [say("Streak reminders are off.")]
        else:
            facts = [
                say(
                    "On a day your play streak would break, I DM you at {hour} ({zone}).",
                    hour=f"{hour:02d}:00",
                    zone=tz,
                ),
                say("Next reminder: {when}.", when=f"{due.astimezone(zone(tz)):%Y-%m-%d %H:%M}")
                if due is not None
                else say("None is due now: your next play arms it."),
            ]
            if tz == "UTC":
                facts.append(say("Your timezone is UTC; set yours with `/log timezone`."))
        return Reply(title=say("Streak reminder"), facts=facts, colour=COLOUR, ephemeral=True)

    async def due_streak_reminders(
        self, limit: int = REMINDERS_PER_TICK
    ) -> list[tuple[int, str | None, Reply]]:
        """One scheduler tick: the due reminders (one indexed query), each claimed and
        re-armed in a conditional update, as (user, language, the DM to send)."""
        now = self.clock()

        def read(conn: Connection) -> list[reminders.Due]:
            return [reminders.Due(*row) for row in conn.execute(reminders.due_query(now, limit))]

        due = await self.db.read(read)
        if not due:
            return []
        claimed = await self.db.write(lambda conn: reminders.claim(conn, due, now))

        def streaks(session: Session) -> list[int]:
            return [
                queries.play_streaks(
                    session, queries.Filters(user_id=d.user_id), day_number(now, d.timezone)
                )[0]
                for d in claimed
            ]

        sends = []
        for d, days in zip(claimed, await self.db.read(orm(streaks)), strict=True):
            facts = [
                say(
                    "Your {days}-day play streak breaks at midnight unless you play today: "
                    "finish a game or `/log play`.",
                    days=days,
                ),
                say("Turn these reminders off with `/log remind`."),
            ]
            reply = Reply(title=say("Streak reminder"), facts=facts, colour=COLOUR)
            sends.append((d.user_id, d.locale, reply))
        return sends
