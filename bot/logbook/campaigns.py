"""Filters before they run (a campaign, thread or free game the player has plays in) and the
player's campaign and free game names for autocomplete."""

from __future__ import annotations

from sqlalchemy import Connection, func, select
from sqlalchemy.orm import Session

from bot.core.reply import Ctx
from bot.logbook.base import LogbookBase, game_filter
from bot.logbook.free import FREE
from bot.store.database import orm
from bot.store.models import ChallengeRow, PlayRow

MOST_OFFERED = 25  # what an autocomplete shows


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
        key, rival = game_filter(game, opponent)
        who = user_id or ctx.user_id

        def job(session: Session) -> None:
            self._free_scope(session, ctx, who, key, game, rival)
            self._check_scope(session, ctx, who, campaign, thread, challenge)

        await self.db.read(orm(job))

    async def challenges(self, user_id: int, typed: str = "") -> list[tuple[str, int]]:
        """The server challenges the player has plays in whose number or name holds `typed`,
        newest first, as (label, number)."""
        needle = typed.strip().lower().lstrip("#")
        rows = await self.db.read(
            lambda conn: conn.execute(
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
            ).all()
        )
        found = [(f"#{number} · {name}", number) for number, name in rows]
        return [(label, n) for label, n in found if needle in label.lower()][:25]

    async def campaigns(self, user_id: int, typed: str = "") -> list[str]:
        """The player's campaign names containing `typed`, most recently played first."""
        needle = typed.strip().lower()
        rows = await self.db.read(
            lambda conn: conn.execute(
                select(PlayRow.campaign, func.max(PlayRow.played_at).label("last"))
                .where(PlayRow.user_id == user_id, PlayRow.campaign.is_not(None))
                .group_by(PlayRow.campaign)
                .order_by(func.max(PlayRow.played_at).desc())
                .limit(200)
            ).all()
        )
        names = [name for name, _ in rows]
        return [name for name in names if needle in name.lower()][:25]

    async def free_games(self, user_id: int, typed: str = "") -> list[str]:
        """The player's free game names containing `typed` (in any case), the most recently
        played first."""
        needle = " ".join(typed.casefold().split())

        def job(conn: Connection) -> tuple[dict[str, int], dict[int, str]]:
            rows = conn.execute(
                select(PlayRow.game_key, func.min(PlayRow.id), func.max(PlayRow.played_at))
                .where(PlayRow.user_id == user_id, PlayRow.game_key.startswith(FREE))
                .group_by(PlayRow.game_key)
                .order_by(func.max(PlayRow.played_at).desc(), PlayRow.game_key)
                .limit(500)
            )
            firsts = {key: first for key, first, _ in rows}
            names = conn.execute(
                select(PlayRow.id, PlayRow.game_name).where(PlayRow.id.in_(list(firsts.values())))
            )
            return firsts, dict(names.all())  # type: ignore[arg-type]

        firsts, names = await self.db.read(job)
        shown = [names.get(first) or key.removeprefix(FREE) for key, first in firsts.items()]
        return [name for name in shown if needle in name.casefold()][:MOST_OFFERED]

    async def free_opponents(self, user_id: int, key: str, typed: str = "") -> list[str]:
        """The opponents the player has written for one free game, most recent first."""
        needle = typed.casefold().strip()
        rows = await self.db.read(
            lambda conn: conn.execute(
                select(PlayRow.opponent)
                .where(PlayRow.user_id == user_id, PlayRow.game_key == key, PlayRow.opponent != "")
                .group_by(PlayRow.opponent)
                .order_by(func.max(PlayRow.played_at).desc())
                .limit(200)
            ).all()
        )
        seen: dict[str, str] = {}
        for (opponent,) in rows:
            seen.setdefault(opponent.casefold(), opponent)
        return [o for o in seen.values() if needle in o.casefold()][:MOST_OFFERED]
