"""A picture of Sam's board (Pillow), top to bottom: the trail with his herder, the railroad
with his engine and stations, his twelve buildings, his three worker rows, then the rest in
lines. Trail and railroad are schematics of reconstructed data (data/gwt_sam.yaml, `uncertain`)
and the footer says so. Its words are in `data["locale"]` when a front-end passes the reader's
language (English otherwise), numbers in that language's format."""

from __future__ import annotations

from typing import Any

from bot.core.drawing import Canvas, canvas, font, png
from bot.core.said import Said, listed, name, say, unstored
from bot.games.great_western_trail.data import gwt_data
from bot.i18n import ENGLISH, catalog, tr
from bot.i18n.numbers import number as _num

W, MARGIN, ROW_H, CELL = 640, 16, 44, 40
INK, PAPER, EMPTY, FAINT = (40, 30, 20), (246, 238, 222), (200, 190, 170), (120, 110, 95)
SAM, SAM_LIGHT, BAND = (150, 40, 110), (232, 200, 222), (255, 222, 120)
COLOURS = {"cowboy": (196, 120, 52), "builder": (70, 120, 190), "engineer": (90, 90, 90)}
SPEC = (210, 170, 40)
HAZARDS = {"flood": (60, 120, 200), "drought": (196, 150, 40), "rockfall": (125, 115, 105)}
NEUTRAL, OUTLAW = (236, 214, 170), (238, 176, 120)
HANDS = {"green": [(60, 150, 60)], "black": [(20, 20, 20)], "both": [(60, 150, 60), (20, 20, 20)]}
COL, LANE = 27, 30  # the trail schematic: a column per location, a lane per route
TRACK_COL, TRACK_ROW = 30, 20  # the railroad: 20 track spaces a row


def _vp(value: int, locale: str, space: str = " ") -> str:
    """`3 VP` in the reader's words (`VP` alone is no line `tr` looks up)."""
    unit = (catalog(locale).line("VP") if locale != ENGLISH else None) or "VP"
    return f"{_num(value, locale)}{space}{unit}"


def _n(value: int) -> str:
    """A number as a message's value: English (`1,234`), written the reader's way when said."""
    return _num(value, ENGLISH)


def _said(line: Said, locale: str) -> str:
    """A label built as a message, said in the reader's language."""
    return tr(line, locale)


def _text(draw: Canvas, xy: tuple[float, float], text: str, size: int, **kw: Any):
    draw.text(xy, text, fill=kw.pop("fill", INK), font=font(size, kw.pop("bold", False)), **kw)


def _wrap(draw: Canvas, text: str, size: int, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and draw.textlength(f"{lines[-1]} {word}", font=font(size)) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def gwt_board_png(data: dict[str, Any]) -> bytes:
    locale = str(data.get("locale") or ENGLISH)
    scale = int(data.get("scale", 1))
    image, draw = canvas("RGB", (W, 1400), PAPER, scale)
    _text(draw, (MARGIN, MARGIN - 4), tr(unstored(data.get("title", "Sam")), locale), 20, bold=True)
    y = _trail(draw, MARGIN + 34, data, locale)
    y = _railroad(draw, y + 14, data, locale)
    y = _buildings(draw, y + 14, data, locale)
    y = _workers(draw, y + 16, data, locale)
    for line in _lines(data, locale):
        _text(draw, (MARGIN, y), line, 15)
        y += 22
    footer = _said(say(FOOTER), locale)
    for line in _wrap(draw, footer, 13, W - 2 * MARGIN):
        _text(draw, (MARGIN, y + 6), line, 13, fill=FAINT)
        y += 18
    return png(image.crop((0, 0, W * scale, (y + MARGIN + 6) * scale)))


FOOTER = (
    "Trail and railroad: a schematic of reconstructed board data (a fan implementation). "
    "The bot counts the steps of Sam's herder but not where he stands, nor where Sam's "
    "buildings stand: your board shows both."
)


# ---------------------------------------------------------------- the trail
def _trail(draw: Canvas, top: int, data: dict[str, Any], locale: str) -> int:
    trail = gwt_data().trail
    column = trail.columns()
    passes = trail.passes()
    last = column[passes[-1]]
    split = min((column[p] for p in passes), key=lambda c: abs(c - last / 2))
    rows = [(0, split), (split, last)]  # the split location starts the second row again
    steps = int(data.get("herder", 0))
    low, high = trail.herder_columns(steps)
    _text(draw, (MARGIN, top), _said(say("Trail"), locale), 16, bold=True)
    row_top = top + 24
    herder_at: tuple[float, float] | None = None
    for first, end in rows:
        lane_y = [row_top + 26 + lane * LANE for lane in range(3)]

        def at(space_id: str, first: int = first, lane_y: list[int] = lane_y) -> tuple[int, int]:
            space = next(s for s in trail.spaces if s.id == space_id)
            return MARGIN + 6 + (column[space_id] - first) * COL + COL // 2, lane_y[space.lane]

        beyond = high > first if first else high >= first  # a ghost alone is no stretch
        if steps and low <= end and beyond:
            x0 = MARGIN + 6 + (max(low, first) - first) * COL
            x1 = MARGIN + 6 + (min(high, end) - first + 1) * COL
            draw.rounded_rectangle((x0, lane_y[0] - 16, x1, lane_y[2] + 16), 8, fill=BAND)
            if herder_at is None:
                herder_at = ((x0 + x1) / 2, lane_y[0] - 22)
        shown = [s for s in trail.spaces if first <= column[s.id] <= end]
        for space in shown:
            for following in space.next:
                if column[following] <= end:
                    draw.line((*at(space.id), *at(following)), fill=FAINT, width=3)
        for space in shown:
            ghost = first > 0 and column[space.id] == first
            _location(draw, at(space.id), space.kind, space.id, space.hazard, locale, ghost)
        if first == 0:
            x, y = at(passes[0])
            _text(draw, (x, y + 12), _said(say("Start"), locale), 13, anchor="ma")
            _legend(draw, MARGIN + 6 + (end - first + 1) * COL + 18, row_top, locale)
        else:
            x, _ = at(passes[-1])
            _text(draw, (x + 14, lane_y[0] - 26), "Kansas City", 13, anchor="ra")
        row_top += 26 + 3 * LANE + 12
    if steps == 0:  # at the start: beside it
        herder_at = (MARGIN + 6 + COL // 2, top + 24 + 26 - 20)
    if herder_at is not None:
        _pawn(draw, herder_at)
    _text(draw, (MARGIN, row_top), _herder_line(steps, low, high, locale), 15)
    return row_top + 22


def _herder_line(steps: int, low: int, high: int, locale: str) -> str:
    if steps == 0:
        return _said(say("Sam's herder: at the start of the trail"), locale)
    if steps == 1:
        line = say("Sam's herder: 1 step since the start, on the first neutral building")
        return _said(line, locale)
    line = say("Sam's herder: {n} steps since the start, in the marked stretch", n=_n(steps))
    return _said(line, locale)


def _location(
    draw: Canvas,
    xy: tuple[int, int],
    kind: str,
    name: str,
    hazard: str | None,
    locale: str,
    ghost: bool = False,
) -> None:
    x, y = xy
    line = FAINT if ghost else INK
    if kind == "start":
        draw.ellipse((x - 9, y - 9, x + 9, y + 9), fill=INK)
    elif kind == "neutral":
        draw.rounded_rectangle(
            (x - 12, y - 12, x + 12, y + 12), 4, fill=NEUTRAL, outline=line, width=2
        )
        _text(draw, (x, y), name, 15, bold=True, fill=line, anchor="mm")
    elif kind in ("building", "risk"):
        draw.rectangle((x - 9, y - 9, x + 9, y + 9), fill="white", outline=INK, width=2)
        if kind == "risk":
            _text(draw, (x, y), "!", 13, bold=True, fill=(170, 30, 30), anchor="mm")
    elif kind == "hazard" and hazard is not None:
        draw.polygon([(x, y - 11), (x + 11, y), (x, y + 11), (x - 11, y)], fill=HAZARDS[hazard])
        _text(draw, (x, y), _initial(hazard, locale), 12, bold=True, fill="white", anchor="mm")
    elif kind == "outlaw":
        draw.ellipse((x - 9, y - 9, x + 9, y + 9), fill=OUTLAW, outline=INK, width=2)
    elif kind == "kansas_city":
        draw.rounded_rectangle(
            (x - 14, y - 12, x + 14, y + 12), 4, fill=NEUTRAL, outline=INK, width=2
        )
        _text(draw, (x, y), "KC", 12, bold=True, anchor="mm")


def _initial(hazard: str, locale: str) -> str:
    return _said(say(hazard), locale)[:1].upper()


def _pawn(draw: Canvas, xy: tuple[float, float]) -> None:
    x, y = xy
    draw.polygon([(x - 8, y + 9), (x + 8, y + 9), (x + 4, y - 1), (x - 4, y - 1)], fill=SAM)
    draw.ellipse((x - 6, y - 12, x + 6, y), fill=SAM, outline="white", width=2)


def _legend(draw: Canvas, x: int, y: int, locale: str) -> None:
    letters = listed(name(_initial(h, locale)) for h in HAZARDS)  # already the reader's
    rows = [
        ("building", say("building space")),
        ("risk", say("risk space")),
        ("hazard", say("hazard ({letters})", letters=letters)),
        ("outlaw", say("outlaw space")),
        ("herder", say("Sam's herder")),
    ]
    for i, (kind, words) in enumerate(rows):
        cy = y + 8 + i * 20
        if kind == "herder":
            _pawn(draw, (x, cy + 2))
        elif kind == "hazard":
            draw.polygon([(x, cy - 9), (x + 9, cy), (x, cy + 9), (x - 9, cy)], fill=FAINT)
        else:
            _location(draw, (x, cy), kind, "", None, locale)
        _text(draw, (x + 16, cy), _said(words, locale), 13, anchor="lm")


# ---------------------------------------------------------------- the railroad
def _track_xy(space: int, top: int) -> tuple[int, int]:
    row, col = divmod(space, TRACK_ROW)
    return MARGIN + 6 + col * TRACK_COL + TRACK_COL // 2, top + 36 + row * 84


def _railroad(draw: Canvas, top: int, data: dict[str, Any], locale: str) -> int:
    railroad = gwt_data().railroad
    _text(draw, (MARGIN, top), _said(say("Railroad"), locale), 16, bold=True)
    for row_start in range(0, railroad.last_space + 1, TRACK_ROW):
        a = _track_xy(row_start, top)
        b = _track_xy(min(row_start + TRACK_ROW - 1, railroad.last_space), top)
        draw.line((*a, *b), fill=FAINT, width=4)
    for station in railroad.stations:  # the branch lines first, under the track spaces
        x, y = _track_xy(
            station.space if station.turnout_after is None else station.turnout_after, top
        )
        hx = x if station.turnout_after is None else x + TRACK_COL / 2
        draw.line((x, y, hx, y + 34), fill=FAINT, width=3)
    for space in range(railroad.last_space + 1):
        x, y = _track_xy(space, top)
        draw.rectangle((x - 11, y - 11, x + 11, y + 11), fill="white", outline=INK, width=2)
        if space % 5 == 0 or space == railroad.last_space:
            _text(draw, (x, y), _num(space, locale), 12, fill=FAINT, anchor="mm")
    upgraded = set(data.get("stations", []))
    houses: dict[int, tuple[float, int]] = {}
    for station in railroad.stations:
        branch = station.turnout_after
        x, y = _track_xy(station.space if branch is None else branch, top)
        hx, hy = (x if branch is None else x + TRACK_COL / 2), y + 34
        mine = station.id in upgraded
        draw.polygon(_house(hx, hy, 12), fill=SAM if mine else "white", outline=INK)
        number = _num(station.id, locale)
        _text(draw, (hx, hy + 3), number, 12, bold=True, fill="white" if mine else INK, anchor="mm")
        _text(draw, (hx, hy + 15), _vp(station.vp, locale), 12, anchor="ma")
        houses[station.id] = (hx, hy)
    yours = data.get("your_engine")
    if isinstance(yours, dict):
        _engine(draw, _engine_xy(yours, houses, top), mine=False)
    if not data.get("engine_off"):
        sam = {"space": data.get("engine", 0), "station": data.get("engine_station")}
        _engine(draw, _engine_xy(sam, houses, top), mine=True)
    bottom = _track_xy(railroad.last_space, top)[1] + 66
    x = MARGIN + 12
    for kind, words in (("sam", "Sam's engine"), ("you", "your engine"), ("disc", "Sam's disc")):
        if kind == "disc":
            draw.polygon(_house(x, bottom + 10, 9), fill=SAM, outline=INK)
        else:
            _engine(draw, (x, bottom + 10), mine=kind == "sam")
        said = _said(say(words), locale)
        _text(draw, (x + 18, bottom + 10), said, 13, anchor="lm")
        x += 18 + int(draw.textlength(said, font=font(13))) + 28
    _text(draw, (MARGIN, bottom + 28), _engine_line(data, locale), 15)
    return bottom + 50


def _house(x: float, y: float, half: int) -> list[tuple[float, float]]:
    return [
        (x - half, y - half / 3),
        (x, y - half * 7 / 6),
        (x + half, y - half / 3),
        (x + half, y + half),
        (x - half, y + half),
    ]


def _engine_xy(
    where: dict[str, Any], houses: dict[int, tuple[float, int]], top: int
) -> tuple[float, int]:
    station = where.get("station")
    if station in houses:
        x, hy = houses[station]
        return x, hy - 24
    return _track_xy(int(where.get("space") or 0), top)


def _engine(draw: Canvas, xy: tuple[float, int], *, mine: bool) -> None:
    x, y = xy
    box = (x - 11, y - 8, x + 11, y + 8)
    if mine:
        draw.rounded_rectangle(box, 4, fill=SAM, outline="white", width=2)
    else:
        draw.rounded_rectangle(box, 4, fill=INK, outline="white", width=2)


def _engine_line(data: dict[str, Any], locale: str) -> str:
    def where(space: int, station: int | None) -> Said:
        if station:
            return say("station {n}", n=_n(station))
        return say("space {n}", n=_n(space))

    if data.get("engine_off"):
        sam = say("Sam's engine: off the track")
    else:
        at = where(data.get("engine", 0), data.get("engine_station"))
        sam = say("Sam's engine: {where}", where=at)
    yours = data.get("your_engine")
    if not isinstance(yours, dict):
        return _said(sam, locale)
    mine = where(int(yours.get("space") or 0), yours.get("station"))
    line = say(
        "{sam} · {yours}", sam=sam, yours=say("yours: {where} (as you last reported)", where=mine)
    )
    return _said(line, locale)


# ---------------------------------------------------------------- his buildings
def _buildings(draw: Canvas, top: int, data: dict[str, Any], locale: str) -> int:
    _text(draw, (MARGIN, top), _said(say("Sam's buildings (b-side)"), locale), 16, bold=True)
    placed, removed = set(data.get("buildings", [])), set(data.get("removed_buildings", []))
    tiles = gwt_data().buildings.tiles
    gap = 4
    width = (W - 2 * MARGIN - gap * (len(tiles) - 1)) // len(tiles)
    y = top + 26
    for i, tile in enumerate(tiles):
        x = MARGIN + i * (width + gap)
        box = (x, y, x + width, y + 48)
        if tile.number in placed:
            draw.rounded_rectangle(box, 5, fill=SAM_LIGHT, outline=SAM, width=3)
        else:
            draw.rounded_rectangle(box, 5, fill=PAPER, outline=EMPTY, width=2)
        _text(
            draw,
            (x + width / 2, y + 5),
            f"#{_num(tile.number, locale)}",
            14,
            bold=True,
            anchor="ma",
        )
        _text(draw, (x + 6, y + 27), _num(tile.builders, locale), 13)
        for j, colour in enumerate(HANDS.get(tile.hand, [])):
            cx = x + width - 10 - j * 12
            draw.ellipse((cx - 5, y + 30, cx + 5, y + 40), fill=colour)
        if tile.number in removed:
            draw.line((x + 3, y + 3, x + width - 3, y + 45), fill=INK, width=3)
            draw.line((x + 3, y + 45, x + width - 3, y + 3), fill=INK, width=3)
    key = say("number, builders it needs, its hands; framed: placed, crossed out: replaced")
    key = _said(key, locale)
    y += 56
    for line in _wrap(draw, key, 13, W - 2 * MARGIN):
        _text(draw, (MARGIN, y), line, 13, fill=FAINT)
        y += 18
    return y


# ---------------------------------------------------------------- workers and the rest
def _workers(draw: Canvas, top: int, data: dict[str, Any], locale: str) -> int:
    for i, worker in enumerate(("cowboy", "builder", "engineer")):
        y = top + i * ROW_H
        count = int(data["workers"].get(worker, 0))
        if data.get("specialization") == worker:
            draw.rounded_rectangle((MARGIN - 4, y - 2, MARGIN + 118, y + CELL + 2), 6, fill=SPEC)
        _text(draw, (MARGIN, y + 11), _said(say(f"{worker}s"), locale), 15)
        for space in range(6):
            x = MARGIN + 126 + space * (CELL + 6)
            box = (x, y, x + CELL, y + CELL)
            if space < count:
                draw.rounded_rectangle(box, 6, fill=COLOURS[worker], outline=INK)
            else:
                draw.rounded_rectangle(box, 6, outline=EMPTY, width=2)
            if space >= 4:
                mark = _vp(4, locale, space="")
                _text(draw, (x + CELL / 2, y + CELL - 14), mark, 11, fill=INK, anchor="ma")
        right = MARGIN + 126 + 6 * (CELL + 6) + 6
        _text(draw, (right, y + 11), _num(count, locale), 15)
    return top + 3 * ROW_H + 10


def _lines(data: dict[str, Any], locale: str = ENGLISH) -> list[str]:
    def shown(values: list[Any], prefix: str = "") -> Any:
        items = [f"{prefix}{_n(v) if isinstance(v, int) else v}" for v in values]
        return listed(items) if items else "none"  # a word the catalog says

    outlaws = list(data["outlaws"])
    counted = [
        say(f"{{n}} {c}", n=_n(outlaws.count(c))) for c in ("green", "orange") if c in outlaws
    ]
    lines = [
        say("Buildings: {buildings}", buildings=shown(data["buildings"], "#")),
        say(
            "Stations: {stations}   discs in supply: {discs}",
            stations=shown(data["stations"]),
            discs=_n(data["discs"]),
        ),
        say("Deliveries: {deliveries}", deliveries=shown(data["deliveries"])),
        say(
            "Objectives: {objectives}   outlaws: {outlaws}",
            objectives=_n(data["objectives"]),
            outlaws=listed(counted) if counted else "none",
        ),
        say(
            "Hazards (VP): {hazards}   cattle (VP): {cattle}",
            hazards=shown(data["hazards"]),
            cattle=shown(data["cattle"]),
        ),
    ]
    return [_said(line, locale) for line in lines]
