"""A finished game on view: its result in one or two lines, and who may look at one by id.

A game by id (`/game show id:N`, `/game history id:N`) is open to the people who played it
(its owner, the players added to it, anyone who issued a command in it) from anywhere, and to
everyone in its server once it is part of a campaign: a campaign is the server's shared name
(`/game campaign`, offered to the whole server by autocomplete), so its games are public there.
Any other game is private to its players."""

from __future__ import annotations

from pydantic import BaseModel
from sqlalchemy import Connection

from bot.core.errors import NoGame, NotAllowed, RuleError
from bot.core.game import Rules
from bot.core.reply import Ctx
from bot.core.said import say
from bot.logbook.records import took_part
from bot.store.models import GameRecord
from bot.table.commands import Status
from bot.table.contest_secrets import keeping

OVER = {
    "win": "Game #{id} is over: {player} won against {rival}.",
    "loss": "Game #{id} is over: {player} lost to {rival}.",
    "tie": "Game #{id} is over: {player} and {rival} tied.",
}
UNDECIDED = "Game #{id} is over, without a result."
FINAL_SCORE = "Final score: {score} to {other}."
PRIVATE = "Game #{id} is private to its players; a game in a campaign is open to its whole server."
RUNNING = f"Game #{{id}} is still running: `{Status.line()}` in <#{{channel}}> shows it."
ABANDONED = "Game #{id} was abandoned: it has no result to show."


def ended_lines(row: GameRecord, rules: Rules, state: BaseModel) -> list[str]:
    """The finished game's result as its owner's logbook has it: who won, and the two real
    scores. In a game of two real players (Fifth Avenue) the rival is the other player."""
    seats = rules.results(state)
    owner = next((seat for seat in seats if seat.seat == "owner"), None)
    if row.status != "finished" or owner is None or owner.outcome not in OVER:
        return [say(UNDECIDED, id=row.id)]
    shared = any(seat.seat == "partner" for seat in seats) and row.players
    rival = f"<@{row.players[0]}>" if shared else owner.opponent
    player = f"<@{row.owner_id}>"
    lines: list[str] = [say(OVER[owner.outcome], id=row.id, player=player, rival=rival)]
    if owner.score is not None and owner.opponent_score is not None:
        lines.append(say(FINAL_SCORE, score=owner.score, other=owner.opponent_score))
    return lines


def may_see(conn: Connection, row: GameRecord, ctx: Ctx) -> bool:
    """Whether the asker may look at game `row` by its id (see the module's docstring)."""
    if ctx.user_id == row.owner_id or ctx.user_id in row.players:
        return True
    public = row.campaign is not None and row.guild_id and row.guild_id == ctx.guild_id
    if public and keeping(conn, row) is None:  # a challenge's game: its players' alone
        return True  # until the close (its steps show the opponent's coming cards)
    return took_part(conn, row.id, ctx.user_id)


def shown_game(conn: Connection, ctx: Ctx, game_id: int, row: GameRecord | None) -> GameRecord:
    """Game `game_id` (`row`, None if there is none) if it finished and the asker may look at
    it; a one-line refusal otherwise."""
    if row is None:
        raise NoGame(f"Game #{game_id} does not exist.")
    if not may_see(conn, row, ctx):
        raise NotAllowed(PRIVATE.format(id=game_id))
    if row.status == "active":
        raise RuleError(RUNNING.format(id=game_id, channel=row.channel_id))
    if row.status != "finished":
        raise RuleError(ABANDONED.format(id=game_id))
    return row
