"""The logbook keeps both real scores of a Waterdeep game: yours before Pseudo's VP came off it,
and Pseudo's (D5, and his leftovers when D13 counts them); their margin is the total rule 9
judges, so the higher score wins as in every other game."""

from bot.games.waterdeep.mat import INTRIGUE_VP, LORD_VP, PSEUDO_VP
from bot.games.waterdeep.spec import RULES
from tests.games.waterdeep.helpers import act, board

AMBUSH = "ambush_artor_morlin"


def test_a_game_ending_118_to_114_is_logged_as_a_win_118_to_114():
    st = board([AMBUSH])
    st.phase = "final"
    st.ledger = {LORD_VP: 12, PSEUDO_VP: -114, INTRIGUE_VP: -2}
    # 100 on the track + 12 Lord + 3 adventurers + 5 for 10 gold − 2 (7F) = 118 of yours
    st, _ = act(st, "final", track=100, adventurers=3, gold=10, quests=0)
    assert st.result["score"] == 4
    (seat,) = RULES.results(st)
    assert (seat.score, seat.opponent_score, seat.outcome) == (118, 114, "win")


def test_pseudos_logged_score_is_the_vp_of_his_that_counted_against_yours():
    """D5 subtracts his VP (or they count for nothing); D13 adds his leftovers when they
    count. Your score minus his is always the total rule 9 judges."""
    logged = []
    for rules in ({}, {"pseudo_leftovers": "subtract"}, {"pseudo_vp": "ignore"}):
        st = board([AMBUSH], tavern={"fighter": 3, "gold": 5}, **rules)
        st.phase = "final"
        if "pseudo_vp" not in rules:
            st.ledger = {PSEUDO_VP: -30}
        st.pseudo_vp = 30  # what he scored, whether it counts or not
        st, _ = act(st, "final", track=40, adventurers=0, gold=0, quests=1)
        (seat,) = RULES.results(st)
        assert seat.score - seat.opponent_score == st.result["score"]
        logged.append((seat.score, seat.opponent_score, seat.outcome))
    assert logged == [(35, 30, "win"), (35, 35, "tie"), (35, 0, "win")]
