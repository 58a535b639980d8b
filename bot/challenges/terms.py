"""What a play-count challenge is (N games × M plays in a period, any games or the ones picked
in advance, solo plays only or all), and the checks of what a player typed for one: a refusal
names what would work and changes nothing."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from bot.challenges.commands import MOST_GAMES, New
from bot.core.errors import InputError
from bot.i18n.plural import count
from bot.logbook.catalogue import catalogue, check_difficulty, find_game, find_opponent
from bot.logbook.timezones import EPOCH

MOST_CHALLENGES = 25  # at once, per player (autocomplete shows 25)
MOST_YEARS = 5
LATEST = date(9998, 12, 31)  # a period's end, with room for the day after it
NOT_IN_NAMES = "`*_~|<>@\\"  # Markdown and mentions: a name shows as it was typed
EXAMPLE_PICK = f"`{New.line(name='Hardcore', plays=5, pick='gah:Leopold:hard gah:Elisabeth:hard')}`"


@dataclass(frozen=True)
class Entry:
    """A game of a challenge picked in advance: a game, or a game against one opponent, or at
    one of that opponent's difficulties. A play counts for it when it matches all it names."""

    game: str
    opponent: str | None = None
    level: str | None = None

    @property
    def code(self) -> str:
        """As typed and stored: `gah`, `gah:Leopold`, `gah:Leopold:hard`."""
        return ":".join(part for part in (self.game, self.opponent, self.level) if part)

    @classmethod
    def from_code(cls, code: str) -> Entry:
        game, opponent, level = [*code.split(":"), None, None][:3]
        return cls(str(game), opponent or None, level or None)

    def matches(self, game: str, opponent: str, level: str | None) -> bool:
        return (
            game == self.game and self.opponent in (None, opponent) and self.level in (None, level)
        )

    def overlaps(self, other: Entry) -> bool:
        """Whether one play could count for both."""
        opponents = None in (self.opponent, other.opponent) or self.opponent == other.opponent
        levels = None in (self.level, other.level) or self.level == other.level
        return self.game == other.game and opponents and levels


@dataclass(frozen=True)
class Terms:
    name: str
    games: int  # N
    plays: int  # M, per game
    first_day: int  # local day numbers (days since 1970-01-01 in the player's zone)
    last_day: int
    pick: tuple[Entry, ...] | None  # None: any games, the first N different ones played
    solo: bool  # only plays without another real player

    @property
    def total(self) -> int:
        return self.games * self.plays


def check_name(name: str) -> str:
    shown = " ".join(name.split())
    if not shown:
        raise InputError("Give the challenge a name, e.g. `10x10 2026`.")
    if any(char in NOT_IN_NAMES for char in shown):
        raise InputError("A challenge's name may not contain ` * _ ~ | < > @ or \\.")
    return shown


def name_key(name: str) -> str:
    return " ".join(name.casefold().split())


def parse_entry(text: str) -> Entry:
    """`game[:opponent[:difficulty]]`, the game by its key or name, in any case."""
    game, _, rest = text.strip().partition(":")
    key = find_game(game)
    if not rest.strip():
        return Entry(key)
    opponent, _, level = rest.partition(":")
    rival = find_opponent(key, opponent)
    return Entry(key, rival, check_difficulty(key, rival, level.strip()) if level.strip() else None)


def _is_game(word: str) -> bool:
    needle = word.partition(":")[0].strip().lower()
    return any(needle in (key, entry.name.lower()) for key, entry in catalogue().items())


def split_pick(text: str) -> list[str]:
    """The entries of a typed list: separated by commas, or by spaces where a word that names
    no game goes on the opponent before it (`glasgow:Freddy II`)."""
    pieces: list[str] = []
    for chunk in text.replace(";", ",").split(","):
        chunk = " ".join(chunk.split())
        if not chunk:
            continue
        try:
            parse_entry(chunk)
            pieces.append(chunk)  # one entry, spaces and all (`Grand Austria Hotel`)
            continue
        except InputError:
            pass
        start = len(pieces)
        for word in chunk.split(" "):
            if len(pieces) > start and ":" in pieces[-1] and not _is_game(word):
                pieces[-1] += " " + word
            else:
                pieces.append(word)
    return pieces


def check_pick(text: str, solo: bool) -> tuple[Entry, ...]:
    entries: list[Entry] = []
    for piece in split_pick(text):
        entry = parse_entry(piece)
        if solo and catalogue()[entry.game].shared:
            raise InputError(
                f"Solo plays only, but {catalogue()[entry.game].name} is played by two: "
                "leave it out, or count all plays (`solo:false`)."
            )
        for earlier in entries:
            if entry.overlaps(earlier):
                raise InputError(
                    f"The picks `{earlier.code}` and `{entry.code}` overlap: a play would count "
                    "for both. Pick each game once."
                )
        entries.append(entry)
    if not entries:
        raise InputError(f"Pick the games by their keys, e.g. {EXAMPLE_PICK}.")
    return tuple(entries)


def check_games(games: int | None, pick: tuple[Entry, ...] | None, solo: bool) -> int:
    """N: the number picked, or what `games` asks of any games: any game logged counts, the
    bot's or another by its name, so up to MOST_GAMES (`solo` changes nothing here)."""
    if pick is not None:
        if games is not None and games != len(pick):
            raise InputError(
                f"You picked {count(len(pick), 'game')} but asked for {games}: "
                "leave `games` out, or pick as many."
            )
        return len(pick)
    if games is None:
        raise InputError("Say how many games count (`games:5`) or which (`pick:gah gwt glasgow`).")
    if not 1 <= games <= MOST_GAMES:
        raise InputError(
            f"A challenge of any games has 1 to {MOST_GAMES} games: every game you log "
            "counts, the bot's and any other by its name (`/log play game:Spirit Island`)."
        )
    return games


def _date(text: str, end: bool) -> tuple[date, bool]:
    """A typed date, or a year (its first or last day); and whether it was a year."""
    typed = text.strip()
    try:
        if len(typed) == 4 and typed.isdigit():
            year = int(typed)
            return (date(year, 12, 31) if end else date(year, 1, 1)), True
        return date.fromisoformat(typed), False
    except ValueError:
        raise InputError("Give dates as YYYY-MM-DD, or a whole year as YYYY.") from None


def _in_range(day: date) -> date:
    if not EPOCH <= day <= LATEST:
        raise InputError(
            f"A challenge's dates lie between {EPOCH.isoformat()} and {LATEST.isoformat()}."
        )
    return day


def _years_on(day: date, years: int = 1) -> date:
    """The last day of the `years` years that begin on `day`."""
    try:
        return day.replace(year=day.year + years) - timedelta(days=1)
    except ValueError:  # from 29 February: to the last day of February
        return date(day.year + years, 3, 1) - timedelta(days=1)


def check_period(start: str | None, end: str | None, today: date) -> tuple[int, int]:
    """The first and last local day: the current calendar year by default; from `start` for a
    year (a year given as YYYY: that year); from today to `end`."""
    if start is None and end is None:
        first, last = date(today.year, 1, 1), date(today.year, 12, 31)
    elif start is None:
        first, last = today, _in_range(_date(str(end), True)[0])
    else:
        first, whole_year = _date(start, False)
        _in_range(first)
        if end is not None:
            last = _in_range(_date(end, True)[0])
        else:
            last = date(first.year, 12, 31) if whole_year else _in_range(_years_on(first))
    if last < first:
        raise InputError(
            f"The challenge would end before it starts: {last.isoformat()} is before "
            f"{first.isoformat()}."
        )
    if first.year + MOST_YEARS <= LATEST.year and last > _years_on(first, MOST_YEARS):
        raise InputError(f"A challenge runs at most {MOST_YEARS} years.")
    return (first - EPOCH).days, (last - EPOCH).days
