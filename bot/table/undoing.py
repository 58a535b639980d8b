"""Undo: the steps in force replayed from the nearest snapshot (or the seed) in a worker thread,
without the last ones; a finished game's final may be undone too (bot/table/finish.py)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, select

from bot.core.errors import InputError, RuleError
from bot.core.game import Rules
from bot.core.reply import Ctx, Reply
from bot.core.said import listed, say
from bot.games.registry import rules_for
from bot.hosting.logs import command_logged
from bot.i18n.plural import count
from bot.store.models import ActionRow, GameRecord, SnapshotRow
from bot.table import finish
from bot.table.contest_secrets import refuse_undo
from bot.table.replay import UNDO, effective_entries, replay_from
from bot.table.stage import Stage
from bot.table.writing import Change, Offload, Write


class Undoing(Stage):
    @command_logged("undo")
    async def undo(self, ctx: Ctx, steps: int = 1) -> Reply:
        if not 1 <= steps <= 50:
            raise InputError("Undo between 1 and 50 steps.")

        def plan(conn: Connection) -> Offload:
            # Not bounded by MAX_STEPS: an undo must always work, and each takes back a step.
            row = self.game_in_view(conn, ctx)
            ended = row.status == "finished"  # the channel's last game: its end may be undone
            self._check_player(row, ctx)
            refuse_undo(row)
            rules = rules_for(row.game_key)
            done, snapshot, above = self._in_force(conn, row, rules, steps)
            depth = done + len(above)
            if steps > depth:
                raise RuleError(finish.nothing_to_undo(conn, row, depth))
            keep = depth - steps

            def work() -> Write:  # the replay: at most SNAPSHOT_EVERY actions, in a thread
                if snapshot is None:
                    base, first = rules.new_game(row.options, row.seed)
                else:
                    base = rules.load(snapshot)
                    first = rules.describe(base)
                actions = [action for _, action in above[: keep - done]]
                state, outcome = replay_from(rules, base, first, actions)
                undone = listed(a["command"] for _, a in above[keep - done :])
                facts: list[str] = [
                    say(
                        "Undone {steps}: {undone}. The same cards will come again.",
                        steps=count(steps, "step"),
                        undone=undone,
                    )
                ]
                outcome.facts = facts
                values = {"state": state.model_dump(mode="json"), "depth": keep}
                if ended:
                    finish.reopening(row, values, facts)

                def reply(version: int) -> Reply:
                    return self._reply(rules, row, state, outcome, version)

                write = self._change(ctx, row, Change(UNDO, {"steps": steps}, facts, values, reply))
                return finish.unrecording(row, write) if ended else write

            return Offload(work)

        return await self._locked(ctx.guild_id, ctx.channel_id, plan)

    def _in_force(
        self, conn: Connection, row: GameRecord, rules: Rules, steps: int
    ) -> tuple[int, dict[str, Any] | None, list[tuple[int, dict[str, Any]]]]:
        """The actions in force as (depth of the snapshot they start from, its state or None
        for the seed, the (seq, action) above it), reading only the log after that snapshot:
        an undo costs the same in a long game as in a short one. A snapshot at depth d is in
        force while the game is deeper than d (any act at depth d replaces it). A game begun
        before snapshots (no depth) reads its whole log, once."""
        if row.depth is not None and row.depth >= steps:
            found = conn.execute(
                select(SnapshotRow.depth, SnapshotRow.action_seq, SnapshotRow.state)
                .where(SnapshotRow.game_id == row.id, SnapshotRow.depth <= row.depth - steps)
                .order_by(SnapshotRow.depth.desc())
                .limit(1)
            ).first()
            done, after, state = found if found is not None else (0, 1, None)
            above = effective_entries(self._log(conn, row.id, after), rules, above=True)
            if above is not None and done + len(above) == row.depth:
                return done, state, above
        return 0, None, effective_entries(self._log(conn, row.id), rules) or []

    @staticmethod
    def _log(
        conn: Connection, game_id: int, after: int = 1
    ) -> list[tuple[int, str, dict[str, Any]]]:
        """(seq, command, args) of every entry after `after` (by default, after the start)."""
        rows = conn.execute(
            select(ActionRow.seq, ActionRow.command, ActionRow.args)
            .where(ActionRow.game_id == game_id, ActionRow.seq > after)
            .order_by(ActionRow.seq)
        )
        return [(seq, command, args) for seq, command, args in rows]
