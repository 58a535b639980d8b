"""A non-negative pool of resources (gold, cubes, workers): counts that never go below zero."""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel, Field

from bot.core.errors import RuleError


class Pool(BaseModel):
    counts: dict[str, int] = Field(default_factory=dict)

    def __getitem__(self, name: str) -> int:
        return self.counts.get(name, 0)

    def add(self, name: str, amount: int = 1) -> None:
        if amount < 0:
            raise ValueError("add a non-negative amount; use take() to remove")
        if amount:
            self.counts[name] = self[name] + amount

    def can_pay(self, cost: Mapping[str, int]) -> bool:
        return all(self[name] >= amount for name, amount in cost.items())

    def take(self, name: str, amount: int = 1) -> None:
        """Remove `amount`; refuse (changing nothing) when there is not enough."""
        self.pay({name: amount})

    def pay(self, cost: Mapping[str, int]) -> None:
        short = {n: a - self[n] for n, a in cost.items() if self[n] < a}
        if short:
            missing = ", ".join(f"{a} {n}" for n, a in short.items())
            raise RuleError(f"Not enough: {missing} short.")
        for name, amount in cost.items():
            left = self[name] - amount
            if left:
                self.counts[name] = left
            else:
                self.counts.pop(name, None)

    def take_up_to(self, name: str, amount: int) -> int:
        """Remove as many as there are, at most `amount`; return how many."""
        taken = min(self[name], max(0, amount))
        if taken:
            self.pay({name: taken})
        return taken

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def text(self, order: list[str] | None = None) -> str:
        names = order or sorted(self.counts)
        shown = [f"{self[n]} {n}" for n in names if self[n]]
        return ", ".join(shown) or "nothing"
