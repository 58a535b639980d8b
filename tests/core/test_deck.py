import pytest

from bot.core.deck import Deck
from bot.core.errors import RuleError


def test_same_seed_gives_same_order_and_other_seed_another():
    cards = list(range(20))
    assert Deck.shuffled(cards, 7).draw_pile == Deck.shuffled(cards, 7).draw_pile
    assert Deck.shuffled(cards, 7).draw_pile != Deck.shuffled(cards, 8).draw_pile
    assert sorted(Deck.shuffled(cards, 7).draw_pile) == cards


def test_draw_takes_from_the_top_and_peek_does_not():
    deck = Deck(draw_pile=[3, 1, 2])
    assert deck.peek(2) == [3, 1]
    assert deck.draw() == 3
    assert deck.size == 2


def test_empty_pile_reshuffles_the_discards_deterministically():
    a, b = Deck(draw_pile=[1], seed=5), Deck(draw_pile=[1], seed=5)
    for deck in (a, b):
        deck.draw()
        for card in (1, 2, 3, 4, 5, 6):
            deck.discard(card)
    drawn_a = [a.draw() for _ in range(6)]
    assert drawn_a == [b.draw() for _ in range(6)]
    assert sorted(drawn_a) == [1, 2, 3, 4, 5, 6]
    assert a.discards == []


def test_an_exhausted_deck_says_so():
    deck = Deck(draw_pile=[])
    with pytest.raises(RuleError):
        deck.draw()


def test_saved_order_survives_a_round_trip_through_json():
    deck = Deck.shuffled(list(range(10)), 3)
    deck.draw()
    copy = Deck.model_validate_json(deck.model_dump_json())
    assert copy.draw() == deck.draw()


def test_draw_specific_and_remove():
    deck = Deck(draw_pile=[1, 2, 3])
    assert deck.draw_specific(2) == 2
    deck.discard(2)
    with pytest.raises(RuleError, match="already been drawn"):
        deck.draw_specific(2)
    with pytest.raises(RuleError, match="not in this deck"):
        deck.draw_specific(9)
    deck.remove(3)
    deck.remove(2)
    assert deck.draw_pile == [1] and deck.discards == []
    deck.put_bottom([7, 8])
    assert deck.draw_pile == [1, 7, 8]
