"""Sam's board: in text (`/gwt board`) and as picture data, both built as messages."""

from __future__ import annotations

from bot.core.game import Picture
from bot.core.said import listed, say, stored
from bot.games.great_western_trail import railroad
from bot.games.great_western_trail.cattle import card_name
from bot.games.great_western_trail.state import GwtState

NAMES = {"cowboy": "cowboys", "builder": "builders", "engineer": "engineers"}


def _your_engine(st: GwtState) -> dict[str, int | None] | None:
    """Your engine as you last told it (for the picture), or None."""
    told = st.table.recall("engine")
    if told is None:
        return None
    yours = railroad.parse_engine(told)
    return {"space": yours.space, "station": yours.station}


def board_text(st: GwtState) -> str:
    """Sam's board in text (`/gwt board`), built as messages."""
    b = st.board
    none = "none"  # a word the catalog says
    count = {c: b.outlaws.count(c) for c in ("green", "orange")}
    outlaws: str = (
        say("{g} green, {o} orange", g=count["green"], o=count["orange"])
        if all(count.values())
        else next((say(f"{{n}} {c}", n=n) for c, n in count.items() if n), none)
    )
    engine: str = (
        say("off the track")
        if b.engine_off
        else (
            say("station {n}", n=b.engine_station)
            if b.engine_station
            else say("space {n}", n=b.engine)
        )
    )
    return say(
        "{sam}\n{workers}\n{buildings}\n{deliveries}\n{cattle}",
        sam=say(
            "Sam · {difficulty} · specialization **{spec}** · deck {n} left, {m} discarded",
            difficulty=st.options.difficulty,  # words the catalog says (`mittel`, `Cowboys`)
            spec=NAMES[b.specialization],
            n=st.deck.size,
            m=len(st.deck.discards),
        ),
        workers=say(
            "Workers: cowboys {c} · builders {b} · engineers {e}",
            c=b.workers["cowboy"],
            b=b.workers["builder"],
            e=b.workers["engineer"],
        ),
        buildings=say(
            "Buildings: {buildings} · stations {stations} · engine {engine} · discs in "
            "supply {discs}",
            buildings=", ".join(f"#{n}b" for n in b.buildings) or none,
            stations=", ".join(map(str, b.stations)) or none,
            engine=engine,
            discs=b.discs,
        ),
        deliveries=say(
            "Deliveries: {deliveries} · objectives {objectives} · outlaws {outlaws} · "
            + ("hazards {n} ({vp} VP)" if b.hazards else "hazards none"),
            deliveries=listed(b.deliveries) if b.deliveries else none,  # printed names
            objectives=b.objectives,
            outlaws=outlaws,
            **({"n": len(b.hazards), "vp": sum(h.vp for h in b.hazards)} if b.hazards else {}),
        ),
        cattle=say(
            "Cattle: {herd}",
            herd=listed(card_name(c) for c in b.cattle) if b.cattle else none,
        ),
    )


def picture(st: GwtState) -> Picture:
    """Sam's board as picture data; its title a message kept in its stored form."""
    b = st.board
    return Picture(
        kind="gwt_board",
        data={
            # a message in its stored form (JSON data), said where it is drawn
            "title": stored(
                say(
                    "Sam · {difficulty} · turn {turn}",
                    difficulty=st.options.difficulty,
                    turn=st.turn,
                )
            ),
            "workers": dict(b.workers),
            "specialization": b.specialization,
            "buildings": list(b.buildings),
            "removed_buildings": list(b.removed_buildings),
            "stations": list(b.stations),
            "herder": b.herder,
            "engine": b.engine,
            "engine_station": b.engine_station,
            "engine_off": b.engine_off,
            "your_engine": _your_engine(st),
            "deliveries": list(b.deliveries),
            "objectives": b.objectives,
            "outlaws": list(b.outlaws),
            "hazards": [h.vp for h in b.hazards],
            "cattle": [c.vp for c in b.cattle],
            "discs": b.discs,
        },
    )
