"""A score sheet of categories, and who wins: the tie rule comes from data/games.yaml."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Literal

from bot.core.data import load_yaml

Tie = Literal["opponent", "tie", "player"]


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
