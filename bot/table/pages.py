"""The web pages' links (bot/web): a server's opt-in, and a link made, revoked or found.

A link opens one game, one player's page, one campaign or one server challenge. It carries a
token of 144 random bits (`secrets`); only the token's SHA-256 is stored, so a copy of the
database opens no page, and a page is found by the hash of the token it is asked for (an
index lookup on the hash: nothing compares the secret itself). A revoked link keeps its row
and answers 404 for ever.

Pages are off on Discord until a server turns them on (`/settings web on`, Manage Server), and
on in the console (its own server) unless it turns them off. Who may have a game's link is
who may look at the game: the channel's game in view for anyone there (as `/game status`),
a game by its number for its players (a campaign's for its whole server: bot/table/ended.py).
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, insert, select, update

from bot.core.errors import InputError, NoGame, NotAllowed, RuleError
from bot.core.reply import Ctx, Reply
from bot.core.said import say, typed
from bot.store.models import (
    ChallengeRow,
    GameRecord,
    GuildSettingsRow,
    PlayRow,
    WebLinkRow,
    utcnow,
)
from bot.table.commands import Page, Web
from bot.table.contest_secrets import keeping
from bot.table.ended import may_see
from bot.table.stage import Stage

TOKEN_BYTES = 18  # 144 random bits, 24 characters of URL-safe base64
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{24}")
KINDS = ("game", "player", "campaign", "challenge")
COLOUR = 0x2B6CB0
LINKS = WebLinkRow.__table__
OFF_HERE = (
    "Web pages are off in this server: someone with Manage Server turns them on with "
    f"`{Web.line(choice='on')}`."
)
NO_SERVER = "Web pages belong to a server: use this command in one."
ABANDONED = "Game #{id} was abandoned: it has no page."


def token_hash(token: str) -> str:
    """The stored form of a token: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("ascii", "replace")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def pages_on(setting: bool | None, console: bool) -> bool:
    """A server's choice wins; without one, pages are on in the console and off on Discord."""
    return setting if setting is not None else console


@dataclass(frozen=True)
class PageLink:
    """A link just made: its kind and token (the front-end builds the address), what it
    opens, and lines to say with it."""

    kind: str
    token: str
    title: str
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Link:
    """A live link as the web reads it, with whether its server has pages on."""

    id: int
    kind: str
    guild_id: int
    game_id: int | None
    user_id: int | None
    campaign: str | None
    challenge_id: int | None
    names: dict[str, str]
    on: bool


FIND_LINK = (
    select(
        LINKS.c.id,
        LINKS.c.kind,
        LINKS.c.guild_id,
        LINKS.c.game_id,
        LINKS.c.user_id,
        LINKS.c.campaign,
        LINKS.c.challenge_id,
        LINKS.c.names,
        LINKS.c.console,
        LINKS.c.token_hash,
        GuildSettingsRow.web_pages,
    )
    .select_from(LINKS.outerjoin(GuildSettingsRow, GuildSettingsRow.guild_id == LINKS.c.guild_id))
    .where(LINKS.c.revoked_at.is_(None))
)


def find_link(conn: Connection, token: str) -> Link | None:
    """The live link whose token this is, or None (a malformed token is never looked up)."""
    if not TOKEN_SHAPE.fullmatch(token):
        return None
    wanted = token_hash(token)
    row = conn.execute(FIND_LINK.where(LINKS.c.token_hash == wanted)).one_or_none()
    if row is None or not secrets.compare_digest(row.token_hash, wanted):
        return None
    names = {str(k): str(v) for k, v in (row.names or {}).items()}
    return Link(
        row.id,
        row.kind,
        row.guild_id,
        row.game_id,
        row.user_id,
        row.campaign,
        row.challenge_id,
        names,
        pages_on(row.web_pages, bool(row.console)),
    )


def revoked_games(conn: Connection, game_ids: Iterable[int]) -> set[int]:
    """The games among `game_ids` whose page a player revoked (`/game page revoke`) and that
    have had no new `/game page` since: every link to them revoked, none live. No route shows
    such a game (not its own link, not a player's, a campaign's or a challenge's page)."""
    wanted = sorted(set(game_ids))
    if not wanted:
        return set()
    rows = conn.execute(
        select(LINKS.c.game_id, LINKS.c.revoked_at.is_(None)).where(
            LINKS.c.game_id.in_(wanted), LINKS.c.kind == "game"
        )
    ).all()
    revoked = {game for game, live in rows if not live}
    live = {game for game, alive in rows if alive}
    return revoked - live


def _setting(conn: Connection, guild_id: int) -> bool | None:
    return conn.execute(
        select(GuildSettingsRow.web_pages).where(GuildSettingsRow.guild_id == guild_id)
    ).scalar_one_or_none()


def _mint(
    conn: Connection, ctx: Ctx, kind: str, guild_id: int, names: Mapping[int, str], **target: Any
) -> str:
    token = new_token()
    conn.execute(
        insert(WebLinkRow).values(
            token_hash=token_hash(token),
            kind=kind,
            guild_id=guild_id,
            made_by=ctx.user_id,
            console=ctx.console,
            names={str(k): v[:40] for k, v in names.items()},
            created_at=utcnow(),
            **target,
        )
    )
    return token


class Pages(Stage):
    # ------------------------------------------------------------------ the opt-in
    async def set_web_pages(self, ctx: Ctx, choice: str) -> Reply:
        """`/settings web choice:on` or `choice:off` (Manage Server)."""
        if choice not in ("on", "off"):
            raise InputError("Choose `on` or `off`.")
        if not ctx.guild_id and not ctx.console:
            raise InputError("Server settings can only be changed in a server.")
        if not ctx.can_manage:
            raise NotAllowed("Only members with Manage Server can change server settings.")
        on = choice == "on"

        def job(conn: Connection) -> None:
            changed = conn.execute(
                update(GuildSettingsRow)
                .where(GuildSettingsRow.guild_id == ctx.guild_id)
                .values(web_pages=on)
            )
            if changed.rowcount == 0:
                conn.execute(insert(GuildSettingsRow).values(guild_id=ctx.guild_id, web_pages=on))

        await self.db.write(job)
        text = (
            say(
                "Web pages are on in this server: `{line}` gives a game's link, and status "
                "messages and result cards link to their game's page.",
                line=typed(Page.line()),
            )
            if on
            else say(
                "Web pages are off in this server: its links open nothing until they are "
                "turned on again."
            )
        )
        return Reply(title=say("Settings"), facts=[text], colour=COLOUR)

    async def web_pages_on(self, guild_id: int) -> bool:
        """Whether a server shows its games on the web (Discord posts: no console here)."""
        if not guild_id:
            return False
        return bool(await self.db.read(lambda conn: _setting(conn, guild_id)))

    def _check_on(self, conn: Connection, ctx: Ctx, guild_id: int) -> None:
        if not guild_id and not ctx.console:
            raise RuleError(NO_SERVER)
        if not pages_on(_setting(conn, guild_id), ctx.console):
            raise RuleError(OFF_HERE)

    # ------------------------------------------------------------------ a game's link
    def _game_for_page(self, conn: Connection, ctx: Ctx, game_id: int | None) -> GameRecord:
        if game_id is None:
            return self.game_in_view(conn, ctx)
        row = self._game(conn, game_id)
        if row is None:
            raise NoGame(f"Game #{game_id} does not exist.")
        if not may_see(conn, row, ctx):
            raise NotAllowed(
                f"Game #{game_id} is private to its players; a game in a campaign is open "
                "to its whole server."
            )
        if row.status not in ("active", "finished"):
            raise RuleError(ABANDONED.format(id=game_id))
        return row

    async def game_page(
        self, ctx: Ctx, game_id: int | None = None, names: Mapping[int, str] | None = None
    ) -> PageLink:
        """A new link to a game's page (the channel's game in view, or game `game_id`)."""

        def job(conn: Connection) -> PageLink:
            row = self._game_for_page(conn, ctx, game_id)
            self._check_on(conn, ctx, row.guild_id)
            token = _mint(conn, ctx, "game", row.guild_id, names or {}, game_id=row.id)
            notes = []
            secret = keeping(conn, row)
            if secret is not None and secret.cancelled:
                notes.append(
                    f"Game #{row.id} was an attempt in a cancelled server challenge: its "
                    "secret is kept, so its page stays closed."
                )
            elif secret is not None:
                stamp = int(secret.closes_at.timestamp())
                notes.append(
                    f"Game #{row.id} is an attempt in a server challenge: its page opens "
                    f"after the close, <t:{stamp}:f>."
                )
            return PageLink("game", token, f"game #{row.id}", notes)

        return await self.db.write(job)

    async def post_page(
        self, game_id: int, held: int | None = None, names: Mapping[int, str] | None = None
    ) -> tuple[int, str | None] | None:
        """The link of a post nobody asked for (the status message, the result card): None
        when the game's server has pages off, or the game is a challenge attempt still
        secret; else (link id, token), the token None when link `held` is still live (the
        caller has its token), a new one otherwise. None too for a game whose links a player
        revoked: it gets one again only by `/game page`."""

        def read(conn: Connection) -> bool | None:
            row = self._game(conn, game_id)
            if row is None or not row.guild_id or not _setting(conn, row.guild_id):
                return None
            if keeping(conn, row) is not None or revoked_games(conn, [game_id]):
                return None  # revoked: no link until a player asks for one (`/game page`)
            if held is None:
                return False
            found = conn.execute(
                select(WebLinkRow.id).where(
                    WebLinkRow.id == held,
                    WebLinkRow.game_id == game_id,
                    WebLinkRow.revoked_at.is_(None),
                )
            ).first()
            return found is not None

        live = await self.db.read(read)
        if live is None:
            return None
        if live and held is not None:
            return held, None

        def job(conn: Connection) -> tuple[int, str | None]:
            row = self._game(conn, game_id)
            assert row is not None  # read above; games are never deleted
            ctx = Ctx(row.guild_id, row.channel_id, row.owner_id)
            token = _mint(conn, ctx, "game", row.guild_id, names or {}, game_id=row.id)
            found = conn.execute(
                select(WebLinkRow.id).where(WebLinkRow.token_hash == token_hash(token))
            ).scalar_one()
            return int(found), token

        return await self.db.write(job)

    async def revoke_game_pages(self, ctx: Ctx, game_id: int | None = None) -> Reply:
        """`/game page revoke`: every link to the game stops working (a player, or Manage
        Server); the next `/game page` gives a new one."""

        def job(conn: Connection) -> Reply:
            row = self._game_for_page(conn, ctx, game_id)
            player = ctx.user_id == row.owner_id or ctx.user_id in row.players
            if not (player or ctx.can_manage):
                raise NotAllowed(
                    "Only this game's players (or Manage Server) can revoke its web links."
                )
            revoked = conn.execute(
                update(WebLinkRow)
                .where(WebLinkRow.game_id == row.id, WebLinkRow.revoked_at.is_(None))
                .values(revoked_at=utcnow())
            ).rowcount
            if not revoked:
                text = say("Game #{id} has no web link to revoke.", id=row.id)
            else:
                text = say(
                    "Revoked every web link to game #{id} ({n}): they open nothing now. "
                    "`{line}` gives a new one.",
                    id=row.id,
                    n=revoked,
                    line=typed(Page.line()),
                )
            return self._note(row, [text], " · web page")

        return await self.db.write(job)

    # ------------------------------------------------------------------ other pages
    async def player_page(self, ctx: Ctx, names: Mapping[int, str] | None = None) -> PageLink:
        """A link to the asker's own page: their stats, streaks, plays and challenges."""

        def job(conn: Connection) -> PageLink:
            self._check_on(conn, ctx, ctx.guild_id)
            token = _mint(conn, ctx, "player", ctx.guild_id, names or {}, user_id=ctx.user_id)
            return PageLink("player", token, f"<@{ctx.user_id}>")

        return await self.db.write(job)

    async def campaign_page(
        self, ctx: Ctx, campaign: str, names: Mapping[int, str] | None = None
    ) -> PageLink:
        """A link to a campaign of this server (its games are the server's to see)."""
        wanted = " ".join(campaign.split())

        def job(conn: Connection) -> PageLink:
            self._check_on(conn, ctx, ctx.guild_id)
            found = conn.execute(
                select(PlayRow.campaign)
                .where(PlayRow.guild_id == ctx.guild_id, PlayRow.campaign.is_not(None))
                .group_by(PlayRow.campaign)
            ).scalars()
            name = next((n for n in found if n.casefold() == wanted.casefold()), None)
            if name is None:
                raise InputError(f'This server has no campaign "{wanted[:60]}" with a play yet.')
            token = _mint(conn, ctx, "campaign", ctx.guild_id, names or {}, campaign=name)
            return PageLink("campaign", token, f'campaign "{name}"')

        return await self.db.write(job)

    async def challenge_page(
        self, ctx: Ctx, challenge_id: int, names: Mapping[int, str] | None = None
    ) -> PageLink:
        """A link to a server challenge of this server: its terms and standings, and after
        the close every ranked attempt's game."""

        def job(conn: Connection) -> PageLink:
            found = conn.execute(
                select(ChallengeRow.guild_id, ChallengeRow.status, ChallengeRow.name).where(
                    ChallengeRow.id == challenge_id
                )
            ).one_or_none()
            if found is None or found.guild_id != ctx.guild_id:
                raise NoGame(f"This server has no challenge #{challenge_id}.")
            self._check_on(conn, ctx, ctx.guild_id)
            token = _mint(
                conn, ctx, "challenge", ctx.guild_id, names or {}, challenge_id=challenge_id
            )
            notes = []
            if found.status == "open":
                notes.append(
                    "Until the close the page shows the terms and the standings; every "
                    "ranked attempt's game comes after it."
                )
            return PageLink("challenge", token, f"server challenge #{challenge_id}", notes)

        return await self.db.write(job)
