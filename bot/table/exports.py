"""A game as a file: `/game export` writes its log and state as JSON; `/game import` replays
one (checked in bot/table/importing.py) and writes the game and its whole log at once."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from sqlalchemy import Connection, select

from bot.core.errors import RuleError
from bot.core.reply import Ctx, Reply
from bot.core.said import english_data, say, typed
from bot.games.registry import spec_for
from bot.hosting.logs import command_logged
from bot.i18n.plural import count
from bot.logbook.records import IMPORTED, logged_game, record_game
from bot.store.models import ActionRow, GameRecord, utcnow
from bot.table.commands import Import
from bot.table.contest_secrets import refuse_export
from bot.table.importing import EXPORT_FORMAT, ImportPlan, check_export
from bot.table.stage import Stage
from bot.table.writing import SNAPSHOTS_TABLE, Finish, Progress, Write, insert_log


def log_entries(conn: Connection, game_id: int) -> Any:
    """A game's log in order: (seq, user, at, command, args, facts) per step; the export
    writes it, the web page replays it (bot/table/page_reads.py)."""
    columns = (ActionRow.seq, ActionRow.user_id, ActionRow.created_at, ActionRow.command)
    return conn.execute(
        select(*columns, ActionRow.args, ActionRow.facts)
        .where(ActionRow.game_id == game_id)
        .order_by(ActionRow.seq)
    )


def export_file(conn: Connection, row: GameRecord) -> tuple[str, bytes, int]:
    """A game as the file `/game import` reads: (its name, its JSON, its log entries). A
    challenge's attempt whose secret is kept is refused (RuleError). `/game export` and the
    game's web page (bot/table/page_reads.py) write the same file."""
    refuse_export(conn, row)
    log = [
        {"seq": seq, "user_id": user, "at": at.isoformat(), "command": command, "args": args}
        for seq, user, at, command, args, _facts in log_entries(conn, row.id)
    ]
    document = {
        "format": EXPORT_FORMAT,
        "game": row.game_key,
        "game_id": row.id,
        "options": row.options,
        "seed": row.seed,
        "owner_id": row.owner_id,
        "players": row.players,
        "status": row.status,
        "log": log,
        "state": english_data(row.state),  # a question's lines as English text, as before
    }
    data = json.dumps(document, indent=1, sort_keys=True).encode()
    return f"soloist-game-{row.id}.json", data, len(log)


class Exports(Stage):
    @command_logged("export")
    async def export(self, ctx: Ctx) -> Reply:
        row = await self.viewed(ctx)
        name, data, entries = await self.db.read(lambda conn: export_file(conn, row))
        reply = self._note(
            row,
            [
                say(
                    "{n} log entries, seed {seed}. `{line}` replays it anywhere.",
                    n=entries,
                    seed=row.seed,
                    line=typed(Import.line()),
                )
            ],
            " · export",
        )
        reply.files = [(name, data)]
        return reply

    @command_logged("import_game")
    async def import_game(
        self, ctx: Ctx, raw: bytes | str, progress: Progress | None = None
    ) -> Reply:
        """Replay an export into this channel as a new game owned by the importer: checked by
        replay in memory first (in a worker thread), then the game row and its whole log are
        written in one transaction, so an interrupted import leaves nothing."""
        checked = await asyncio.to_thread(check_export, raw)
        if progress is not None:
            await progress(f"Replayed {count(len(checked.actions), 'step')}; writing the game…")

        def plan(conn: Connection) -> Write:
            self._none_running(conn, ctx, "import")
            return lambda conn: self._write_import(conn, ctx, checked)

        return await self._locked(ctx.guild_id, ctx.channel_id, plan)

    def _write_import(self, conn: Connection, ctx: Ctx, checked: ImportPlan) -> Finish:
        rules, now = checked.rules, utcnow()
        steps = len(checked.actions)
        state = checked.state.model_dump(mode="json")
        if checked.finished:  # in the write transaction, next to the play it would add
            spec = spec_for(rules.key)

            def as_now(options: dict[str, Any], saved: dict[str, Any]) -> tuple[dict, dict]:
                again = rules.load(saved).model_dump(mode="json")
                return spec.start_options(options), english_data(again)

            final = english_data(state)  # compared as English text, kept as messages or not
            same = logged_game(
                conn, ctx.user_id, rules.key, checked.seed, checked.options, final, as_now
            )
            if same is not None:
                raise RuleError(
                    f"Game #{same} is this game (same seed and moves) and is already in your "
                    "logbook: it counts once. Nothing was imported."
                )
        fields = {
            "guild_id": ctx.guild_id,
            "channel_id": ctx.channel_id,
            "game_key": rules.key,
            "options": checked.options,
            "seed": checked.seed,
            "owner_id": ctx.user_id,
            "players": [],
            "status": "finished" if checked.finished else "active",
            "state": state,
            "version": 1 + steps,
            "depth": steps,
            "created_at": now,
            "updated_at": now,
            "finished_at": now if checked.finished else None,
        }
        game_id = self._insert_game(conn, fields)
        start = {"options": checked.options, "seed": checked.seed, "players": []}
        entries = [("start", start, checked.start_facts)] + [
            (action["command"], {k: v for k, v in action.items() if k != "command"}, facts)
            for action, facts in checked.actions
        ]
        insert_log(conn, game_id, ctx.user_id, now, entries)
        if checked.snapshots:
            conn.execute(
                SNAPSHOTS_TABLE.insert(),
                [
                    {"game_id": game_id, "depth": depth, "action_seq": depth + 1, "state": state}
                    for depth, state in checked.snapshots.items()
                ],
            )
        row = GameRecord(id=game_id, **fields)
        if checked.finished:  # replayed from a file, not played here: marked imported
            record_game(conn, row, rules.results(checked.state), now, source=IMPORTED)

        def finish() -> Reply:
            reply = self._reply(rules, row, checked.state, checked.outcome, row.version)
            reply.facts = [
                f"Imported: {count(steps, 'step')} replayed from seed {checked.seed}.",
                *reply.facts[-3:],
            ]
            return reply

        return finish
