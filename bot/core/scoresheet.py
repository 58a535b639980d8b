"""Score sheets, and who wins: the tie rule comes from data/games.yaml.

`ScoreSheet` is one side's points by category, in the order they are scored. `FinalSheet` is a
finished game's score pad: both sides, category by category as the rule book names them, with
the totals and the margin. A side known only as a total (the player typed just that) shows what
is known and no more: its unknown rows are `?`, and what its total holds beyond the known rows
is a row of its own."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Literal

from bot.core.data import load_yaml
from bot.core.errors import InputError
from bot.core.tokens import labelled, short
from bot.core.values import Words

Tie = Literal["opponent", "tie", "player"]
Side = Literal["player", "opponent"]
Say = Callable[[str], str]

UNKNOWN = "?"  # a side's points in a row it did not give
SKIPPED = "–"  # a side that does not score this category at all
REST = "Not broken down"
TITLE = "Score sheet"
TOTAL = "Total"
MAX_POINTS = 999
_SIGNED = re.compile(r"[-−]?[0-9]{1,3}")


@cache
def tie_rule(game: str, opponent: str) -> Tie:
    """Who a tie goes to, as data/games.yaml says for this game and opponent."""
    rule = load_yaml("games.yaml")["games"][game]["opponents"][opponent].get("tie", "tie")
    if rule not in ("opponent", "tie", "player"):
        raise ValueError(f"data/games.yaml: tie for {game}/{opponent} is {rule!r}")
    return rule  # type: ignore[no-any-return]


def outcome(score: int, opponent_score: int, tie: Tie) -> str:
    """'win', 'loss' or 'tie' for the real player."""
    if score > opponent_score:
        return "win"
    if score < opponent_score:
        return "loss"
    return {"opponent": "loss", "player": "win", "tie": "tie"}[tie]


@dataclass
class ScoreSheet:
    """Points by category, in the order they are scored; `text()` is the breakdown shown."""

    categories: dict[str, int] = field(default_factory=dict)

    def add(self, category: str, points: int) -> None:
        self.categories[category] = self.categories.get(category, 0) + points

    @property
    def total(self) -> int:
        return sum(self.categories.values())

    def lines(self) -> list[str]:
        return [f"{name}: {points}" for name, points in self.categories.items()]

    def text(self) -> str:
        return "; ".join(self.lines()) + f" — total {self.total}"


# ---------------------------------------------------------------------- the finished game's pad
@dataclass(frozen=True)
class Row:
    """One category of the score pad and each side's points in it. None: not known (that
    side gave only its total); `skips` names a side that does not score this category at all
    (or "both": a category the rules count for nobody, shown for what it is).
    A `detail` row itemises the row above it (one staff card, one bank) and is not added again."""

    name: str
    player: int | None = None
    opponent: int | None = None
    skips: Side | Literal["both"] | None = None
    detail: bool = False

    def points(self, side: Side) -> int | None:
        return self.player if side == "player" else self.opponent

    def scores(self, side: Side) -> bool:
        """Whether the row counts towards `side`'s total."""
        return not self.detail and self.skips not in (side, "both")


@dataclass(frozen=True)
class Line:
    """A row as printed: its name and each side's cell (a number, `?` or `–`)."""

    name: str
    player: str
    opponent: str
    detail: bool = False


def signed(points: int) -> str:
    return f"−{-points}" if points < 0 else str(points)


@dataclass
class FinalSheet:
    """Both sides of a finished game, row by row. `totals` are the totals as given or
    recorded (None: the sum of that side's rows); `decided` is the game's verdict for the
    player ('win', 'loss', 'tie') where something beyond points broke a tie."""

    sides: tuple[str, str]
    rows: list[Row] = field(default_factory=list)
    totals: tuple[int | None, int | None] = (None, None)
    tie: Tie = "tie"
    decided: str | None = None
    notes: list[str] = field(default_factory=list)

    def _given(self, side: Side) -> int | None:
        return self.totals[0] if side == "player" else self.totals[1]

    def _known(self, side: Side) -> tuple[int, bool]:
        """The sum of a side's known rows, and whether a row it scores is unknown."""
        known = [r.points(side) for r in self.rows if r.scores(side)]
        return sum(p for p in known if p is not None), any(p is None for p in known)

    def total(self, side: Side) -> int | None:
        given = self._given(side)
        if given is not None:
            return given
        points, missing = self._known(side)
        return None if missing else points

    def rest(self, side: Side) -> int | None:
        """What the side's total holds beyond its known rows, when it was given as a total
        and some of it is not broken down (None when there is nothing to show)."""
        given = self._given(side)
        known = [r.points(side) for r in self.rows if r.scores(side)]
        if given is None or None not in known or all(p is None for p in known):
            return None
        return given - sum(p for p in known if p is not None)

    @property
    def margin(self) -> int | None:
        mine, theirs = self.total("player"), self.total("opponent")
        return None if mine is None or theirs is None else mine - theirs

    def outcome(self) -> str | None:
        if self.decided is not None:
            return self.decided
        mine, theirs = self.total("player"), self.total("opponent")
        return None if mine is None or theirs is None else outcome(mine, theirs, self.tie)

    def verdict(self) -> str:
        """Who won and by how much, in a sentence."""
        you, them = self.sides
        mine, theirs, result = self.total("player"), self.total("opponent"), self.outcome()
        if mine is None or theirs is None or result is None:
            return "The totals are not all known, so there is no margin."
        margin = abs(mine - theirs)
        if mine == theirs:
            if result == "tie":
                return f"A tie at {mine}."
            if result == "win":  # the player's side is always "You"
                return f"A tie at {mine}: it goes to you."
            return f"A tie at {mine}: it goes to {them}."
        winner = you if result == "win" else them
        if winner == "You":
            return f"You win by {margin}."
        return f"{winner} wins by {margin}."

    def lines(self) -> list[Line]:
        """The rows as printed: each category, the rest of a total given without its parts,
        and the totals."""
        out = [
            Line(r.name, self._cell(r, "player"), self._cell(r, "opponent"), detail=r.detail)
            for r in self.rows
        ]
        rests = {side: self.rest(side) for side in ("player", "opponent")}
        if any(v is not None for v in rests.values()):
            cells = [signed(v) if v is not None else "" for v in rests.values()]
            out.append(Line(REST, cells[0], cells[1]))
        totals = [self.total(side) for side in ("player", "opponent")]
        cells = [signed(v) if v is not None else UNKNOWN for v in totals]
        out.append(Line(TOTAL, cells[0], cells[1]))
        return out

    @staticmethod
    def _cell(row: Row, side: Side) -> str:
        points = row.points(side)
        if points is not None:
            return signed(points)
        if row.skips in (side, "both"):
            return SKIPPED
        return "" if row.detail else UNKNOWN

    def legend(self) -> list[str]:
        """What the marks mean, where they appear."""
        cells = {c for line in self.lines() for c in (line.player, line.opponent)}
        found = []
        if UNKNOWN in cells:
            found.append("? = not given, only the total")
        if SKIPPED in cells:
            found.append("– = does not score this category")
        return found

    def text(self, say: Say = str, head: Say | None = None) -> str:
        """The sheet as aligned text (the console), each text through `say` (a language) and
        the column heads through `head` (a language's short labels; `say` if not given)."""
        lines = self.lines()
        names = [("  " if line.detail else "") + say(line.name) for line in lines]
        title, heads = say(TITLE), [(head or say)(side) for side in self.sides]
        left = max(len(name) for name in [*names, title])
        cols = [
            max(len(heads[0]), *(len(line.player) for line in lines)),
            max(len(heads[1]), *(len(line.opponent) for line in lines)),
        ]
        out = [f"{title:<{left}}  {heads[0]:>{cols[0]}}  {heads[1]:>{cols[1]}}"]
        for name, line in zip(names, lines, strict=True):
            row = f"{name:<{left}}  {line.player:>{cols[0]}}  {line.opponent:>{cols[1]}}"
            out.append(row.rstrip())
        out.append(say(self.verdict()))
        out += [say(note) for note in [*self.notes, *self.legend()]]
        return "\n".join(out)

    def as_json(self) -> dict[str, Any]:
        return {
            "sides": list(self.sides),
            "rows": [[line.name, line.player, line.opponent] for line in self.lines()],
            "margin": self.margin,
            "outcome": self.outcome(),
        }


# ---------------------------------------------------------------------- the player's categories
def parse_breakdown(text: str | None, labels: Words, *, example: str) -> dict[str, int]:
    """`buildings:12 cities:-3`: the player's points by category (`labels`: the categories
    as typed, declared with their German names; each one's label is the category's name);
    signed whole numbers, each category once."""
    if text is None or not text.strip():
        return {}
    found: dict[str, int] = {}
    what = "a category of the score pad"
    for token in labelled(text, what=what, example=example, labels=labels):
        value = token.values[0]
        if not _SIGNED.fullmatch(value):
            raise InputError(
                f"`{short(value)}` is not a number of points: write it like `{example}`."
            )
        category = labels.word(token.label).label
        if category in found:
            raise InputError(f"`{token.label}` is listed twice.")
        found[category] = int(value.replace("−", "-"))
    return found


def check_breakdown(found: Mapping[str, int], total: int, complete: int) -> None:
    """With every one of the `complete` categories given, they must add up to the total."""
    if len(found) == complete and sum(found.values()) != total:
        raise InputError(
            f"The categories add up to {sum(found.values())}, not to the total {total}: "
            "check them, or leave out the ones you are unsure of."
        )
