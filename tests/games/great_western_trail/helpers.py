"""Sam's game through the rules alone: start, act, and read the facts."""

from __future__ import annotations

from typing import Any

from bot.games.great_western_trail.spec import RULES
from bot.games.great_western_trail.state import GwtState


def start(difficulty: str = "medium", tile: str = "cowboy", seed: int = 1, **kw: Any) -> GwtState:
    st, _ = RULES.new_game({"difficulty": difficulty, "tile": tile, **kw}, seed)
    return st


def with_workers(st: GwtState, cowboy: int, builder: int, engineer: int, spec: str) -> GwtState:
    st.board.workers = {"cowboy": cowboy, "builder": builder, "engineer": engineer}
    st.board.specialization = spec  # type: ignore[assignment]
    return st


class Play:
    """A game in progress: each call applies one command and keeps the facts it gave."""

    def __init__(self, st: GwtState) -> None:
        self.st = st
        self.facts: list[str] = []
        self.out: Any = None

    def __call__(self, command: str, **options: Any) -> Play:
        self.st, self.out = RULES.apply(self.st, {"command": command, **options})
        self.facts = self.out.facts
        return self

    @property
    def ask(self):  # type: ignore[no-untyped-def]
        return self.st.agenda.ask

    def text(self) -> str:
        return "\n".join(self.facts)

    def fact(self, start: str) -> str:
        return next(f for f in self.facts if f.startswith(start))
