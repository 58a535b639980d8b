"""Writing play records: in the same transaction that finishes or abandons a game."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Select, insert, select
from sqlalchemy.orm import Session

from bot.core.game import SeatResult
from bot.logbook.reminders import rearm
from bot.logbook.timezones import day_number
from bot.store.models import ActionRow, GameRecord, GameRow, PlayRow, UserSettingsRow

IMPORTED = "imported"  # plays from /log import: shown in /stats, never on a leaderboard


def aware(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes; everything we store is UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def timezone_query(user_id: int) -> Select[tuple[str]]:
    return select(UserSettingsRow.timezone).where(UserSettingsRow.user_id == user_id)


def zone_of(session: Session, user_id: int) -> str:
    return session.scalar(timezone_query(user_id)) or "UTC"


def took_part(conn: Connection, game_id: int, user_id: int) -> bool:
    """Whether the member issued at least one command in the game."""
    found = conn.execute(
        select(ActionRow.id).where(ActionRow.game_id == game_id, ActionRow.user_id == user_id)
    )
    return found.first() is not None


def logged_game(
    conn: Connection,
    user_id: int,
    game_key: str,
    seed: int,
    options: dict[str, Any],
    state: dict[str, Any],
    read: Callable[[dict[str, Any], dict[str, Any]], tuple[dict[str, Any], dict[str, Any]]]
    | None = None,
) -> int | None:
    """A finished game in the member's logbook that has this seed, these options and this
    final state: the same game, so an import of it would count it twice. `read`: a stored
    game's options and state as they read now (an older version stored them under other
    names), to compare with the replayed ones."""
    candidates = conn.execute(
        select(GameRow.id, GameRow.options, GameRow.state)
        .join(PlayRow, PlayRow.game_id == GameRow.id)
        .where(
            PlayRow.user_id == user_id,
            GameRow.game_key == game_key,
            GameRow.seed == seed,
            GameRow.status == "finished",
        )
    )
    for game_id, saved_options, saved_state in candidates:
        if read is not None:
            saved_options, saved_state = read(saved_options, saved_state)
        if saved_state == state and saved_options == options:
            return int(game_id)
    return None


def record_game(
    conn: Connection,
    row: GameRecord,
    seats: list[SeatResult],
    now: datetime,
    *,
    actor: int | None = None,
    source: str = "bot",
    partner: bool | None = None,
) -> list[int]:
    """Inside the write transaction that ends the game; returns who it was recorded for.
    The owner's play is always recorded; another seat's only if that member took part in the
    game (issued a command in it, `actor` being the one ending it now): nobody writes into
    someone else's logbook, except the partner a game's start names as the other real player
    at the table (Fifth Avenue's): `partner=True` writes their play too, `partner=False`
    holds it back (a server challenge's, until they confirm the scores: `record_seat`).
    Each play names the other real player, if any, as `rival_id`, and carries the game's
    campaign; each player's streak reminder is re-armed."""
    seated = _seated(row, seats)
    recorded = []
    for seat in seats:
        user_id = seated[seat.seat]
        if user_id is None:
            continue
        if seat.seat != "owner":
            if partner is False and seat.seat == "partner":
                continue
            named = partner is True and seat.seat == "partner"
            if not named and user_id != actor and not took_part(conn, row.id, user_id):
                continue
        _insert_play(conn, row, seat, seated, now, source)
        recorded.append(user_id)
    return recorded


def record_seat(
    conn: Connection,
    row: GameRecord,
    seats: list[SeatResult],
    seat: str,
    played_at: datetime,
    now: datetime,
) -> int | None:
    """One seat's play of a game that ended at `played_at`, written later (`now`): Fifth
    Avenue's partner once they confirm a server challenge attempt's scores. Returns who it
    was recorded for (None: no such seat, or nobody sits there)."""
    seated = _seated(row, seats)
    found = next((s for s in seats if s.seat == seat), None)
    if found is None or seated.get(seat) is None:
        return None
    _insert_play(conn, row, found, seated, played_at, "bot", armed=now)
    return seated[seat]


def _seated(row: GameRecord, seats: list[SeatResult]) -> dict[str, int | None]:
    users = {"owner": row.owner_id, "partner": row.players[0] if row.players else None}
    return {seat.seat: users.get(seat.seat) for seat in seats}


def _insert_play(
    conn: Connection,
    row: GameRecord,
    seat: SeatResult,
    seated: dict[str, int | None],
    now: datetime,
    source: str,
    *,
    armed: datetime | None = None,
) -> None:
    """The play of the member in `seat`, played at `now`; their streak reminder re-armed
    from `armed` (default: `now`)."""
    user_id = seated[seat.seat]
    assert user_id is not None
    rivals = [u for s, u in seated.items() if s != seat.seat and u is not None]
    zone = conn.scalar(timezone_query(user_id))
    duration = int((now - aware(row.created_at)).total_seconds())
    conn.execute(
        insert(PlayRow).values(
            user_id=user_id,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            game_key=row.game_key,
            opponent=seat.opponent,
            rival_id=rivals[0] if rivals else None,
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
            source=source,
            campaign=row.campaign,
            challenge_id=row.challenge_id,
            created_at=now,
        )
    )
    rearm(conn, user_id, armed or now)
