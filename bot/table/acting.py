"""One rule command applied to the channel's game (typed, or from a button), and, when it ends
the game, the plays it writes into the logbook in the same transaction."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection

from bot.core.errors import InputError, NoGame, RuleError, StaleButton
from bot.core.game import SeatResult
from bot.core.reply import Ctx, Reply
from bot.core.said import say
from bot.games.registry import spec_for
from bot.hosting.logs import command_logged
from bot.logbook.records import took_part
from bot.store.models import GameRecord, utcnow
from bot.table.commands import Status
from bot.table.contest_secrets import check_action
from bot.table.leading import led_on
from bot.table.replay import SNAPSHOT_EVERY
from bot.table.stage import Stage, no_game
from bot.table.writing import Change, Write


class Acting(Stage):
    @command_logged("act", lambda _self, _ctx, _key, action, **k: str(action.get("command")))
    async def act(
        self,
        ctx: Ctx,
        game_key: str | None,
        action: dict[str, Any],
        *,
        game_id: int | None = None,
        expected_version: int | None = None,
    ) -> Reply:
        """Apply one rule command to the channel's game (or, from a button, to game_id)."""
        guild_id, channel_id = ctx.guild_id, ctx.channel_id
        if game_id is not None:
            guild_id, channel_id = await self._channel_of(game_id)

        def plan(conn: Connection) -> Reply | Write:
            found = self._read_hot(conn, ctx, game_id)
            if game_id is not None and (found is None or found[0].status != "active"):
                raise StaleButton(say("This button is out of date: that game has ended."))
            if found is None:
                raise NoGame(no_game(game_key))
            row, stored = found
            if expected_version is not None and row.version != expected_version:
                raise StaleButton(
                    say(
                        f"This button is out of date: the game has moved on. `{Status.line()}` "
                        "shows where it stands."
                    )
                )
            spec = spec_for(row.game_key)
            rules = spec.rules
            self._check_player(row, ctx)
            self._room(row)
            before = self._hot(conn, rules, row, stored)
            try:
                if game_key is not None and row.game_key != game_key:
                    raise RuleError(say("The game in this channel is {game}.", game=rules.name))
                typed = spec.english(action)  # the log keeps English tokens, whatever was typed
                check_action(row, ctx, typed)  # a server challenge: its owner's, its refusals
                state, outcome = rules.apply(before.state, typed)
            except (RuleError, InputError) as refused:  # it ends with a line that works now
                raise led_on(refused, spec, before.dumped) from None
            command = str(typed.get("command"))
            args = {k: v for k, v in typed.items() if k != "command" and v is not None}
            dumped = state.model_dump(mode="json")
            if dumped == before.dumped and not outcome.finished:  # nothing changed: nothing logged
                return self._reply(rules, row, state, outcome, row.version)
            values: dict[str, Any] = {"state": dumped}
            depth = None if row.depth is None else row.depth + 1
            if depth is not None:
                values["depth"] = depth
            seats = None
            if outcome.finished:
                values |= {"status": "finished", "finished_at": utcnow()}
                seats = rules.results(state)
                outcome.facts.append(say("The result is in your logbook: `/stats`, `/streak`."))
                outcome.facts += self._not_recorded(conn, row, seats, ctx)
                row.status = "finished"

            def reply(version: int) -> Reply:
                return self._reply(rules, row, state, outcome, version)

            def standing(after: GameRecord) -> Reply:
                return self._standing(rules, after, state)

            snapshot = dumped if depth and depth % SNAPSHOT_EVERY == 0 else None
            change = Change(
                command, args, outcome.facts, values, reply, seats, snapshot, state, standing
            )
            return self._change(ctx, row, change)

        return await self._locked(guild_id, channel_id, plan)

    async def _channel_of(self, game_id: int) -> tuple[int, int]:
        row = await self.db.read(lambda conn: self._game(conn, game_id))
        if row is None:
            raise StaleButton("This button is out of date: that game no longer exists.")
        return row.guild_id, row.channel_id

    @staticmethod
    def _not_recorded(
        conn: Connection, row: GameRecord, seats: list[SeatResult], ctx: Ctx
    ) -> list[str]:
        """Who finds this play in their logbook besides its owner: the partner a start names
        (Fifth Avenue's) does, in a server challenge once they confirm the scores (the
        attempt's line says so); another player only if they took part."""
        partner = row.players[0] if row.players else None
        if partner is None or partner == ctx.user_id or all(s.seat != "partner" for s in seats):
            return []
        if spec_for(row.game_key).partner:
            if row.challenge_id is not None:
                return []
            return [say("It is in <@{user}>'s logbook too, from their seat.", user=partner)]
        if took_part(conn, row.id, partner):
            return []
        return [
            f"<@{partner}> issued no command in this game, so it is not written into their "
            "logbook; they can add it with `/log play`."
        ]
