"""What every stage of the table stands on: the write path, finding the channel's game, who may
change it, whether it has room for another step, and the two shapes of a reply."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel
from sqlalchemy import Connection, bindparam, insert, select
from sqlalchemy.exc import IntegrityError

from bot.core.errors import NoGame, NotAllowed, RuleError
from bot.core.game import NextStep, Outcome, Rules
from bot.core.reply import Ctx, Reply
from bot.core.said import Said, listed, say
from bot.games.registry import GAMES, rules_for, spec_for
from bot.store.models import GameRecord, GameRow
from bot.store.rows import DRIVER, Cached, decode_text, load
from bot.table.commands import Abandon, Export, Status
from bot.table.contest_secrets import hide_seeds, in_challenge
from bot.table.ended import shown_game
from bot.table.importing import MAX_STEPS
from bot.table.leading import now_line, start_line
from bot.table.writing import GAMES_TABLE, WritePath

# Statements built once: building them per command cost more than running them.
FIND_ACTIVE = select(GAMES_TABLE).where(
    GAMES_TABLE.c.guild_id == bindparam("guild"),
    GAMES_TABLE.c.channel_id == bindparam("channel"),
    GAMES_TABLE.c.status == "active",
)
FIND_GAME = select(GAMES_TABLE).where(GAMES_TABLE.c.id == bindparam("game"))
FIND_LATEST = (
    select(GAMES_TABLE)
    .where(
        GAMES_TABLE.c.guild_id == bindparam("guild"),
        GAMES_TABLE.c.channel_id == bindparam("channel"),
    )
    .order_by((GAMES_TABLE.c.status == "active").desc(), GAMES_TABLE.c.id.desc())
    .limit(1)
)
VIEWABLE = ("active", "finished")


def no_game(key: str | None = None) -> Said:
    """The refusal of a command that needs the channel's game: a game's own command ends
    with that game's start as a line that runs here (bot/table/leading.py); any other lists
    every game's start."""
    line = start_line(spec_for(key)) if key is not None and key in GAMES else None
    if line is not None:
        return say("No game is running in this channel. {now}", now=now_line(line))
    starts = listed(f"`/{key} start`" for key in GAMES)
    return say("No game is running in this channel. Start one: {starts}.", starts=starts)


def _next_steps(outcome: Outcome) -> list[NextStep]:
    """The buttons: the game's own, or the choices of the question it waits on."""
    if outcome.next_steps or outcome.ask is None:
        return outcome.next_steps
    return outcome.ask.next_steps()


class Stage(WritePath):
    @staticmethod
    def _room(row: GameRecord) -> None:
        """A game holds at most MAX_STEPS log entries: replay, undo and export stay bounded."""
        if row.version >= MAX_STEPS:
            raise RuleError(
                say(
                    "Game #{id} has reached {steps} steps, the most one game can hold; "
                    f"`{Export.line()}` it if you like, then `{Abandon.line()}` it and start "
                    "again.",
                    id=row.id,
                    steps=f"{MAX_STEPS:,}",
                )
            )

    @staticmethod
    def _find_active(conn: Connection, ctx: Ctx) -> GameRecord | None:
        row = conn.execute(FIND_ACTIVE, {"guild": ctx.guild_id, "channel": ctx.channel_id})
        found = row.one_or_none()
        return GameRecord.from_row(found) if found is not None else None

    def _hot(self, conn: Connection, rules: Rules, row: GameRecord, stored: Any) -> Cached:
        """The row's state model (bot/store/rows.py: cached for exactly what is stored);
        `row.state` is set to its data."""
        entry = load(self.states, rules, row.id, row.version, stored, decode_text)
        row.state = entry.dumped
        return entry

    @staticmethod
    def _read_hot(conn: Connection, ctx: Ctx, game_id: int | None) -> tuple[GameRecord, Any] | None:
        """The game a command changes (game_id, else the channel's running game), with its
        state as stored and not yet parsed (bot/store/rows.py)."""
        if game_id is not None:
            statement, params = FIND_GAME, {"game": game_id}
        else:
            statement, params = FIND_ACTIVE, {"guild": ctx.guild_id, "channel": ctx.channel_id}
        if DRIVER.applies(conn):
            return DRIVER.game(conn, statement, params)
        found = conn.execute(statement, params).one_or_none()
        if found is None:
            return None
        row = GameRecord.from_row(found)
        return row, row.state

    @staticmethod
    def _game(conn: Connection, game_id: int) -> GameRecord | None:
        found = conn.execute(FIND_GAME, {"game": game_id}).one_or_none()
        return GameRecord.from_row(found) if found is not None else None

    def _none_running(self, conn: Connection, ctx: Ctx, verb: str) -> None:
        """A new game (`verb`: start, import) needs a channel with no game running."""
        existing = self._find_active(conn, ctx)
        if existing is not None:
            raise RuleError(
                say(
                    "Game #{id} ({game}) is already running here: finish it, "
                    f"`{Abandon.line()}` it, or {verb} in a thread.",
                    id=existing.id,
                    game=rules_for(existing.game_key).name,
                )
            )

    @staticmethod
    def _insert_game(conn: Connection, fields: dict[str, Any]) -> int:
        """The new game's row and id; the one-running-game index refuses a second."""
        try:
            return conn.execute(insert(GameRow).values(fields).returning(GameRow.id)).scalar_one()
        except IntegrityError:
            raise RuleError(say("A game was just started in this channel.")) from None

    def _active(self, conn: Connection, ctx: Ctx) -> GameRecord:
        row = self._find_active(conn, ctx)
        if row is None:
            raise NoGame(no_game())
        return row

    @staticmethod
    def game_in_view(conn: Connection, ctx: Ctx) -> GameRecord:
        """THE rule for which game a reading command sees in a channel, used by every one of
        them (`/game status`, each game's board and read-only queries, `/game history`,
        `/game export`, and `/game undo` to find a final to take back): the running game;
        else the channel's last game if it finished, until a new game is started there (an
        abandoned newer game hides it too, like one running). Otherwise `NoGame`."""
        found = conn.execute(FIND_LATEST, {"guild": ctx.guild_id, "channel": ctx.channel_id})
        latest = found.one_or_none()
        if latest is None or latest.status not in VIEWABLE:
            raise NoGame(no_game())
        return GameRecord.from_row(latest)

    async def viewed(self, ctx: Ctx, game_id: int | None = None) -> GameRecord:
        """THE game a reading command shows, for every reading command (`/game status`, each
        game's board and other read-only queries, `/game history`, `/game export`, `/game
        show`, the score sheet): game `game_id` when one is asked for by id (a finished game
        the asker may see, from anywhere: bot/table/ended.py), else the channel's game in view
        (`game_in_view`: the running game, else the last finished one until a new game is
        started there)."""
        if game_id is None:
            return await self.db.read(lambda conn: self.game_in_view(conn, ctx))
        return await self.db.read(
            lambda conn: shown_game(conn, ctx, game_id, self._game(conn, game_id))
        )

    def _reply(
        self,
        rules: Rules,
        row: GameRecord | GameRow,
        state: BaseModel,
        outcome: Outcome,
        version: int,
    ) -> Reply:
        if in_challenge(row):  # a server challenge's seed stays secret
            outcome.facts = hide_seeds(outcome.facts)
        return Reply(
            title=say("{game} · game #{id}", game=rules.name, id=row.id),
            facts=outcome.facts,
            prompt=outcome.prompt,
            colour=rules.colour,
            game_id=row.id,
            version=version,
            state={"status": row.status, "game": row.game_key, **rules.summary(state)},
            board=rules.board(state),
            next_steps=[] if row.status != "active" else _next_steps(outcome),
            picture=outcome.picture,
            ask=outcome.ask if row.status == "active" else None,
            sheet=rules.sheet(state) if outcome.finished else None,
        )

    def _standing(self, rules: Rules, row: GameRecord | GameRow, state: BaseModel) -> Reply:
        """Where the game stands, as `/game status` shows it: from a read (`game_status`) or
        from the state a command just wrote (`Reply.standing`), the same way."""
        return self._reply(rules, row, state, rules.describe(state), row.version)

    @staticmethod
    def _note(
        row: GameRecord | GameRow,
        facts: list[str],
        heading: str = "",
        version: int | None = None,
        **values: object,
    ) -> Reply:
        """A reply about the game rather than a move in it (abandon, players, history, export);
        `heading` goes on its title's key (`" · history {page}/{pages}"`, with `values`)."""
        rules = rules_for(row.game_key)
        return Reply(
            title=say("{game} · game #{id}" + heading, game=rules.name, id=row.id, **values),
            facts=facts,
            colour=rules.colour,
            game_id=row.id,
            version=version,
        )

    @staticmethod
    def _check_player(row: GameRecord, ctx: Ctx) -> None:
        if ctx.user_id != row.owner_id and ctx.user_id not in row.players:
            raise NotAllowed(
                say(
                    "Only this game's owner and the players they added can change it; "
                    f"anyone may look with `{Status.line()}`."
                )
            )
