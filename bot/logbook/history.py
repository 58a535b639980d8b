"""A player's plays, newest first, a page at a time (/history), optionally of one campaign,
thread or server challenge."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from bot.core.errors import InputError
from bot.core.reply import Ctx, Reply
from bot.core.said import say, typed
from bot.logbook import commands, queries
from bot.logbook.base import COLOUR, LogbookBase, play_line, scope_lines, stacked
from bot.store.database import orm
from bot.store.models import PlayRow

PAGE = 10


class History(LogbookBase):
    async def history(
        self,
        ctx: Ctx,
        user_id: int | None = None,
        page: int = 1,
        *,
        campaign: str | None = None,
        thread: int | None = None,
        challenge: int | None = None,
    ) -> Reply:
        who = user_id or ctx.user_id
        where = queries.Filters(
            user_id=who, campaign=campaign, channel_id=thread, challenge_id=challenge
        ).where()

        def job(session: Session) -> tuple[int, list[str]]:
            self._check_scope(session, ctx, who, campaign, thread, challenge)
            total = int(
                session.scalar(select(func.count()).select_from(PlayRow).where(*where)) or 0
            )
            pages = max(1, -(-total // PAGE))
            if not 1 <= page <= pages:
                raise InputError(f"Page {page} does not exist; there are {pages}.")
            plays = session.execute(
                select(PlayRow)
                .where(*where)
                .order_by(PlayRow.played_at.desc(), PlayRow.id.desc())
                .offset((page - 1) * PAGE)
                .limit(PAGE)
            ).scalars()
            return pages, [play_line(p) for p in plays] or [
                say("No plays logged yet: `/log play`.")
            ]

        pages, lines = await self.db.read(orm(job))
        filtered = campaign is not None or thread is not None or challenge is not None
        if filtered and page < pages:
            # The page buttons carry only (player, page); a filtered list pages by its option.
            older = typed(commands.History.line(page=page + 1))
            lines.append(say("Older plays: `{line}` with the same filters.", line=older))
        return Reply(
            title=say("Plays · page {page}/{pages}", page=page, pages=pages),
            facts=[
                stacked(
                    [
                        f"<@{who}>",
                        *scope_lines(campaign=campaign, thread=thread, challenge=challenge),
                    ]
                ),
                *lines,
            ],
            colour=COLOUR,
            pager=None if filtered else (who, page, pages),
        )
