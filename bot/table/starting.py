"""A game's beginning (`start`) and its end without a result (`abandon`)."""

from __future__ import annotations

import secrets
from typing import Any

from sqlalchemy import Connection

from bot.challenges.commands import Void
from bot.core.errors import InputError, NotAllowed
from bot.core.reply import Ctx, Reply
from bot.core.said import say
from bot.core.secrecy import MAX_SEED, valid_seed
from bot.games.registry import rules_for, spec_for
from bot.hosting.logs import command_logged
from bot.store.models import GameRecord, utcnow
from bot.table.contest_results import Attempt
from bot.table.stage import Stage
from bot.table.writing import Change, Finish, Write, insert_log

NOT_YOURS = (
    "Game #{id} is <@{owner}>'s attempt in a server challenge: only they abandon it. The "
    "challenge's host or the server owner may void it: `"
    + Void.line(player="…", attempt="…", reason="…")
    + "`."
)


class Starting(Stage):
    @command_logged("start", lambda _self, _ctx, game_key, *a, **k: f"{game_key}:start")
    async def start(
        self,
        ctx: Ctx,
        game_key: str,
        options: dict[str, Any],
        seed: int | None = None,
        players: list[int] | None = None,
        *,
        parent_id: int | None = None,
        locale: str | None = None,
        attempt: Attempt | None = None,
    ) -> Reply:
        """Start a game in ctx's channel; `parent_id` is the channel a thread game was opened
        from, `locale` the language of its public posts (status message, reminders); an
        `attempt` in a server challenge is entered in the same transaction, and its seed is
        not shown."""
        spec = spec_for(game_key)
        rules = spec.rules
        options = spec.start_options(options)
        players = [p for p in dict.fromkeys(players or []) if p != ctx.user_id]
        if seed is None:
            seed = secrets.randbelow(MAX_SEED)
        elif not valid_seed(seed):
            raise InputError(f"The seed must be between 0 and {MAX_SEED}.")
        state, outcome = rules.new_game(options, seed)

        def plan(conn: Connection) -> Write:
            self._none_running(conn, ctx, "start")
            return write

        def write(conn: Connection) -> Finish:
            now = utcnow()
            fields = {
                "guild_id": ctx.guild_id,
                "channel_id": ctx.channel_id,
                "game_key": game_key,
                "options": options,
                "seed": seed,
                "owner_id": ctx.user_id,
                "players": players,
                "status": "active",
                "state": state.model_dump(mode="json"),
                "version": 1,
                "depth": 0,
                "created_at": now,
                "updated_at": now,
                "parent_id": parent_id,
                "locale": locale,
                "challenge_id": attempt.challenge_id if attempt is not None else None,
            }
            game_id = self._insert_game(conn, fields)
            if attempt is not None:
                attempt.enter(conn, game_id, now)
            start = {"options": options, "seed": seed, "players": players}
            insert_log(conn, game_id, ctx.user_id, now, [("start", start, outcome.facts)])
            row = GameRecord(id=game_id, finished_at=None, **fields)

            def finish() -> Reply:
                reply = self._reply(rules, row, state, outcome, 1)
                if attempt is None:  # a challenge's seed is a secret until its close
                    reply.facts = [spec.replay_hint(options, seed, players), *reply.facts]
                return reply

            return finish

        return await self._locked(ctx.guild_id, ctx.channel_id, plan)

    @command_logged("abandon")
    async def abandon(self, ctx: Ctx) -> Reply:
        def plan(conn: Connection) -> Write:
            row = self._active(conn, ctx)
            if row.challenge_id is not None and ctx.user_id != row.owner_id:
                raise NotAllowed(NOT_YOURS.format(id=row.id, owner=row.owner_id))
            if ctx.user_id != row.owner_id and not ctx.can_manage:
                raise NotAllowed(
                    "Only the game's owner or a member with Manage Server can abandon it."
                )
            facts = [
                say(
                    "Game #{id} abandoned (logged as abandoned, not as a loss). "
                    "Start a new one whenever you like.",
                    id=row.id,
                )
            ]
            rules = rules_for(row.game_key)
            seats = rules.results(rules.load(row.state), abandoned=True)
            values = {"status": "abandoned", "finished_at": utcnow()}

            def reply(version: int) -> Reply:
                return self._note(row, facts, version=version)

            return self._change(ctx, row, Change("abandon", {}, facts, values, reply, seats))

        return await self._locked(ctx.guild_id, ctx.channel_id, plan)
