"""Filters before they run (a campaign or thread the player has plays in) and the player's
campaign names for autocomplete."""

from __future__ import annotations

from sqlalchemy import func, select

from bot.logbook.base import LogbookBase, game_filter
from bot.store.models import PlayRow
from bot.table.reply import Ctx


class Campaigns(LogbookBase):
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
        game_filter(game, opponent)
        if campaign is not None or thread is not None:
            async with self.db.sessions() as session:
                await self._check_scope(session, ctx, user_id or ctx.user_id, campaign, thread)

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
