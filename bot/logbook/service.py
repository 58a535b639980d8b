"""The logbook service: what /log, /stats, /streak, /history and /leaderboard call."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import datetime, time

from sqlalchemy import Connection, bindparam, func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

from bot.core.errors import InputError, RuleError
from bot.logbook import csvio, queries, reminders
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
from bot.store.models import GameRow, PlayRow, UserSettingsRow, utcnow
from bot.table.errors import NotAllowed
from bot.table.reply import Ctx, Reply

COLOUR = 0x4169E1
PAGE = 10
PERIODS = {"all": None, "year": 365, "month": 30, "week": 7}
MIN_PLAYS_FOR_RATE = 5
CARD_RESULTS = 10  # the result card's chart: the player's last results of that game
REMINDERS_PER_TICK = 500  # a tick claims at most this many; the rest follow a minute later


def _signed(value: float | None) -> str:
    return "—" if value is None else f"{value:+.1f}".replace(".0", "")


def _scope(
    game: str | None = None,
    opponent: str | None = None,
    difficulty: str | None = None,
    campaign: str | None = None,
    thread: int | None = None,
) -> list[str]:
    """One line per filter, under the player's mention."""
    return [
        *([f"Game: {catalogue()[game].name}"] if game else []),
        *([f"Opponent: {opponent}"] if opponent else []),
        *([f"Difficulty: {difficulty}"] if difficulty else []),
        *([f"Campaign: **{campaign}**"] if campaign is not None else []),
        *([f"Thread: <#{thread}>"] if thread is not None else []),
    ]


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
            reminders.rearm(session.connection(), ctx.user_id, self.clock())
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
            reminders.rearm(session.connection(), ctx.user_id, self.clock())
            return _line(play)

        line = await self.db.write(orm(job))
        return Reply(title="Logbook", facts=[f"Changed: {line}"], colour=COLOUR)

    async def delete_play(self, ctx: Ctx, play_id: int) -> Reply:
        def job(session: Session) -> str:
            play = self._own(session, ctx, play_id)
            line = _line(play)
            session.delete(play)
            session.flush()
            reminders.rearm(session.connection(), ctx.user_id, self.clock())
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
            reminders.rearm(conn, ctx.user_id, self.clock())
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
        campaign: str | None = None,
        thread: int | None = None,
        chart: bool = True,
        say: Callable[[str], str] = str,
    ) -> Reply:
        """`say` puts the chart's words into the reader's language (replies are translated
        by the front-end; a picture's words cannot be)."""
        who = user_id or ctx.user_id
        key = find_game(game) if game else None
        rival = find_opponent(key, opponent) if key and opponent else None
        if opponent and not key:
            raise InputError("Name the game too when you filter by opponent.")
        f = queries.Filters(
            user_id=who,
            game=key,
            opponent=rival,
            difficulty=difficulty,
            campaign=campaign,
            channel_id=thread,
        )
        async with self.db.sessions() as session:
            await self._check_scope(session, ctx, who, campaign, thread)
            today = await self._today(session, who)
            s = await queries.stats(session, f, today)
            series = await queries.daily(session, f) if chart else []
        first = (EARLIEST - EPOCH).days
        series = [point for point in series if first <= point[0] <= today + 1]  # stored oddities
        scope = _scope(key, rival, difficulty, campaign, thread)
        rate = "—" if s.win_rate is None else f"{s.win_rate:.0%}"
        facts = [
            "\n".join([f"<@{who}>", *scope]),
            f"**{s.plays}** plays · **{s.wins}** wins · {s.losses} losses · {s.ties} ties · "
            f"win rate **{rate}**" + (f" · {s.abandoned} abandoned" if s.abandoned else ""),
            f"Score margin: average {_signed(s.average_margin)}, best {_signed(s.best_margin)}",
            f"Win streak: **{s.win_streak}** (best {s.best_win_streak})",
            f"Play streak: **{s.play_streak}** day(s) (best {s.best_play_streak})",
        ]
        reply = Reply(title="Stats", facts=facts, colour=COLOUR)
        if chart and s.plays:
            from bot.charts import stats_png  # matplotlib loads on the first chart, not at start

            png = await asyncio.to_thread(stats_png, series, today, "Plays", say)  # off the loop
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

    async def history(
        self,
        ctx: Ctx,
        user_id: int | None = None,
        page: int = 1,
        *,
        campaign: str | None = None,
        thread: int | None = None,
    ) -> Reply:
        who = user_id or ctx.user_id
        where = queries.Filters(user_id=who, campaign=campaign, channel_id=thread).where()
        async with self.db.sessions() as session:
            await self._check_scope(session, ctx, who, campaign, thread)
            total = int(
                await session.scalar(select(func.count()).select_from(PlayRow).where(*where)) or 0
            )
            pages = max(1, -(-total // PAGE))
            if not 1 <= page <= pages:
                raise InputError(f"Page {page} does not exist; there are {pages}.")
            plays = (
                await session.execute(
                    select(PlayRow)
                    .where(*where)
                    .order_by(PlayRow.played_at.desc(), PlayRow.id.desc())
                    .offset((page - 1) * PAGE)
                    .limit(PAGE)
                )
            ).scalars()
            lines = [_line(p) for p in plays] or ["No plays logged yet: `/log play`."]
        filtered = campaign is not None or thread is not None
        if filtered and page < pages:
            # The page buttons carry only (player, page); a filtered list pages by its option.
            lines.append(f"Older plays: `/history page:{page + 1}` with the same filters.")
        return Reply(
            title=f"Plays · page {page}/{pages}",
            facts=["\n".join([f"<@{who}>", *_scope(campaign=campaign, thread=thread)]), *lines],
            colour=COLOUR,
            pager=None if filtered else (who, page, pages),
        )

    # ------------------------------------------------------------------ campaigns
    async def check_filters(
        self,
        ctx: Ctx,
        user_id: int | None = None,
        *,
        game: str | None = None,
        opponent: str | None = None,
        campaign: str | None = None,
        thread: int | None = None,
    ) -> None:
        """Refuse bad filters before a front-end shows "thinking…" in public, so the one-line
        message can still be private."""
        key = find_game(game) if game else None
        if opponent and not key:
            raise InputError("Name the game too when you filter by opponent.")
        if key and opponent:
            find_opponent(key, opponent)
        if campaign is not None or thread is not None:
            async with self.db.sessions() as session:
                await self._check_scope(session, ctx, user_id or ctx.user_id, campaign, thread)

    @staticmethod
    async def _check_scope(
        session: AsyncSession, ctx: Ctx, who: int, campaign: str | None, thread: int | None
    ) -> None:
        """A campaign or thread filter must name one the player has plays in."""
        whose = "Your" if who == ctx.user_id else "That player's"
        if campaign is not None:
            found = await session.scalar(
                select(PlayRow.id)
                .where(PlayRow.user_id == who, PlayRow.campaign == campaign)
                .limit(1)
            )
            if found is None:
                shown = campaign[:60].replace("`", "'")
                raise InputError(
                    f"{whose} logbook has no campaign called `{shown}`; "
                    "`/game campaign name:` names a game's campaign."
                )
        if thread is not None:
            found = await session.scalar(
                select(PlayRow.id)
                .where(PlayRow.user_id == who, PlayRow.channel_id == thread)
                .limit(1)
            )
            if found is None:
                raise InputError(f"{whose} logbook has no plays in <#{thread}>.")

    async def campaigns(self, user_id: int, typed: str = "") -> list[str]:
        """The player's campaign names containing `typed`, most recently played first."""
        needle = typed.strip().lower()
        async with self.db.sessions() as session:
            rows = await session.execute(
                select(PlayRow.campaign, func.max(PlayRow.played_at).label("last"))
                .where(PlayRow.user_id == user_id, PlayRow.campaign.is_not(None))
                .group_by(PlayRow.campaign)
                .order_by(func.max(PlayRow.played_at).desc())
                .limit(200)
            )
            names = [name for name, _ in rows]
        return [name for name in names if needle in name.lower()][:25]

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

    # ------------------------------------------------------------------ result cards
    async def result_card(self, game_id: int, say: Callable[[str], str] = str) -> Reply | None:
        """A finished game's result for its thread and the server's results channel: each
        recorded player's outcome, score and margin, streaks and campaign so far, and a chart
        of the first player's last results in that game. None when nothing was recorded."""
        async with self.db.sessions() as session:
            plays = list(
                (
                    await session.execute(
                        select(PlayRow)
                        .where(PlayRow.game_id == game_id, PlayRow.source != IMPORTED)
                        .order_by(PlayRow.id)
                    )
                ).scalars()
            )
            if not plays or plays[0].outcome == "abandoned":
                return None
            facts: list[str] = []
            for play in plays:
                facts += await self._card_lines(session, play)
            first = plays[0]
            recent = list(
                (
                    await session.execute(
                        select(PlayRow.score, PlayRow.opponent_score, PlayRow.outcome)
                        .where(
                            PlayRow.user_id == first.user_id,
                            PlayRow.game_key == first.game_key,
                            PlayRow.outcome.in_(("win", "loss", "tie")),
                        )
                        .order_by(PlayRow.played_at.desc(), PlayRow.id.desc())
                        .limit(CARD_RESULTS)
                    )
                ).all()
            )
        name = catalogue()[first.game_key].name if first.game_key in catalogue() else ""
        facts.append(f"Played in <#{first.channel_id}>")
        reply = Reply(title=f"Result · {name} · game #{game_id}", facts=facts, colour=COLOUR)
        points = [
            (None if score is None or other is None else score - other, outcome)
            for score, other, outcome in reversed(recent)
        ]
        if any(margin is not None for margin, _ in points):
            from bot.charts import results_png

            png = await asyncio.to_thread(results_png, points, say)  # off the event loop
            reply.files = [(f"result-{game_id}.png", png)]
        return reply

    async def _card_lines(self, session: AsyncSession, play: PlayRow) -> list[str]:
        who = play.user_id
        rival = f"<@{play.rival_id}> (with {play.opponent})" if play.rival_id else play.opponent
        level = f" ({play.difficulty})" if play.difficulty else ""
        line = f"<@{who}> vs {rival}{level}: **{play.outcome}**"
        if play.score is not None and play.opponent_score is not None:
            margin = play.score - play.opponent_score
            line += f" {play.score}–{play.opponent_score} (margin {_signed(margin)})"
        f = queries.Filters(user_id=who)
        today = await self._today(session, who)
        days, _, _ = await queries.play_streaks(session, f, today)
        wins, _ = await queries.win_streaks(session, f)
        lines = [line, f"Play streak: **{days}** day(s) · win streak: **{wins}**"]
        if play.campaign is not None:
            c = await queries.totals(session, queries.Filters(user_id=who, campaign=play.campaign))
            lines.append(f"Campaign **{play.campaign}**: {c.plays} play(s), {c.wins} win(s)")
        return lines

    async def results_channel(self, game_id: int) -> tuple[int, int, int | None, str | None]:
        """(guild, channel, the server's results channel or None, the game's language)."""
        from bot.store.models import GuildSettingsRow

        async with self.db.sessions() as session:
            game = (
                await session.execute(
                    select(GameRow.guild_id, GameRow.channel_id, GameRow.locale).where(
                        GameRow.id == game_id
                    )
                )
            ).one()
            target = await session.scalar(
                select(GuildSettingsRow.results_channel_id).where(
                    GuildSettingsRow.guild_id == game.guild_id
                )
            )
        return game.guild_id, game.channel_id, target, game.locale

    # ------------------------------------------------------------------ streak reminders
    async def set_streak_reminder(self, ctx: Ctx, at: str) -> Reply:
        hour = reminders.parse_hour(at)
        now = self.clock()

        def job(conn: Connection) -> tuple[str, datetime | None]:
            found = conn.execute(
                update(UserSettingsRow)
                .where(UserSettingsRow.user_id == ctx.user_id)
                .values(streak_remind_hour=hour, streak_remind_at=None)
            )
            if found.rowcount == 0:
                conn.execute(
                    insert(UserSettingsRow).values(user_id=ctx.user_id, streak_remind_hour=hour)
                )
            tz = conn.scalar(timezone_query(ctx.user_id)) or "UTC"
            return tz, reminders.rearm(conn, ctx.user_id, now)

        tz, due = await self.db.write(job)
        if hour is None:
            facts = ["Streak reminders are off."]
        else:
            facts = [
                f"On a day your play streak would break, I DM you at {hour:02d}:00 ({tz}).",
                f"Next reminder: {due.astimezone(zone(tz)):%Y-%m-%d %H:%M}."
                if due is not None
                else "None is due now: your next play arms it.",
            ]
            if tz == "UTC":
                facts.append("Your timezone is UTC; set yours with `/log timezone`.")
        return Reply(title="Streak reminder", facts=facts, colour=COLOUR, ephemeral=True)

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
        sends = []
        async with self.db.sessions() as session:
            for d in claimed:
                f = queries.Filters(user_id=d.user_id)
                days, _, _ = await queries.play_streaks(session, f, day_number(now, d.timezone))
                facts = [
                    f"Your {days}-day play streak breaks at midnight unless you play today: "
                    "finish a game or `/log play`.",
                    "Turn these reminders off with `/log remind`.",
                ]
                reply = Reply(title="Streak reminder", facts=facts, colour=COLOUR)
                sends.append((d.user_id, d.locale, reply))
        return sends

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
                reminders.rearm(conn, ctx.user_id, self.clock())
            return len(fresh)

        added = await self.db.write(job)
        skipped = len(rows) - added
        return Reply(
            title="Logbook import",
            facts=[f"Imported {added:,} play(s); skipped {skipped:,} duplicate(s)."],
            colour=COLOUR,
            ephemeral=True,
        )
