"""Fifth Avenue with two players: Alea bids third in every auction and builds when he wins.

An auction is an agenda (`state.agenda`): `Bid` (his cards), then `Contest` (he leads until the
players both pass or overbid him), then `Build` (he won a district). Each handler resolves its
step or returns the stored `Ask`; the commands only feed it answers."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pydantic import ValidationError

from bot.core import agenda
from bot.core.agenda import Ask, Choice, Inputs, Turn
from bot.core.commands import input_error
from bot.core.deck import Deck
from bot.core.errors import InputError, RuleError
from bot.core.game import BarChart, NextStep, Outcome, SeatResult
from bot.core.kit import KitRules, Upgrade
from bot.games.fifth_avenue import commands as cmd
from bot.games.fifth_avenue.bids import beat_chance, check_sequence, distribution, parse_cards
from bot.games.fifth_avenue.building import choose_plots, parse_plots
from bot.games.fifth_avenue.commands import COMMANDS
from bot.games.fifth_avenue.data import CENTRAL_PARK, alea_data
from bot.games.fifth_avenue.state import (
    AleaOptions,
    AleaState,
    Bid,
    Build,
    Contest,
    District,
    EndGame,
    before_the_agenda,
    to_the_agenda,
)

SETUP = [
    "Set up as for 3 or 4 players. Alea needs no preparation except his skyscrapers: put all "
    "skyscrapers of one of the two unchosen colours beside the board, in the general supply.",
    "Alea only takes part in auctions, always bidding third, after the player who triggered the "
    "auctions and the second player. He never scores.",
]
STOPPED_BY = {"player": "a player", "alea": "Alea"}
WAITING_FOR = {  # what `result` and `build` say when no stored question waits for them
    "result": "Alea does not hold the high bid in an open auction.",
    "build": "Alea has not won a district that he still has to build in.",
}


# ---------------------------------------------------------------- step handlers
def _unseen(st: AleaState) -> int:
    return sum(alea_data().black_counts.values()) - len(st.bottom)


def _return_cards(st: AleaState, cards: list[int], facts: list[str]) -> None:
    if st.stack is not None:
        st.stack.put_bottom(cards)
    st.bottom.extend(cards)
    shown = " ".join(map(str, cards))
    facts.append(f"Alea's cards {shown} go to the bottom of the black stack, in that order.")


def _draw_bid(st: AleaState, given: str | None) -> list[int]:
    if st.stack is None:
        if not given:
            raise InputError(
                "Turn Alea's black cards until a value repeats, then give them in order: "
                "`/alea auction cards:5 4 6 5`."
            )
        cards = parse_cards(given)
    else:
        if given:
            raise InputError("In virtual mode I turn Alea's cards myself; leave out `cards`.")
        cards = []
        while not cards or cards[-1] not in cards[:-1]:
            cards.append(st.stack.draw())
        check_sequence(cards)
    from_bottom = max(0, len(cards) - _unseen(st))
    del st.bottom[:from_bottom]
    return cards


def bid(st: AleaState, turn: Turn[Any]) -> Ask | None:
    step: Bid = turn.step
    cards = _draw_bid(st, turn.inputs.take("cards"))
    st.auctions += 1
    total = sum(cards)
    shown = " + ".join(map(str, cards))
    turn.facts.append(f"Auction for **{step.district}**: Alea turns {shown} and bids **{total}**.")
    if total <= step.high_bid:
        turn.facts.append(
            f"That is not above the high bid of {step.high_bid}: Alea is out (rule 4.1). "
            "Carry on the auction between you two as usual."
        )
        _return_cards(st, cards, turn.facts)
        return None
    turn.facts.append(
        f"Alea now holds the high bid (rule 4.2). Carry on between you: if you both pass, "
        f"Alea wins; if either of you bids more than {total}, he is out."
    )
    turn.insert(Contest(district=step.district, high_bid=step.high_bid, cards=cards))
    return None


def contest(st: AleaState, turn: Turn[Any]) -> Ask | None:
    step: Contest = turn.step
    outcome = turn.inputs.take("outcome")
    if outcome is None:
        return Ask(
            prompt=(
                f"Alea bids {step.bid} in {step.district}: tell me how it ended, "
                "`/alea result outcome:passed` or `/alea result outcome:overbid`."
            ),
            command="result",
            option="outcome",
            choices=[
                Choice(label="Both passed: Alea wins", value="passed"),
                Choice(label="Alea was overbid", value="overbid"),
            ],
        )
    _return_cards(st, step.cards, turn.facts)
    if outcome == "overbid":
        turn.facts.append("Alea is overbid and out of this auction; the auction goes on as usual.")
        return None
    st.alea_wins += 1
    if step.district == CENTRAL_PARK:
        turn.facts.append(
            f"Alea wins the Central Park auction with {step.bid}; he builds nothing there."
        )
        return None
    turn.facts.append(f"Alea wins {step.district} with {step.bid}.")
    turn.insert(Build(district=step.district, high_bid=step.high_bid, cards=step.cards))
    return None


def build(st: AleaState, turn: Turn[Any]) -> Ask | None:
    step: Build = turn.step
    given = turn.inputs.take("plots")
    if given is None:
        return Ask(
            prompt=(
                f"Alea won {step.district}: give its empty plots with the number of different "
                "business types next to each, `/alea build plots:a:2 b:0 c:2`, or "
                "`/alea build plots:none`."
            ),
            command="build",
            option="plots",
            choices=[Choice(label="No empty plot: building stop", value="none")],
        )
    plots = parse_plots(given)
    district = st.districts[step.district]
    if st.phase != "play":
        raise RuleError("The game has ended: Alea builds nothing more.")
    if district.stopped_by:
        raise RuleError(f"{step.district} has a building stop: nobody builds there.")
    if not plots:
        district.stopped_by = "alea"
        st.building_stops += 1
        turn.facts.append(
            f"{step.district} has no empty plot: Alea declares a **building stop** there. "
            "You both score it as in the 3 or 4 player game; Alea scores nothing."
        )
        _remove_skyscrapers(st, step.district, turn.facts)
        _check_stops(st, turn.facts)
        return None
    chosen = choose_plots(plots, st.supply)
    if not chosen:
        turn.facts.append("Alea has no skyscrapers left in the supply: he builds nothing.")
        return None
    district.alea_skyscrapers += len(chosen)
    st.supply -= len(chosen)
    best, now = chosen[0], f"He now has {district.alea_skyscrapers} in {step.district}."
    if len(chosen) == 1:
        turn.facts.append(
            f"Alea builds **1 skyscraper** on plot {best.label}: the most valuable empty plot, "
            f"{best.types} business type(s) next to it, worth {best.vp} VP. {now}"
        )
    else:
        plots = ", ".join(p.label for p in chosen)
        turn.facts.append(
            f"Alea builds **1 skyscraper on each** of plots {plots}: the most valuable empty "
            f"plots (tied), {best.types} business type(s) next to each, worth {best.vp} VP. "
            f"{now}"
        )
    return None


def _remove_skyscrapers(st: AleaState, name: str, facts: list[str]) -> None:
    """A building stop takes every skyscraper in the district out of the game."""
    district = st.districts[name]
    if district.alea_skyscrapers:
        district.removed = district.alea_skyscrapers
        district.alea_skyscrapers = 0
        facts.append(
            f"After scoring, Alea's {district.removed} skyscraper(s) in {name} leave the "
            "game with the district."
        )


def _check_stops(st: AleaState, facts: list[str]) -> None:
    if st.building_stops >= 2:
        st.phase = "ended"
        facts.append(
            "That completes the **second building stop**: the game ends. Do the final "
            "scoring, then `/alea end`."
        )


def end(st: AleaState, turn: Turn[Any]) -> Ask | None:
    """The players end the game: confirm when no end condition has come; break a tie."""
    step: EndGame = turn.step
    for name in ("score", "partner_score", "cards_left", "partner_cards_left"):
        value = turn.inputs.take(name)
        if value is not None:
            setattr(step, name, value)
    step.confirmed = step.confirmed or turn.inputs.take("confirm") == "yes"
    if st.phase == "play" and not step.confirmed:
        return Ask(
            prompt=(
                "Neither end condition has come (the business supply row is not empty and "
                f"there have been {st.building_stops} of 2 building stops). End the game anyway?"
            ),
            reason="`/alea end confirm:yes`; any other command carries on playing",
            command="end",
            option="confirm",
            choices=[Choice(label="End the game now", value="yes")],
        )
    a, b = step.score, step.partner_score
    tied = a is not None and a == b
    if tied and (step.cards_left is None or step.partner_cards_left is None):
        return Ask(
            prompt=(
                f"Tied at {a}: the player with the most cards left in hand wins (base game). "
                "How many cards do you each hold? "
                "`/alea end cards_left:<yours> partner_cards_left:<your partner's>`"
            ),
            command="end",
            option="cards_left",
        )
    given = {k: v for k, v in (("score", a), ("partner_score", b)) if v is not None}
    st.phase, st.scores = "finished", given or None
    turn.facts.append(
        f"Game over after {st.auctions} auctions; Alea won {st.alea_wins} of them and "
        f"built {alea_data().skyscrapers_per_colour - st.supply} skyscrapers."
    )
    if a is None or b is None:
        return None
    if a != b:
        st.winner = "owner" if a > b else "partner"
        verdict = "you win" if a > b else "your partner wins"
        turn.facts.append(f"Final scores {a} to {b}: {verdict}.")
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
        f"Final scores {a} to {b}: a tie on points. Cards left {mine} to {theirs}: {verdict}."
    )
    return None


HANDLERS = {"bid": bid, "contest": contest, "build": build, "end": end}


class AleaRules(KitRules[AleaState]):
    key = "alea"
    name = "Fifth Avenue"
    colour = 0x2E8B57
    state_type = AleaState
    command_set = COMMANDS
    upgrades = (Upgrade("the open auction became an agenda", before_the_agenda, to_the_agenda),)

    def new_game(self, options: dict[str, Any], seed: int) -> tuple[AleaState, Outcome]:
        try:
            start = cmd.Start.model_validate({"command": "start", **options})
        except ValidationError as exc:
            raise input_error(exc, "`/alea start`") from None
        opts = AleaOptions(mode=start.mode)
        data = alea_data()
        stack = Deck.shuffled(data.black_stack, seed) if opts.mode == "virtual" else None
        state = AleaState(
            options=opts,
            seed=seed,
            stack=stack,
            districts={name: District() for name in data.districts},
            supply=data.skyscrapers_per_colour,
        )
        mode = (
            "I keep Alea's own shuffled black stack and turn his cards."
            if stack
            else "You turn Alea's cards from the real black stack and tell me their values."
        )
        facts = [*SETUP, f"Stack mode **{opts.mode}**: {mode}"]
        if data.district_names_uncertain:
            facts.append("District names are partly reconstructed; pick the nearest one.")
        out = self.describe(state)
        out.facts = facts + out.facts
        return state, out

    def reask(self, state: AleaState) -> None:
        if state.agenda.steps and state.agenda.ask is None:
            agenda.run(state.agenda, state, HANDLERS, Inputs(), [])

    def finished(self, state: Any) -> bool:
        return bool(state.phase == "finished")

    # ------------------------------------------------------------------ commands
    def over(self, state: AleaState) -> bool:
        return False  # a finished game is refused by the service; `describe` says so here

    def run(self, st: AleaState, command: Any, facts: list[str]) -> None:
        pending = st.agenda.ask
        if pending is not None and pending.command == "end" and not isinstance(command, cmd.End):
            st.agenda.clear()  # any other command means: not ending after all
            facts.append("Not ending the game after all.")
            pending = None
        match command:
            case cmd.Auction():
                self._auction(st, command, pending)
            case cmd.Result() | cmd.Build():
                if pending is None or pending.command != command.command:
                    raise RuleError(WAITING_FOR[command.command])
            case cmd.Stop():
                self._stop(st, command, pending, facts)
            case cmd.SupplyEmpty():
                self._supply_empty(st, pending, facts)
            case cmd.End():
                if pending is not None and pending.command != "end":
                    raise RuleError(pending.text())
                if not st.agenda.steps:
                    st.agenda.extend([EndGame()])
        inputs = Inputs(command.model_dump(exclude={"command"}))
        agenda.run(st.agenda, st, HANDLERS, inputs, facts)

    def after(self, before: AleaState, st: AleaState, command: Any, outcome: Outcome) -> None:
        outcome.finished = outcome.finished or self.finished(st)

    def _district(self, st: AleaState, name: str) -> str:
        text = name.strip().lower()
        for known in [*st.districts, CENTRAL_PARK]:
            if known.lower() == text:
                return known
        raise InputError(
            f"Unknown district; choose one of: {', '.join([*st.districts, CENTRAL_PARK])}."
        )

    def _auction(self, st: AleaState, command: cmd.Auction, pending: Ask | None) -> None:
        if st.phase != "play":
            raise RuleError("The game has ended: finish it with `/alea end`.")
        if pending is not None:
            raise RuleError(pending.text())
        district = self._district(st, command.district)
        if district != CENTRAL_PARK and st.districts[district].stopped_by:
            raise RuleError(f"{district} has a building stop: no more auctions there.")
        st.agenda.extend([Bid(district=district, high_bid=command.high_bid)])

    def _stop(
        self, st: AleaState, command: cmd.Stop, pending: Ask | None, facts: list[str]
    ) -> None:
        if st.phase != "play":
            raise RuleError("The game has ended: finish it with `/alea end`.")
        name = self._district(st, command.district)
        if name == CENTRAL_PARK:
            raise InputError("Central Park cannot take a building stop.")
        if pending is not None:
            raise RuleError(f"Finish Alea's auction first. {pending.text()}")
        district = st.districts[name]
        if district.stopped_by:
            raise RuleError(f"{name} already has a building stop.")
        district.stopped_by = "player"
        st.building_stops += 1
        count = district.alea_skyscrapers
        reminder = (
            f"Alea has **{count}** skyscraper(s) there: they count too, 1 VP each for the "
            "declarer; Alea himself scores nothing."
            if count
            else "Alea has no skyscrapers there."
        )
        facts.append(f"Building stop in **{name}**. {reminder}")
        _remove_skyscrapers(st, name, facts)
        _check_stops(st, facts)

    def _supply_empty(self, st: AleaState, pending: Ask | None, facts: list[str]) -> None:
        if st.phase != "play":
            raise RuleError("The game has already ended.")
        if pending is not None:
            raise RuleError(f"Finish Alea's auction first. {pending.text()}")
        st.supply_row_empty = True
        st.phase = "ended"
        facts.append(
            "The business supply row is empty: the game ends. Do the final scoring, then "
            "`/alea end`."
        )

    # ------------------------------------------------------------------ reading
    def describe(self, state: Any) -> Outcome:
        st: AleaState = state
        out = Outcome()
        if st.phase == "finished":
            out.prompt = "The game is over. `/game history` shows every auction."
            out.finished = True
        elif st.agenda.ask is not None:
            out.prompt, out.ask = st.agenda.ask.text(), st.agenda.ask
        elif st.phase == "ended":
            out.prompt = "Final scoring as usual (Alea scores nothing), then `/alea end`."
            out.next_steps.append(NextStep("End the game", "end"))
        else:
            out.prompt = (
                "When an auction starts and you two have each bid or passed once: "
                "`/alea auction district:<name> high_bid:<highest so far>`."
            )
        return out

    def summary(self, state: Any) -> dict[str, Any]:
        st: AleaState = state
        return {
            "mode": st.options.mode,
            "phase": st.phase,
            "auctions": st.auctions,
            "alea_wins": st.alea_wins,
            "auction": (
                st.auction.model_dump(exclude={"kind"})
                | {"stage": st.auction.stage, "bid": st.auction.bid}
                if st.auction
                else None
            ),
            "alea_skyscrapers": {k: v.alea_skyscrapers for k, v in st.districts.items()},
            "building_stops": {k: v.stopped_by for k, v in st.districts.items() if v.stopped_by},
            "supply": st.supply,
            "stack_bottom": list(st.bottom),
            "scores": st.scores,
            "winner": st.winner,
        }

    def results(self, state: Any, *, abandoned: bool = False) -> list[SeatResult]:
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

    def board(self, state: Any) -> str:
        st: AleaState = state
        rows = [
            f"Alea in {name}: {d.alea_skyscrapers}"
            + (f" · building stop by {STOPPED_BY[d.stopped_by]}" if d.stopped_by else "")
            + (f", {d.removed} removed" if d.removed else "")
            for name, d in st.districts.items()
        ]
        return (
            f"Alea's skyscrapers ({st.supply} left in supply) · stops {st.building_stops}/2\n"
            + "\n".join(rows)
        )

    # ------------------------------------------------------------------ queries
    def odds(self, state: Any, bid: int | None, bottom_text: str | None) -> Outcome:
        """The exact distribution of Alea's next bid, over what is not known of the stack."""
        st: AleaState = state
        data = alea_data()
        bottom = list(st.bottom)
        if bottom_text is not None:
            bottom = [] if bottom_text.strip().lower() == "none" else _card_list(bottom_text)
        unseen = Counter(data.black_counts)
        unseen.subtract(Counter(bottom))
        if st.auction is not None:  # his bid cards are on the table until the auction ends
            unseen.subtract(Counter(st.auction.cards))
        if any(count < 0 for count in unseen.values()):
            raise InputError("The black stack does not hold that many cards of one value.")
        dist = distribution(dict(unseen), bottom)
        lines = [f"`{b:>2}` {float(p):6.1%}  {'█' * round(float(p) * 60)}" for b, p in dist.items()]
        known = f"{len(bottom)} known card(s) at the bottom" if bottom else "no known cards"
        facts = [
            f"Alea's next bid, exactly, over {sum(unseen.values())} unseen black cards "
            f"({unseen[4]}×4, {unseen[5]}×5, {unseen[6]}×6) and {known}, assuming a "
            "well-shuffled stack:",
            *lines,
            f"Expected bid: {float(sum(b * p for b, p in dist.items())):.2f}.",
        ]
        if bid is not None:
            chance = beat_chance(dist, bid)
            facts.append(
                f"Chance that Alea bids more than {bid}: **{float(chance):.1%}** "
                f"(exactly {chance.numerator}/{chance.denominator})."
            )
        out = Outcome(facts=facts)
        out.chart = BarChart(
            title="Alea's next bid",
            labels=[str(b) for b in dist],
            values=[float(p) for p in dist.values()],
            highlight=[bid is not None and b > bid for b in dist],
        )
        return out


def _card_list(text: str) -> list[int]:
    tokens = text.replace(",", " ").split()
    if not all(t in {"4", "5", "6"} for t in tokens):
        raise InputError("List the known bottom cards as values 4, 5 or 6, like `4 5 4`.")
    return [int(t) for t in tokens]
