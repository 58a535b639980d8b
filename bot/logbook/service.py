"""The logbook service: what /log, /stats, /streak, /history and /leaderboard call."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import datetime, time

from sqlalchemy import Connection, bindparam, func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

from bot.core.errors import InputError, RuleError
from bot.logbook import csvio, queries
from bot.logbook.catalogue import (
    catalogue,
    check_difficulty,
    check_modules,
    find_game,
    find_opponent,
    outcome_of,
)
from bot.logbook.records import IMPORTED, aware, orm, timezone_of, timezone_query, zone_of
from bot.logbook.timezones import EARLIEST, EPOCH, day_number, day_text, parse_day, zone
from bot.store.database import Database
from bot.store.models import PlayRow, UserSettingsRow, utcnow
from bot.table.errors import NotAllowed
from bot.table.reply import Ctx, Reply

COLOUR = 0x4169E1
PAGE = 10
PERIODS = {"all": None, "year": 365, "month": 30, "week": 7}
MIN_PLAYS_FOR_RATE = 5


def _signed(value: float | None) -> str:
    return "—" if value is None else f"{value:+.1f}".replace(".0", "")


def _line(play: PlayRow) -> str:
    name = catalogue()[play.game_key].name if play.game_key in catalogue() else play.game_key
    level = f" ({play.difficulty})" if play.difficulty else ""
    # A shared game (Fifth Avenue): the scores are the two players'; the bot never scores.
    rival = f"<@{play.rival_id}> (with {play.opponent})" if play.rival_id else play.opponent
    score = (
        f" {play.score}–{play.opponent_score}"
        if play.score is not None and play.opponent_score is not None
        else ""
    )
    link = f" · game #{play.game_id} in <#{play.channel_id}>" if play.game_id else ""
    return (
        f"`#{play.id}` {day_text(play.local_day)} {name} vs {rival}{level}"
        f" — **{play.outcome}**{score}{link}"
    )


class LogbookService:
    def __init__(self, db: Database, clock: Callable[[], datetime] = utcnow) -> None:
        self.db = db
        self.clock = clock

    async def _today(self, session: AsyncSession, user_id: int) -> int:
        return day_number(self.clock(), await timezone_of(session, user_id))

    # ------------------------------------------------------------------ writing
    # Every write is one job on the database's single writer (`Database.write`: BEGIN
    # IMMEDIATE on SQLite), like a game command: a read-then-write transaction never has to
    # upgrade its lock, so no "database is locked".
    def _moment(self, day: str | None, tz: str) -> datetime:
        """Now, or noon of the given local date in the player's timezone."""
        if day is None:
            return self.clock()
        when = parse_day(day, self.clock())
        return datetime.combine(when, time(12), tzinfo=zone(tz))

    @staticmethod
    def _outcome(
        game: str, opponent: str, score: int | None, other: int | None, outcome: str | None
    ) -> str:
        if outcome is not None and outcome not in ("win", "loss", "tie"):
            raise InputError("The outcome is win, loss or tie.")
        if score is not None and other is not None:
            derived = outcome_of(game, opponent, score, other)
            if outcome is not None and outcome != derived:
                raise InputError(
                    f"{score}–{other} is a {derived} against {opponent}, not a {outcome}."
                )
            return derived
        if outcome is None:
            raise InputError("Give both scores, or the outcome (win, loss or tie).")
        return outcome

    async def log_play(
        self,
        ctx: Ctx,
        game: str,
        opponent: str,
        *,
        difficulty: str | None = None,
        score: int | None = None,
        opponent_score: int | None = None,
        outcome: str | None = None,
        day: str | None = None,
        modules: str | None = None,
    ) -> Reply:
        key = find_game(game)
        rival = find_opponent(key, opponent)
        level = check_difficulty(key, rival, difficulty)
        chosen = check_modules(key, modules)
        result = self._outcome(key, rival, score, opponent_score, outcome)
        if day is not None:
            parse_day(day, self.clock())  # refused before anything is written

        def job(session: Session) -> str:
            tz = zone_of(session, ctx.user_id)
            moment = self._moment(day, tz)
            play = PlayRow(
                user_id=ctx.user_id,
                guild_id=ctx.guild_id,
                channel_id=ctx.channel_id,
                game_key=key,
                opponent=rival,
                difficulty=level,
                modules=chosen,
                score=score,
                opponent_score=opponent_score,
                outcome=result,
                played_at=moment,
                local_day=day_number(moment, tz),
                source="manual",
                created_at=utcnow(),
            )
            session.add(play)
            session.flush()
            return _line(play)

        line = await self.db.write(orm(job))
        return Reply(title="Logbook", facts=[f"Logged: {line}"], colour=COLOUR)

    @staticmethod
    def _own(session: Session, ctx: Ctx, play_id: int) -> PlayRow:
        play = session.get(PlayRow, play_id)
        if play is None:
            raise InputError(f"There is no play #{play_id}.")
        if play.user_id != ctx.user_id:
            raise NotAllowed("You can only change your own plays.")
        return play

    async def edit_play(
        self,
        ctx: Ctx,
        play_id: int,
        *,
        score: int | None = None,
        opponent_score: int | None = None,
        outcome: str | None = None,
        day: str | None = None,
    ) -> Reply:
        if score is None and opponent_score is None and outcome is None and day is None:
            raise InputError("Give at least one thing to change.")
        if day is not None:
            parse_day(day, self.clock())

        def job(session: Session) -> str:
            play = self._own(session, ctx, play_id)
            if play.outcome == "abandoned":
                raise RuleError("An abandoned game stays abandoned.")
            new_score = play.score if score is None else score
            new_other = play.opponent_score if opponent_score is None else opponent_score
            scores_changed = score is not None or opponent_score is not None
            play.outcome = self._outcome(
                play.game_key,
                play.opponent,
                new_score,
                new_other,
                outcome if outcome is not None or scores_changed else play.outcome,
            )
            play.score, play.opponent_score = new_score, new_other
            if day is not None:
                tz = zone_of(session, ctx.user_id)
                play.played_at = self._moment(day, tz)
                play.local_day = day_number(play.played_at, tz)
            session.flush()
            return _line(play)

        line = await self.db.write(orm(job))
        return Reply(title="Logbook", facts=[f"Changed: {line}"], colour=COLOUR)

    async def delete_play(self, ctx: Ctx, play_id: int) -> Reply:
        def job(session: Session) -> str:
            play = self._own(session, ctx, play_id)
            line = _line(play)
            session.delete(play)
            session.flush()
            return line

        line = await self.db.write(orm(job))
        return Reply(title="Logbook", facts=[f"Deleted: {line}"], colour=COLOUR)

    async def set_timezone(self, ctx: Ctx, name: str) -> Reply:
        zone(name)

        def job(conn: Connection) -> int:
            found = conn.execute(
                update(UserSettingsRow)
                .where(UserSettingsRow.user_id == ctx.user_id)
                .values(timezone=name)
            )
            if found.rowcount == 0:
                conn.execute(insert(UserSettingsRow).values(user_id=ctx.user_id, timezone=name))
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
            return len(plays)

        count = await self.db.write(job)
        return Reply(
            title="Logbook",
            facts=[f"Your timezone is now **{name}**; {count} play(s) re-dated to it."],
            colour=COLOUR,
            ephemeral=True,
        )

    # ------------------------------------------------------------------ reading
    async def stats(
        self,
        ctx: Ctx,
        user_id: int | None = None,
        *,
        game: str | None = None,
        opponent: str | None = None,
        difficulty: str | None = None,
        chart: bool = True,
    ) -> Reply:
        who = user_id or ctx.user_id
        key = find_game(game) if game else None
        rival = find_opponent(key, opponent) if key and opponent else None
        if opponent and not key:
            raise InputError("Name the game too when you filter by opponent.")
        f = queries.Filters(user_id=who, game=key, opponent=rival, difficulty=difficulty)
        async with self.db.sessions() as session:
            today = await self._today(session, who)
            s = await queries.stats(session, f, today)
            series = await queries.daily(session, f) if chart else []
        first = (EARLIEST - EPOCH).days
        series = [point for point in series if first <= point[0] <= today + 1]  # stored oddities
        scope = " · ".join(x for x in (key and catalogue()[key].name, rival, difficulty) if x)
        rate = "—" if s.win_rate is None else f"{s.win_rate:.0%}"
        facts = [
            f"<@{who}>{' · ' + scope if scope else ''}",
            f"**{s.plays}** plays · **{s.wins}** wins · {s.losses} losses · {s.ties} ties · "
            f"win rate **{rate}**" + (f" · {s.abandoned} abandoned" if s.abandoned else ""),
            f"Score margin: average {_signed(s.average_margin)}, best {_signed(s.best_margin)}",
            f"Win streak: **{s.win_streak}** (best {s.best_win_streak})",
            f"Play streak: **{s.play_streak}** day(s) (best {s.best_play_streak})",
        ]
        reply = Reply(title="Stats", facts=facts, colour=COLOUR)
        if chart and s.plays:
            from bot.charts import stats_png  # matplotlib loads on the first chart, not at start

            png = await asyncio.to_thread(stats_png, series, today, "Plays")  # off the loop
            reply.files = [(f"stats-{who}.png", png)]
        return reply

    async def streak(self, ctx: Ctx, user_id: int | None = None) -> Reply:
        who = user_id or ctx.user_id
        f = queries.Filters(user_id=who)
        async with self.db.sessions() as session:
            today = await self._today(session, who)
            days, best_days, _ = await queries.play_streaks(session, f, today)
            wins, best_wins = await queries.win_streaks(session, f)
        line = (
            f"<@{who}>: {days}-day play streak (best {best_days}) · {wins} win(s) in a row "
            f"(best {best_wins})"
        )
        return Reply(title="Streak", facts=[line], colour=COLOUR)

    async def history(self, ctx: Ctx, user_id: int | None = None, page: int = 1) -> Reply:
        who = user_id or ctx.user_id
        async with self.db.sessions() as session:
            total = int(
                await session.scalar(
                    select(func.count()).select_from(PlayRow).where(PlayRow.user_id == who)
                )
                or 0
            )
            pages = max(1, -(-total // PAGE))
            if not 1 <= page <= pages:
                raise InputError(f"Page {page} does not exist; there are {pages}.")
            plays = (
                await session.execute(
                    select(PlayRow)
                    .where(PlayRow.user_id == who)
                    .order_by(PlayRow.played_at.desc(), PlayRow.id.desc())
                    .offset((page - 1) * PAGE)
                    .limit(PAGE)
                )
            ).scalars()
            lines = [_line(p) for p in plays] or ["No plays logged yet: `/log play`."]
        return Reply(
            title=f"Plays · page {page}/{pages}",
            facts=[f"<@{who}>", *lines],
            colour=COLOUR,
            pager=(who, page, pages),
        )

    async def leaderboard(self, ctx: Ctx, game: str | None = None, period: str = "all") -> Reply:
        if period not in PERIODS:
            raise InputError(f"The period is one of {', '.join(PERIODS)}.")
        if not ctx.guild_id:
            raise RuleError("Leaderboards belong to a server.")
        key = find_game(game) if game else None
        days = PERIODS[period]
        since = day_number(self.clock(), "UTC") - days + 1 if days else None
        f = queries.Filters(guild_id=ctx.guild_id, game=key, since_day=since, played_here=True)
        async with self.db.sessions() as session:
            board = await queries.leaderboard(session, f, MIN_PLAYS_FOR_RATE)
        facts = []
        for category, rows in board.items():
            shown = [
                f"{i}. <@{u}> {v:.0%}" if category == "win rate" else f"{i}. <@{u}> {int(v)}"
                for i, (u, v) in enumerate(rows, start=1)
            ]
            note = (
                f" (at least {MIN_PLAYS_FOR_RATE} decided plays)" if category == "win rate" else ""
            )
            facts.append(
                f"**{category.capitalize()}**{note}\n" + ("\n".join(shown) or "nobody yet")
            )
        scope = catalogue()[key].name if key else "all games"
        return Reply(title=f"Leaderboard · {scope} · {period}", facts=facts, colour=COLOUR)

    # ------------------------------------------------------------------ files
    async def _plays_of(self, session: AsyncSession, user_id: int) -> list[PlayRow]:
        rows = await session.execute(
            select(PlayRow)
            .where(PlayRow.user_id == user_id)
            .order_by(PlayRow.played_at, PlayRow.id)
        )
        return list(rows.scalars())

    async def export(self, ctx: Ctx) -> Reply:
        async with self.db.sessions() as session:
            plays = await self._plays_of(session, ctx.user_id)
        return Reply(
            title="Logbook export",
            facts=[f"{len(plays)} play(s), as CSV and JSON. `/log import` takes the CSV back."],
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
        rows = await asyncio.to_thread(csvio.parse_csv, data, self.clock())
        if progress is not None:
            await progress(f"Checked {len(rows):,} play(s); writing them…")

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
            now = utcnow()
            fresh = []
            for row in rows:
                if row.key in existing:
                    continue
                existing.add(row.key)
                fresh.append(
                    {
                        "user_id": ctx.user_id,
                        "guild_id": ctx.guild_id,
                        "channel_id": ctx.channel_id,
                        "game_key": row.game,
                        "opponent": row.opponent,
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
            return len(fresh)

        added = await self.db.write(job)
        skipped = len(rows) - added
        return Reply(
            title="Logbook import",
            facts=[f"Imported {added:,} play(s); skipped {skipped:,} duplicate(s)."],
            colour=COLOUR,
            ephemeral=True,
        )
