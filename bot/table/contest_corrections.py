"""Corrections of a server challenge's attempts, by the host or the server owner only: an
attempt is voided with a reason (shown in the standings with who voided it), and gives the
attempt back unless the host says it still uses one up. Manage Server alone grants nothing
here; only the attempt's player abandons it. A voided attempt leaves the standings and the
challenge's stats (`bot.logbook.queries.Filters`) alike."""

from __future__ import annotations

from sqlalchemy import Connection, bindparam, select

from bot.core.errors import InputError, NotAllowed, RuleError
from bot.core.reply import Ctx, Reply
from bot.core.said import name as printed
from bot.core.said import say
from bot.store.database import Database
from bot.store.models import ChallengeEntryRow
from bot.table import contest_standings as shown
from bot.table.contest_standings import Challenge

ENTRIES = ChallengeEntryRow.__table__
VOID_WHO = (
    "Only the challenge's host or the server owner can void an attempt (Manage Server alone "
    "does not)."
)
REASON_CHARS = 200
VOID = (
    ENTRIES.update()
    .where(
        ENTRIES.c.challenge_id == bindparam("challenge"),
        ENTRIES.c.user_id == bindparam("player"),
        ENTRIES.c.attempt == bindparam("number"),
        ENTRIES.c.status != "void",
    )
    .values(
        status="void",
        note=bindparam("reason"),
        voided_by=bindparam("by"),
        uses_attempt=bindparam("uses"),
    )
)


async def void(
    db: Database,
    ctx: Ctx,
    ch: Challenge,
    player: int,
    attempt: int,
    reason: str,
    *,
    uses_attempt: bool = False,
) -> Reply:
    """The host or the server owner voids an attempt, with a reason the standings show: it
    leaves the standings and the challenge's stats, and gives the attempt back unless
    `uses_attempt`. A running attempt's game goes on, unranked; nothing else changes it."""
    reason = " ".join(reason.split())
    if not reason:
        raise InputError("Say why the attempt is voided: `reason:…` (the standings show it).")
    if len(reason) > REASON_CHARS:
        raise InputError(f"A reason is at most {REASON_CHARS} characters.")
    if ctx.user_id != ch.host_id and not ctx.owns_server:
        raise NotAllowed(VOID_WHO)
    if ch.status == "cancelled":
        raise RuleError(shown.CLOSED["cancelled"].format(id=ch.id))
    values = {
        "challenge": ch.id,
        "player": player,
        "number": attempt,
        "reason": reason,
        "by": ctx.user_id,
        "uses": uses_attempt,
    }

    def write(conn: Connection) -> None:
        if conn.execute(VOID, values).rowcount != 1:
            found = conn.execute(
                select(ENTRIES.c.status).where(
                    ENTRIES.c.challenge_id == ch.id,
                    ENTRIES.c.user_id == player,
                    ENTRIES.c.attempt == attempt,
                )
            ).one_or_none()
            if found is None:
                raise InputError(f"<@{player}> has no attempt {attempt} in challenge #{ch.id}.")
            raise RuleError(f"<@{player}>'s attempt {attempt} is already void.")

    await db.write(write)
    used = (
        say("It still uses up the attempt. The standings show it with the reason.")
        if uses_attempt
        else say("The attempt is given back. The standings show it with the reason.")
    )
    voided = say(
        "<@{host}> voided <@{user}>'s attempt {n}: {reason}",
        host=ctx.user_id,
        user=player,
        n=attempt,
        reason=printed(reason),  # as the host typed it, in every language
    )
    return Reply(title=shown.title(ch), facts=[voided, used], colour=shown.COLOUR)
