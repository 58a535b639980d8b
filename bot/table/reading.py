"""Looking at a game without changing it: status (and its unlogged twin for autocomplete), a
game's status by id, a game's read-only queries, its history page by page, its score sheet,
and `/game show`.

Which game a reading command sees is decided once, in `Stage.viewed`: the channel's game in
view (`Stage.game_in_view`: the running game, else the last finished one until a new game
starts there), or a finished game asked for by id (`shown_game`). A finished game's reply
says so first, with its result (`bot/table/ended.py`), and offers no buttons."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel
from sqlalchemy import Connection, func, select

from bot.core.errors import InputError, NoGame, RuleError
from bot.core.game import Rules
from bot.core.reply import Ctx, Reply
from bot.core.said import Said, say, typed
from bot.core.spec import GameSpec
from bot.games.registry import GAMES, rules_for, spec_for
from bot.hosting.logs import command_logged
from bot.store.models import ActionRow, GameRecord, GameRow, PlayRow
from bot.table.commands import History, Undo
from bot.table.contest_secrets import hidden_args, hide_seeds, holds_result, keeping
from bot.table.ended import ended_lines
from bot.table.leading import start_line, starts_again, works_now
from bot.table.stage import Stage

HISTORY_PAGE = 10
HISTORY_LINE = "**{seq}.** {said} — {summary}"  # a step: its command as typed, what it said
STAYS = say(
    "This game is over; it stays on view here until a new game starts in this channel. "
    "`{history}` shows every step, `{undo}` takes back its final.",
    history=typed(History.line()),
    undo=typed(Undo.line()),
)
PLAYED_IN = "Played in {channel}; `{line}` shows every step."


class Reading(Stage):
    @command_logged("status")
    async def status(self, ctx: Ctx) -> Reply:
        return await self.look(ctx)

    async def works_now(self, ctx: Ctx, key: str = "") -> str | None:
        """A line that works now at the channel's game (bot/table/leading.py), for a line the
        console refused before it reached the table: the running game's, or a new start after
        one that ended; without a game, the start of the game `key` names (the group typed),
        else None."""
        try:
            row = await self.viewed(ctx)
        except NoGame:
            return start_line(spec_for(key)) if key in GAMES else None
        spec = spec_for(row.game_key)
        return works_now(spec, row.state) if row.status == "active" else starts_again(spec)

    async def look(self, ctx: Ctx) -> Reply:
        """`status` without its log line: autocomplete reads it on every keystroke."""
        return self._looked(await self.viewed(ctx))

    @command_logged("show")
    async def show(self, ctx: Ctx, game_id: int) -> Reply:
        """A finished game by its id, from anywhere: where it ended, its result, and its board
        picture where the game draws one."""
        row = await self.viewed(ctx, game_id)
        reply = self._looked(row, here=False)
        spec = spec_for(row.game_key)
        if reply.picture is None and "board" in spec.queries:
            reply.picture = spec.query("board")(spec.rules.load(row.state)).picture
        return reply

    async def finished_games(self, user_id: int, typed: str = "") -> list[tuple[int, str]]:
        """The finished games in the member's logbook whose number starts with `typed`, newest
        first, as (id, label), for autocomplete of `/game show id:`."""

        def read(conn: Connection) -> list[tuple[int, str]]:
            found = conn.execute(
                select(GameRow.id, GameRow.game_key, GameRow.finished_at)
                .join(PlayRow, PlayRow.game_id == GameRow.id)
                .where(PlayRow.user_id == user_id, GameRow.status == "finished")
                .order_by(GameRow.id.desc())
                .limit(200)
            )
            return [
                (game_id, f"#{game_id} · {rules_for(key).name} · {when:%Y-%m-%d}")
                for game_id, key, when in found
                if str(game_id).startswith(typed.strip().lstrip("#")) and when is not None
            ]

        return (await self.db.read(read))[:25]

    def _looked(self, row: GameRecord, *, here: bool = True) -> Reply:
        rules = rules_for(row.game_key)
        state = rules.load(row.state)
        reply = self._reply(rules, row, state, rules.describe(state), row.version)
        return self._read_only(reply, rules, row, state, here=here)

    def _read_only(
        self, reply: Reply, rules: Rules, row: GameRecord, state: BaseModel, *, here: bool = True
    ) -> Reply:
        """A reading command's reply; an ended game's says so first, with its result, and
        where to go on from it."""
        reply.read_only = True
        if row.status == "active":
            return reply
        reply.facts = [*ended_lines(row, rules, state), *reply.facts]
        if here:
            reply.prompt = STAYS
        else:
            line = typed(History.line(id=row.id))
            reply.prompt = say(PLAYED_IN, channel=f"<#{row.channel_id}>", line=line)
        return reply

    async def holds_result(self, game_id: int) -> bool:
        """Whether game `game_id`'s result card stays out of the server's results channel
        for now (an attempt in a challenge still open: bot/table/contest_secrets.py)."""
        return await self.db.read(lambda conn: holds_result(conn, game_id))

    async def game_status(self, game_id: int) -> tuple[GameRecord, Reply]:
        """Where game `game_id` stands, as `/game status` shows it, with its row (for posts
        made without an interaction: the living status message, reminders)."""
        row = await self.db.read(lambda conn: self._game(conn, game_id))
        if row is None:
            raise NoGame(f"Game #{game_id} does not exist.")
        rules = rules_for(row.game_key)
        state = rules.load(row.state)
        return row, self._standing(rules, row, state)

    async def stored_version(self, game_id: int) -> int | None:
        """The game's version as the database holds it now (one read by primary key): another
        process may have moved the game since this one's command wrote its state."""
        query = select(GameRow.version).where(GameRow.id == game_id)
        return await self.db.read(lambda conn: conn.scalar(query))

    @command_logged("query")
    async def query(self, ctx: Ctx, game_key: str, name: str, **args: Any) -> Reply:
        """A read-only question to the channel's game (e.g. Alea's odds): no lock, no log."""
        row = await self.viewed(ctx)
        spec = spec_for(row.game_key)
        if row.game_key != game_key:
            raise RuleError(f"The game in this channel is {spec.name}.")
        query = spec.query(name)
        state = spec.rules.load(row.state)
        outcome = query(state, **args)
        reply = self._reply(spec.rules, row, state, outcome, row.version)
        reply.next_steps, reply.board, reply.ask = [], None, None
        return self._read_only(reply, spec.rules, row, state)

    @command_logged("sheet")
    async def sheet(self, ctx: Ctx, game_id: int | None = None) -> Reply:
        """The score sheet of the game in view (`Stage.viewed`: the channel's, or game
        `game_id` by its number)."""
        row = await self.viewed(ctx, game_id)
        rules = rules_for(row.game_key)
        state = rules.load(row.state)
        sheet = rules.sheet(state) if row.status == "finished" else None
        if sheet is None:  # `viewed` shows no abandoned game: this one is running
            raise NoGame(
                f"Game #{row.id} is still running: only a finished game has a score sheet."
            )
        reply = self._note(row, [], " · score sheet")
        reply.sheet = sheet
        return reply

    @command_logged("history")
    async def history(self, ctx: Ctx, page: int = 1, game_id: int | None = None) -> Reply:
        row = await self.viewed(ctx, game_id)

        def read(conn: Connection) -> tuple[int, list[str]]:
            secret = keeping(conn, row)  # a server challenge's seed waits for its close
            total = conn.scalar(
                select(func.count()).select_from(ActionRow).where(ActionRow.game_id == row.id)
            )
            pages = max(1, -(-int(total or 0) // HISTORY_PAGE))
            if not 1 <= page <= pages:
                raise InputError(f"Page {page} does not exist; there are {pages}.")
            entries = conn.execute(
                select(ActionRow.seq, ActionRow.command, ActionRow.args, ActionRow.facts)
                .where(ActionRow.game_id == row.id)
                .order_by(ActionRow.seq)
                .offset((page - 1) * HISTORY_PAGE)
                .limit(HISTORY_PAGE)
            )
            lines = []
            spec = spec_for(row.game_key)
            for seq, command, entry_args, facts in entries:
                shown = entry_args
                if secret is not None:
                    facts, shown = hide_seeds(facts), hidden_args(command, entry_args)
                summary = next((f for f in facts if not f.startswith("Seed ")), "")
                said = _typed(spec, command, shown)
                players = ""
                if command != "start" or not spec.partner:  # else the start line names them
                    players = "".join(f" <@{user}>" for user in entry_args.get("players") or [])
                # as typed (a German reader sees German names); the fact whole, so it translates;
                # a step may only ask, and say nothing
                line = f"**{seq}.** `{said}`{players}"
                if isinstance(summary, Said):  # kept as a message: said from it, not matched
                    lines.append(
                        say(HISTORY_LINE, seq=seq, said=f"`{said}`{players}", summary=summary)
                    )
                else:
                    lines.append(f"{line} — {summary}" if summary else line)
            return pages, lines

        pages, lines = await self.db.read(read)
        if row.status != "active":
            rules = rules_for(row.game_key)
            lines = [*ended_lines(row, rules, rules.load(row.state)), *lines]
        reply = self._note(row, lines, " · history {page}/{pages}", page=page, pages=pages)
        reply.read_only = True
        return reply


def _typed(spec: GameSpec, command: str, args: dict[str, Any]) -> str:
    """A logged command as a player types it: a game's by its slash name (`/alea
    supply-empty`), the start with the options and seed that replay it, others under
    `/game`."""
    if command == "start":
        options, seed, players = args.get("options") or {}, args.get("seed"), args.get("players")
        if seed is None or not str(seed).isdigit():  # a challenge's seed, still a secret
            return spec.replay_line(options, 0, players).replace(" seed:0", "")
        return spec.replay_line(options, int(seed), players)
    model = spec.commands.models.get(command) if spec.commands is not None else None
    if model is not None:
        return " ".join([f"/{spec.key}", model.slash_name(), *_options(args)])
    if command in spec.rules.commands:
        return " ".join([f"/{spec.key}", command.replace("_", "-"), *_options(args)])
    return " ".join(["/game", command, *_options(args)])


def _options(args: dict[str, Any]) -> list[str]:
    """A logged command's options as a player types them (`dice:1 2`, not `dice:[1, 2]`);
    empty ones, the start's options and its players (mentioned apart) left out."""
    shown = []
    for key, value in args.items():
        if key in ("options", "players") or value is None or value in ("", [], {}):
            continue
        if isinstance(value, list | tuple):
            value = " ".join(str(v) for v in value)
        elif isinstance(value, bool):
            value = "yes" if value else "no"
        elif isinstance(value, dict):
            value = " ".join(f"{k}:{v}" for k, v in value.items())
        shown.append(f"{key}:{value}")
    return shown
