"""A player's logbook as files: exported as CSV and JSON, and a CSV imported back (marked
imported, duplicates skipped) in one write."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import replace
from functools import partial

from sqlalchemy import Connection, insert, select
from sqlalchemy.orm import Session

from bot.core.errors import InputError
from bot.core.reply import Ctx, Reply
from bot.core.said import say
from bot.i18n.plural import count
from bot.logbook import bgg, bgstats, csvio, reminders
from bot.logbook.base import COLOUR, LogbookBase
from bot.logbook.free_names import Spellings, spellings_query
from bot.logbook.records import IMPORTED, aware, timezone_query, zone_of
from bot.logbook.timezones import day_number
from bot.store.database import orm
from bot.store.models import PlayRow, UserSettingsRow, save_user_settings, utcnow

FORMATS = ("csv", "bgstats", "bgg")
PageLink = Callable[[int, int], Awaitable[str | None]]
ME = "Me"  # the player in an export, until they have given their name (`/log import me:`)


class Exports(LogbookBase):
    @staticmethod
    def _plays_of(session: Session, user_id: int) -> list[PlayRow]:
        rows = session.execute(
            select(PlayRow)
            .where(PlayRow.user_id == user_id)
            .order_by(PlayRow.played_at, PlayRow.id)
        )
        return list(rows.scalars())

    async def export(
        self, ctx: Ctx, format: str | None = None, pages: PageLink | None = None
    ) -> Reply:
        """All the player's plays: CSV and JSON (the default), a BG Stats file (`bgstats`)
        or a CSV for BoardGameGeek (`bgg`). `pages(game_id, guild_id)`: a game's web page
        where its server has pages on (else None), for the BG Stats comments."""
        kind = (format or "csv").strip().lower()
        if kind not in FORMATS:
            raise InputError(f"`format` is one of {', '.join(FORMATS)}.")

        def job(session: Session) -> tuple[list[PlayRow], str, str | None]:
            me = select(UserSettingsRow.import_name).where(UserSettingsRow.user_id == ctx.user_id)
            return (
                self._plays_of(session, ctx.user_id),
                zone_of(session, ctx.user_id),
                session.scalar(me),
            )

        plays, tz, me = await self.db.read(orm(job))
        if kind == "csv":
            return self._export_reply(
                say(
                    "{plays}, as CSV and JSON. `/log import` takes the CSV back.",
                    plays=count(len(plays), "play"),
                ),
                [
                    (f"soloist-plays-{ctx.user_id}.csv", csvio.to_csv(plays)),
                    (f"soloist-plays-{ctx.user_id}.json", csvio.to_json(plays)),
                ],
            )
        ids = await asyncio.to_thread(self.bgg)
        name = me or ME
        if kind == "bgstats":
            links: dict[int, str | None] = {}
            for play in plays if pages is not None else []:
                if play.game_id is not None and play.game_id not in links:
                    links[play.game_id] = await pages(play.game_id, play.guild_id)  # type: ignore[misc]
            document = bgstats.export(
                plays, tz, name, ids, self.clock(), lambda p: links.get(p.game_id or 0)
            )
            return self._export_reply(
                say(
                    "{plays}, as a BG Stats file: open it with BG Stats to import them. "
                    "`/log import` takes it back.",
                    plays=count(len(plays), "play"),
                ),
                [(f"soloist-plays-{ctx.user_id}.bgsplay", bgstats.to_bytes(document))],
            )
        return self._export_reply(
            say(
                "{plays}, one a line, for BoardGameGeek: log them there by hand or with your own "
                "tools (docs/plays-exchange.md says how).",
                plays=count(len(plays), "play"),
            ),
            [(f"soloist-plays-{ctx.user_id}-bgg.csv", bgg.to_csv(plays, tz, name, ids))],
        )

    @staticmethod
    def _export_reply(fact: str, files: list[tuple[str, bytes]]) -> Reply:
        return Reply(
            title=say("Logbook export"), facts=[fact], colour=COLOUR, files=files, ephemeral=True
        )

    async def import_csv(
        self, ctx: Ctx, data: bytes, progress: Callable[[str], Awaitable[None]] | None = None
    ) -> Reply:
        """The file's plays, as this player's, in this server and channel, marked imported:
        nothing in the file says where they were played or that the bot recorded them."""
        rows = await asyncio.to_thread(csvio.parse_csv, data, self.clock(), ctx.user_id)
        if progress is not None:
            await progress(say("Checked {plays}; writing them…", plays=count(len(rows), "play")))

        added = await self.db.write(partial(self._write, ctx, rows, False, None))
        skipped = len(rows) - added
        return Reply(
            title=say("Logbook import"),
            facts=[
                say(
                    "Imported {added}; skipped {skipped}.",
                    added=count(added, "play"),
                    skipped=count(skipped, "duplicate"),
                )
            ],
            colour=COLOUR,
            ephemeral=True,
        )

    def _write(
        self,
        ctx: Ctx,
        rows: list[csvio.ImportedPlay],
        same_day: bool,
        remember: str | None,
        conn: Connection,
    ) -> int:
        """The rows as the player's plays, marked imported, in one transaction: a play the
        logbook already has is skipped (its own CSV: the same moment, game, opponent, scores
        and outcome; another app's file, `same_day`: the same game, day and scores)."""
        tz = conn.scalar(timezone_query(ctx.user_id)) or "UTC"
        days = [day_number(r.played_at, tz) for r in rows]
        if remember is not None:
            save_user_settings(conn, ctx.user_id, import_name=remember)
        if not rows:
            return 0
        low, high = min(r.played_at for r in rows), max(r.played_at for r in rows)
        if same_day:
            query = select(
                PlayRow.game_key, PlayRow.local_day, PlayRow.score, PlayRow.opponent_score
            ).where(
                PlayRow.user_id == ctx.user_id,
                PlayRow.local_day >= min(days),
                PlayRow.local_day <= max(days),
            )
            existing = {tuple(found) for found in conn.execute(query)}
        else:
            query = select(
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
            existing = {(aware(at), *rest) for at, *rest in conn.execute(query)}
        free = [row.game for row in rows if row.name is not None]
        earlier = Spellings(conn.execute(spellings_query(ctx.user_id, free)) if free else [])
        now = utcnow()
        fresh = []
        for row, day in zip(rows, days, strict=True):
            if row.name is not None:  # as the player wrote this game and opponent before
                name, opponent = earlier.spell(row.game, row.name, row.opponent)
                row = replace(row, name=name, opponent=opponent)
            key = (row.game, day, row.score, row.opponent_score) if same_day else row.key
            if key in existing:
                continue
            if not same_day:  # another app's file may hold two plays alike (`quantity`)
                existing.add(key)
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
                    "bgg_id": row.bgg_id,
                    "score": row.score,
                    "opponent_score": row.opponent_score,
                    "outcome": row.outcome,
                    "turns": row.turns,
                    "duration_seconds": row.duration_seconds,
                    "played_at": row.played_at,
                    "local_day": day,
                    "game_id": None,
                    "source": IMPORTED,
                    "created_at": now,
                }
            )
        if fresh:
            conn.execute(insert(PlayRow.__table__), fresh)
            reminders.rearm(conn, ctx.user_id, self.clock())
        return len(fresh)
