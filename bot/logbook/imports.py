"""`/log import`: a file of plays in, whichever it is: the logbook's own CSV, a BG Stats
export or BoardGameGeek's plays XML (told apart by their first character). All of it, or
nothing: one transaction; a bad play is named by its index."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from functools import partial

from sqlalchemy import select
from sqlalchemy.orm import Session

from bot.core.errors import InputError
from bot.core.reply import Ctx, Reply
from bot.core.said import name, say
from bot.i18n.plural import count
from bot.logbook import bgg, bgstats
from bot.logbook.base import COLOUR
from bot.logbook.csvio import ImportedPlay
from bot.logbook.exchange import MAX_IMPORT_BYTES, Chosen, ForeignFile, Reader, importer
from bot.logbook.exports import Exports
from bot.logbook.records import zone_of
from bot.store.database import orm
from bot.store.models import UserSettingsRow

Progress = Callable[[str], Awaitable[None]]


def kind_of(data: bytes) -> str:
    """csv, bgstats or bgg, by the file's first character that is not a space."""
    head = data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"{") or head.startswith(b"["):
        return "bgstats"
    if head.startswith(b"<"):
        return "bgg"
    return "csv"


class Imports(Exports):
    async def import_file(
        self,
        ctx: Ctx,
        data: bytes,
        progress: Progress | None = None,
        *,
        me: str | None = None,
        opponent: str | None = None,
    ) -> Reply:
        if len(data) > MAX_IMPORT_BYTES:
            raise InputError(
                f"The file is larger than {MAX_IMPORT_BYTES // 1_000_000} MB; nothing was imported."
            )
        kind = kind_of(data)
        if kind == "csv":
            if me or opponent:
                raise InputError("`me` and `opponent` are for BG Stats and BoardGameGeek files.")
            return await self.import_csv(ctx, data, progress)

        def job(session: Session) -> tuple[str, str | None]:
            named = select(UserSettingsRow.import_name).where(
                UserSettingsRow.user_id == ctx.user_id
            )
            return zone_of(session, ctx.user_id), session.scalar(named)

        tz, remembered = await self.db.read(orm(job))
        parse = bgstats.parse if kind == "bgstats" else bgg.parse
        found: ForeignFile = await asyncio.to_thread(parse, data)
        ids = await asyncio.to_thread(self.bgg)
        reader = Reader(
            bgg=ids,
            tz=tz,
            now=self.clock(),
            is_me=importer(found, me, remembered),
            chosen=Chosen.of(opponent),
        )
        rows: list[ImportedPlay] = await asyncio.to_thread(reader.rows, found.plays)
        if not found.plays:
            raise InputError(f"The {found.kind} file has no plays in it.")
        if progress is not None:
            await progress(say("Checked {plays}; writing them…", plays=count(len(rows), "play")))
        remember = " ".join(me.split())[:100] if me and me.strip() else None
        added = await self.db.write(partial(self._write, ctx, rows, True, remember))
        facts = [
            say(
                "Imported {added} from {kind}; skipped {skipped}.",
                added=count(added, "play"),
                kind=name(found.kind),  # BG Stats, BoardGameGeek: printed names
                skipped=count(len(rows) - added, "duplicate"),
            )
        ]
        if reader.not_mine:
            plays = count(reader.not_mine, "play")
            facts.append(say("{plays} without you in it, left out.", plays=plays))
        if found.incomplete:
            plays = count(found.incomplete, "play")
            facts.append(say("Skipped {plays} marked incomplete.", plays=plays))
        facts.append(say("Your streaks, stats and charts count them now: `/streak`, `/stats`."))
        return Reply(title=say("Logbook import"), facts=facts, colour=COLOUR, ephemeral=True)
