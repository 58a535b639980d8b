"""A finished game's result card (its players' outcomes, streaks, campaign and a chart) and
where it is posted."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from sqlalchemy import Connection, select
from sqlalchemy.orm import Session

from bot.core.reply import Reply
from bot.core.said import name as said_name
from bot.core.said import say as message
from bot.logbook import queries
from bot.logbook.base import COLOUR, LogbookBase, levelled, signed
from bot.logbook.catalogue import catalogue
from bot.logbook.records import IMPORTED
from bot.store.database import orm
from bot.store.models import GameRow, PlayRow

CARD_RESULTS = 10  # the result card's chart: the player's last results of that game


class Cards(LogbookBase):
    async def result_card(self, game_id: int, say: Callable[[str], str] = str) -> Reply | None:
        """A finished game's result for its thread and the server's results channel: each
        recorded player's outcome, score and margin, streaks and campaign so far, and a chart
        of the first player's last results in that game. None when nothing was recorded."""

        def job(session: Session) -> tuple[list[PlayRow], list[str], list[Any]]:
            plays = list(
                session.execute(
                    select(PlayRow)
                    .where(PlayRow.game_id == game_id, PlayRow.source != IMPORTED)
                    .order_by(PlayRow.id)
                ).scalars()
            )
            if not plays or plays[0].outcome == "abandoned":
                return plays, [], []
            facts: list[str] = []
            for play in plays:
                facts += self._card_lines(session, play)
            first = plays[0]
            recent = session.execute(
                select(PlayRow.score, PlayRow.opponent_score, PlayRow.outcome)
                .where(
                    PlayRow.user_id == first.user_id,
                    PlayRow.game_key == first.game_key,
                    PlayRow.outcome.in_(("win", "loss", "tie")),
                )
                .order_by(PlayRow.played_at.desc(), PlayRow.id.desc())
                .limit(CARD_RESULTS)
            ).all()
            return plays, facts, list(recent)

        plays, facts, recent = await self.db.read(orm(job))
        if not plays or plays[0].outcome == "abandoned":
            return None
        first = plays[0]
        name = catalogue()[first.game_key].name if first.game_key in catalogue() else ""
        facts.append(message("Played in {channel}", channel=f"<#{first.channel_id}>"))
        title = message("Result · {game} · game #{id}", game=said_name(name), id=game_id)
        reply = Reply(title=title, facts=facts, colour=COLOUR)
        points = [
            (None if score is None or other is None else score - other, outcome)
            for score, other, outcome in reversed(recent)
        ]
        if any(margin is not None for margin, _ in points):
            png = await asyncio.to_thread(_results_png, points, say)  # off the event loop
            reply.files = [(f"result-{game_id}.png", png)]
        return reply

    def _card_lines(self, session: Session, play: PlayRow) -> list[str]:
        who = play.user_id
        rival: str = play.opponent
        if play.rival_id:
            rival = message("{who} (with {opponent})", who=f"<@{play.rival_id}>", opponent=rival)
        rival = levelled(rival, play.difficulty)
        outcome = message(play.outcome)
        if play.score is not None and play.opponent_score is not None:
            line = message(
                "{who} vs {rival}: **{outcome}** {score}–{other} (margin {margin})",
                who=f"<@{who}>",
                rival=rival,
                outcome=outcome,
                score=play.score,
                other=play.opponent_score,
                margin=signed(play.score - play.opponent_score),
            )
        else:
            line = message(
                "{who} vs {rival}: **{outcome}**", who=f"<@{who}>", rival=rival, outcome=outcome
            )
        f = queries.Filters(user_id=who)
        today = self._today(session, who)
        days, _, _ = queries.play_streaks(session, f, today)
        wins, _ = queries.win_streaks(session, f)
        lines = [
            line,
            message(
                "Play streak: **{days}** day(s) · win streak: **{wins}**", days=days, wins=wins
            ),
        ]
        if play.campaign is not None:
            c = queries.totals(session, queries.Filters(user_id=who, campaign=play.campaign))
            lines.append(
                message(
                    "Campaign **{name}**: {plays} play(s), {wins} win(s)",
                    name=said_name(play.campaign),
                    plays=c.plays,
                    wins=c.wins,
                )
            )
        return lines

    async def results_channel(self, game_id: int) -> tuple[int, int, int | None, str | None]:
        """(guild, channel, the server's results channel or None, the game's language)."""
        from bot.store.models import GuildSettingsRow

        def job(conn: Connection) -> tuple[Any, int | None]:
            game = conn.execute(
                select(GameRow.guild_id, GameRow.channel_id, GameRow.locale).where(
                    GameRow.id == game_id
                )
            ).one()
            target = conn.scalar(
                select(GuildSettingsRow.results_channel_id).where(
                    GuildSettingsRow.guild_id == game.guild_id
                )
            )
            return game, target

        game, target = await self.db.read(job)
        return game.guild_id, game.channel_id, target, game.locale


def _results_png(points: list[tuple[int | None, str]], say: Callable[[str], str]) -> bytes:
    """In the worker thread: matplotlib's first import (about half a second) included."""
    from bot.logbook.charts import results_png

    return results_png(points, say)
