"""A player's numbers (/stats with its chart, /streak) and a server's leaderboard."""

from __future__ import annotations

import asyncio
from typing import Any

from sqlalchemy.orm import Session

from bot.core.errors import InputError, RuleError
from bot.core.reply import Ctx, Reply
from bot.core.said import say
from bot.logbook import queries
from bot.logbook.base import COLOUR, LogbookBase, game_filter, scope_lines, signed, stacked
from bot.logbook.catalogue import catalogue, find_game
from bot.logbook.chart_data import prepare, window_end
from bot.logbook.timezones import EARLIEST, EPOCH, day_number
from bot.store.database import orm

PERIODS = {"all": None, "year": 365, "month": 30, "week": 7}
MIN_PLAYS_FOR_RATE = 5


class Stats(LogbookBase):
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
        challenge: int | None = None,
        chart: bool = True,
        locale: str = "en",
    ) -> Reply:
        """The picture is drawn in `locale` (replies are translated by the front-end; a
        picture's words cannot be)."""
        who = user_id or ctx.user_id
        key, rival = game_filter(game, opponent)

        def job(session: Session) -> tuple[str | None, str | None, int, Any, list[Any]]:
            name, shown_rival = self._free_scope(session, ctx, who, key, game, rival)
            self._check_scope(session, ctx, who, campaign, thread, challenge)
            f = queries.Filters(
                user_id=who,
                game=key,
                opponent=shown_rival,
                difficulty=difficulty,
                campaign=campaign,
                channel_id=thread,
                challenge_id=challenge,
            )
            today = self._today(session, who)
            s = queries.stats(session, f, today)
            first = (EARLIEST - EPOCH).days
            plays = queries.chart_plays(session, f, first, today + 1) if chart else []
            return name, shown_rival, today, s, plays

        name, rival, today, s, plays = await self.db.read(orm(job))
        scope = scope_lines(key, rival, difficulty, campaign, thread, name, challenge)
        rate = "—" if s.win_rate is None else f"{s.win_rate:.0%}"
        counts = {"plays": s.plays, "wins": s.wins, "losses": s.losses, "ties": s.ties}
        played = "**{plays}** plays · **{wins}** wins · {losses} losses · {ties} ties · "
        played += "win rate **{rate}**"
        if s.abandoned:
            played, counts["abandoned"] = played + " · {abandoned} abandoned", s.abandoned
        facts = [
            stacked([f"<@{who}>", *scope]),
            say(played, rate=rate, **counts),
            say(
                "Score margin: average {average}, best {best}",
                average=signed(s.average_margin),
                best=signed(s.best_margin),
            ),
            say("Win streak: **{wins}** (best {best})", wins=s.win_streak, best=s.best_win_streak),
            say(
                "Play streak: **{days}** day(s) (best {best})",
                days=s.play_streak,
                best=s.best_play_streak,
            ),
        ]
        reply = Reply(title=say("Stats"), facts=facts, colour=COLOUR)
        if chart and s.plays:
            scoped = campaign is not None or thread is not None  # a period of its own
            end = window_end([p.day for p in plays], today, scoped)
            png = await asyncio.to_thread(  # the data and the drawing off the event loop
                lambda: _stats_png(prepare(plays, end), locale)
            )
            reply.files = [(f"stats-{who}.png", png)]
        return reply

    async def streak(self, ctx: Ctx, user_id: int | None = None) -> Reply:
        who = user_id or ctx.user_id
        f = queries.Filters(user_id=who)

        def job(session: Session) -> tuple[int, int, int, int]:
            today = self._today(session, who)
            days, best_days, _ = queries.play_streaks(session, f, today)
            return days, best_days, *queries.win_streaks(session, f)

        days, best_days, wins, best_wins = await self.db.read(orm(job))
        line = say(
            "{who}: {days}-day play streak (best {best_days}) · {wins} win(s) in a row "
            "(best {best_wins})",
            who=f"<@{who}>",
            days=days,
            best_days=best_days,
            wins=wins,
            best_wins=best_wins,
        )
        return Reply(title=say("Streak"), facts=[line], colour=COLOUR)

    async def leaderboard(self, ctx: Ctx, game: str | None = None, period: str = "all") -> Reply:
        if period not in PERIODS:
            raise InputError(f"The period is one of {', '.join(PERIODS)}.")
        if not ctx.guild_id:
            raise RuleError("Leaderboards belong to a server.")
        key = find_game(game) if game else None
        days = PERIODS[period]
        since = day_number(self.clock(), "UTC") - days + 1 if days else None
        f = queries.Filters(guild_id=ctx.guild_id, game=key, since_day=since, played_here=True)
        board = await self.db.read(
            orm(lambda session: queries.leaderboard(session, f, MIN_PLAYS_FOR_RATE))
        )
        facts: list[str] = []
        for category, rows in board.items():
            shown: list[str] = [
                f"{i}. <@{u}> {v:.0%}" if category == "win rate" else f"{i}. <@{u}> {int(v)}"
                for i, (u, v) in enumerate(rows, start=1)
            ]
            if category == "win rate":
                head = say("**Win rate** (at least {n} decided plays)", n=MIN_PLAYS_FOR_RATE)
            else:
                head = say(f"**{category.capitalize()}**")
            facts.append(stacked([head, *(shown or [say("nobody yet")])]))
        scope = catalogue()[key].name if key else "all games"
        title = say("Leaderboard · {scope} · {period}", scope=scope, period=period)
        return Reply(title=title, facts=facts, colour=COLOUR)


def _stats_png(*args: Any) -> bytes:
    """In the worker thread: matplotlib loads on the first chart (not at start, and not on
    the event loop)."""
    from bot.logbook.charts import stats_png

    return stats_png(*args)
