"""BG Stats' own JSON file (a `.bgsplay` export): read for `/log import`, written by
`/log export format:bgstats`. The fields are those docs/plays-exchange.md lists from the public
descriptions; anything else in a file is ignored, and tests/schemas/bgstats.schema.json holds
every export to them."""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from bot.core.errors import InputError
from bot.logbook.exchange import MAX_PLAYS, SOLOIST, ForeignFile, ForeignPlay, Seat, whole
from bot.logbook.free import MENTION, game_label, is_free
from bot.logbook.timezones import zone
from bot.store.models import PlayRow

STAMP = "%Y-%m-%d %H:%M:%S"  # BG Stats writes every date so, in the device's local time
ABOUT = (
    "Plays exported by Soloist (a Discord bot for solo board games). BG Stats imports this "
    "file: open it with BG Stats."
)
NAMESPACE = uuid.UUID("5d0a1f3e-4b43-4a52-9a43-536f6c6f6973")  # stable uuids: re-exports match


class _Loose(BaseModel):
    model_config = ConfigDict(extra="ignore")


class _Player(_Loose):
    id: int
    name: str = Field(max_length=200)
    bggUsername: str | None = Field(default=None, max_length=200)
    metaData: dict[str, Any] | None = None


class _Game(_Loose):
    id: int
    name: str = Field(max_length=200)
    bggId: int | None = None
    cooperative: bool = False


class _Score(_Loose):
    playerRefId: int
    score: str | int | float | None = None
    winner: bool = False
    team: str | int | None = None


class _Play(_Loose):
    playDate: str = Field(max_length=40)
    gameRefId: int
    durationMin: int | None = Field(default=None, ge=0, le=100_000)
    playerScores: list[_Score] = Field(default_factory=list)
    comments: str | None = Field(default=None, max_length=10_000)
    ignored: bool = False

    @field_validator("playDate")
    @classmethod
    def _date(cls, value: str) -> str:
        try:
            datetime.strptime(value.strip()[:19], STAMP)
        except ValueError:
            raise ValueError("playDate must be YYYY-MM-DD HH:MM:SS") from None
        return value.strip()[:19]


class _User(_Loose):
    meRefId: int | None = None


class _File(_Loose):
    games: list[_Game]
    players: list[_Player]
    plays: list[_Play] = Field(max_length=MAX_PLAYS)
    userInfo: _User | None = None


def _refusal(error: dict[str, Any]) -> str:
    """A validation error as one line: the play, game or player by its index, the field."""
    loc = [str(part) for part in error.get("loc", ())]
    why = str(error.get("msg", ""))[:80]
    if len(loc) >= 3 and loc[0] in ("plays", "games", "players") and loc[1].isdigit():
        what = {"plays": "Play", "games": "Game", "players": "Player"}[loc[0]]
        return f"{what} {int(loc[1]) + 1} `{loc[2]}`: {why}. Nothing was imported."
    if len(loc) >= 2 and loc[0] in ("plays", "games", "players") and loc[1].isdigit():
        what = {"plays": "Play", "games": "Game", "players": "Player"}[loc[0]]
        return f"{what} {int(loc[1]) + 1}: {why}. Nothing was imported."
    return f"`{'.'.join(loc) or 'file'}`: {why}. Nothing was imported."


def parse(data: bytes) -> ForeignFile:
    """The file's plays, checked; the first wrong thing refuses it, named by its index."""
    try:
        raw = json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise InputError("The file is not UTF-8 text. Nothing was imported.") from None
    except (json.JSONDecodeError, RecursionError) as exc:
        if isinstance(exc, json.JSONDecodeError):
            raise InputError(
                f"The file is not valid JSON (line {exc.lineno}). Nothing was imported."
            ) from None
        raise InputError("The file is not valid JSON. Nothing was imported.") from None
    if not isinstance(raw, dict) or "plays" not in raw:
        raise InputError(
            "The JSON is not a BG Stats export (no `plays`): export your plays from BG Stats, "
            "or import `/log export`'s CSV. Nothing was imported."
        )
    if isinstance(raw.get("plays"), list) and len(raw["plays"]) > MAX_PLAYS:
        raise InputError(f"At most {MAX_PLAYS} plays can be imported at once.")
    try:
        parsed = _File.model_validate(raw)
    except ValidationError as exc:
        raise InputError(_refusal(dict(exc.errors()[0]))) from None
    games = {g.id: g for g in parsed.games}
    people = {p.id: p for p in parsed.players}
    plays = []
    for index, play in enumerate(parsed.plays, start=1):
        game = games.get(play.gameRefId)
        if game is None:
            raise InputError(
                f"Play {index}: no game with id {play.gameRefId} in the file. Nothing was imported."
            )
        seats = []
        for score in play.playerScores:
            person = people.get(score.playerRefId)
            if person is None:
                raise InputError(
                    f"Play {index}: no player with id {score.playerRefId} in the file. "
                    "Nothing was imported."
                )
            try:
                points = whole(score.score)
            except InputError as exc:
                raise InputError(f"Play {index}: {exc} Nothing was imported.") from None
            seats.append(
                Seat(
                    name=person.name,
                    score=points,
                    win=score.winner,
                    team=None if score.team in (None, "", 0) else str(score.team),
                    npc=bool((person.metaData or {}).get("isNpc")),
                    username=person.bggUsername or "",
                    ref=person.id,
                )
            )
        plays.append(
            ForeignPlay(
                index=index,
                when=datetime.strptime(play.playDate, STAMP),
                game=game.name,
                bgg_id=game.bggId or None,
                seats=tuple(seats),
                minutes=play.durationMin or None,
                comments=play.comments or "",
                cooperative=game.cooperative,
            )
        )
    me = parsed.userInfo.meRefId if parsed.userInfo else None
    return ForeignFile("BG Stats", plays, me_ref=me)


# ---------------------------------------------------------------------- export
def _uuid(*parts: object) -> str:
    return str(uuid.uuid5(NAMESPACE, "/".join(str(p) for p in parts)))


def comments(play: PlayRow, link: str | None = None) -> str:
    """What the play says beyond its scores: the opponent's difficulty and the modules, a
    server challenge, an abandoned game, and the game's page where there is one."""
    lines = []
    details = []
    if play.difficulty:
        details.append(f"difficulty {play.difficulty}")
    if play.modules:
        details.append(f"modules {play.modules}")
    if play.opponent and not is_free(play.game_key):
        lines.append(
            f"Against {play.opponent}{SOLOIST}" + (f", {', '.join(details)}." if details else ".")
        )
    elif details:
        lines.append(", ".join(details).capitalize() + ".")
    if play.challenge_id is not None:
        lines.append(f"Server challenge #{play.challenge_id} (a challenge play).")
    if play.outcome == "abandoned":
        lines.append("Abandoned: the game was not played to its end.")
    if link:
        lines.append(f"Game page: {link}")
    lines.append("Logged with Soloist.")
    return "\n".join(lines)


def _rival(play: PlayRow) -> str:
    """The other seat's name: the bot's opponent as "Leopold (Soloist)", a free game's as
    written (a mention as the user's id)."""
    if not play.opponent:
        return ""
    if is_free(play.game_key):
        return MENTION.sub(lambda m: f"Discord user {m.group(1)}", play.opponent)
    return f"{play.opponent}{SOLOIST}"


def export(
    plays: list[PlayRow],
    tz: str,
    me: str,
    bgg: Mapping[str, int],
    now: datetime,
    link: Callable[[PlayRow], str | None] = lambda _play: None,
) -> dict[str, Any]:
    """The logbook as a BG Stats export: `me` is the player (`userInfo.meRefId`)."""
    stamp = now.astimezone(UTC).strftime(STAMP)
    players: dict[str, dict[str, Any]] = {}
    games: dict[str, dict[str, Any]] = {}

    def player(name: str, npc: bool) -> int:
        if name not in players:
            players[name] = {
                "uuid": _uuid("player", name),
                "id": len(players) + 1,
                "name": name,
                "isAnonymous": False,
                "modificationDate": stamp,
                "bggUsername": "",
                "metaData": {"isNpc": 1 if npc else 0},
            }
        return int(players[name]["id"])

    def game(play: PlayRow) -> int:
        name = game_label(play.game_key, play.game_name)
        number = bgg.get(play.game_key) if not is_free(play.game_key) else play.bgg_id
        if play.game_key in games and number and not games[play.game_key]["bggId"]:
            games[play.game_key]["bggId"] = number  # a later play of a free game gives it
        if play.game_key not in games:
            games[play.game_key] = {
                "uuid": _uuid("game", play.game_key),
                "id": len(games) + 1,
                "name": name,
                "modificationDate": stamp,
                "cooperative": False,
                "highestWins": True,
                "noPoints": False,
                "usesTeams": False,
                "bggName": name,
                "bggYear": 0,
                "bggId": number or 0,
                "isBaseGame": 1,
                "isExpansion": 0,
            }
        return int(games[play.game_key]["id"])

    me_id = player(me, False)
    location = {"uuid": _uuid("location", "Soloist"), "id": 1, "name": "Soloist (Discord)"}
    location["modificationDate"] = stamp
    out = []
    for play in plays:
        played = play.played_at if play.played_at.tzinfo else play.played_at.replace(tzinfo=UTC)
        local = played.astimezone(zone(tz)).strftime(STAMP)
        rival = _rival(play)
        won, lost, tie = (play.outcome == o for o in ("win", "loss", "tie"))
        scores = [
            {
                "score": "" if play.score is None else str(play.score),
                "winner": won or tie,
                "newPlayer": False,
                "startPlayer": False,
                "playerRefId": me_id,
                "role": "",
                "rank": 1 if won or tie else (2 if lost else 0),
            }
        ]
        if rival:
            scores.append(
                {
                    "score": "" if play.opponent_score is None else str(play.opponent_score),
                    "winner": lost or tie,
                    "newPlayer": False,
                    "startPlayer": False,
                    "playerRefId": player(rival, not is_free(play.game_key)),
                    "role": "",
                    "rank": 1 if lost or tie else (2 if won else 0),
                }
            )
        out.append(
            {
                "uuid": _uuid("play", play.id),
                "modificationDate": stamp,
                "entryDate": local,
                "playDate": local,
                "usesTeams": False,
                "durationMin": (play.duration_seconds or 0) // 60,
                "ignored": False,
                "manualWinner": play.score is None or play.opponent_score is None,
                "rounds": 0,
                "locationRefId": 1,
                "gameRefId": game(play),
                "board": "",
                "comments": comments(play, link(play)),
                "playerScores": scores,
                "expansionPlays": [],
            }
        )
    return {
        "about": ABOUT,
        "players": list(players.values()),
        "locations": [location],
        "games": list(games.values()),
        "plays": out,
        "userInfo": {"meRefId": me_id, "exportDate": stamp, "appVersion": "Soloist"},
    }


def to_bytes(document: dict[str, Any]) -> bytes:
    return json.dumps(document, ensure_ascii=False, indent=1).encode()
