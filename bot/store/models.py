"""Tables: one row per game, and an append-only log of every accepted command."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Connection,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    TypeDecorator,
    event,
    insert,
    text,
    update,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from bot.core.said import stored_lines, unstored_lines


def _system_now() -> datetime:
    return datetime.now(UTC)


NOW: list[Callable[[], datetime]] = [_system_now]  # tests swap in a controllable clock


def utcnow() -> datetime:
    """The one clock of the service, the logbook and the schedulers (tests replace NOW[0])."""
    return NOW[0]()


def partial_unique(name: str, *columns: str, where: str) -> Index:
    """A unique index over the rows where `where` holds (SQLite and PostgreSQL both have
    them). The condition reaches the dialect that creates the index when it does (`_where_for`):
    naming it up front as `postgresql_where=` would load SQLAlchemy's PostgreSQL dialect on
    SQLite too (2 MiB of the bot's memory, docs/performance.md). Migrations name theirs."""
    return Index(name, *columns, unique=True, info={"where": where})


@event.listens_for(Index, "before_create")
def _where_for(index: Index, connection: Connection, **_: Any) -> None:
    where = index.info.get("where")
    if where is not None:
        index.dialect_kwargs[f"{connection.dialect.name}_where"] = text(where)


class Seed(TypeDecorator[int]):
    """A game's seed, stored as decimal text: a server challenge's secret has 128 bits, more
    than a BIGINT holds (the seeds people type stay below 2**31)."""

    impl = String(48)
    cache_ok = True

    def process_bind_param(self, value: int | None, dialect: Any) -> str | None:
        return None if value is None else str(int(value))

    def process_result_value(self, value: str | None, dialect: Any) -> int | None:
        return None if value is None else int(value)


class Facts(TypeDecorator[list[Any]]):
    """The facts of a log entry: a JSON list whose lines built as messages (bot/core/said.py)
    keep their key and values, so history, the web replay and the status message say them
    from their message in the reader's language; a plain string (every row written before,
    or a line not built as a message) is read back as it is and matched as before."""

    impl = JSON
    cache_ok = True

    def process_bind_param(self, value: list[Any] | None, dialect: Any) -> list[Any] | None:
        return None if value is None else stored_lines(value)

    def process_result_value(self, value: list[Any] | None, dialect: Any) -> list[Any] | None:
        return None if value is None else unstored_lines(value)


class Base(DeclarativeBase):
    type_annotation_map: ClassVar[dict[Any, Any]] = {
        dict[str, Any]: JSON,
        list[Any]: JSON,
        int: BigInteger,
    }


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    channel_id: Mapped[int] = mapped_column(BigInteger)
    game_key: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]]
    seed: Mapped[int] = mapped_column(Seed)
    owner_id: Mapped[int]
    players: Mapped[list[Any]]
    status: Mapped[str] = mapped_column(String(16), default="active")
    state: Mapped[dict[str, Any]]
    version: Mapped[int] = mapped_column(Integer, default=1)
    # How many rule actions are in force (the log less what undo took back): where snapshots
    # go. NULL for a game begun before snapshots: its first undo reads the log and sets it.
    depth: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    # Play-by-post: the channel a thread game was opened from, its living status message,
    # an opt-in reminder (every `remind_after` hours of waiting; `remind_at` is the one pending
    # ping, NULL when none), the campaign it belongs to and the language of its public posts.
    parent_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    status_message_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    remind_after: Mapped[int | None] = mapped_column(Integer, nullable=True)
    remind_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    campaign: Mapped[str | None] = mapped_column(String(60), nullable=True)
    locale: Mapped[str | None] = mapped_column(String(8), nullable=True)
    # The server challenge this game is an attempt in (its seed is secret until the close).
    challenge_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("challenges.id", ondelete="SET NULL"), nullable=True
    )

    __table_args__ = (
        Index("ix_games_remind_at", "remind_at"),
        partial_unique(
            "uq_games_active_channel", "guild_id", "channel_id", where="status = 'active'"
        ),
        Index("ix_games_channel", "guild_id", "channel_id"),
    )


@dataclass
class GameRecord:
    """A games row as plain data: what the hot path reads, without an ORM session."""

    id: int
    guild_id: int
    channel_id: int
    game_key: str
    options: dict[str, Any]
    seed: int
    owner_id: int
    players: list[Any]
    status: str
    state: dict[str, Any]
    version: int
    depth: int | None
    created_at: datetime
    updated_at: datetime
    finished_at: datetime | None
    parent_id: int | None = None
    status_message_id: int | None = None
    remind_after: int | None = None
    remind_at: datetime | None = None
    campaign: str | None = None
    locale: str | None = None
    challenge_id: int | None = None

    @classmethod
    def from_row(cls, row: Any) -> GameRecord:
        return cls(**row._mapping)


class ActionRow(Base):
    __tablename__ = "actions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[int] = mapped_column(Integer, ForeignKey("games.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    user_id: Mapped[int]
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    command: Mapped[str] = mapped_column(String(32))
    args: Mapped[dict[str, Any]]
    facts: Mapped[list[Any]] = mapped_column(Facts)

    __table_args__ = (Index("uq_actions_game_seq", "game_id", "seq", unique=True),)


class SnapshotRow(Base):
    """The state after the first `depth` actions in force, every few actions, so that undo
    replays a few actions rather than the whole game. `action_seq` is the log entry of the
    last of them: a snapshot counts only while that entry is still in force."""

    __tablename__ = "snapshots"

    game_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    depth: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    action_seq: Mapped[int] = mapped_column(Integer)
    state: Mapped[dict[str, Any]]


class PlayRow(Base):
    """One player's result of one play: recorded by the bot when a game ends, or logged by hand."""

    __tablename__ = "plays"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[int]
    guild_id: Mapped[int] = mapped_column(BigInteger, default=0)
    channel_id: Mapped[int] = mapped_column(BigInteger, default=0)
    game_key: Mapped[str] = mapped_column(String(32))
    # A game the bot does not run (bot/logbook/free.py): its name as the player first wrote it;
    # game_key is derived from it in any case. None for the bot's own games.
    game_name: Mapped[str | None] = mapped_column(String(60), nullable=True)
    opponent: Mapped[str] = mapped_column(String(40))
    # The other real player of a shared game (Fifth Avenue: Alea never scores, so the scores
    # are the two players'); opponent_score is then theirs.
    rival_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    difficulty: Mapped[str | None] = mapped_column(String(16), nullable=True)
    modules: Mapped[str] = mapped_column(String(40), default="")
    # a free game's BoardGameGeek id, as an imported file or `/log play bgg:` gives it (the
    # bot's own games have theirs in their spec)
    bgg_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    score: Mapped[int | None] = mapped_column(Integer, nullable=True)
    opponent_score: Mapped[int | None] = mapped_column(Integer, nullable=True)
    outcome: Mapped[str] = mapped_column(String(16))
    turns: Mapped[int | None] = mapped_column(Integer, nullable=True)
    duration_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    played_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    local_day: Mapped[int] = mapped_column(Integer)  # days since 1970-01-01 in the player's zone
    game_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("games.id", ondelete="SET NULL"), nullable=True
    )
    source: Mapped[str] = mapped_column(String(16), default="bot")
    campaign: Mapped[str | None] = mapped_column(String(60), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    challenge_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("challenges.id", ondelete="SET NULL"), nullable=True
    )  # a play in a server challenge, for `/stats challenge:` and `/history challenge:`

    __table_args__ = (
        Index("ix_plays_user_played", "user_id", "played_at"),
        Index("ix_plays_user_day", "user_id", "local_day", "outcome"),
        # Covers the leaderboards, which leave imported plays out (hence `source`).
        Index("ix_plays_guild_user_day", "guild_id", "user_id", "local_day", "outcome", "source"),
    )


class UserSettingsRow(Base):
    __tablename__ = "user_settings"

    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    timezone: Mapped[str] = mapped_column(String(64), default="UTC")
    locale: Mapped[str | None] = mapped_column(String(8), nullable=True)  # None: Discord's
    # Opt-in streak reminder: the local hour to be reminded on a day with no play yet, and the
    # next time that is due (indexed: the scheduler reads only what is due).
    streak_remind_hour: Mapped[int | None] = mapped_column(Integer, nullable=True)
    streak_remind_at: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True), nullable=True
    )
    # the player's name in the BG Stats or BoardGameGeek files they import, once asked
    import_name: Mapped[str | None] = mapped_column(String(100), nullable=True)

    __table_args__ = (Index("ix_user_settings_streak_remind_at", "streak_remind_at"),)


def save_user_settings(conn: Connection, user_id: int, **values: Any) -> None:
    """Set some of a user's settings inside the caller's transaction; their row is made on
    first use (update first: the row exists for nearly everyone who sets anything)."""
    changed = conn.execute(
        update(UserSettingsRow).where(UserSettingsRow.user_id == user_id).values(**values)
    )
    if changed.rowcount == 0:
        conn.execute(insert(UserSettingsRow).values(user_id=user_id, **values))


class GuildSettingsRow(Base):
    """A server's choices: the language of its replies and a channel for result cards."""

    __tablename__ = "guild_settings"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    locale: Mapped[str | None] = mapped_column(String(8), nullable=True)  # None: Discord's
    results_channel_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    # Web pages (bot/web): None is the default, off on Discord and on in the console.
    web_pages: Mapped[bool | None] = mapped_column(Boolean, nullable=True)


class PersonalChallengeRow(Base):
    """A player's play-count challenge: `games` games × `plays` plays each between two of their
    local days, any games (`pick` NULL) or the ones picked in advance (`game[:opponent[:level]]`
    each), solo plays only or all. Progress is never stored: it is read from the plays.
    A deleted one is kept (`deleted_at`) until its owner deletes another or reuses its name,
    so `/challenge restore` can bring it back."""

    __tablename__ = "personal_challenges"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[int]
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(40))  # folded: "10X10  2026" is "10x10 2026"
    games: Mapped[int] = mapped_column(Integer)
    plays: Mapped[int] = mapped_column(Integer)
    first_day: Mapped[int] = mapped_column(Integer)  # local day numbers, as PlayRow.local_day
    last_day: Mapped[int] = mapped_column(Integer)
    pick: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)
    solo: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)

    __table_args__ = (
        partial_unique(
            "uq_personal_challenges_name", "user_id", "name_key", where="deleted_at IS NULL"
        ),
        Index("ix_personal_challenges_user", "user_id"),
    )


# ---------------------------------------------------------------- server challenges
class ChallengeRow(Base):
    """A server challenge: everyone plays the same game (start options and a seed kept secret
    until the close) against the same opponent, each at their own table; ranked by margin."""

    __tablename__ = "challenges"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    channel_id: Mapped[int] = mapped_column(BigInteger)  # where it was announced
    message_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)  # the announcement
    host_id: Mapped[int]
    name: Mapped[str] = mapped_column(String(60))
    game_key: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]]
    seed: Mapped[int] = mapped_column(Seed)  # a secret of 128 bits (`bot.core.secrecy`)
    attempts: Mapped[int] = mapped_column(Integer, default=1)
    status: Mapped[str] = mapped_column(String(16), default="open")  # open, closed, cancelled
    opened_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    closes_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    closed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    locale: Mapped[str | None] = mapped_column(String(8), nullable=True)  # of its public posts

    __table_args__ = (
        Index("ix_challenges_closes_at", "status", "closes_at"),
        Index("ix_challenges_guild", "guild_id", "status"),
    )


class ChallengeEntryRow(Base):
    """One attempt of one player in a server challenge: its game, and its result once the game
    ended (an abandoned attempt is used up; one still running at the close is `unfinished`)."""

    __tablename__ = "challenge_entries"

    game_id: Mapped[int] = mapped_column(
        Integer,
        ForeignKey("games.id", ondelete="CASCADE"),
        primary_key=True,
        autoincrement=False,
    )
    challenge_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("challenges.id", ondelete="CASCADE")
    )
    user_id: Mapped[int]
    attempt: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16), default="playing")
    score: Mapped[int | None] = mapped_column(Integer, nullable=True)
    opponent_score: Mapped[int | None] = mapped_column(Integer, nullable=True)
    outcome: Mapped[str | None] = mapped_column(String(16), nullable=True)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    # why it is not ranked: an incomplete game's reason, or the reason the host gave to void it
    note: Mapped[str | None] = mapped_column(String(200), nullable=True)
    voided_by: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    # a voided attempt uses one up only if the host said so (None: an ordinary attempt, used)
    uses_attempt: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    # Fifth Avenue: the partner who confirmed the final scores (the attempt ranks after that)
    confirmed_by: Mapped[int | None] = mapped_column(BigInteger, nullable=True)

    # The player's display name as the bot saw it at the join: any process names the players
    # at the close, even one that does not hold the guild (shards in several processes).
    name: Mapped[str | None] = mapped_column(String(100), nullable=True)

    __table_args__ = (
        Index("uq_challenge_entries_attempt", "challenge_id", "user_id", "attempt", unique=True),
        # one running attempt per player: a second would show the first one's coming cards
        partial_unique(
            "uq_challenge_entries_playing", "challenge_id", "user_id", where="status = 'playing'"
        ),
    )


# ---------------------------------------------------------------- web pages
class WebLinkRow(Base):
    """A web page's link (bot/web): what it opens (a game, a player's page, a campaign, a server
    challenge) and where it was made. Its token is a secret of at least 128 random bits that
    is never stored: only its SHA-256 is, so a copy of the database opens no page. Revoked
    links stay (`revoked_at`) so a revoked token keeps answering 404."""

    __tablename__ = "web_links"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    token_hash: Mapped[str] = mapped_column(String(64))  # hex SHA-256 of the token
    kind: Mapped[str] = mapped_column(String(16))  # game, player, campaign, challenge
    guild_id: Mapped[int] = mapped_column(BigInteger)
    game_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("games.id", ondelete="CASCADE"), nullable=True
    )
    user_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)  # a player's page
    campaign: Mapped[str | None] = mapped_column(String(60), nullable=True)
    challenge_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("challenges.id", ondelete="CASCADE"), nullable=True
    )
    made_by: Mapped[int]
    console: Mapped[bool] = mapped_column(Boolean, default=False)  # made in the console
    names: Mapped[dict[str, Any]]  # user id → display name, as the front-end knew them
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)

    __table_args__ = (
        Index("uq_web_links_token_hash", "token_hash", unique=True),
        Index("ix_web_links_game", "game_id"),
    )


class WebLimitRow(Base):
    """A client's rate limit on the web pages (bot/web/limits.py), kept here so that every
    `web` process behind one proxy counts the same budget: a token bucket per (kind, client)
    holding `tokens` at the moment `at` (seconds since the epoch). A row whose bucket has
    filled up again says no more than no row, and is pruned."""

    __tablename__ = "web_limits"

    kind: Mapped[str] = mapped_column(String(16), primary_key=True)  # pages, misses
    client: Mapped[str] = mapped_column(String(64), primary_key=True)  # an address
    tokens: Mapped[float] = mapped_column(Float)
    at: Mapped[float] = mapped_column(Float)
