"""What every part of the logbook stands on: its database and clock, the player's today, the
check that a campaign or thread filter names one of their own, and how a play reads."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from bot.core.errors import InputError
from bot.core.reply import Ctx
from bot.core.said import Said, say
from bot.core.said import name as said_name
from bot.core.vocabulary import DIFFICULTY
from bot.logbook.catalogue import find_opponent
from bot.logbook.free import free_key, free_name, free_opponent, game_label, is_free, known_game
from bot.logbook.free_names import Spellings, spellings_query
from bot.logbook.records import zone_of
from bot.logbook.timezones import day_number, day_text
from bot.store.database import Database
from bot.store.models import PlayRow, utcnow

COLOUR = 0x4169E1


def signed(value: float | None) -> str:
    return "—" if value is None else f"{value:+.1f}".replace(".0", "")


def game_filter(game: str | None, opponent: str | None) -> tuple[str | None, str | None]:
    """The game and opponent a filter names, as keys; an opponent needs its game. A free
    game's opponent is its text as typed (LogbookBase._free_scope spells both as the player
    wrote them)."""
    if not game:
        if opponent:
            raise InputError("Name the game too when you filter by opponent.")
        return None, None
    key = known_game(game)
    if key is None:
        rival = free_opponent(opponent, 0)[0] if opponent else None
        return free_key(free_name(game)), rival or None
    return key, find_opponent(key, opponent) if opponent else None


def scope_lines(
    game: str | None = None,
    opponent: str | None = None,
    difficulty: str | None = None,
    campaign: str | None = None,
    thread: int | None = None,
    name: str | None = None,
    challenge: int | None = None,
) -> list[str]:
    """One line per filter, under the player's mention (a free game by `name`)."""
    return [
        *([say("Game: {game}", game=game_label(game, name))] if game else []),
        *([say("Opponent: {opponent}", opponent=opponent)] if opponent else []),
        *([say("Difficulty: {level}", level=difficulty)] if difficulty else []),
        *([say("Campaign: **{name}**", name=campaign)] if campaign is not None else []),
        *([say("Thread: {channel}", channel=f"<#{thread}>")] if thread is not None else []),
        *([say("Server challenge #{id}", id=challenge)] if challenge is not None else []),
    ]


def stacked(lines: list[str]) -> str:
    """Lines shown as one fact (a player's mention over their filters), each said as it is
    built."""
    keys = {f"line{i}": line for i, line in enumerate(lines)}
    return say("\n".join(f"{{{name}}}" for name in keys), **keys)


def levelled(rival: str, difficulty: str | None) -> str:
    """`rival (hard)`: the bot's opponents' levels, each a catalog key; a free game's as typed."""
    if not difficulty:
        return rival
    if difficulty in DIFFICULTY:
        return say(f"{{opponent}} ({difficulty})", opponent=rival)
    return f"{rival} ({difficulty})"


def play_line(play: PlayRow) -> Said:
    name = game_label(play.game_key, play.game_name)
    # A shared game (Fifth Avenue): the scores are the two players'; the bot never scores.
    # A free game's opponent is as typed (a mention included), or none.
    rival: str = play.opponent or ""
    if play.rival_id and not is_free(play.game_key):
        rival = say("{who} (with {opponent})", who=f"<@{play.rival_id}>", opponent=play.opponent)
    if rival:
        rival = levelled(rival, play.difficulty)
    values: dict[str, object] = {"id": play.id, "day": day_text(play.local_day)}
    values["game"] = said_name(name)  # a printed name: in a line of values alone too
    key = "`#{id}` {day} {game}"
    if rival:
        key, values["rival"] = key + " vs {rival}", rival
    # "unscored" is the bot's word for a game that ended without scores; a play logged with
    # only your score has no outcome yet.
    outcome = (
        "no outcome" if play.outcome == "unscored" and play.score is not None else play.outcome
    )
    key, values["outcome"] = key + " — **{outcome}**", say(outcome)
    if play.score is not None:  # a play may keep only your score, or only its outcome
        other = "" if play.opponent_score is None else f"–{play.opponent_score}"
        key, values["score"] = key + " {score}", f"{play.score}{other}"
    if play.game_id:
        key += " · game #{game_id} in {channel}"
        values |= {"game_id": play.game_id, "channel": f"<#{play.channel_id}>"}
    return say(key, **values)


class LogbookBase:
    def __init__(
        self,
        db: Database,
        clock: Callable[[], datetime] = utcnow,
        bgg: Callable[[], Mapping[str, int]] = dict,
    ) -> None:
        self.db = db
        self.clock = clock
        # the bot's games' BoardGameGeek ids by key, read on first use (the games' specs
        # declare them: bot.games.registry.bgg_ids; the logbook may not import the games)
        self.bgg = bgg

    def _today(self, session: Session, user_id: int) -> int:
        return day_number(self.clock(), zone_of(session, user_id))

    @staticmethod
    def _free_scope(
        session: Session,
        ctx: Ctx,
        who: int,
        key: str | None,
        typed: str | None,
        opponent: str | None,
    ) -> tuple[str | None, str | None]:
        """A free game a filter names, as the player wrote it, and its opponent: (name,
        opponent); the player must have played it. (None, opponent) for the bot's games."""
        if key is None or not is_free(key):
            return None, opponent
        earlier = Spellings((session.execute(spellings_query(who, [key]))).all())
        if key not in earlier.names:
            whose = "Your" if who == ctx.user_id else "That player's"
            raise InputError(
                f"{whose} logbook has no plays of {free_name(typed or '')}; "
                "`/log play` logs one, and `/history` lists them."
            )
        name = earlier.names[key]
        if opponent is None:
            return name, None
        return name, earlier.opponents.get((key, opponent.casefold()), opponent)

    @staticmethod
    def _check_scope(
        session: Session,
        ctx: Ctx,
        who: int,
        campaign: str | None,
        thread: int | None,
        challenge: int | None = None,
    ) -> None:
        """A campaign, thread or challenge filter must name one the player has plays in."""
        whose = "Your" if who == ctx.user_id else "That player's"
        checks = []
        if campaign is not None:
            shown = campaign[:60].replace("`", "'")
            checks.append(
                (
                    PlayRow.campaign == campaign,
                    f"{whose} logbook has no campaign called `{shown}`; "
                    "`/game campaign name:` names a game's campaign.",
                )
            )
        if thread is not None:
            checks.append(
                (PlayRow.channel_id == thread, f"{whose} logbook has no plays in <#{thread}>.")
            )
        if challenge is not None:
            checks.append(
                (
                    PlayRow.challenge_id == challenge,
                    f"{whose} logbook has no plays in server challenge #{challenge}.",
                )
            )
        for clause, missing in checks:
            found = session.scalar(
                select(PlayRow.id).where(PlayRow.user_id == who, clause).limit(1)
            )
            if found is None:
                raise InputError(missing)
