"""Writing play records: in the same transaction that finishes or abandons a game."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import TypeVar

from sqlalchemy import Connection, Select, insert, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

from bot.core.game import SeatResult
from bot.logbook.timezones import day_number
from bot.store.models import GameRecord, PlayRow, UserSettingsRow

T = TypeVar("T")
IMPORTED = "imported"  # plays from /log import: shown in /stats, never on a leaderboard


def orm(job: Callable[[Session], T]) -> Callable[[Connection], T]:
    """An ORM job as a `Database.write` job: the session joins the writer's transaction."""

    def run(conn: Connection) -> T:
        with Session(bind=conn, expire_on_commit=False) as session:
            return job(session)

    return run


def aware(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes; everything we store is UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def timezone_query(user_id: int) -> Select[tuple[str]]:
    return select(UserSettingsRow.timezone).where(UserSettingsRow.user_id == user_id)


def zone_of(session: Session, user_id: int) -> str:
    return session.scalar(timezone_query(user_id)) or "UTC"


async def timezone_of(session: AsyncSession, user_id: int) -> str:
    return await session.scalar(timezone_query(user_id)) or "UTC"


def record_game(conn: Connection, row: GameRecord, seats: list[SeatResult], now: datetime) -> None:
    """Inside the write transaction that ends the game."""
    users = {"owner": row.owner_id, "partner": row.players[0] if row.players else None}
    duration = int((now - aware(row.created_at)).total_seconds())
    for seat in seats:
        user_id = users.get(seat.seat)
        if user_id is None:
            continue
        zone = conn.scalar(timezone_query(user_id))
        conn.execute(
            insert(PlayRow).values(
                user_id=user_id,
                guild_id=row.guild_id,
                channel_id=row.channel_id,
                game_key=row.game_key,
                opponent=seat.opponent,
                difficulty=seat.difficulty,
                modules=seat.modules,
                score=seat.score,
                opponent_score=seat.opponent_score,
                outcome=seat.outcome,
                turns=seat.turns,
                duration_seconds=max(0, duration),
                played_at=now,
                local_day=day_number(now, zone or "UTC"),
                game_id=row.id,
                source="bot",
                created_at=now,
            )
        )
