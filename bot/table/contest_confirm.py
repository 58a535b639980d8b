"""Fifth Avenue's pair in a server challenge: the owner gives both final scores, so the margin
over their own partner rests on their word alone; the attempt ranks only once the partner
named at the join confirms them (the button on the final reply, or `/challenge confirm`).
Only that partner confirms: not the owner for them, not the host, not anyone else. Confirming
ranks the attempt and writes the partner's play into their own logbook, in one transaction,
so the standings and every logbook's stats change together."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Connection, select

from bot.challenges import commands
from bot.core.errors import InputError, NoGame, NotAllowed, RuleError
from bot.core.reply import Ctx, Reply
from bot.core.said import say, typed
from bot.games.registry import rules_for
from bot.logbook.records import aware, record_seat
from bot.store.database import Database
from bot.store.models import ChallengeEntryRow, ChallengeRow, GameRecord, GameRow, utcnow
from bot.table import contest_standings as shown
from bot.table.contest_standings import Challenge

ENTRIES = ChallengeEntryRow.__table__
GAMES = GameRow.__table__
CHALLENGES = ChallengeRow.__table__
ATTEMPTS = select(ENTRIES, GAMES.c.players, GAMES.c.guild_id).join(
    GAMES, GAMES.c.id == ENTRIES.c.game_id
)
CONFIRM = ENTRIES.update().where(ENTRIES.c.status == "confirming")
LINE = "`/challenge confirm game:{id}`"
NONE_WAITING = "No attempt here waits for your confirmation of its scores."
OWN = (
    "These are your own scores: only <@{partner}>, your partner in game #{id}, confirms them "
    "(the button on the final, or {line})."
)
NOT_YOURS = "Only <@{partner}>, <@{owner}>'s partner in game #{id}, confirms its scores."
ALREADY = "<@{partner}> has already confirmed the scores of game #{id}."
NOTHING = "Game #{id} has no scores waiting for confirmation."
SEVERAL = "Several attempts wait for your confirmation ({games}): name one with `game:`."
CLOSED = (
    "Challenge #{id} has closed: its standings are final, and game #{game} stays unconfirmed, "
    "not ranked."
)
DONE = (
    "<@{partner}> confirmed the final scores of <@{owner}>'s attempt {n} in server challenge "
    "#{challenge} ({score}–{other}): it ranks now, and the game is in their logbook too."
)


def partner_of(found: Any) -> int | None:
    """The other real player a game's start named (Fifth Avenue's partner)."""
    return int(found.players[0]) if found.players else None


def _find(conn: Connection, ctx: Ctx, game_id: int | None) -> Any:
    """The attempt to confirm: game `game_id` (in this server), else the one attempt here that
    waits for the asker's confirmation."""
    if game_id is not None:
        found = conn.execute(ATTEMPTS.where(ENTRIES.c.game_id == game_id)).one_or_none()
        if found is None or found.guild_id != ctx.guild_id:
            raise NoGame(f"Game #{game_id} is no attempt in a server challenge here.")
        return found
    waiting = list(
        conn.execute(
            ATTEMPTS.where(ENTRIES.c.status == "confirming", GAMES.c.guild_id == ctx.guild_id)
        )
    )
    mine = [w for w in waiting if partner_of(w) == ctx.user_id]
    if len(mine) > 1:
        games = ", ".join(f"#{w.game_id}" for w in mine[:10])
        raise InputError(SEVERAL.format(games=games))
    if mine:
        return mine[0]
    own = next((w for w in waiting if w.user_id == ctx.user_id), None)
    if own is not None:  # the owner asks: it is their partner's to confirm
        raise NotAllowed(
            OWN.format(partner=partner_of(own), id=own.game_id, line=LINE.format(id=own.game_id))
        )
    raise NoGame(NONE_WAITING)


def _check(found: Any, ch: Challenge, ctx: Ctx, now: datetime) -> int:
    """The partner who confirms, or a one-line refusal: only they, only while it waits and
    the challenge is open."""
    partner = partner_of(found)
    if partner is None:
        raise RuleError(f"Game #{found.game_id} was played alone: it has no scores to confirm.")
    if ctx.user_id != partner:
        line = LINE.format(id=found.game_id)
        if ctx.user_id == found.user_id:
            raise NotAllowed(OWN.format(partner=partner, id=found.game_id, line=line))
        raise NotAllowed(NOT_YOURS.format(partner=partner, owner=found.user_id, id=found.game_id))
    if found.status == "finished" and found.confirmed_by is not None:
        raise RuleError(ALREADY.format(partner=found.confirmed_by, id=found.game_id))
    if found.status != "confirming":
        raise RuleError(NOTHING.format(id=found.game_id))
    if ch.status == "cancelled":
        raise RuleError(shown.CLOSED["cancelled"].format(id=ch.id))
    if ch.status != "open" or ch.closes_at <= now:
        raise RuleError(CLOSED.format(id=ch.id, game=found.game_id))
    return partner


async def confirm(db: Database, ctx: Ctx, game_id: int | None = None) -> Reply:
    """The partner confirms an attempt's final scores: it ranks, and their play is written."""

    def write(conn: Connection) -> Reply:
        now = utcnow()
        found = _find(conn, ctx, game_id)
        row = conn.execute(select(CHALLENGES).where(CHALLENGES.c.id == found.challenge_id)).one()
        ch = Challenge.from_row(row)
        partner = _check(found, ch, ctx, now)
        done = conn.execute(
            CONFIRM.where(ENTRIES.c.game_id == found.game_id).values(
                status="finished", confirmed_by=partner
            )
        )
        if done.rowcount != 1:  # confirmed (or voided) a moment ago, by another process
            raise RuleError(ALREADY.format(partner=partner, id=found.game_id))
        game = GameRecord.from_row(
            conn.execute(select(GAMES).where(GAMES.c.id == found.game_id)).one()
        )
        rules = rules_for(game.game_key)
        seats = rules.results(rules.load(game.state))
        played = aware(game.finished_at) if game.finished_at is not None else now
        record_seat(conn, game, seats, "partner", played, now)
        facts = [
            say(
                DONE,
                partner=partner,
                owner=found.user_id,
                n=found.attempt,
                challenge=ch.id,
                score=found.score,
                other=found.opponent_score,
            ),
            say(
                "`{line}` shows the rank.",
                line=typed(commands.Standings.line(challenge=ch.id)),
            ),
        ]
        return Reply(title=shown.title(ch), facts=facts, colour=shown.COLOUR)

    return await db.write(write)
