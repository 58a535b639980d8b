"""Filters before they run (a campaign or thread the player has plays in) and the player's
campaign names for autocomplete."""

from __future__ import annotations

from sqlalchemy import func, select

from bot.logbook.base import LogbookBase, game_filter
from bot.store.models import ChallengeRow, PlayRow
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
        challenge: int | None = None,
    ) -> None:
        """Refuse bad filters before a front-end shows "thinking…" in public, so the one-line
        message can still be private."""
        game_filter(game, opponent)
        if campaign is not None or thread is not None or challenge is not None:
            async with self.db.sessions() as session:
                who = user_id or ctx.user_id
                await self._check_scope(session, ctx, who, campaign, thread, challenge)

    async def challenges(self, user_id: int, typed: str = "") -> list[tuple[str, int]]:
        """The server challenges the player has plays in whose number or name holds `typed`,
        newest first, as (label, number)."""
        needle = typed.strip().lower().lstrip("#")
        async with self.db.sessions() as session:
            rows = await session.execute(
                select(ChallengeRow.id, ChallengeRow.name)
                .where(
                    ChallengeRow.id.in_(
                        select(PlayRow.challenge_id).where(
                            PlayRow.user_id == user_id, PlayRow.challenge_id.is_not(None)
                        )
                    )
                )
                .order_by(ChallengeRow.id.desc())
                .limit(200)
            )
            found = [(f"#{number} · {name}", number) for number, name in rows]
        return [(label, n) for label, n in found if needle in label.lower()][:25]

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
