"""The registry of games and opponents a play may be logged for (data/games.yaml)."""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import BaseModel

from bot.core.data import load_yaml
from bot.core.errors import InputError
from bot.core.scoresheet import Tie, outcome
from bot.core.vocabulary import DIFFICULTY
from bot.i18n.plural import form

Outcome = Literal["win", "loss", "tie", "unscored", "abandoned"]
DECIDED = ("win", "loss", "tie")


class OpponentEntry(BaseModel):
    difficulties: list[str]
    tie: Tie


class GameEntry(BaseModel):
    name: str
    modules: list[str]
    opponents: dict[str, OpponentEntry]
    shared: bool = False  # played by two real players, never solo (Fifth Avenue with Alea)


@cache
def catalogue() -> dict[str, GameEntry]:
    return {k: GameEntry.model_validate(v) for k, v in load_yaml("games.yaml")["games"].items()}


def find_game(text: str) -> str:
    needle = text.strip().lower()
    for key, entry in catalogue().items():
        if needle in (key, entry.name.lower()):
            return key
    names = ", ".join(f"{e.name} (`{k}`)" for k, e in catalogue().items())
    raise InputError(f"Unknown game; the logbook knows {names}.")


def find_opponent(game: str, text: str) -> str:
    entry = catalogue()[game]
    for name in entry.opponents:
        if name.lower() == text.strip().lower():
            return name
    raise InputError(
        f"{entry.name} has no opponent `{text[:30]}`; try {', '.join(entry.opponents)}."
    )


def check_difficulty(game: str, opponent: str, difficulty: str | None) -> str | None:
    allowed = catalogue()[game].opponents[opponent].difficulties
    if difficulty is None:
        return None
    if not allowed:
        raise InputError(f"{opponent} has no difficulty levels.")
    level = DIFFICULTY.read(difficulty) or difficulty.lower()  # `schwer` as German lines say
    if level not in allowed:
        levels = ", ".join(f"`{level}`" for level in allowed)
        raise InputError(f"{opponent}'s difficulty is one of {levels}.")
    return level


def check_modules(game: str, modules: str | None) -> str:
    if not modules:
        return ""
    allowed = catalogue()[game].modules
    chosen = sorted({m.strip() for m in modules.replace(",", " ").split() if m.strip()})
    bad = [m for m in chosen if m not in allowed]
    unknown = f"Unknown {form(len(bad), 'module')} {', '.join(bad)[:40]}"
    if bad and not allowed:
        raise InputError(f"{unknown}; this game has none.")
    if bad:
        raise InputError(f"{unknown}; this game has: {', '.join(allowed)}.")
    return ",".join(chosen)


def outcome_of(game: str, opponent: str, score: int, opponent_score: int) -> Outcome:
    """Each game's own rule: a tie goes to the opponent where the rule book says so."""
    return outcome(score, opponent_score, catalogue()[game].opponents[opponent].tie)  # type: ignore[return-value]
