"""Plays in from BG Stats and BoardGameGeek: what the two files say, read into one shape, and
the player's own plays taken from it as logbook rows (docs/plays-exchange.md).

A file names players, not Discord users: the importer is `userInfo.meRefId` (BG Stats), the
file's `username` (BoardGameGeek), else the one player of a solo play who is not an automated
opponent, else the name the player gives once (`me:`), remembered. A play of one of the bot's
games (by BoardGameGeek id, then by name) is a play of that game, against the opponent it
names; any other game is a free game by its name."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time

from bot.core.errors import InputError, SoloistError
from bot.core.vocabulary import NONE as NONE_WORD
from bot.logbook.catalogue import catalogue, check_difficulty, check_modules, outcome_of
from bot.logbook.csvio import ImportedPlay
from bot.logbook.free import (
    NAME_CHARS,
    NOT_IN_NAMES,
    OPPONENT_CHARS,
    free_key,
    free_name,
    free_outcome,
    known_game,
)
from bot.logbook.timezones import check_date, zone

MAX_IMPORT_BYTES = 8_000_000  # 20,000 plays of BG Stats JSON fit; a 50 MB file is refused
MAX_PLAYS = 20_000
SOLOIST = " (Soloist)"  # how an export names the bot's opponent: "Leopold (Soloist)"
AUTOMA = "automa"  # the usual name of a solo opponent: the game's only one, if it has one
NONE = "none"  # `opponent:none`: the plays are logged without an opponent
SHOWN_NAMES = 10


@dataclass(frozen=True)
class Seat:
    """One player of a play, as the file writes them."""

    name: str
    score: int | None = None
    win: bool = False
    team: str | None = None
    npc: bool = False  # the file marks it an automated player (BG Stats `isNpc`)
    username: str = ""  # a BoardGameGeek user name, where the file gives one
    ref: int | None = None  # BG Stats: the player's id in the file


@dataclass(frozen=True)
class ForeignPlay:
    index: int  # 1-based, in the file's order: a bad play is named by it
    when: datetime | date  # local wall-clock time (BG Stats) or a day (BoardGameGeek)
    game: str
    bgg_id: int | None
    seats: tuple[Seat, ...]
    minutes: int | None = None
    comments: str = ""
    cooperative: bool = False


@dataclass
class ForeignFile:
    kind: str  # "BG Stats" or "BoardGameGeek"
    plays: list[ForeignPlay]
    me_ref: int | None = None  # BG Stats userInfo.meRefId
    username: str | None = None  # BoardGameGeek plays/@username
    incomplete: int = 0  # BoardGameGeek plays marked incomplete, skipped
    names: list[str] = field(default_factory=list)


def whole(value: object) -> int | None:
    """A score as the files write it ("22", 22, "", null) as a whole number, or None."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, bool):
        raise InputError(f"The score `{value}` is not a number.")
    try:
        number = float(value) if not isinstance(value, int) else value
    except (TypeError, ValueError):
        raise InputError(f"The score `{str(value)[:20]}` is not a number.") from None
    if isinstance(number, float) and (number != number or not number.is_integer()):
        raise InputError(f"The score `{str(value)[:20]}` is not a whole number.")
    number = int(number)
    if not -999 <= number <= 9999:
        raise InputError(f"The score {number} is out of range (-999 to 9999).")
    return number


def opponent_names() -> dict[str, set[str]]:
    """Each of the bot's opponents by name (any case) -> the games it plays."""
    found: dict[str, set[str]] = {}
    for key, entry in catalogue().items():
        for name in entry.opponents:
            found.setdefault(name.casefold(), set()).add(key)
    return found


def bare(name: str) -> str:
    """A player's name without the export's " (Soloist)"."""
    text = " ".join(name.split())
    return text[: -len(SOLOIST)].strip() if text.endswith(SOLOIST) else text


def automated(seat: Seat) -> bool:
    name = " ".join(seat.name.split())
    return (
        seat.npc
        or name.endswith(SOLOIST)
        or name.casefold() in opponent_names()
        or name.casefold() == AUTOMA
    )


def importer(found: ForeignFile, me: str | None, remembered: str | None) -> Callable[[Seat], bool]:
    """Which seat is the importing player's: see the module's docstring. Refused, asking for
    `me:`, when the file does not say."""
    names = sorted(
        {" ".join(s.name.split()) for p in found.plays for s in p.seats}, key=str.casefold
    )
    if me is not None and me.strip():
        wanted = " ".join(me.split()).casefold()
        if not any(n.casefold() == wanted for n in names):
            raise InputError(f"Nobody in the file is called {me.strip()[:40]}; {_names(names)}.")
        return lambda seat: " ".join(seat.name.split()).casefold() == wanted
    if found.me_ref is not None and any(
        s.ref == found.me_ref for p in found.plays for s in p.seats
    ):
        ref = found.me_ref
        return lambda seat: seat.ref == ref
    if found.username:
        user = found.username.casefold()
        if any(s.username.casefold() == user for p in found.plays for s in p.seats):
            return lambda seat: seat.username.casefold() == user
    if remembered and any(n.casefold() == remembered.casefold() for n in names):
        wanted = remembered.casefold()
        return lambda seat: " ".join(seat.name.split()).casefold() == wanted
    solo = {
        " ".join(humans[0].name.split()).casefold()
        for play in found.plays
        if len(humans := [s for s in play.seats if not automated(s)]) == 1
    }
    if len(solo) == 1:
        wanted = solo.pop()
        return lambda seat: " ".join(seat.name.split()).casefold() == wanted and not automated(seat)
    raise InputError(
        f"The file does not say which player you are: give your name there with the `me` "
        f"option of `/log import` ({_names(names)}). It is remembered for next time."
    )


def _names(names: list[str]) -> str:
    if not names:
        return "the file names no players"
    shown = ", ".join(names[:SHOWN_NAMES])
    more = f" and {len(names) - SHOWN_NAMES} more" if len(names) > SHOWN_NAMES else ""
    return f"its players are {shown}{more}"


def free_text(text: str, limit: int) -> str:
    """A name from a file as the logbook may show it: Markdown and mention characters become
    spaces, cut to the column."""
    cleaned = "".join(" " if c in NOT_IN_NAMES else c for c in text)
    return " ".join(cleaned.split())[:limit].strip()


@dataclass(frozen=True)
class Chosen:
    """The `opponent` option: per game, the opponent its unnamed plays are against."""

    names: tuple[str, ...] = ()

    @classmethod
    def of(cls, text: str | None) -> Chosen:
        if not text:
            return cls()
        return cls(
            tuple(
                NONE if NONE_WORD.read(n.strip()) == NONE else n.strip().casefold()
                for n in text.split(",")
                if n.strip()
            )
        )

    def for_game(self, key: str) -> str | None:
        """The game's opponent chosen, "" for none, None when not chosen."""
        for name in self.names:
            if name == NONE:
                return ""
            for opponent in catalogue()[key].opponents:
                if opponent.casefold() == name:
                    return opponent
        return None


DIFFICULTY = re.compile(r"\bdifficulty[: ]+([a-z]+)", re.IGNORECASE)
MODULES = re.compile(r"\bmodules?[: ]+([0-9][0-9, ]*)", re.IGNORECASE)
ABANDONED = re.compile(r"^\s*abandoned\b", re.IGNORECASE | re.MULTILINE)


@dataclass
class Reader:
    """Turns a file's plays into logbook rows for one player."""

    bgg: Mapping[str, int]  # game key -> BoardGameGeek id
    tz: str
    now: datetime
    is_me: Callable[[Seat], bool]
    chosen: Chosen = field(default_factory=Chosen)
    unnamed: dict[str, int] = field(default_factory=dict)  # game key -> plays with no opponent
    not_mine: int = 0

    def game_key(self, play: ForeignPlay) -> str | None:
        if play.bgg_id:
            for key, number in self.bgg.items():
                if number == play.bgg_id:
                    return key
        return known_game(play.game)

    def rows(self, plays: list[ForeignPlay]) -> list[ImportedPlay]:
        out: list[ImportedPlay] = []
        for play in plays:
            try:
                row = self.row(play)
            except SoloistError as exc:
                raise InputError(f"Play {play.index}: {exc} Nothing was imported.") from None
            if row is not None:
                out.append(row)
        if self.unnamed:
            games = ", ".join(
                f"{catalogue()[k].name} ({count} vs {' or '.join(catalogue()[k].opponents)})"
                for k, count in sorted(self.unnamed.items())
            )
            raise InputError(
                f"Some plays name none of the bot's opponents: {games}. Say which with the "
                f"`opponent` option of `/log import` (e.g. `Leopold`; several: `Leopold, Sam`), "
                f"or `none` to log them without one. Nothing was imported."
            )
        return out

    def row(self, play: ForeignPlay) -> ImportedPlay | None:
        mine = [s for s in play.seats if self.is_me(s)]
        if not mine:
            self.not_mine += 1
            return None
        me = mine[0]
        others = [
            s for s in play.seats if not self.is_me(s) and (me.team is None or s.team != me.team)
        ]
        scores = [s.score for s in others if s.score is not None]
        best = max(scores) if scores else None
        played = self.moment(play.when)
        key = self.game_key(play)
        if key is None:
            return self.free_row(play, me, others, best, played)
        opponent = self.opponent(key, others)
        if opponent is None:
            self.unnamed[key] = self.unnamed.get(key, 0) + 1
            return None
        level = DIFFICULTY.search(play.comments)
        modules = MODULES.search(play.comments)
        difficulty = None
        if level and opponent:
            difficulty = check_difficulty(key, opponent, level.group(1).lower())
        outcome = self.outcome(play, me, others, best, key, opponent)
        return ImportedPlay(
            played_at=played,
            game=key,
            opponent=opponent,
            difficulty=difficulty,
            modules=check_modules(key, modules.group(1)) if modules else "",
            score=me.score,
            opponent_score=best,
            outcome=outcome,
            turns=None,
            duration_seconds=play.minutes * 60 if play.minutes else None,
        )

    def free_row(
        self,
        play: ForeignPlay,
        me: Seat,
        others: list[Seat],
        best: int | None,
        played: datetime,
    ) -> ImportedPlay:
        name = free_name(free_text(play.game, NAME_CHARS) or "?")
        rival = free_text(", ".join(bare(s.name) for s in others), OPPONENT_CHARS)
        return ImportedPlay(
            played_at=played,
            game=free_key(name),
            opponent=rival,
            difficulty=None,
            modules="",
            score=me.score,
            opponent_score=best,
            outcome=self.outcome(play, me, others, best, None, rival),
            turns=None,
            duration_seconds=play.minutes * 60 if play.minutes else None,
            name=name,
            bgg_id=play.bgg_id or None,
        )

    def opponent(self, key: str, others: list[Seat]) -> str | None:
        """The bot's opponent the play names, "" for none, or None: ask."""
        known = catalogue()[key].opponents
        for seat in others:
            name = bare(seat.name).casefold()
            for opponent in known:
                if opponent.casefold() == name:
                    return opponent
            if name == AUTOMA and len(known) == 1:
                return next(iter(known))
        return self.chosen.for_game(key)

    @staticmethod
    def outcome(
        play: ForeignPlay,
        me: Seat,
        others: list[Seat],
        best: int | None,
        key: str | None,
        opponent: str,
    ) -> str:
        if ABANDONED.search(play.comments):
            return "abandoned"
        rival_won = [s for s in others if s.win]
        if me.win:
            # both sides won: a tie (equal scores, or the bot's opponent won too), else a
            # win shared with the other players (a cooperative game without the flag)
            level = me.score is not None and me.score == best
            return "tie" if rival_won and (level or any(map(automated, rival_won))) else "win"
        if rival_won or play.cooperative:
            return "loss"
        if me.score is not None and best is not None:
            if key is not None and opponent:
                return outcome_of(key, opponent, me.score, best)
            return free_outcome(me.score, best, None)
        return "unscored"  # no winner and not both scores: counted, in no win rate

    def moment(self, when: datetime | date) -> datetime:
        """The file's local time (a day: its noon) in the player's timezone, as UTC."""
        local = when if isinstance(when, datetime) else datetime.combine(when, time(12))
        check_date(local.date(), self.now)
        return local.replace(tzinfo=zone(self.tz)).astimezone(UTC)
