"""Fifth Avenue with two players: Alea bids third in every auction and builds when he wins."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pydantic import ValidationError

from bot.core.deck import Deck
from bot.core.errors import InputError, RuleError
from bot.core.game import BarChart, CommandRules, NextStep, Outcome, SeatResult
from bot.games.fifth_avenue.bids import beat_chance, check_sequence, distribution, parse_cards
from bot.games.fifth_avenue.building import choose_plots, parse_plots
from bot.games.fifth_avenue.data import CENTRAL_PARK, alea_data
from bot.games.fifth_avenue.state import AleaOptions, AleaState, Auction, District

MAX_BID = 200
SETUP = [
    "Set up as for 3 or 4 players. Alea needs no preparation except his skyscrapers: put all "
    "skyscrapers of one of the two unchosen colours beside the board, in the general supply.",
    "Alea only takes part in auctions, always bidding third, after the player who triggered the "
    "auctions and the second player. He never scores.",
]


class AleaRules(CommandRules):
    key = "alea"
    name = "Fifth Avenue"
    colour = 0x2E8B57
    arguments = {  # noqa: RUF012
        "auction": {"district": str, "high_bid": int, "cards": str},
        "result": {"outcome": str, "plots": str},
        "build": {"plots": str},
        "stop": {"district": str},
        "supply_empty": {},
        "end": {"score": int, "partner_score": int},
    }

    def new_game(self, options: dict[str, Any], seed: int) -> tuple[AleaState, Outcome]:
        try:
            opts = AleaOptions.model_validate(options)
        except ValidationError:
            raise InputError("Stack mode is `virtual` or `physical`.") from None
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

    def load(self, state: dict[str, Any]) -> AleaState:
        return AleaState.model_validate(state)

    # ------------------------------------------------------------------ commands
    def _district(self, st: AleaState, name: Any) -> str:
        text = str(name or "").strip().lower()
        for known in [*st.districts, CENTRAL_PARK]:
            if known.lower() == text:
                return known
        raise InputError(
            f"Unknown district; choose one of: {', '.join([*st.districts, CENTRAL_PARK])}."
        )

    def _auction(self, st: AleaState, action: dict[str, Any], facts: list[str]) -> None:
        if st.phase != "play":
            raise RuleError("The game has ended: finish it with `/alea end`.")
        if st.auction is not None:
            raise RuleError(self._waiting(st))
        district = self._district(st, action.get("district"))
        if district != CENTRAL_PARK and st.districts[district].stopped_by:
            raise RuleError(f"{district} has a building stop: no more auctions there.")
        high = action.get("high_bid")
        if not isinstance(high, int) or isinstance(high, bool) or not 0 <= high <= MAX_BID:
            raise InputError(
                f"`high_bid` is the highest bid so far, 0 to {MAX_BID} (0: both passed)."
            )
        cards = self._draw_bid(st, action.get("cards"))
        st.auctions += 1
        bid = sum(cards)
        shown = " + ".join(map(str, cards))
        facts.append(f"Auction for **{district}**: Alea turns {shown} and bids **{bid}**.")
        if bid <= high:
            facts.append(
                f"That is not above the high bid of {high}: Alea is out (rule 4.1). "
                "Carry on the auction between you two as usual."
            )
            self._return_cards(st, cards, facts)
            return
        st.auction = Auction(district=district, high_bid=high, cards=cards)
        facts.append(
            f"Alea now holds the high bid (rule 4.2). Carry on between you: if you both pass, "
            f"Alea wins; if either of you bids more than {bid}, he is out."
        )

    def _draw_bid(self, st: AleaState, given: Any) -> list[int]:
        if st.stack is None:
            if not given:
                raise InputError(
                    "Turn Alea's black cards until a value repeats, then give them in order: "
                    "`cards:5 4 6 5`."
                )
            cards = parse_cards(str(given))
        else:
            if given:
                raise InputError("In virtual mode I turn Alea's cards myself; leave out `cards`.")
            cards = []
            while not cards or cards[-1] not in cards[:-1]:
                cards.append(st.stack.draw())
            check_sequence(cards)
        from_bottom = max(0, len(cards) - self._unseen(st))
        del st.bottom[:from_bottom]
        return cards

    @staticmethod
    def _unseen(st: AleaState) -> int:
        return sum(alea_data().black_counts.values()) - len(st.bottom)

    def _return_cards(self, st: AleaState, cards: list[int], facts: list[str]) -> None:
        if st.stack is not None:
            st.stack.put_bottom(cards)
        st.bottom.extend(cards)
        shown = " ".join(map(str, cards))
        facts.append(f"Alea's cards {shown} go to the bottom of the black stack, in that order.")

    def _result(self, st: AleaState, action: dict[str, Any], facts: list[str]) -> None:
        auction = st.auction
        if auction is None or auction.stage != "contest":
            raise RuleError("Alea does not hold the high bid in an open auction.")
        outcome = action.get("outcome")
        if outcome not in ("passed", "overbid"):
            raise InputError("The outcome is `passed` (you both passed) or `overbid`.")
        self._return_cards(st, auction.cards, facts)
        if outcome == "overbid":
            facts.append("Alea is overbid and out of this auction; the auction goes on as usual.")
            st.auction = None
            return
        st.alea_wins += 1
        if auction.district == CENTRAL_PARK:
            facts.append(
                f"Alea wins the Central Park auction with {auction.bid}; he builds nothing there."
            )
            st.auction = None
            return
        facts.append(f"Alea wins {auction.district} with {auction.bid}.")
        auction.stage = "build"
        if action.get("plots") is not None:
            self._build(st, {"plots": action["plots"]}, facts)

    def _build(self, st: AleaState, action: dict[str, Any], facts: list[str]) -> None:
        auction = st.auction
        if auction is None or auction.stage != "build":
            raise RuleError("Alea has not won a district that he still has to build in.")
        if action.get("plots") is None:
            raise InputError(self._waiting(st))
        plots = parse_plots(str(action["plots"]))
        district = st.districts[auction.district]
        if st.phase != "play":
            raise RuleError("The game has ended: Alea builds nothing more.")
        if district.stopped_by:
            raise RuleError(f"{auction.district} has a building stop: nobody builds there.")
        st.auction = None
        if not plots:
            district.stopped_by = "alea"
            st.building_stops += 1
            facts.append(
                f"{auction.district} has no empty plot: Alea declares a **building stop** there. "
                "You both score it as in the 3 or 4 player game; Alea scores nothing."
            )
            self._remove_skyscrapers(st, auction.district, facts)
            self._check_stops(st, facts)
            return
        chosen = choose_plots(plots, st.supply)
        if not chosen:
            facts.append("Alea has no skyscrapers left in the supply: he builds nothing.")
            return
        district.alea_skyscrapers += len(chosen)
        st.supply -= len(chosen)
        where = ", ".join(f"plot {p.label}" for p in chosen)
        tie = " (tied, one on each)" if len(chosen) > 1 else ""
        facts.append(
            f"Alea builds **1 skyscraper** on {where}{tie}: the most valuable empty plot, "
            f"{chosen[0].types} business type(s) next to it, worth {chosen[0].vp} VP. "
            f"He now has {district.alea_skyscrapers} in {auction.district}."
        )

    def _stop(self, st: AleaState, action: dict[str, Any], facts: list[str]) -> None:
        if st.phase != "play":
            raise RuleError("The game has ended: finish it with `/alea end`.")
        name = self._district(st, action.get("district"))
        if name == CENTRAL_PARK:
            raise InputError("Central Park cannot take a building stop.")
        if st.auction is not None:
            raise RuleError(f"Finish Alea's auction first. {self._waiting(st)}")
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
        self._remove_skyscrapers(st, name, facts)
        self._check_stops(st, facts)

    @staticmethod
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

    def _check_stops(self, st: AleaState, facts: list[str]) -> None:
        if st.building_stops >= 2:
            st.phase = "ended"
            facts.append(
                "That completes the **second building stop**: the game ends. Do the final "
                "scoring, then `/alea end`."
            )

    def finished(self, state: Any) -> bool:
        return bool(state.phase == "finished")

    def _supply_empty(self, st: AleaState, _action: dict[str, Any], facts: list[str]) -> None:
        if st.phase != "play":
            raise RuleError("The game has already ended.")
        if st.auction is not None:
            raise RuleError(f"Finish Alea's auction first. {self._waiting(st)}")
        st.supply_row_empty = True
        st.phase = "ended"
        facts.append(
            "The business supply row is empty: the game ends. Do the final scoring, then "
            "`/alea end`."
        )

    def _end(self, st: AleaState, action: dict[str, Any], facts: list[str]) -> None:
        if st.auction is not None:
            raise RuleError(self._waiting(st))
        scores = {k: action.get(k) for k in ("score", "partner_score")}
        given = {k: v for k, v in scores.items() if v is not None}
        if any(not isinstance(v, int) or not 0 <= v <= 999 for v in given.values()):
            raise InputError("Scores are whole numbers from 0 to 999.")
        st.phase, st.scores = "finished", given or None
        facts.append(
            f"Game over after {st.auctions} auctions; Alea won {st.alea_wins} of them and "
            f"built {alea_data().skyscrapers_per_colour - st.supply} skyscrapers."
        )
        if len(given) == 2:
            a, b = given["score"], given["partner_score"]
            verdict = "a tie" if a == b else ("you win" if a > b else "your partner wins")
            facts.append(f"Final scores {a} to {b}: {verdict}.")

    # ------------------------------------------------------------------ reading
    def _waiting(self, st: AleaState) -> str:
        auction = st.auction
        assert auction is not None
        if auction.stage == "contest":
            return (
                f"Alea bids {auction.bid} in {auction.district}: tell me how it ended, "
                "`/alea result outcome:passed` or `outcome:overbid`."
            )
        return (
            f"Alea won {auction.district}: give its empty plots with the number of different "
            "business types next to each, `/alea build plots:a:2 b:0 c:2`, or `plots:none`."
        )

    def describe(self, state: Any) -> Outcome:
        st: AleaState = state
        out = Outcome()
        if st.phase == "finished":
            out.prompt = "The game is over. `/game history` shows every auction."
            out.finished = True
        elif st.phase == "ended":
            out.prompt = "Final scoring as usual (Alea scores nothing), then `/alea end`."
            out.next_steps.append(NextStep("End the game", "end"))
        elif st.auction is not None:
            out.prompt = self._waiting(st)
            if st.auction.stage == "contest":
                out.next_steps += [
                    NextStep("Both passed: Alea wins", "result", (("outcome", "passed"),)),
                    NextStep("Alea was overbid", "result", (("outcome", "overbid"),)),
                ]
        else:
            out.prompt = (
                "When an auction starts and you two have each bid or passed once: "
                "`/alea auction district:<name> high_bid:<highest so far>`."
            )
        return out

    def summary(self, state: Any) -> dict[str, Any]:
        st: AleaState = state
        return {
            "game": self.key,
            "mode": st.options.mode,
            "phase": st.phase,
            "auctions": st.auctions,
            "alea_wins": st.alea_wins,
            "auction": st.auction.model_dump() | {"bid": st.auction.bid} if st.auction else None,
            "alea_skyscrapers": {k: v.alea_skyscrapers for k, v in st.districts.items()},
            "building_stops": {k: v.stopped_by for k, v in st.districts.items() if v.stopped_by},
            "supply": st.supply,
            "stack_bottom": list(st.bottom),
            "scores": st.scores,
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
            else:
                outcome = "win" if a > b else "loss" if a < b else "tie"
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
            f"{name}: {d.alea_skyscrapers}"
            + (f" (stop by {d.stopped_by}" if d.stopped_by else "")
            + (f", {d.removed} removed" if d.removed else "")
            + (")" if d.stopped_by else "")
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
