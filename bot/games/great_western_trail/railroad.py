"""Move Sam's engine (cards #5, #6, #12, #15) and his discs.

One space per engineer; it jumps your engine as usual (the space you occupy does not count).
It stops at a station it reaches unless the same move reaches a station further down the
track, then only there; stopping, Sam upgrades the station free with a disc, and the
station-master tile there is returned to the box. At the end of the track he upgrades the last
station and his engine leaves the track. #15 (engineers): to the next station not blocked by
your engine. Stations count only if he has no disc there yet.
An empty supply: the disc comes from his least valuable station (a tie is yours to break)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.core.agenda import Ask, Choice, Turn
from bot.core.errors import InputError
from bot.core.priority import Key, TieBreak, resolve
from bot.core.said import Said, say
from bot.core.tokens import number
from bot.games.great_western_trail.commands import TurnCmd
from bot.games.great_western_trail.data import Station, gwt_data, why
from bot.games.great_western_trail.facts import given
from bot.games.great_western_trail.state import Disc, Engine, GwtState
from bot.games.great_western_trail.ties import decide
from bot.i18n.plural import count

ENGINE_PROMPT = say(
    "Where is your engine? Its track space (0 = start, 39 = end), or `S` and the station if it "
    f"stands on a station's turnout: `{TurnCmd.line(engine=12)}` or "
    f"`{TurnCmd.line(engine='S3')}`"
)


@dataclass(frozen=True)
class Yours:
    """The player's engine: a track space, or a station's turnout."""

    space: int
    station: int | None = None


def parse_engine(text: str) -> Yours:
    token = text.strip().lower()
    last = gwt_data().railroad.last_space
    if token.startswith("s"):
        ids = [s.id for s in gwt_data().railroad.stations if s.turnout_after is not None]
        sid = number(token[1:], what="station", low=1, high=max(ids))
        return Yours(gwt_data().station(sid).space, sid)
    if not token:
        raise InputError(ENGINE_PROMPT)
    return Yours(number(token, what="track space", high=last))


def read_engine(_: str | None, typed: str) -> str:
    parse_engine(typed)
    return typed


def distance(st: GwtState, station: Station, yours: Yours) -> int:
    """Moves from his engine to a station, not counting the track space your engine holds."""
    here = st.board.engine
    branch = station.turnout_after if station.turnout_after is not None else station.space - 1
    jumped = 1 if yours.station is None and here < yours.space <= branch else 0
    return station.space - here - jumped


def track_end(st: GwtState, moves: int, yours: Yours) -> int:
    """Where a move along the main track ends, jumping your engine."""
    here = st.board.engine
    jumped = 1 if yours.station is None and here < yours.space <= here + moves else 0
    return here + moves + jumped


def reachable(st: GwtState, moves: int, yours: Yours) -> list[Station]:
    board = st.board
    return [
        s
        for s in gwt_data().railroad.stations
        if s.id not in board.stations
        and s.space > board.engine
        and yours.station != s.id
        and distance(st, s, yours) <= moves
    ]


def upgrade(st: GwtState, station: Station, turn: Turn[Any], how: Said) -> None:
    board = st.board
    empty = board.discs <= 0
    board.stations.append(station.id)
    master = (
        " Remove the station-master tile there (if it is still there) and return it to the box; "
        "Sam appoints no worker."
        if station.station_master
        else ""
    )
    where = "from his least valuable station (next)" if empty else "from his supply"
    turn.facts.append(
        say(
            "Sam's engine {how} **station {station}** and upgrades it for free with a disc "
            f"{where}.{master}",
            how=how,
            station=station.id,
        )
    )
    if empty:
        turn.insert(Disc(target=f"station {station.id}"))


def engine(st: GwtState, turn: Turn[Any]) -> Ask | None:
    step: Engine = turn.step
    board = st.board
    if board.engine_off:
        turn.facts.append(say("Sam's engine has left the track: he ignores this action."))
        return None
    text = given(st, turn.inputs, "engine", read_engine)
    if text is None:
        return st.table.ask(
            "engine",
            prompt=ENGINE_PROMPT,
            command="turn",
            choices=[Choice(label=say("Yours is on the start space (0)"), value="0")],
        )
    yours = parse_engine(str(text))
    last = gwt_data().railroad.last_space
    if step.form == "next_station":
        ahead = reachable(st, last, yours)
        if not ahead:
            turn.facts.append(say("No station is left ahead of Sam's engine."))
            return None
        target = min(ahead, key=lambda s: s.space)
        _stop(st, target, turn, say("moves (engineer specialization) to the next free station,"))
        return None
    moves = board.workers["engineer"]
    stations = reachable(st, moves, yours)
    if stations:
        target = max(stations, key=lambda s: s.space)
        how = say(
            "moves up to {spaces} (1 per engineer) and stops at", spaces=count(moves, "space")
        )
        _stop(st, target, turn, how)
        return None
    end = track_end(st, moves, yours)
    if end >= last:
        final = gwt_data().railroad.stations[-1]
        turn.facts.append(say("Sam's engine reaches the end of the railroad track."))
        if final.id not in board.stations:
            upgrade(st, final, turn, say("upgrades the last"))
        board.engine_off = True
        board.engine_station = None
        turn.facts.append(say("Take Sam's engine off the track and put it next to the board."))
        return None
    board.engine = end
    board.engine_station = None
    turn.facts.append(
        say(
            "Sam's engine moves {spaces} (1 per engineer) to track space **{end}**; no station "
            "to upgrade.",
            spaces=count(moves, "space"),  # a count the catalog says (`1 Feld`)
            end=end,
        )
    )
    return None


def _stop(st: GwtState, target: Station, turn: Turn[Any], how: Said) -> None:
    board = st.board
    last = gwt_data().railroad.last_space
    board.engine = target.space if target.turnout_after is None else target.turnout_after
    board.engine_station = target.id if target.turnout_after is not None else None
    upgrade(st, target, turn, how)
    if target.space >= last:
        board.engine_off = True
        board.engine_station = None
        turn.facts.append(
            say(
                "That is the end of the railroad track: take Sam's engine off the track and put "
                "it next to the board."
            )
        )


def disc(st: GwtState, turn: Turn[Any]) -> Ask | None:
    """His supply is empty: take the disc from his least valuable station."""
    step: Disc = turn.step
    board = st.board
    own = [gwt_data().station(i) for i in board.stations if f"station {i}" != step.target]
    target = disc_target(step.target)
    if not own:
        turn.facts.append(say("Sam has no disc left anywhere: {target} gets none.", target=target))
        if step.target.startswith("station "):
            board.stations.remove(int(step.target.split()[1]))
        else:
            board.deliveries.pop()
        return None
    choice = resolve(
        own,
        keys=[Key("his least valuable station", lambda s: s.vp, highest=False)],
        tie_break=TieBreak.ASK,
    )
    chosen, ask = decide(
        choice,
        turn,
        prompt=say(
            "Sam's supply is empty: from which station does the disc for {target} come?",
            target=target,
        ),
        label=lambda s: say("station {n} ({vp} VP)", n=s.id, vp=s.vp),
        value=lambda s: str(s.id),
    )
    if ask is not None:
        return ask
    assert chosen is not None
    board.stations.remove(chosen.id)
    turn.facts.append(
        say(
            "Sam's supply is empty: take his disc from **station {station}** ({why}) and place "
            "it on {target}.",
            station=chosen.id,
            why=why(choice.reason),
            target=target,
        )
    )
    return None


def disc_target(target: str) -> str:
    """Where a disc goes (`station 3`, or a city's printed name), as a line shows it."""
    kind, _, station = target.partition(" ")
    return say("station {n}", n=int(station)) if kind == "station" and station.isdigit() else target
