"""A player's play-count challenges: what `/challenge new|list|show|share|delete|restore` and
the console call. Progress is read from the logbook's plays each time (every source the
logbook stores: `/log play`, finished bot games, imports), never stored.

Writes are one job on the database's single writer, like every logbook write; a refusal is an
InputError raised before or inside it, so nothing changes."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import datetime

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from bot.challenges import text
from bot.challenges.progress import Play, Progress, progress
from bot.challenges.terms import (
    MOST_CHALLENGES,
    Entry,
    Terms,
    check_games,
    check_name,
    check_period,
    check_pick,
    name_key,
)
from bot.core.errors import InputError
from bot.core.reply import Ctx, Reply
from bot.core.said import name as said_name
from bot.core.said import say
from bot.logbook.catalogue import catalogue
from bot.logbook.free import game_label, is_free
from bot.logbook.records import zone_of
from bot.logbook.timezones import day_date, day_number
from bot.store.database import Database, orm
from bot.store.models import PersonalChallengeRow, PlayRow, utcnow

COLOUR = 0xE69F00
C = PersonalChallengeRow
FULL = f"You have {MOST_CHALLENGES} challenges, the most at once: `/challenge delete` one first."


def terms_of(row: PersonalChallengeRow) -> Terms:
    pick = tuple(Entry.from_code(code) for code in row.pick) if row.pick is not None else None
    return Terms(row.name, row.games, row.plays, row.first_day, row.last_day, pick, row.solo)


def plays_of(session: Session, user_id: int, first: int, last: int) -> list[Play]:
    """The player's plays between two local days, in the order played (abandoned games are
    no plays)."""
    found = session.execute(
        select(
            PlayRow.local_day,
            PlayRow.game_key,
            PlayRow.opponent,
            PlayRow.difficulty,
            PlayRow.rival_id,
            PlayRow.game_name,
        )
        .where(
            PlayRow.user_id == user_id,
            PlayRow.local_day >= first,
            PlayRow.local_day <= last,
            PlayRow.outcome != "abandoned",
        )
        .order_by(PlayRow.played_at, PlayRow.id)
    )
    games = catalogue()
    return [  # a game the bot does not run is solo unless it names another real player
        Play(
            day,
            game,
            opponent,
            level,
            rival is not None or (game in games and games[game].shared),
            game_label(game, name) if is_free(game) else None,
        )
        for day, game, opponent, level, rival, name in found
    ]


def _names(rows: list[PersonalChallengeRow]) -> str:
    return ", ".join(f"**{row.name}**" for row in rows)


def pick_one(rows: list[PersonalChallengeRow], name: str | None) -> PersonalChallengeRow:
    """The challenge a command names; the only one where it names none."""
    if not rows:
        raise InputError("You have no challenges yet: `/challenge new` makes one.")
    if name is None:
        if len(rows) == 1:
            return rows[0]
        raise InputError(f"Name one of your challenges: {_names(rows)}.")
    key = name_key(name)
    for row in rows:
        if row.name_key == key:
            return row
    shown = " ".join(name.split())[:40].replace("`", "'")
    raise InputError(f"You have no challenge called **{shown}**; yours: {_names(rows)}.")


class ChallengeService:
    def __init__(self, db: Database, clock: Callable[[], datetime] = utcnow) -> None:
        self.db = db
        self.clock = clock

    @staticmethod
    def _live(session: Session, user_id: int) -> list[PersonalChallengeRow]:
        rows = session.scalars(
            select(C).where(C.user_id == user_id, C.deleted_at.is_(None)).order_by(C.id)
        )
        return list(rows)

    def _today(self, session: Session, user_id: int) -> int:
        return day_number(self.clock(), zone_of(session, user_id))

    def _progress(self, session: Session, user_id: int, terms: list[Terms]) -> list[Progress]:
        """Each challenge's progress, from one read of the plays they span."""
        if not terms:
            return []
        today = self._today(session, user_id)
        first = min(t.first_day for t in terms)
        plays = plays_of(session, user_id, first, max(t.last_day for t in terms))
        return [progress(t, plays, today) for t in terms]

    @staticmethod
    async def _reply(
        row: PersonalChallengeRow, found: Progress, header: list[str], locale: str, share: bool
    ) -> Reply:
        """One challenge with its picture (drawn off the event loop, no session open)."""
        from bot.challenges.picture import challenge_png  # Pillow on the first picture

        data = text.picture_data(found) | {"locale": locale}
        png = await asyncio.to_thread(challenge_png, data)
        return Reply(
            title=say("Challenge · {name}", name=said_name(row.name)),
            facts=[*header, *text.progress_lines(found, locale)],
            colour=COLOUR,
            files=[(f"challenge-{row.id}.png", png)],
            ephemeral=not share,
        )

    async def new(
        self,
        ctx: Ctx,
        name: str,
        *,
        plays: int,
        games: int | None = None,
        pick: str | None = None,
        solo: bool = False,
        start: str | None = None,
        end: str | None = None,
        locale: str = "en",
    ) -> Reply:
        shown = check_name(name)
        entries = check_pick(pick, solo) if pick is not None else None
        count = check_games(games, entries, solo)
        today = await self.db.read(orm(lambda session: self._today(session, ctx.user_id)))
        first, last = check_period(start, end, day_date(today))
        key = name_key(shown)
        taken = f"You already have a challenge called **{shown}**; choose another name."

        def job(session: Session) -> int:
            live = session.scalars(
                select(C.name_key).where(C.user_id == ctx.user_id, C.deleted_at.is_(None))
            ).all()
            if key in live:
                raise InputError(taken)
            if len(live) >= MOST_CHALLENGES:
                raise InputError(FULL)
            session.execute(  # a deleted one of this name can no longer come back
                delete(C).where(
                    C.user_id == ctx.user_id, C.name_key == key, C.deleted_at.is_not(None)
                )
            )
            row = C(
                user_id=ctx.user_id,
                name=shown,
                name_key=key,
                games=count,
                plays=plays,
                first_day=first,
                last_day=last,
                pick=[entry.code for entry in entries] if entries is not None else None,
                solo=solo,
                created_at=utcnow(),
            )
            session.add(row)
            session.flush()
            return int(row.id)

        try:
            row_id = await self.db.write(orm(job))
        except IntegrityError:  # the same name made at the same moment elsewhere
            raise InputError(taken) from None
        made = say(
            "New challenge **{name}**. `/challenge share` shows it in the channel.",
            name=said_name(shown),
        )

        def read(session: Session) -> tuple[PersonalChallengeRow, Progress]:
            row = session.get(C, row_id)
            assert row is not None  # written above; deleted only by its owner's own command
            [found] = self._progress(session, ctx.user_id, [terms_of(row)])
            return row, found

        row, found = await self.db.read(orm(read))
        return await self._reply(row, found, [made], locale, share=False)

    async def show(
        self, ctx: Ctx, name: str | None = None, *, share: bool = False, locale: str = "en"
    ) -> Reply:
        """A challenge's progress and picture; `share` posts it for the channel to see."""
        header = [f"<@{ctx.user_id}>"] if share else []

        def read(session: Session) -> tuple[PersonalChallengeRow, Progress]:
            row = pick_one(self._live(session, ctx.user_id), name)
            [found] = self._progress(session, ctx.user_id, [terms_of(row)])
            return row, found

        row, found = await self.db.read(orm(read))
        return await self._reply(row, found, header, locale, share)

    async def list_all(self, ctx: Ctx, locale: str = "en") -> Reply:
        def read(session: Session) -> list[Progress]:
            rows = self._live(session, ctx.user_id)
            return self._progress(session, ctx.user_id, [terms_of(r) for r in rows])

        found = await self.db.read(orm(read))
        facts = [text.list_line(p, locale) for p in found] or [
            say("You have no challenges yet: `/challenge new` makes one.")
        ]
        return Reply(title=say("Your challenges"), facts=facts, colour=COLOUR, ephemeral=True)

    async def delete(self, ctx: Ctx, name: str | None = None) -> Reply:
        """Deleted, but kept until the next delete, so `/challenge restore` can undo it."""
        row = await self.db.read(
            orm(lambda session: pick_one(self._live(session, ctx.user_id), name))
        )

        def job(session: Session) -> None:
            earlier = (C.user_id == ctx.user_id, C.deleted_at.is_not(None), C.id != row.id)
            session.execute(delete(C).where(*earlier))  # only the newest deletion comes back
            session.execute(
                update(C).where(C.id == row.id, C.deleted_at.is_(None)).values(deleted_at=utcnow())
            )

        await self.db.write(orm(job))
        facts = [
            say(
                "Deleted the challenge **{name}**. `/challenge restore` brings it back.",
                name=said_name(row.name),
            )
        ]
        return Reply(title=say("Challenges"), facts=facts, colour=COLOUR, ephemeral=True)

    async def restore(self, ctx: Ctx) -> Reply:
        def job(session: Session) -> str:
            gone = session.scalars(
                select(C).where(C.user_id == ctx.user_id, C.deleted_at.is_not(None))
            ).first()
            if gone is None:
                raise InputError("You have no deleted challenge to bring back.")
            live = session.scalars(
                select(C.name_key).where(C.user_id == ctx.user_id, C.deleted_at.is_(None))
            ).all()
            if len(live) >= MOST_CHALLENGES:
                raise InputError(FULL)
            gone.deleted_at = None
            session.flush()
            return gone.name

        name = await self.db.write(orm(job))
        facts = [say("The challenge **{name}** is back.", name=said_name(name))]
        return Reply(title=say("Challenges"), facts=facts, colour=COLOUR, ephemeral=True)

    async def names(self, user_id: int, typed: str = "") -> list[str]:
        """The player's challenge names containing `typed`, for autocomplete."""
        needle = name_key(typed)
        rows = await self.db.read(orm(lambda session: self._live(session, user_id)))
        return [row.name for row in rows if needle in row.name_key][:MOST_CHALLENGES]
