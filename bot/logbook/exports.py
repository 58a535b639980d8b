"""A player's logbook as files: exported as CSV and JSON, and a CSV imported back (marked
imported, duplicates skipped) in one write."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import replace

from sqlalchemy import Connection, insert, select
from sqlalchemy.orm import Session

from bot.core.reply import Ctx, Reply
from bot.i18n.plural import count
from bot.logbook import csvio, reminders
from bot.logbook.base import COLOUR, LogbookBase
from bot.logbook.free_names import Spellings, spellings_query
from bot.logbook.records import IMPORTED, aware, timezone_query
from bot.logbook.timezones import day_number
from bot.store.database import orm
from bot.store.models import PlayRow, utcnow


class Exports(LogbookBase):
    @staticmethod
    def _plays_of(session: Session, user_id: int) -> list[PlayRow]:
        rows = session.execute(
            select(PlayRow)
            .where(PlayRow.user_id == user_id)
            .order_by(PlayRow.played_at, PlayRow.id)
        )
        return list(rows.scalars())

    async def export(self, ctx: Ctx) -> Reply:
        plays = await self.db.read(orm(lambda session: self._plays_of(session, ctx.user_id)))
        return Reply(
            title="Logbook export",
            facts=[
                f"{count(len(plays), 'play')}, as CSV and JSON. `/log import` takes the CSV back."
            ],
            colour=COLOUR,
            files=[
                (f"soloist-plays-{ctx.user_id}.csv", csvio.to_csv(plays)),
                (f"soloist-plays-{ctx.user_id}.json", csvio.to_json(plays)),
            ],
            ephemeral=True,
        )

    async def import_csv(
        self, ctx: Ctx, data: bytes, progress: Callable[[str], Awaitable[None]] | None = None
    ) -> Reply:
        """The file's plays, as this player's, in this server and channel, marked imported:
        nothing in the file says where they were played or that the bot recorded them."""
        rows = await asyncio.to_thread(csvio.parse_csv, data, self.clock(), ctx.user_id)
        if progress is not None:
            await progress(f"Checked {count(len(rows), 'play')}; writing them…")

        def job(conn: Connection) -> int:
            tz = conn.scalar(timezone_query(ctx.user_id)) or "UTC"
            low, high = min(r.played_at for r in rows), max(r.played_at for r in rows)
            existing = {
                (aware(at), game, opponent, score, other, outcome)
                for at, game, opponent, score, other, outcome in conn.execute(
                    select(
                        PlayRow.played_at,
                        PlayRow.game_key,
                        PlayRow.opponent,
                        PlayRow.score,
                        PlayRow.opponent_score,
                        PlayRow.outcome,
                    ).where(
                        PlayRow.user_id == ctx.user_id,
                        PlayRow.played_at >= low,
                        PlayRow.played_at <= high,
                    )
                )
            }
            free = [row.game for row in rows if row.name is not None]
            earlier = Spellings(conn.execute(spellings_query(ctx.user_id, free)) if free else [])
            now = utcnow()
            fresh = []
            for row in rows:
                if row.name is not None:  # as the player wrote this game and opponent before
                    name, opponent = earlier.spell(row.game, row.name, row.opponent)
                    row = replace(row, name=name, opponent=opponent)
                if row.key in existing:
                    continue
                existing.add(row.key)
                fresh.append(
                    {
                        "user_id": ctx.user_id,
                        "guild_id": ctx.guild_id,
                        "channel_id": ctx.channel_id,
                        "game_key": row.game,
                        "game_name": row.name,
                        "opponent": row.opponent,
                        "rival_id": row.rival_id,
                        "difficulty": row.difficulty,
                        "modules": row.modules,
                        "score": row.score,
                        "opponent_score": row.opponent_score,
                        "outcome": row.outcome,
                        "turns": row.turns,
                        "duration_seconds": row.duration_seconds,
                        "played_at": row.played_at,
                        "local_day": day_number(row.played_at, tz),
                        "game_id": None,
                        "source": IMPORTED,
                        "created_at": now,
                    }
                )
            if fresh:
                conn.execute(insert(PlayRow.__table__), fresh)
                reminders.rearm(conn, ctx.user_id, self.clock())
            return len(fresh)

        added = await self.db.write(job)
        skipped = len(rows) - added
        return Reply(
            title="Logbook import",
            facts=[f"Imported {count(added, 'play')}; skipped {count(skipped, 'duplicate')}."],
            colour=COLOUR,
            ephemeral=True,
        )
