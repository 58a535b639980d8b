"""A picture of the game against Pseudo (Pillow), top to bottom: the board's action spaces with
the agents standing there this round, the buildings in play and who owns them (and what is for
sale in Builder's Hall), Pseudo's quests taken and completed, and the score: Pseudo's VP (the
bot counts them: he has no score marker, rule 3) and what the bot keeps of yours. Printed
names stay as our data spells them; the rest in `data["locale"]`, numbers in its format."""

from __future__ import annotations

from typing import Any

from bot.core.drawing import Canvas, canvas, font, png
from bot.core.said import Said, listed, name, say, unstored
from bot.i18n import ENGLISH, catalog, tr
from bot.i18n.numbers import number as _num

W, MARGIN, GAP = 640, 16, 8
HALF = (W - 2 * MARGIN - GAP) // 2
INK, PAPER, FAINT, EDGE = (40, 30, 30), (247, 240, 228), (120, 105, 95), (200, 185, 170)
PSEUDO, YOU, TILE = (139, 26, 26), (40, 90, 170), (255, 252, 245)
OWNED = {"pseudo": (244, 214, 214), "you": (214, 226, 246)}
TRACK_TOP = 100  # the score track's last number (it goes round again after it)


def _signed(value: int, locale: str) -> str:
    return ("+" if value >= 0 else "-") + _num(abs(value), locale)


def _vp(value: int, locale: str) -> str:
    """`20 VP` in the reader's words (`VP` alone is no line `tr` looks up)."""
    unit = (catalog(locale).line("VP") if locale != ENGLISH else None) or "VP"
    return f"{_num(value, locale)} {unit}"


def _n(value: int) -> str:
    """A number as a message's value: English (`1,234`), written the reader's way when said."""
    return _num(value, ENGLISH)


def _said(line: Said, locale: str) -> str:
    """A label built as a message, said in the reader's language."""
    return tr(line, locale)


def _name(name: str, locale: str) -> str:
    """A printed name as the catalog writes it for the reader, else as our data spells it."""
    return (catalog(locale).line(name) if locale != ENGLISH else None) or name


def _text(draw: Canvas, xy: tuple[float, float], text: str, size: int, **kw: Any):
    draw.text(xy, text, fill=kw.pop("fill", INK), font=font(size, kw.pop("bold", False)), **kw)


def _fit(draw: Canvas, text: str, size: int, width: float) -> str:
    """`text`, shortened with an ellipsis until it fits `width` at `size`."""
    if draw.textlength(text, font=font(size)) <= width:
        return text
    while text and draw.textlength(text + "…", font=font(size)) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _wrap(draw: Canvas, text: str, size: int, width: int) -> list[str]:
    """Lines of at most `width`, broken after a ` · ` where one can be (a name stays whole),
    else between words."""
    lines: list[str] = []
    for i, piece in enumerate(text.split(" · ")):
        whole = draw.textlength(piece, font=font(size)) <= width
        for j, unit in enumerate([piece] if whole else piece.split(" ")):
            glue = (" · " if i else "") if j == 0 else " "
            if lines and draw.textlength(lines[-1] + glue + unit, font=font(size)) <= width:
                lines[-1] += glue + unit
            else:
                lines.append(unit)
    return lines


def waterdeep_board_png(data: dict[str, Any]) -> bytes:
    locale = str(data.get("locale") or ENGLISH)
    scale = int(data.get("scale", 1))
    image, draw = canvas("RGB", (W, 2400), PAPER, scale)
    if data.get("over"):
        title = say("Pseudo · the eight rounds are over")
    else:
        title = say("Pseudo · round {n} of {m}", n=_n(data["round"]), m=_n(data["rounds"]))
    _text(draw, (MARGIN, MARGIN - 4), _said(title, locale), 20, bold=True)
    y = _legend(draw, MARGIN + 30, locale)
    y = _section(draw, y + 8, "The board", locale)
    y = _tiles(draw, y, data["spaces"], locale)
    y = _section(draw, y + 10, "Buildings in play", locale)
    if data["buildings"]:
        y = _tiles(draw, y, data["buildings"], locale)
    else:
        _text(draw, (MARGIN, y), _said(say("none"), locale), 15)
        y += 24
    hall = [
        say("{building} ({vp} VP)", building=name(h["name"]), vp=_n(h["vp"])) for h in data["hall"]
    ]
    sale = say("For sale in Builder's Hall: {hall}", hall=listed(hall, " · ") if hall else "–")
    for line in _wrap(draw, _said(sale, locale), 14, W - 32):
        _text(draw, (MARGIN, y), line, 14)
        y += 20
    y = _quests(draw, y + 10, data, locale)
    y = _score(draw, y + 10, data, locale)
    return png(image.crop((0, 0, W * scale, (y + MARGIN) * scale)))


def _section(draw: Canvas, y: int, words: str, locale: str) -> int:
    _text(draw, (MARGIN, y), _said(say(words), locale), 16, bold=True)
    return y + 26


def _agent(draw: Canvas, xy: tuple[float, float], who: str) -> None:
    """Pseudo's agent a filled disc, yours a ring: told apart without colour too."""
    x, y = xy
    if who == "pseudo":
        draw.ellipse((x - 9, y - 9, x + 9, y + 9), fill=PSEUDO, outline="white", width=2)
    else:
        draw.ellipse((x - 9, y - 9, x + 9, y + 9), fill="white", outline=YOU, width=4)


def _legend(draw: Canvas, y: int, locale: str) -> int:
    x = MARGIN + 10
    entries = [
        ("pseudo", "Pseudo's agent"),
        ("you", "your agent"),
        ("last", "Pseudo's last placement"),
    ]
    for kind, words in entries:
        if kind == "last":
            draw.rounded_rectangle((x - 10, y, x + 10, y + 18), 4, outline=PSEUDO, width=3)
        else:
            _agent(draw, (x, y + 9), kind)
        said = _said(say(words), locale)
        _text(draw, (x + 16, y + 9), said, 13, anchor="lm")
        x += 16 + int(draw.textlength(said, font=font(13))) + 26
    return y + 24


def _tiles(draw: Canvas, top: int, tiles: list[dict[str, Any]], locale: str) -> int:
    """Two columns of spaces: the name, whose agent stands there, a building's owner and pile."""
    tall = any("owner" in t for t in tiles)
    height = 48 if tall else 32
    for i, tile in enumerate(tiles):
        row, col = divmod(i, 2)
        x, y = MARGIN + col * (HALF + GAP), top + row * (height + 6)
        owner = tile.get("owner")
        fill = OWNED.get(owner, TILE) if owner else TILE
        edge, width = (PSEUDO, 3) if tile.get("last") else (EDGE, 1)
        draw.rounded_rectangle(
            (x, y, x + HALF, y + height), 6, fill=fill, outline=edge, width=width
        )
        name = _fit(draw, _name(tile["name"], locale), 14, HALF - 44)
        _text(draw, (x + 10, y + 7), name, 14)
        if tile.get("agent"):
            _agent(draw, (x + HALF - 18, y + height / 2), tile["agent"])
        if owner:
            whose = "Pseudo's building" if owner == "pseudo" else "your building"
            detail = _said(say(whose), locale)
            if tile.get("pile"):  # a message in its stored form (a plain text kept before)
                detail += " · " + _said(say("pile {pile}", pile=unstored(tile["pile"])), locale)
            _text(draw, (x + 10, y + 27), _fit(draw, detail, 12, HALF - 44), 12, fill=FAINT)
    rows = (len(tiles) + 1) // 2
    return top + rows * (height + 6) + 4


def _quests(draw: Canvas, top: int, data: dict[str, Any], locale: str) -> int:
    _text(draw, (MARGIN, top), _said(say("Pseudo's quests"), locale), 16, bold=True)
    bottom = top + 26
    for col, (key, words) in enumerate(
        (("quests", "taken (top first)"), ("completed", "completed"))
    ):
        x = MARGIN + col * (HALF + GAP)
        y = top + 26
        _text(draw, (x, y), _said(say(words), locale), 14, fill=FAINT)
        y += 22
        quests = data[key]
        if not quests:
            _text(draw, (x, y), _said(say("none"), locale), 14)
            y += 22
        for i, quest in enumerate(quests, 1):
            mark = f"{_num(i, locale)}." if key == "quests" else "✓"
            _text(draw, (x, y), mark, 14, bold=True)
            _text(draw, (x + 24, y), _fit(draw, quest["name"], 14, HALF - 28), 14)
            kind = f"{_said(say(quest['type']), locale)} · {_vp(quest['vp'], locale)}"
            _text(draw, (x + 24, y + 19), kind, 12, fill=FAINT)
            y += 42
        bottom = max(bottom, y)
    return bottom


def _score(draw: Canvas, top: int, data: dict[str, Any], locale: str) -> int:
    """The score track 0–100 with Pseudo's VP (no marker on the real board) and, once the game
    is scored, your track's VP."""
    y = _section(draw, top, "Score", locale)
    left, right = MARGIN + 8, W - MARGIN - 8
    bar = y + 34

    def at(vp: int) -> float:
        return left + (vp % TRACK_TOP) / TRACK_TOP * (right - left)

    draw.rectangle((left, bar - 5, right, bar + 5), fill=TILE, outline=EDGE)
    for vp in range(0, TRACK_TOP + 1, 10):
        x = left + vp / TRACK_TOP * (right - left)
        draw.line((x, bar - 8, x, bar + 8), fill=FAINT, width=2)
        _text(draw, (x, bar + 12), _num(vp, locale), 12, fill=FAINT, anchor="ma")
    pseudo = int(data["pseudo_vp"])
    x = at(pseudo)
    draw.polygon([(x, bar - 7), (x - 9, bar - 22), (x + 9, bar - 22)], fill=PSEUDO)
    label = f"Pseudo {_num(pseudo, locale)}"
    half = draw.textlength(label, font=font(13)) / 2
    _text(draw, (min(max(x, left + half), right - half), bar - 24), label, 13, anchor="md")
    if data.get("track") is not None:
        x = at(int(data["track"]))  # below the numbers, pointing up at the track
        draw.line((x, bar + 5, x, bar + 30), fill=YOU, width=2)
        draw.polygon([(x, bar + 30), (x - 9, bar + 44), (x + 9, bar + 44)], outline=YOU, width=3)
        said = _said(say("your track {n}", n=_n(int(data["track"]))), locale)
        half = draw.textlength(said, font=font(13)) / 2
        x = min(max(x, left + half), right - half)
        _text(draw, (x, bar + 47), said, 13, fill=YOU, anchor="ma")
        y = bar + 70
    else:
        y = bar + 32
    lines = [say("Pseudo's VP: {n} (the bot counts them: he has no score marker)", n=_n(pseudo))]
    if data.get("subtract"):
        lines.append(say("Every VP of Pseudo's is subtracted from your score (D5)."))
    kept = [say(f"{k} {{n}}", n=_signed(v, ENGLISH)) for k, v in data.get("ledger", {}).items()]
    lines.append(
        say("Your VP kept here (not on your track): {kept}", kept=listed(kept) if kept else "–")
    )
    lines.append(say("Pseudo's tavern: {tavern}", tavern=unstored(data["tavern"])))
    if data.get("score") is not None:
        lines.append(say("Your final score: {n}", n=_n(int(data["score"]))))
    for line in lines:
        for part in _wrap(draw, _said(line, locale), 14, W - 2 * MARGIN):
            _text(draw, (MARGIN, y), part, 14)
            y += 20
    return y
