"""What the web pages read (bot/web), and nothing else: a link by its token, a game with its
log, a game's state at any step of its log, a server challenge with its attempts, a campaign's
plays. Every function here only reads, so `python -m bot web` can serve pages from a database
it never writes (several such processes behind a reverse proxy).

A step of a game is an entry of its log (its seq, which is also the game's version after it).
The state after step N is the actions in force then (each undo takes back the latest ones:
bot/table/replay.py), replayed from the deepest stored snapshot that is one of them, else from
the seed: at most SNAPSHOT_EVERY rule actions for a step on the game's current line."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pydantic import BaseModel
from sqlalchemy import Connection, func, select
from sqlalchemy.orm import Session

from bot.core.errors import RuleError
from bot.core.game import Outcome, Rules
from bot.logbook.records import IMPORTED, aware
from bot.store.database import Database
from bot.store.models import (
    GameRecord,
    GameRow,
    PlayRow,
    SnapshotRow,
)
from bot.table.contest_secrets import Secret, keeping
from bot.table.contest_standings import Challenge, Entry
from bot.table.contests import ENTRIES_OF, FIND
from bot.table.exports import export_file, log_entries
from bot.table.pages import LINKS, Link, find_link, revoked_games
from bot.table.replay import effective_entries, replay_from
from bot.table.stage import FIND_GAME

MOST_PLAYS = 200  # a campaign's or player's plays listed on one page


@dataclass(frozen=True)
class Step:
    """One log entry, as a page shows it."""

    seq: int
    user_id: int
    at: datetime
    command: str
    args: dict[str, Any]
    facts: list[str]


@dataclass(frozen=True)
class GameLog:
    row: GameRecord
    steps: list[Step]
    secret: Secret | None  # a challenge attempt whose secret is kept (open, or cancelled)


def _game(conn: Connection, game_id: int) -> GameRecord | None:
    found = conn.execute(FIND_GAME, {"game": game_id}).one_or_none()
    return GameRecord.from_row(found) if found is not None else None


class PageReads:
    """The web's reads, over the one database (`Database.read`: on SQLite, its thread)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def link(self, token: str) -> Link | None:
        return await self.db.read(lambda conn: find_link(conn, token))

    async def game_version(self, game_id: int) -> tuple[int, str, Secret | None] | None:
        """(version, status, the challenge secret it keeps if any): what a cached page is
        checked against, in one small read; None for a game that is not there or whose
        links were revoked (no route shows it until a new `/game page`)."""
        return (await self.game_versions([game_id]))[game_id]

    async def game_versions(
        self, game_ids: list[int]
    ) -> dict[int, tuple[int, str, Secret | None] | None]:
        """`game_version` of several games in one read (the live streams' poll: one
        transaction for every game a process follows, however many)."""

        def read(conn: Connection) -> dict[int, tuple[int, str, Secret | None] | None]:
            revoked = revoked_games(conn, game_ids)
            found: dict[int, tuple[int, str, Secret | None] | None] = {}
            for game_id in game_ids:
                row = None if game_id in revoked else _game(conn, game_id)
                found[game_id] = (
                    None if row is None else (row.version, row.status, keeping(conn, row))
                )
            return found

        return await self.db.read(read)

    async def game_row(self, game_id: int) -> GameRecord | None:
        """The game's row alone: what a kept log is checked against."""
        return await self.db.read(lambda conn: _game(conn, game_id))

    async def game_log(self, game_id: int) -> GameLog | None:
        def read(conn: Connection) -> GameLog | None:
            row = _game(conn, game_id)
            if row is None:
                return None
            steps = [
                Step(seq, user, aware(at), command, args or {}, list(facts or []))
                for seq, user, at, command, args, facts in log_entries(conn, game_id)
            ]
            return GameLog(row, steps, keeping(conn, row))

        return await self.db.read(read)

    async def snapshots(self, game_id: int, depth: int) -> list[tuple[int, int, dict[str, Any]]]:
        """(depth, action seq, state) of the game's snapshots at `depth` or above it,
        deepest first: `state_at` takes the first that is in force at its step."""

        def read(conn: Connection) -> list[tuple[int, int, dict[str, Any]]]:
            rows = conn.execute(
                select(SnapshotRow.depth, SnapshotRow.action_seq, SnapshotRow.state)
                .where(SnapshotRow.game_id == game_id, SnapshotRow.depth <= depth)
                .order_by(SnapshotRow.depth.desc())
                .limit(4)
            )
            return [(d, seq, state) for d, seq, state in rows]

        return await self.db.read(read)

    async def challenge(self, challenge_id: int) -> tuple[Challenge, list[Entry]] | None:
        def read(conn: Connection) -> tuple[Challenge, list[Entry]] | None:
            found = conn.execute(FIND, {"challenge": challenge_id}).one_or_none()
            if found is None:
                return None
            entries = [Entry(*e) for e in conn.execute(ENTRIES_OF, {"challenge": challenge_id})]
            return Challenge.from_row(found), entries

        return await self.db.read(read)

    async def campaign_plays(self, guild_id: int, campaign: str) -> list[PlayRow]:
        """A campaign's plays in its server, newest first (the page's list)."""
        return await self._plays(
            select(PlayRow)
            .where(
                PlayRow.guild_id == guild_id,
                PlayRow.campaign == campaign,
                PlayRow.source != IMPORTED,
            )
            .order_by(PlayRow.played_at.desc(), PlayRow.id.desc())
            .limit(MOST_PLAYS)
        )

    async def recent_plays(self, user_id: int, most: int) -> list[PlayRow]:
        """A player's newest plays."""
        return await self._plays(
            select(PlayRow)
            .where(PlayRow.user_id == user_id)
            .order_by(PlayRow.played_at.desc(), PlayRow.id.desc())
            .limit(most)
        )

    async def _plays(self, query: Any) -> list[PlayRow]:
        def read(conn: Connection) -> list[PlayRow]:
            with Session(bind=conn) as session:
                found = list(session.scalars(query))
                session.expunge_all()
                return found

        return await self.db.read(read)

    async def plays_version(self, user_id: int | None, guild_id: int, campaign: str | None) -> str:
        """What a player's or campaign's page is cached against: its plays' count and the
        newest one (an edit of an old play shows when the cache runs out)."""

        def read(conn: Connection) -> str:
            where = [PlayRow.user_id == user_id] if user_id is not None else []
            if campaign is not None:
                where += [PlayRow.guild_id == guild_id, PlayRow.campaign == campaign]
            found = conn.execute(
                select(func.count(), func.max(PlayRow.id), func.max(PlayRow.created_at)).where(
                    *where
                )
            ).one()
            return ":".join(str(v) for v in found)

        return await self.db.read(read)

    async def export(self, game_id: int) -> tuple[str, bytes] | None:
        """The game's file as `/game export` writes it (the one `/game import` reads), None
        for a game that is not there or a challenge's attempt whose secret is kept."""

        def read(conn: Connection) -> tuple[str, bytes] | None:
            row = _game(conn, game_id)
            if row is None:
                return None
            try:
                name, data, _ = export_file(conn, row)
            except RuleError:
                return None
            return name, data

        return await self.db.read(read)

    async def revoked(self, game_ids: list[int]) -> set[int]:
        """The games among these whose links were revoked (bot/table/pages.py)."""
        return await self.db.read(lambda conn: revoked_games(conn, game_ids))

    async def links_version(self, guild_id: int) -> str:
        """What a page listing a server's games is cached against besides its plays: its
        game links revoked and made (a revoke, or a new `/game page`, changes which games
        it links)."""

        def read(conn: Connection) -> str:
            found = conn.execute(
                select(func.count(LINKS.c.revoked_at), func.max(LINKS.c.id)).where(
                    LINKS.c.guild_id == guild_id, LINKS.c.kind == "game"
                )
            ).one()
            return ":".join(str(v) for v in found)

        return await self.db.read(read)

    async def game_in_guild(self, game_id: int, guild_id: int) -> GameRecord | None:
        """A game of this server (what a campaign's, a player's or a challenge's page may
        open), else None."""

        def read(conn: Connection) -> GameRecord | None:
            row = _game(conn, game_id)
            return row if row is not None and row.guild_id == guild_id else None

        return await self.db.read(read)

    async def player_game(self, game_id: int, user_id: int, guild_id: int) -> bool:
        """Whether `user_id` has a play of game `game_id` in this server."""

        def read(conn: Connection) -> bool:
            found = conn.execute(
                select(PlayRow.id)
                .join(GameRow, GameRow.id == PlayRow.game_id)
                .where(
                    PlayRow.game_id == game_id,
                    PlayRow.user_id == user_id,
                    GameRow.guild_id == guild_id,
                )
                .limit(1)
            ).first()
            return found is not None

        return await self.db.read(read)


def in_force(steps: list[Step], rules: Rules, upto: int) -> list[tuple[int, dict[str, Any]]]:
    """(seq, action) of the rule actions in force after step `upto`."""
    log = ((s.seq, s.command, s.args) for s in steps if s.seq <= upto)
    return effective_entries(log, rules) or []


def state_at(
    rules: Rules,
    row: GameRecord,
    actions: list[tuple[int, dict[str, Any]]],
    snapshots: list[tuple[int, int, dict[str, Any]]],
) -> BaseModel:
    """The state after the actions in force at a step (`in_force`): replayed from the
    deepest snapshot among them (its depth's action is the same log entry), else from the
    seed. Pure: run it off the event loop."""
    for depth, action_seq, state in snapshots:
        if 0 < depth <= len(actions) and actions[depth - 1][0] == action_seq:
            base = rules.load(state)
            rest = [action for _, action in actions[depth:]]
            return replay_from(rules, base, Outcome(), rest)[0]
    start, outcome = rules.new_game(row.options, row.seed)
    return replay_from(rules, start, outcome, [action for _, action in actions])[0]
