"""Looking at a game without changing it: status (and its unlogged twin for autocomplete), a
game's status by id, a game's read-only queries, and its history page by page."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select

from bot.core.errors import InputError, RuleError
from bot.games.registry import rules_for, spec_for
from bot.logs import command_logged
from bot.store.models import ActionRow, GameRecord
from bot.table.contest_secrets import hidden_args, hide_seeds, open_challenge
from bot.table.errors import NoGame
from bot.table.reply import Ctx, Reply
from bot.table.stage import Stage

HISTORY_PAGE = 10


class Reading(Stage):
    @command_logged("status")
    async def status(self, ctx: Ctx) -> Reply:
        return await self.look(ctx)

    async def look(self, ctx: Ctx) -> Reply:
        """`status` without its log line: autocomplete reads it on every keystroke."""
        row = await self.db.read(lambda conn: self._active(conn, ctx))
        rules = rules_for(row.game_key)
        state = rules.load(row.state)
        return self._reply(rules, row, state, rules.describe(state), row.version)

    async def game_status(self, game_id: int) -> tuple[GameRecord, Reply]:
        """Where game `game_id` stands, as `/game status` shows it, with its row (for posts
        made without an interaction: the living status message, reminders)."""
        row = await self.db.read(lambda conn: self._game(conn, game_id))
        if row is None:
            raise NoGame(f"Game #{game_id} does not exist.")
        rules = rules_for(row.game_key)
        state = rules.load(row.state)
        return row, self._reply(rules, row, state, rules.describe(state), row.version)

    @command_logged("query")
    async def query(self, ctx: Ctx, game_key: str, name: str, **args: Any) -> Reply:
        """A read-only question to the channel's game (e.g. Alea's odds): no lock, no log."""
        row = await self.db.read(lambda conn: self._active(conn, ctx))
        spec = spec_for(row.game_key)
        if row.game_key != game_key:
            raise RuleError(f"The game in this channel is {spec.name}.")
        query = spec.query(name)
        state = spec.rules.load(row.state)
        outcome = query(state, **args)
        reply = self._reply(spec.rules, row, state, outcome, row.version)
        reply.next_steps, reply.board, reply.ask = [], None, None
        return reply

    @command_logged("history")
    async def history(self, ctx: Ctx, page: int = 1) -> Reply:
        async with self.db.sessions() as session:
            row = await self._latest(session, ctx)
            secret = await session.run_sync(lambda s: open_challenge(s.connection(), row))
            total = await session.scalar(
                select(func.count()).select_from(ActionRow).where(ActionRow.game_id == row.id)
            )
            pages = max(1, -(-int(total or 0) // HISTORY_PAGE))
            if not 1 <= page <= pages:
                raise InputError(f"Page {page} does not exist; there are {pages}.")
            entries = (
                await session.execute(
                    select(ActionRow)
                    .where(ActionRow.game_id == row.id)
                    .order_by(ActionRow.seq)
                    .offset((page - 1) * HISTORY_PAGE)
                    .limit(HISTORY_PAGE)
                )
            ).scalars()
            lines = []
            for entry in entries:
                facts, shown = entry.facts, entry.args
                if secret is not None:  # a server challenge's seed waits for its close
                    facts, shown = hide_seeds(facts), hidden_args(entry.command, shown)
                summary = next((f for f in facts if not f.startswith("Seed ")), "")
                args = " ".join(f"{k}:{v}" for k, v in shown.items() if k != "options")
                lines.append(f"**{entry.seq}.** {entry.command} {args} — {summary[:120]}")
        return self._note(row, lines, f" · history {page}/{pages}")
