"""A seeded deck whose order is saved state, so undo and replay draw the same cards."""

from __future__ import annotations

import random

from pydantic import BaseModel, Field

from bot.core.errors import RuleError


def seeded_rng(seed: int, *salt: object) -> random.Random:
    """A generator determined by the seed and a salt (string seeds hash stably across runs)."""
    return random.Random(":".join(str(part) for part in (seed, *salt)))


class Deck(BaseModel):
    """A face-down draw pile (top first) and a face-up discard pile."""

    draw_pile: list[int]
    discards: list[int] = Field(default_factory=list)
    seed: int = 0
    shuffles: int = 0

    @classmethod
    def shuffled(cls, cards: list[int], seed: int) -> Deck:
        pile = list(cards)
        seeded_rng(seed, "shuffle", 0).shuffle(pile)
        return cls(draw_pile=pile, seed=seed, shuffles=1)

    @property
    def size(self) -> int:
        return len(self.draw_pile)

    def peek(self, n: int = 1) -> list[int]:
        return self.draw_pile[:n]

    def draw(self) -> int:
        """Take the top card; an empty pile first takes back and reshuffles the discards."""
        if not self.draw_pile:
            self.reshuffle_discards()
        if not self.draw_pile:
            raise RuleError("The deck and its discard pile are both empty.")
        return self.draw_pile.pop(0)

    def draw_specific(self, card: int) -> int:
        """Take a named card from the draw pile (a player drew the physical card)."""
        if card not in self.draw_pile:
            if card in self.discards:
                raise RuleError(
                    f"Card {card} has already been drawn since the last shuffle: it is in the "
                    "discard pile until the deck runs out. Give a card still in the deck, or "
                    "leave the card out and I draw."
                )
            raise RuleError(f"Card {card} is not in this deck.")
        self.draw_pile.remove(card)
        return card

    def discard(self, card: int) -> None:
        self.discards.append(card)

    def remove(self, card: int) -> None:
        """Take a card out of the game, wherever it is."""
        for pile in (self.draw_pile, self.discards):
            if card in pile:
                pile.remove(card)
                return
        raise RuleError(f"Card {card} is not in this deck.")

    def put_bottom(self, cards: list[int]) -> None:
        self.draw_pile.extend(cards)

    def put_top(self, cards: list[int]) -> None:
        """Lay cards face down on the pile, the first of them on top (drawn next)."""
        self.draw_pile[:0] = cards

    def reshuffle_discards(self) -> None:
        pile = list(self.discards)
        seeded_rng(self.seed, "shuffle", self.shuffles).shuffle(pile)
        self.shuffles += 1
        self.draw_pile.extend(pile)
        self.discards.clear()
