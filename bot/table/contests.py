"""Server challenges: a host opens one (a game, its start options, a secret seed, a length in
days, attempts per player); each player joins with that exact game at a table of their own;
results are ranked by margin over the opponent; at the end date the challenge closes once,
even with several processes (claimed like reminders), and its seed and the opponent's whole
draw order are revealed. Every front-end calls this service; the games themselves are started
by the table service's one `start`, with the attempt entered in the same transaction."""

from __future__ import annotations

import functools
import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Connection, bindparam, func, insert, select
from sqlalchemy.exc import IntegrityError

from bot.challenges.commands import MAX_ATTEMPTS, MAX_DAYS, Join
from bot.challenges.commands import SERVER_NAME_CHARS as NAME_CHARS
from bot.core.errors import InputError, NoGame, NotAllowed, RuleError
from bot.core.reply import Ctx, Reply
from bot.core.secrecy import SECRET_BITS, SECRET_FLOOR, attempt_seed
from bot.games.registry import spec_for
from bot.hosting.logs import command_logged
from bot.logbook.records import aware
from bot.store.models import ChallengeEntryRow, ChallengeRow, GameRow, utcnow
from bot.table import contest_confirm as confirming
from bot.table import contest_corrections as corrections
from bot.table import contest_standings as shown
from bot.table.commands import Abandon
from bot.table.contest_results import Attempt
from bot.table.contest_standings import Challenge, Entry
from bot.table.service import TableService

CHALLENGES = ChallengeRow.__table__
ENTRIES = ChallengeEntryRow.__table__
GAMES = GameRow.__table__
MAX_ID = 2**31 - 1  # challenges.id is an INTEGER
BATCH = 20  # challenges closed per scheduler tick at most
FIND = select(CHALLENGES).where(CHALLENGES.c.id == bindparam("challenge"))
IN_GUILD = (
    select(CHALLENGES)
    .where(CHALLENGES.c.guild_id == bindparam("guild"))
    .order_by((CHALLENGES.c.status == "open").desc(), CHALLENGES.c.id.desc())
    .limit(50)
)
ENTRIES_OF = (
    select(
        ENTRIES.c.game_id,
        ENTRIES.c.user_id,
        ENTRIES.c.attempt,
        ENTRIES.c.status,
        ENTRIES.c.score,
        ENTRIES.c.opponent_score,
        ENTRIES.c.outcome,
        ENTRIES.c.finished_at,
        ENTRIES.c.note,
        ENTRIES.c.voided_by,
        ENTRIES.c.uses_attempt,
        ENTRIES.c.name,
        ENTRIES.c.confirmed_by,
        GAMES.c.players,  # Fifth Avenue: the partner who confirms the scores
    )
    .select_from(ENTRIES.join(GAMES, GAMES.c.id == ENTRIES.c.game_id))
    .where(ENTRIES.c.challenge_id == bindparam("challenge"))
)
DUE = (
    select(CHALLENGES.c.id)
    .where(CHALLENGES.c.status == "open", CHALLENGES.c.closes_at <= bindparam("now"))
    .order_by(CHALLENGES.c.closes_at)
    .limit(BATCH)
)
NEXT = select(func.min(CHALLENGES.c.closes_at)).where(CHALLENGES.c.status == "open")
CLAIM = (
    CHALLENGES.update()
    .where(CHALLENGES.c.id == bindparam("challenge"), CHALLENGES.c.status == "open")
    .values(status=bindparam("new_status"), closed_at=bindparam("now"))
)
UNFINISHED = (
    ENTRIES.update()
    .where(ENTRIES.c.challenge_id == bindparam("challenge"), ENTRIES.c.status == "playing")
    .values(status="unfinished")
)
OPTION = re.compile(r"(?:^|\s)([A-Za-z_äöüÄÖÜß]+):")
NOT_OPTIONS = ("seed", "thread", "partner")
CLOSED = shown.CLOSED["closed"]
NONE_OPEN = "No server challenge is open here: a host opens one with `/challenge open`."


@dataclass(frozen=True)
class Closing:
    """A challenge just closed by this process: what to post in its announcement's channel."""

    challenge: Challenge
    standings: Reply
    reveal: Reply


def secret_seed() -> int:
    """A challenge's secret: 128 random bits, drawn once, shown to nobody until the close
    (`bot.core.secrecy`; tests fix it)."""
    return SECRET_FLOOR + secrets.randbits(SECRET_BITS)


def start_options(text: str | None) -> dict[str, str]:
    """`difficulty:hard modules:1 2 3` as {option: value}: a value runs to the next option."""
    text = (text or "").strip()
    if not text:
        return {}
    found = list(OPTION.finditer(text))
    if not found or found[0].start() != 0:
        raise InputError(
            "Give the start options as the game's start takes them, e.g. "
            "`difficulty:hard modules:1 2`."
        )
    options: dict[str, str] = {}
    for at, match in enumerate(found):
        end = found[at + 1].start() if at + 1 < len(found) else len(text)
        name = match.group(1)
        if name in NOT_OPTIONS:
            raise InputError(f"`{name}` is not a challenge option: the seed is drawn in secret.")
        options[name] = text[match.end() : end].strip()
    return options


def check_partner(ch: Challenge, ctx: Ctx, partner: int | None) -> None:
    """A game played by two (its spec names a `partner` start option: Fifth Avenue) needs a
    partner who is another member; no other game takes one (an attempt is its player's own)."""
    spec = spec_for(ch.game_key)
    if not spec.partner:
        if partner is not None:
            raise InputError(f"{spec.name} is played alone: leave out `partner`.")
        return
    if partner is None:
        raise InputError(
            f"{spec.name} is played by two: name your partner, "
            f"`{Join.line(challenge=ch.id, partner='@…')}`."
        )
    if partner == ctx.user_id:
        raise InputError(
            "Your partner is the other member at your table, not you: "
            f"`{Join.line(challenge=ch.id, partner='…')}`."
        )


WHO_MAY = {
    "close": "Only the host or a member with Manage Server can close a challenge.",
    "cancel": "Only the host or a member with Manage Server can cancel a challenge.",
}


def _who_may(ch: Challenge, ctx: Ctx, verb: str) -> None:
    if ctx.user_id != ch.host_id and not ctx.can_manage:
        raise NotAllowed(WHO_MAY[verb])


class Contests:
    def __init__(self, table: TableService) -> None:
        self.table = table
        self.db = table.db

    # ------------------------------------------------------------------ finding one
    def _one(self, conn: Connection, ctx: Ctx, challenge_id: int | None) -> Challenge:
        """The challenge asked for by number (of this server), else the server's one open
        challenge, else its latest."""
        if challenge_id is not None:
            found = None
            if 0 < challenge_id <= MAX_ID:  # an id beyond the column's range names none
                found = conn.execute(FIND, {"challenge": challenge_id}).one_or_none()
            if found is None or found.guild_id != ctx.guild_id:
                raise NoGame(f"This server has no challenge #{challenge_id}.")
            return Challenge.from_row(found)
        rows = [Challenge.from_row(r) for r in conn.execute(IN_GUILD, {"guild": ctx.guild_id})]
        running = [ch for ch in rows if ch.status == "open"]
        if len(running) > 1:
            named = ", ".join(f"#{ch.id} {ch.name}" for ch in running[:5])
            raise InputError(
                f"Several challenges are open here ({named}): name one with `challenge:`."
            )
        if not rows:
            raise NoGame(NONE_OPEN)
        return rows[0]

    async def find(self, ctx: Ctx, challenge_id: int | None = None) -> Challenge:
        return await self.db.read(lambda conn: self._one(conn, ctx, challenge_id))

    async def choices(self, guild_id: int, typed: str = "") -> list[tuple[str, int]]:
        """The server's challenges (open ones first) whose number or name holds `typed`."""
        rows = await self.db.read(lambda conn: list(conn.execute(IN_GUILD, {"guild": guild_id})))
        needle = typed.strip().lower().lstrip("#")
        found = [Challenge.from_row(r) for r in rows]
        return [
            (f"#{ch.id} · {ch.name} ({ch.status})", ch.id)
            for ch in found
            if needle in str(ch.id) or needle in ch.name.lower()
        ][:25]

    # ------------------------------------------------------------------ open
    @command_logged("challenge_open")
    async def open(
        self,
        ctx: Ctx,
        game_key: str,
        options: dict[str, Any],
        *,
        name: str,
        days: int,
        attempts: int = 1,
        locale: str | None = None,
    ) -> tuple[Challenge, Reply]:
        """Open a challenge (Manage Server) in ctx's server (the front-end refuses a DM; the
        console stands for one server): the options are checked by the game's start model and
        by what keeps the opponent the same for everyone; the seed is drawn here and shown to
        nobody until the close."""
        if not ctx.can_manage:  # Manage Server: MANAGE_GUILD, 1 << 5 in Discord's flags
            raise NotAllowed("Only a member with Manage Server can open a server challenge.")
        name = " ".join(name.split())[:NAME_CHARS]
        if not name:
            raise InputError("Give the challenge a name, e.g. `name:Winter in Vienna`.")
        if not 1 <= days <= MAX_DAYS:
            raise InputError(f"A challenge runs 1 to {MAX_DAYS} days.")
        if not 1 <= attempts <= MAX_ATTEMPTS:
            raise InputError(f"Each player has 1 to {MAX_ATTEMPTS} attempts.")
        spec = spec_for(game_key)
        options = spec.start_options(options)
        spec.same.check_start(options)
        seed = secret_seed()
        spec.rules.new_game(options, seed)  # a game that cannot start is refused here
        now = utcnow()
        values = {
            "guild_id": ctx.guild_id,
            "channel_id": ctx.channel_id,
            "host_id": ctx.user_id,
            "name": name,
            "game_key": game_key,
            "options": options,
            "seed": seed,
            "attempts": attempts,
            "status": "open",
            "opened_at": now,
            "closes_at": now + timedelta(days=days),
            "locale": locale,
        }

        def write(conn: Connection) -> Challenge:
            new = conn.execute(insert(ChallengeRow).values(values).returning(ChallengeRow.id))
            return Challenge(id=new.scalar_one(), message_id=None, closed_at=None, **values)

        challenge = await self.db.write(write)
        return challenge, shown.announcement(challenge)

    async def announced(self, challenge_id: int, message_id: int) -> None:
        """Remember the announcement, whose Join button and final post belong to it."""
        update = (
            CHALLENGES.update().where(CHALLENGES.c.id == challenge_id).values(message_id=message_id)
        )
        await self.db.write(lambda conn: conn.execute(update))

    # ------------------------------------------------------------------ join
    def _may_join(self, conn: Connection, ch: Challenge, user_id: int, now: datetime) -> int:
        """The number of the player's next attempt, or a one-line refusal."""
        if ch.status != "open" or ch.closes_at <= now:
            raise RuleError(CLOSED.format(id=ch.id))
        mine = list(
            conn.execute(
                select(
                    ENTRIES.c.attempt, ENTRIES.c.status, ENTRIES.c.game_id, ENTRIES.c.uses_attempt
                ).where(ENTRIES.c.challenge_id == ch.id, ENTRIES.c.user_id == user_id)
            )
        )
        running = next((m for m in mine if m.status == "playing"), None)
        if running is not None:
            raise RuleError(
                f"Your attempt {running.attempt} (game #{running.game_id}) is still running: "
                f"finish it, or `{Abandon.line()}` it there, before the next."
            )
        used = sum(m.status != "void" or bool(m.uses_attempt) for m in mine)
        if used >= ch.attempts:
            raise RuleError(f"You have used your {ch.attempts} attempt(s) in challenge #{ch.id}.")
        return len(mine) + 1  # a voided attempt given back still had its deck: the next is new

    async def check_join(
        self, ctx: Ctx, challenge_id: int | None, partner: int | None = None
    ) -> Challenge:
        """Whether the asker may join now, with this partner (before a thread opens for
        nothing)."""

        def read(conn: Connection) -> Challenge:
            ch = self._one(conn, ctx, challenge_id)
            self._may_join(conn, ch, ctx.user_id, utcnow())
            check_partner(ch, ctx, partner)
            return ch

        return await self.db.read(read)

    @command_logged("challenge_join")
    async def join(
        self,
        ctx: Ctx,
        challenge_id: int,
        *,
        partner: int | None = None,
        parent_id: int | None = None,
        locale: str | None = None,
        name: str | None = None,
    ) -> Reply:
        """Start the challenge's game for the asker in ctx's channel (their thread): the
        attempt is entered in the start's own transaction, so it counts exactly once. `name`
        is the asker's display name, kept so the standings name them from any process."""
        ch = await self.find(ctx, challenge_id)
        check_partner(ch, ctx, partner)
        players = [partner] if partner is not None else None
        expected = await self.db.read(lambda conn: self._may_join(conn, ch, ctx.user_id, utcnow()))

        def enter(conn: Connection, game_id: int, now: datetime) -> None:
            fresh = Challenge.from_row(conn.execute(FIND, {"challenge": ch.id}).one())
            attempt = self._may_join(conn, fresh, ctx.user_id, now)
            if attempt != expected:  # another join of theirs got in between: its deck differs
                raise RuleError(f"You have just joined challenge #{ch.id}.")
            try:
                conn.execute(
                    insert(ChallengeEntryRow).values(
                        game_id=game_id,
                        challenge_id=ch.id,
                        user_id=ctx.user_id,
                        attempt=attempt,
                        status="playing",
                        started_at=now,
                        name=name[:100] if name else None,
                    )
                )
            except IntegrityError:
                raise RuleError(f"You have just joined challenge #{ch.id}.") from None

        reply = await self.table.start(
            ctx,
            ch.game_key,
            ch.options,
            attempt_seed(ch.seed, expected),
            players,
            parent_id=parent_id,
            locale=locale,
            attempt=Attempt(ch.id, enter),
        )
        reply.facts.insert(0, shown.attempt_line(ch, expected))
        return reply

    # ------------------------------------------------------------------ reading
    async def _entries(self, challenge_id: int) -> list[Entry]:
        rows = await self.db.read(
            lambda conn: list(conn.execute(ENTRIES_OF, {"challenge": challenge_id}))
        )
        return [Entry(*row) for row in rows]

    @command_logged("challenge_info")
    async def info(self, ctx: Ctx, challenge_id: int | None = None) -> Reply:
        """The terms, and the asker's attempts so far."""
        ch = await self.find(ctx, challenge_id)
        reply = shown.announcement(ch)
        mine = [e for e in await self._entries(ch.id) if e.user_id == ctx.user_id]
        left = max(0, ch.attempts - len(mine))
        reply.facts.append(shown.attempts_left(len(mine), left))
        return reply

    @command_logged("challenge_standings")
    async def standings(self, ctx: Ctx, challenge_id: int | None = None) -> Reply:
        ch = await self.find(ctx, challenge_id)
        entries = await self._entries(ch.id)
        return shown.board(ch, entries, ctx.user_id, final=ch.status == "closed")

    @command_logged("challenge_replay")
    async def replay(
        self,
        ctx: Ctx,
        challenge_id: int | None = None,
        *,
        partner: int | None = None,
        parent_id: int | None = None,
        locale: str | None = None,
    ) -> Reply:
        """After the close: the challenge's game again, from its revealed secret, as an
        ordinary game in ctx's channel (the same opponent, the same draws)."""
        ch = await self.find(ctx, challenge_id)
        if ch.status == "open":
            stamp = int(ch.closes_at.timestamp())
            raise RuleError(
                f"Challenge #{ch.id} is still open: its game can be replayed after the close, "
                f"<t:{stamp}:f>."
            )
        if ch.status == "cancelled":
            raise RuleError(f"Challenge #{ch.id} was cancelled: its seed stays secret.")
        check_partner(ch, ctx, partner)
        players = [partner] if partner is not None else None
        reply = await self.table.start(
            ctx, ch.game_key, ch.options, ch.seed, players, parent_id=parent_id, locale=locale
        )
        reply.facts.insert(
            0, f"A replay of server challenge #{ch.id}, {ch.name}: an ordinary game, not ranked."
        )
        return reply

    # ------------------------------------------------------------------ corrections
    @command_logged("challenge_void")
    async def void(
        self,
        ctx: Ctx,
        challenge_id: int | None,
        player: int,
        attempt: int,
        reason: str,
        *,
        uses_attempt: bool = False,
    ) -> Reply:
        """The host or the server owner voids an attempt (`contest_corrections.void`)."""
        ch = await self.find(ctx, challenge_id)
        return await corrections.void(
            self.db, ctx, ch, player, attempt, reason, uses_attempt=uses_attempt
        )

    @command_logged("challenge_confirm")
    async def confirm(self, ctx: Ctx, game_id: int | None = None) -> Reply:
        """Fifth Avenue's partner confirms an attempt's scores (`contest_confirm`)."""
        return await confirming.confirm(self.db, ctx, game_id)

    # ------------------------------------------------------------------ the end
    def _close(self, conn: Connection, challenge_id: int, now: datetime, status: str) -> bool:
        """Claim the challenge (only while open: of two processes, one wins) and mark the
        attempts still running as unfinished, in one transaction."""
        taken = conn.execute(
            CLAIM, {"challenge": challenge_id, "new_status": status, "now": now}
        ).rowcount
        if taken != 1:
            return False
        conn.execute(UNFINISHED, {"challenge": challenge_id})
        return True

    async def _closing(self, challenge_id: int) -> Closing:
        """What to post once a challenge has closed: the final standings and the reveal."""
        ch = Challenge.from_row(
            await self.db.read(lambda conn: conn.execute(FIND, {"challenge": challenge_id}).one())
        )
        entries = await self._entries(ch.id)
        return Closing(ch, shown.board(ch, entries, None, final=True), shown.reveal(ch))

    @command_logged("challenge_close")
    async def close(self, ctx: Ctx, challenge_id: int | None = None) -> Closing:
        """The host (or Manage Server) closes it early."""
        ch = await self.find(ctx, challenge_id)
        _who_may(ch, ctx, "close")
        if ch.status != "open":
            raise RuleError(shown.CLOSED[ch.status].format(id=ch.id))
        now = utcnow()
        if not await self.db.write(lambda conn: self._close(conn, ch.id, now, "closed")):
            raise RuleError(CLOSED.format(id=ch.id))
        return await self._closing(ch.id)

    @command_logged("challenge_cancel")
    async def cancel(self, ctx: Ctx, challenge_id: int | None = None) -> tuple[Challenge, Reply]:
        """The host (or Manage Server) calls it off: no standings, the seed stays secret."""
        ch = await self.find(ctx, challenge_id)
        _who_may(ch, ctx, "cancel")
        if ch.status != "open":
            raise RuleError(shown.CLOSED[ch.status].format(id=ch.id))
        now = utcnow()
        if not await self.db.write(lambda conn: self._close(conn, ch.id, now, "cancelled")):
            raise RuleError(CLOSED.format(id=ch.id))
        ch = await self.find(ctx, ch.id)
        note = Reply(
            title=shown.title(ch),
            facts=[
                f"<@{ctx.user_id}> cancelled challenge #{ch.id}: no standings; its games go on "
                "as ordinary games."
            ],
            colour=shown.COLOUR,
        )
        return ch, note

    async def close_due(self, now: datetime | None = None) -> list[Closing]:
        """One scheduler tick: every open challenge past its end date, each claimed in its
        own transaction (a second process finds it taken and skips it)."""
        now = now or utcnow()
        due = await self.db.read(lambda conn: list(conn.execute(DUE, {"now": now}).scalars()))
        closed = []
        for challenge_id in due:
            claim = functools.partial(self._close, challenge_id=challenge_id, now=now)
            if await self.db.write(lambda conn, claim=claim: claim(conn, status="closed")):
                closed.append(await self._closing(challenge_id))
        return closed

    async def next_close(self) -> datetime | None:
        """When the next open challenge ends (None: none is open), for the scheduler's sleep."""
        found = await self.db.read(lambda conn: conn.scalar(NEXT))
        return aware(found) if found is not None else None
