"""What an instruction card means at a difficulty with the chosen modules.

The turn builds its steps from this view, the draw describes the card with it, and `/gah card`
shows every symbol a card prints (`modules=None`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.core.agenda import Step
from bot.core.said import listed, say, value
from bot.games.grand_austria.choices import hand_words
from bot.games.grand_austria.data import (
    BORDERS_BY_DIFFICULTY,
    Extra,
    GuestSymbol,
    InstructionCard,
    gah_data,
)
from bot.games.grand_austria.names import COLOUR
from bot.games.grand_austria.steps import (
    DancerStep,
    DieStep,
    EmperorStep,
    GuestStep,
    ObjectiveStep,
    StaffStep,
)
from bot.games.grand_austria.voice import VOICES, Voice


@dataclass(frozen=True)
class CardView:
    card: InstructionCard
    difficulty: str
    modules: tuple[int, ...] | None = None  # None: every symbol the card prints

    @property
    def allowed(self) -> frozenset[str]:
        return BORDERS_BY_DIFFICULTY[self.difficulty]

    @property
    def dancing(self) -> bool:
        """Dancers (guests' arrows and the dancer symbol) count only with module 1."""
        return self.modules is None or 1 in self.modules

    def guests(self) -> list[tuple[int, GuestSymbol]]:
        """The guest symbols that apply, with their index on the card."""
        return [(i, g) for i, g in enumerate(self.card.guests) if g.border in self.allowed]

    def extras(self) -> list[Extra]:
        return [
            e
            for e in self.card.extras
            if e.border in self.allowed and (e.type != "dancer" or self.dancing)
        ]

    def steps(self) -> list[Step]:
        """The turn, top to bottom: the guests, the die, then the extras."""
        steps: list[Step] = [GuestStep(index=i) for i, _ in self.guests()]
        steps.append(DieStep())
        for extra in self.extras():
            if extra.type == "dancer":
                steps.append(DancerStep(arrows=extra.arrows or 1, extra=True))
            elif extra.type == "emperor":
                steps.append(EmperorStep(steps=extra.steps))
            elif extra.type == "staff":
                steps.append(StaffStep())
            else:
                steps.append(ObjectiveStep(shown=extra.card or "?"))
        return steps

    def text(self) -> str:
        """What the card shows, as a message of its parts (`guests blue, die 3, hand left`)."""
        guests = [self._guest(g) for _, g in self.guests()]
        if not guests:
            parts: list[str] = [say("no guest")]
        elif len(guests) == 1:
            parts = [say("guests {first}", first=guests[0])]
        else:
            parts = [say("guests {first} then {second}", first=guests[0], second=guests[1])]
        dice = "/".join(
            "coloured MAX" if d.value == "colored_max" else str(d.value) for d in self.card.dice
        )
        parts.append(say("die {value}", value=say(dice) if dice == "coloured MAX" else dice))
        for extra in self.extras():
            if extra.type == "emperor":
                parts.append(say("Emperor +{steps}", steps=extra.steps))
            elif extra.type == "staff":
                parts.append(say("staff"))
            elif extra.type == "objective":
                parts.append(say("objective {card}", card=str(extra.card)))
            else:
                parts.append(say("dancer {arrows}", arrows="→" * (extra.arrows or 1)))
        parts.append(say(f"hand {self.card.hand}"))
        return say("{parts}", parts=listed(parts))

    def _guest(self, g: Any) -> Any:
        shown = say("any colour") if g.color == "any" else value(COLOUR, g.color)
        if g.dancer_arrows and self.dancing:
            return say("{colour} (dancer {arrows})", colour=shown, arrows="→" * g.dancer_arrows)
        return shown


def describe_card(card: InstructionCard, difficulty: str, modules: list[int] | None = None) -> str:
    """The card as it applies at this difficulty; with `modules=None`, every symbol it shows."""
    return CardView(card, difficulty, None if modules is None else tuple(modules)).text()


def guest_instruction(wanted: str, hand: str, v: Voice = VOICES["leopold"]) -> str:
    ties = hand_words(hand)  # type: ignore[arg-type]
    if wanted == "any":
        return say(f"{v.he} takes the guest worth most VP; ties: {{hand}}.", hand=ties)
    colour = value(COLOUR, wanted)
    return say(
        f"{v.he} takes the {{colour}} guest worth most VP; with no {{again}} guest {v.he} can "
        "house, the best other; ties: {hand}.",
        colour=colour,
        again=colour,
        hand=ties,
    )


def die_instruction(shown: list[int | str], hand: str) -> str:
    numbers = [str(v) for v in shown if isinstance(v, int)]
    ties = hand_words(hand)  # type: ignore[arg-type]
    if not numbers:
        return say("the value with most dice; ties: {hand}", hand=ties)
    if len(numbers) == 1:
        return say(
            "a {value}, or if none is left the value with most dice; ties: {hand}",
            value=numbers[0],
            hand=ties,
        )
    if len(numbers) == 2:
        return say(
            "the {a} or {b} with more dice, or if neither is left the value with most; "
            "ties: {hand}",
            a=numbers[0],
            b=numbers[1],
            hand=ties,
        )
    what = f"the {' or '.join(numbers)} with more dice, or if neither is left the value with most"
    return f"{what}; ties: {ties}"


def find_card(number: int) -> tuple[str, InstructionCard]:
    """The opponent whose deck holds card `number`, and the card."""
    for deck in gah_data().decks.values():
        for card in deck.cards:
            if card.number == number:
                return deck.opponent_name, card
    raise KeyError(number)


def card_facts(card: InstructionCard) -> list[str]:
    """`/gah card`: every symbol the card prints, the borders, and how sure the data is."""
    facts = [f"**{card.number}**: {describe_card(card, 'hard')}."]
    facts += [f"{g.color} guest: {g.border} border" for g in card.guests if g.border != "none"]
    facts += [f"{e.type}: {e.border} border" for e in card.extras if e.border != "none"]
    if card.uncertain:
        facts.append(f"Reconstructed: {card.note}")
    facts.append("Card data comes from one source; tell us if your printed card differs.")
    return facts
