"""The rule text's example: 4 cowboys, 2 builders, 3 engineers (cowboy specialization); card #13
moves him 4 steps; he adds 2 cards for free, buys the two Corriente, and the one cowboy he did
not use reveals 2 more cards."""

from bot.games.great_western_trail.state import CattleCard
from tests.games.great_western_trail.helpers import Play, start, with_workers

# the market after the two free cards, as the example's picture could show it
MARKET = "A1 L2 C3 C3 S4 H5 A1 L2 A1"


def test_card_13_with_four_cowboys_buys_the_two_corriente_and_reveals_two_more():
    st = with_workers(start(seed=3), cowboy=4, builder=2, engineer=3, spec="cowboy")
    play = Play(st)
    play("turn", card=13)
    assert play.facts[0].startswith("**Sam's turn 1** — you drew card **#13**")
    assert "Move Sam's herder **4 steps** forward (1 per cowboy" in play.facts[1]
    assert "lowest" not in play.facts[1] and "the cheapest, then" in play.facts[1]
    assert "take 2 $ per hand from the bank" in play.facts[1]
    assert play.facts[2] == (
        "Sam is specialized in cowboys: first draw 2 cards from the market cattle stack and add "
        "them face up to the cattle market, for free (no cowboy)."
    )
    assert play.ask.option == "cattle" and "4 cowboys left" in play.ask.prompt
    play("turn", cattle=MARKET)
    assert play.facts[0].startswith("Sam buys **Corriente 3 + Corriente 3 (3 cowboys, $5)**")
    assert play.facts[1] == (
        "Sam uses his 1 leftover cowboy to draw 2 cards from the market cattle stack and add "
        "them face up to the cattle market."
    )
    assert play.st.board.cattle == [CattleCard(breed="c", vp=3), CattleCard(breed="c", vp=3)]
    assert play.ask.option == "herder"
    play("turn", herder="trail")
    assert play.facts == ["Put card #13 face up on Sam's discard pile."]
    assert play.st.deck.discards == [13] and play.st.agenda.done
    assert play.st.board.line() == (
        "cowboy | C4 B2 E3 | buildings - | stations - | engine 0 | deliveries - | objectives 1 "
        "| outlaws - | hazards - | cattle C3 C3 | discs 14"
    )
