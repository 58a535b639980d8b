"""The logbook as CSV and JSON, and CSV back in: all rows valid, or nothing imported."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from bot.core.errors import InputError, SoloistError
from bot.logbook.catalogue import (
    check_difficulty,
    check_modules,
    find_opponent,
    outcome_of,
)
from bot.logbook.free import (
    free_key,
    free_name,
    free_opponent,
    game_label,
    is_free,
    known_game,
    no_options_for,
)
from bot.logbook.timezones import check_date
from bot.store.models import PlayRow

COLUMNS = [
    "played_at",
    "game",
    "opponent",
    "difficulty",
    "modules",
    "score",
    "opponent_score",
    "outcome",
    "turns",
    "duration_seconds",
    "guild_id",
    "channel_id",
    "game_id",
    "source",
]
OUTCOMES = {"win", "loss", "tie", "unscored", "abandoned"}
MAX_ROWS = 20_000
MAX_FIELD = 10_000  # no column of a play comes near it; longer is not a logbook


def as_dict(play: PlayRow) -> dict[str, Any]:
    played = play.played_at if play.played_at.tzinfo else play.played_at.replace(tzinfo=UTC)
    return {
        "id": play.id,
        "played_at": played.isoformat(),
        # a free game by its name: a key in any case would lose how the player wrote it
        "game": game_label(play.game_key, play.game_name)
        if is_free(play.game_key)
        else play.game_key,
        "opponent": play.opponent,
        "difficulty": play.difficulty or "",
        "modules": play.modules,
        "score": play.score,
        "opponent_score": play.opponent_score,
        "outcome": play.outcome,
        "turns": play.turns,
        "duration_seconds": play.duration_seconds,
        "guild_id": play.guild_id,
        "channel_id": play.channel_id,
        "game_id": play.game_id,
        "source": play.source,
    }


def to_csv(plays: list[PlayRow]) -> bytes:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for play in plays:
        writer.writerow({k: ("" if v is None else v) for k, v in as_dict(play).items()})
    return out.getvalue().encode()


def to_json(plays: list[PlayRow]) -> bytes:
    return json.dumps([as_dict(p) for p in plays], indent=1).encode()


@dataclass(frozen=True)
class ImportedPlay:
    played_at: datetime
    game: str
    opponent: str
    difficulty: str | None
    modules: str
    score: int | None
    opponent_score: int | None
    outcome: str
    turns: int | None
    duration_seconds: int | None
    name: str | None = None  # a free game's name as the file writes it
    rival_id: int | None = None  # another real player a free game's opponent mentions
    bgg_id: int | None = None  # a free game's BoardGameGeek id, as a BG Stats or BGG file has it
    # The file's guild_id, channel_id, game_id and source are not read: where a play counts
    # and whether the bot recorded it is not the file's to say (the importer decides).

    @property
    def key(self) -> tuple[Any, ...]:
        """What makes two plays the same play."""
        return (
            self.played_at,
            self.game,
            self.opponent,
            self.score,
            self.opponent_score,
            self.outcome,
        )


def _int(value: str, name: str, low: int = -9999, high: int = 10**19) -> int | None:
    if value.strip() == "":
        return None
    try:
        number = int(value)
    except ValueError:
        raise InputError(f"`{name}` must be a whole number.") from None
    if not low <= number <= high:
        raise InputError(f"`{name}` is out of range.")
    return number


def _game(
    raw: dict[str, str], user_id: int
) -> tuple[str, str | None, str, int | None, str | None, str]:
    """(key, free name, opponent, rival, difficulty, modules) as the row names them."""
    game = known_game(raw["game"])
    if game is None:
        name = free_name(raw["game"])
        no_options_for(name, raw.get("difficulty") or None, raw.get("modules"))
        opponent, rival = free_opponent(raw["opponent"], user_id)
        return free_key(name), name, opponent, rival, None, ""
    opponent = find_opponent(game, raw["opponent"])
    difficulty = check_difficulty(game, opponent, raw.get("difficulty") or None)
    return game, None, opponent, None, difficulty, check_modules(game, raw.get("modules"))


def _row(raw: dict[str, str], now: datetime, user_id: int = 0) -> ImportedPlay:
    try:
        played = datetime.fromisoformat(raw["played_at"].strip())
    except (ValueError, AttributeError):
        raise InputError("`played_at` must be an ISO date and time.") from None
    try:
        played = (played if played.tzinfo else played.replace(tzinfo=UTC)).astimezone(UTC)
    except OverflowError:  # year 1 east of UTC or year 9999 west of it: a date, out of range
        check_date(played.date(), now)  # says which end
        raise InputError("`played_at` must be an ISO date and time.") from None
    check_date(played.date(), now)
    game, name, opponent, rival, difficulty, modules = _game(raw, user_id)
    score = _int(raw.get("score", ""), "score", -999, 9999)
    opponent_score = _int(raw.get("opponent_score", ""), "opponent_score", -999, 9999)
    outcome = (raw.get("outcome") or "").strip().lower()
    if outcome not in OUTCOMES:
        raise InputError(f"`outcome` must be one of {', '.join(sorted(OUTCOMES))}.")
    scored = score is not None and opponent_score is not None
    if scored and outcome in ("win", "loss", "tie") and name is None:
        expected = outcome_of(game, opponent, score or 0, opponent_score or 0)
        if expected != outcome:
            raise InputError(
                f"The scores {score}–{opponent_score} make a {expected}, not a {outcome}."
            )
    return ImportedPlay(
        played_at=played,
        game=game,
        opponent=opponent,
        difficulty=difficulty,
        modules=modules,
        score=score,
        opponent_score=opponent_score,
        outcome=outcome,
        turns=_int(raw.get("turns", ""), "turns", 0, 10_000),
        duration_seconds=_int(raw.get("duration_seconds", ""), "duration_seconds", 0, 10**9),
        name=name,
        rival_id=rival,
    )


def parse_csv(data: bytes, now: datetime, user_id: int = 0) -> list[ImportedPlay]:
    """Every row, validated; the first bad one is reported with its line number.
    Any line ending (LF, CRLF, CR alone) reads; dates must fall in the logbook's range."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError("The file is not UTF-8 text.") from None
    try:
        return _rows(csv.DictReader(io.StringIO(text, newline="")), now, user_id)
    except csv.Error as exc:  # e.g. a field over the csv module's size limit
        raise InputError(
            f"The CSV cannot be read: {str(exc)[:80]}. Nothing was imported."
        ) from None


def _rows(reader: csv.DictReader[str], now: datetime, user_id: int) -> list[ImportedPlay]:
    missing = [
        c
        for c in ("played_at", "game", "opponent", "outcome")
        if c not in (reader.fieldnames or [])
    ]
    if missing:
        raise InputError(f"The CSV needs the columns {', '.join(missing)} (see `/log export`).")
    rows = []
    for raw in reader:
        if len(rows) >= MAX_ROWS:
            raise InputError(f"At most {MAX_ROWS} plays can be imported at once.")
        try:
            fields = {k: (v or "") for k, v in raw.items() if k is not None}
            if any(len(v) > MAX_FIELD for v in fields.values() if isinstance(v, str)):
                raise InputError(f"A field is longer than {MAX_FIELD:,} characters.")
            rows.append(_row(fields, now, user_id))
        except SoloistError as exc:
            raise InputError(f"Line {reader.line_num}: {exc} Nothing was imported.") from None
    if not rows:
        raise InputError("The CSV has no plays in it.")
    return rows
