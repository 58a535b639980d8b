"""What each instruction card means at each difficulty with the modules: the steps the turn
resolves and the line the draw and `/gah card` show come from one view, card by card."""

import pytest

from bot.games.grand_austria.card_view import CardView, card_facts, describe_card, find_card
from bot.games.grand_austria.data import BORDERS_BY_DIFFICULTY, gah_data
from bot.games.grand_austria.steps import (
    DancerStep,
    DieStep,
    EmperorStep,
    GuestStep,
    ObjectiveStep,
    StaffStep,
)

CARDS = [c for deck in gah_data().decks.values() for c in deck.cards]
MODULES = [(), (1,), (2,), (1, 2, 3, 5)]


@pytest.mark.parametrize("card", CARDS, ids=lambda c: str(c.number))
@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
@pytest.mark.parametrize("modules", MODULES, ids=str)
def test_each_card_gives_the_steps_its_symbols_show(card, difficulty, modules):
    view = CardView(card, difficulty, modules)
    steps = view.steps()
    allowed = BORDERS_BY_DIFFICULTY[difficulty]
    guests = [i for i, g in enumerate(card.guests) if g.border in allowed]
    assert [s for s in steps if isinstance(s, GuestStep)] == [GuestStep(index=i) for i in guests]
    assert steps[len(guests)] == DieStep()  # the guests, then the die, then the extras
    extras = [e for e in card.extras if e.border in allowed]
    if 1 not in modules:
        extras = [e for e in extras if e.type != "dancer"]
        assert not any(isinstance(s, DancerStep) for s in steps)
    expected = []
    for e in extras:
        if e.type == "emperor":
            expected.append(EmperorStep(steps=e.steps))
        elif e.type == "staff":
            expected.append(StaffStep())
        elif e.type == "objective":
            expected.append(ObjectiveStep(shown=e.card or "?"))
        else:
            expected.append(DancerStep(arrows=e.arrows or 1, extra=True))
    assert steps[len(guests) + 1 :] == expected
    text = view.text()
    assert text == describe_card(card, difficulty, list(modules))
    assert text.endswith(f"hand {card.hand}")
    assert ("no guest" in text) == (not guests)
    assert text.count("Emperor +") == sum(isinstance(s, EmperorStep) for s in expected)
    dancing_guest = any(card.guests[i].dancer_arrows for i in guests)
    dancer_extra = any(isinstance(s, DancerStep) for s in expected)
    assert ("dancer" in text) == (1 in modules and (dancing_guest or dancer_extra))


@pytest.mark.parametrize("card", CARDS, ids=lambda c: str(c.number))
def test_the_card_command_shows_every_printed_symbol(card):
    opponent, found = find_card(card.number)
    assert found is card and opponent in {"Leopold", "Elisabeth"}
    facts = card_facts(card)
    assert facts[0] == f"**{card.number}**: {CardView(card, 'hard').text()}."
    for g in card.guests:
        if g.border != "none":
            assert f"{g.color} guest: {g.border} border" in facts
    assert facts[-1].startswith("Card data comes from one source")
    assert any(f.startswith("Reconstructed") for f in facts) == card.uncertain


def test_card_214_at_each_difficulty_and_module():
    card = find_card(214)[1]  # red guest with a two-arrow dancer, die 2, Emperor +1, objective B
    assert CardView(card, "hard", (1,)).text().startswith("guests red (dancer →→)")
    assert CardView(card, "hard", (2,)).text().startswith("guests red, die 2")
