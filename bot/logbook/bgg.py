"""BoardGameGeek's play log: the XML of its `plays` endpoint, saved by the player, read for
`/log import` (the bot fetches nothing), and a CSV of the logbook for the player to log on
BoardGameGeek by hand or with their own tools (`/log export format:bgg`). The fields are
those docs/plays-exchange.md lists from the public descriptions."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from datetime import UTC, date
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from bot.core.errors import InputError
from bot.logbook.bgstats import comments
from bot.logbook.exchange import MAX_PLAYS, SOLOIST, ForeignFile, ForeignPlay, Seat, whole
from bot.logbook.free import MENTION, game_label, is_free
from bot.logbook.timezones import zone
from bot.store.models import PlayRow

MAX_QUANTITY = 100  # one line of the log for more plays than that is no log
CSV_COLUMNS = [
    "date",
    "objectid",
    "name",
    "quantity",
    "length",
    "incomplete",
    "nowinstats",
    "location",
    "comments",
    "players",
]


def _number(value: str | None, what: str, index: int, low: int, high: int) -> int:
    text = (value or "0").strip() or "0"
    if not text.lstrip("-").isdigit() or not low <= int(text) <= high:
        raise InputError(
            f"Play {index}: `{what}` must be a whole number from {low} to {high}. Nothing was "
            "imported."
        )
    return int(text)


def _play(node: Element, index: int) -> tuple[list[ForeignPlay], bool]:
    """The plays one `<play>` stands for (`quantity` of them), and whether it is incomplete."""
    try:
        day = date.fromisoformat((node.get("date") or "").strip())
    except ValueError:
        raise InputError(
            f"Play {index}: `date` must be YYYY-MM-DD. Nothing was imported."
        ) from None
    quantity = _number(node.get("quantity") or "1", "quantity", index, 0, MAX_QUANTITY)
    minutes = _number(node.get("length"), "length", index, 0, 100_000)
    incomplete = (node.get("incomplete") or "0").strip() == "1"
    item = node.find("item")
    if item is None or not (item.get("name") or "").strip():
        raise InputError(f"Play {index}: no `<item name=…>`, so no game. Nothing was imported.")
    objectid = _number(item.get("objectid"), "objectid", index, 0, 10**9)
    seats = []
    for player in node.iterfind("players/player"):
        try:
            score = whole(player.get("score"))
        except InputError as exc:
            raise InputError(f"Play {index}: {exc} Nothing was imported.") from None
        seats.append(
            Seat(
                name=(player.get("name") or player.get("username") or "").strip()[:200],
                score=score,
                win=(player.get("win") or "0").strip() == "1",
                team=None,
                username=(player.get("username") or "").strip()[:200],
            )
        )
    said = node.findtext("comments") or ""
    play = ForeignPlay(
        index=index,
        when=day,
        game=(item.get("name") or "").strip()[:200],
        bgg_id=objectid or None,
        seats=tuple(seats),
        minutes=minutes or None,
        comments=said[:10_000],
    )
    return [play] * quantity, incomplete


def parse(data: bytes) -> ForeignFile:
    """The file's plays, checked: incomplete ones skipped and counted, `quantity` > 1 as so
    many plays. Entities and DTDs are refused (an XML bomb is no play log)."""
    try:
        root = fromstring(data, forbid_dtd=True)
    except DefusedXmlException:
        raise InputError(
            "The XML declares a DTD or entities, which a BoardGameGeek play log never does; "
            "refused. Nothing was imported."
        ) from None
    except ParseError as exc:
        raise InputError(
            f"The file is not valid XML ({str(exc)[:60]}). Nothing was imported."
        ) from None
    if root.tag != "plays":
        raise InputError(
            "The XML is not BoardGameGeek's play log (its root is not `<plays>`). Nothing was "
            "imported."
        )
    plays: list[ForeignPlay] = []
    incomplete = 0
    for index, node in enumerate(root.iterfind("play"), start=1):
        found, skipped = _play(node, index)
        if skipped:
            incomplete += len(found)
            continue
        plays.extend(found)
        if len(plays) > MAX_PLAYS:
            raise InputError(f"At most {MAX_PLAYS} plays can be imported at once.")
    return ForeignFile(
        "BoardGameGeek",
        plays,
        username=(root.get("username") or "").strip() or None,
        incomplete=incomplete,
    )


def _seat(name: str, score: int | None, win: bool) -> str:
    clean = name.replace("|", "/").replace(";", ",")
    return f"{clean}|{'' if score is None else score}|{1 if win else 0}"


def to_csv(plays: list[PlayRow], tz: str, me: str, bgg: Mapping[str, int]) -> bytes:
    """One play a line, in BoardGameGeek's own terms (docs/plays-exchange.md): the players as
    `name|score|win` separated by `;`."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for play in plays:
        played = play.played_at if play.played_at.tzinfo else play.played_at.replace(tzinfo=UTC)
        won, lost, tie = (play.outcome == o for o in ("win", "loss", "tie"))
        seats = [_seat(me, play.score, won or tie)]
        if play.opponent:
            rival = (
                MENTION.sub(lambda m: f"Discord user {m.group(1)}", play.opponent)
                if is_free(play.game_key)
                else f"{play.opponent}{SOLOIST}"
            )
            seats.append(_seat(rival, play.opponent_score, lost or tie))
        number = play.bgg_id if is_free(play.game_key) else bgg.get(play.game_key)
        writer.writerow(
            {
                "date": played.astimezone(zone(tz)).date().isoformat(),
                "objectid": number or "",
                "name": game_label(play.game_key, play.game_name),
                "quantity": 1,
                "length": (play.duration_seconds or 0) // 60,
                "incomplete": 1 if play.outcome == "abandoned" else 0,
                "nowinstats": 0,
                "location": "Soloist (Discord)",
                "comments": comments(play).replace("\n", " "),  # one play, one line
                "players": ";".join(seats),
            }
        )
    return out.getvalue().encode()
