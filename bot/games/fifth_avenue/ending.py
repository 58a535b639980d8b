"""The end of the game: `/alea end` confirms an early end, takes the final scores and breaks a
tie on points by the cards left in hand; each real player's result is against the other."""

from __future__ import annotations

from typing import Any

from bot.core.agenda import Ask, Choice, Turn
from bot.core.game import SeatResult
from bot.core.said import say
from bot.core.secrecy import is_secret
from bot.games.fifth_avenue import commands as cmd
from bot.games.fifth_avenue.data import alea_data
from bot.games.fifth_avenue.sheet import check_rounds, read_rounds
from bot.games.fifth_avenue.state import AleaState, EndGame


def end(st: AleaState, turn: Turn[Any]) -> Ask | None:
    """The players end the game: confirm when no end condition has come; break a tie."""
    step: EndGame = turn.step
    for name in ("score", "partner_score", "cards_left", "partner_cards_left"):
        value = turn.inputs.take(name)
        if value is not None:
            setattr(step, name, value)
    step.confirmed = step.confirmed or turn.inputs.take("confirm") == "yes"
    for name in ("breakdown", "partner_breakdown"):
        found = read_rounds(turn.inputs.take(name))
        if found is not None:
            setattr(step, name, found)
    check_rounds(step.breakdown, step.score, partner=False)
    check_rounds(step.partner_breakdown, step.partner_score, partner=True)
    if st.phase == "play" and not step.confirmed:
        return Ask(
            prompt=say(
                "Neither end condition has come (the business supply row is not empty and "
                "there have been {n} of 2 building stops). End the game anyway?",
                n=st.building_stops,
            ),
            reason=say(f"`{cmd.End.line(confirm='yes')}`; any other command carries on playing"),
            command="end",
            option="confirm",
            choices=[Choice(label=say("End the game now"), value="yes")],
        )
    a, b = step.score, step.partner_score
    if is_secret(st.seed) and (a is None or b is None):  # a challenge ranks complete results
        return Ask(
            prompt=say(
                "In a challenge your result counts with both scores, yours and your "
                "partner's (a missing score is not a 0): "
                f"`{cmd.BOTH_SCORES}`"
            ),
            command="end",
            option="score" if a is None else "partner_score",
        )
    tied = a is not None and a == b
    if tied and (step.cards_left is None or step.partner_cards_left is None):
        return Ask(
            prompt=say(
                "Tied at {score}: the player with the most cards left in hand wins (base game). "
                "How many cards do you each hold? "
                f"`{cmd.End.line(cards_left='<yours>', partner_cards_left=cmd.PARTNERS)}`",
                score=a,
            ),
            command="end",
            option="cards_left",
        )
    given = {k: v for k, v in (("score", a), ("partner_score", b)) if v is not None}
    st.phase, st.scores = "finished", given or None
    rounds = {"owner": step.breakdown, "partner": step.partner_breakdown}
    st.rounds = {seat: points for seat, points in rounds.items() if points}
    turn.facts.append(
        say(
            "Game over after {n} auctions; Alea won {won} of them and built {built} skyscrapers.",
            n=st.auctions,
            won=st.alea_wins,
            built=alea_data().skyscrapers_per_colour - st.supply,
        )
    )
    if a is None or b is None:
        return None
    if a != b:
        st.winner = "owner" if a > b else "partner"
        verdict = "you win" if a > b else "your partner wins"
        turn.facts.append(
            say(
                "Final scores {you} to {partner}: {verdict}.",
                you=a,
                partner=b,
                verdict=say(verdict),
            )
        )
        return None
    mine, theirs = step.cards_left, step.partner_cards_left
    assert mine is not None and theirs is not None
    st.winner = "tie" if mine == theirs else "owner" if mine > theirs else "partner"
    verdict = {
        "tie": "still level, so you share the win (a tie)",
        "owner": "you hold more, so you win",
        "partner": "your partner holds more, so your partner wins",
    }[st.winner]
    turn.facts.append(
        say(
            "Final scores {you} to {partner}: a tie on points. Cards left {cards} to "
            "{partner_cards}: {verdict}.",
            you=a,
            partner=b,
            cards=mine,
            partner_cards=theirs,
            verdict=say(verdict),
        )
    )
    return None


def results(state: Any, *, abandoned: bool = False) -> list[SeatResult]:
    """Alea never scores: each real player's result is against the other player."""
    st: AleaState = state
    scores = st.scores or {}
    seats = []
    for seat, mine, theirs in (
        ("owner", "score", "partner_score"),
        ("partner", "partner_score", "score"),
    ):
        a, b = scores.get(mine), scores.get(theirs)
        if abandoned:
            outcome = "abandoned"
        elif a is None or b is None:
            outcome = "unscored"
        elif a != b or st.winner in (None, "tie"):
            outcome = "win" if a > b else "loss" if a < b else "tie"
        else:  # tied on points, broken by the cards left in hand
            outcome = "win" if st.winner == seat else "loss"
        seats.append(
            SeatResult(
                seat=seat,
                opponent="Alea",
                score=a,
                opponent_score=b,
                outcome=outcome,
                turns=st.auctions,
            )
        )
    return seats
