"""A player's own plays: log one by hand, correct it, delete it.

Every write is one job on the database's single writer (`Database.write`: BEGIN IMMEDIATE on
SQLite), like a game command: a read-then-write transaction never has to upgrade its lock, so
no "database is locked". Each re-arms the player's streak reminder in the same transaction.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, time

from sqlalchemy.orm import Session

from bot.core.errors import InputError, NotAllowed, RuleError
from bot.core.reply import Ctx, Reply
from bot.core.said import say
from bot.logbook import reminders
from bot.logbook.base import COLOUR, LogbookBase, play_line
from bot.logbook.catalogue import (
    DECIDED,
    catalogue,
    check_difficulty,
    check_modules,
    find_opponent,
    outcome_of,
)
from bot.logbook.commands import Delete
from bot.logbook.free import (
    free_key,
    free_name,
    free_opponent,
    free_outcome,
    is_free,
    known_game,
    near_known,
    no_options_for,
)
from bot.logbook.free_names import Spellings, spellings_query
from bot.logbook.records import zone_of
from bot.logbook.timezones import day_number, parse_day, zone
from bot.store.database import orm
from bot.store.models import PlayRow, utcnow

UNDECIDED = "unscored"
# the logbook stands below bot.challenges: tests/challenges/test_printed_lines.py holds this
# line to the /challenge void model
IN_CHALLENGE = (
    "Play #{id} is an attempt in server challenge #{challenge}: its result changes only "
    "through the attempt, so the standings and the stats stay one. If it is wrong, the "
    "challenge's host (or the server owner) can void it: `/challenge void challenge:{challenge} "
    "player:… attempt:… reason:…`."
)  # a play without an outcome: counted, but in no win rate or streak


@dataclass(frozen=True)
class Game:
    """What a play names, checked: one of the bot's games and its opponent, or a free one."""

    key: str
    name: str | None  # a free game's name as typed; None for the bot's own
    opponent: str
    rival_id: int | None  # another real player a free game's opponent mentions
    level: str | None
    modules: str


def game_of(
    user_id: int, game: str, opponent: str | None, difficulty: str | None, modules: str | None
) -> Game:
    key = known_game(game)
    if key is None:
        name = free_name(game)
        no_options_for(name, difficulty, modules)
        rival, rival_id = free_opponent(opponent, user_id)
        return Game(free_key(name), name, rival, rival_id, None, "")
    if opponent is None or not opponent.strip():
        names = ", ".join(catalogue()[key].opponents)
        raise InputError(f"Name the opponent you played against: {names}.")
    rival = find_opponent(key, opponent)
    level = check_difficulty(key, rival, difficulty)
    return Game(key, None, rival, None, level, check_modules(key, modules))


class Plays(LogbookBase):
    def _moment(self, day: str | None, tz: str) -> datetime:
        """Now, or noon of the given local date in the player's timezone."""
        if day is None:
            return self.clock()
        when = parse_day(day, self.clock())
        # as UTC: SQLite keeps a datetime's wall-clock time and drops its zone
        return datetime.combine(when, time(12), tzinfo=zone(tz)).astimezone(UTC)

    @staticmethod
    def _outcome(
        game: str, opponent: str, score: int | None, other: int | None, outcome: str | None
    ) -> str:
        """The play's outcome: the one the two scores make, else the one given, else (your
        score alone, as a solo player often keeps it) none yet: `unscored`. A free game's
        follows no rule the bot knows (free.free_outcome)."""
        if is_free(game):
            return free_outcome(score, other, outcome)
        if outcome is not None and outcome not in DECIDED:
            raise InputError("The outcome is win, loss or tie.")
        if score is not None and other is not None:
            derived = outcome_of(game, opponent, score, other)
            if outcome is not None and outcome != derived:
                raise InputError(
                    f"{score}–{other} is a {derived} against {opponent}, not a {outcome}."
                )
            return derived
        if outcome is not None:
            return outcome
        if score is None:
            raise InputError("Give your score, both scores, or the outcome (win, loss or tie).")
        return UNDECIDED

    async def log_play(
        self,
        ctx: Ctx,
        game: str,
        opponent: str | None = None,
        *,
        difficulty: str | None = None,
        score: int | None = None,
        opponent_score: int | None = None,
        outcome: str | None = None,
        day: str | None = None,
        modules: str | None = None,
        bgg_id: int | None = None,
    ) -> Reply:
        g = game_of(ctx.user_id, game, opponent, difficulty, modules)
        if bgg_id is not None and g.name is None:
            raise InputError(
                f"{catalogue()[g.key].name} is one of the bot's games: its BoardGameGeek id is "
                "known; leave out `bgg`."
            )
        result = self._outcome(g.key, g.opponent, score, opponent_score, outcome)
        if day is not None:
            parse_day(day, self.clock())  # refused before anything is written

        def job(session: Session) -> str:
            tz = zone_of(session, ctx.user_id)
            moment = self._moment(day, tz)
            name, rival = g.name, g.opponent
            if name is not None:  # as the player wrote this game and opponent before
                earlier = Spellings(session.execute(spellings_query(ctx.user_id, [g.key])))
                name, rival = earlier.spell(g.key, name, rival)
            play = PlayRow(
                user_id=ctx.user_id,
                guild_id=ctx.guild_id,
                channel_id=ctx.channel_id,
                game_key=g.key,
                game_name=name,
                opponent=rival,
                rival_id=g.rival_id,
                difficulty=g.level,
                modules=g.modules,
                bgg_id=bgg_id,
                score=score,
                opponent_score=opponent_score,
                outcome=result,
                played_at=moment,
                local_day=day_number(moment, tz),
                source="manual",
                created_at=utcnow(),
            )
            session.add(play)
            session.flush()
            reminders.rearm(session.connection(), ctx.user_id, self.clock())
            return int(play.id), play_line(play)

        play_id, line = await self.db.write(orm(job))
        facts: list[str] = [say("Logged: {line}", line=line)]
        near = near_known(g.name) if g.name is not None else None
        if near is not None:
            facts.append(
                f"{g.name} is not one of the bot's games; if you meant {catalogue()[near].name}, "
                f"`{Delete.line(play=play_id)}` and log it again with `game:{near}`."
            )
        return Reply(title=say("Logbook"), facts=facts, colour=COLOUR)

    @staticmethod
    def _own(session: Session, ctx: Ctx, play_id: int) -> PlayRow:
        """The asker's own play, which a correction may change: a server challenge's play
        changes only through its attempt (one truth for standings and stats)."""
        play = session.get(PlayRow, play_id)
        if play is None:
            raise InputError(f"There is no play #{play_id}.")
        if play.user_id != ctx.user_id:
            raise NotAllowed("You can only change your own plays.")
        if play.challenge_id is not None:
            raise RuleError(IN_CHALLENGE.format(id=play.id, challenge=play.challenge_id))
        return play

    async def edit_play(
        self,
        ctx: Ctx,
        play_id: int,
        *,
        score: int | None = None,
        opponent_score: int | None = None,
        outcome: str | None = None,
        day: str | None = None,
    ) -> Reply:
        if score is None and opponent_score is None and outcome is None and day is None:
            raise InputError("Give at least one thing to change.")
        if day is not None:
            parse_day(day, self.clock())

        def job(session: Session) -> str:
            play = self._own(session, ctx, play_id)
            if play.outcome == "abandoned":
                raise RuleError("An abandoned game stays abandoned.")
            new_score = play.score if score is None else score
            new_other = play.opponent_score if opponent_score is None else opponent_score
            both = new_score is not None and new_other is not None
            scores_changed = score is not None or opponent_score is not None
            kept = play.outcome if play.outcome in DECIDED else None
            play.outcome = self._outcome(
                play.game_key,
                play.opponent,
                new_score,
                new_other,
                outcome if outcome is not None or (scores_changed and both) else kept,
            )
            play.score, play.opponent_score = new_score, new_other
            if day is not None:
                tz = zone_of(session, ctx.user_id)
                play.played_at = self._moment(day, tz)
                play.local_day = day_number(play.played_at, tz)
            session.flush()
            reminders.rearm(session.connection(), ctx.user_id, self.clock())
            return play_line(play)

        line = await self.db.write(orm(job))
        return Reply(title=say("Logbook"), facts=[say("Changed: {line}", line=line)], colour=COLOUR)

    async def delete_play(self, ctx: Ctx, play_id: int) -> Reply:
        def job(session: Session) -> str:
            play = self._own(session, ctx, play_id)
            line = play_line(play)
            session.delete(play)
            session.flush()
            reminders.rearm(session.connection(), ctx.user_id, self.clock())
            return line

        line = await self.db.write(orm(job))
        return Reply(title=say("Logbook"), facts=[say("Deleted: {line}", line=line)], colour=COLOUR)
