"""Fifth Avenue with two players: Alea bids third in every auction and builds when he wins.

An auction is an agenda (`state.agenda`): `Bid` (his cards), then `Contest` (he leads until the
players both pass or overbid him), then `Build` (he won a district); `/alea end` is an
`EndGame` step. The handlers live in `auction.py` and `ending.py`, what the players read in
`view.py`; here the commands only feed the agenda answers."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from bot.core import agenda
from bot.core.agenda import Ask, Inputs
from bot.core.commands import input_error
from bot.core.deck import Deck
from bot.core.errors import InputError, RuleError
from bot.core.game import Outcome, SeatResult
from bot.core.kit import KitRules, Upgrade
from bot.core.said import Said, say
from bot.core.scoresheet import FinalSheet
from bot.games.fifth_avenue import commands as cmd
from bot.games.fifth_avenue import view
from bot.games.fifth_avenue.auction import bid, build, contest, declare_stop
from bot.games.fifth_avenue.commands import COMMANDS
from bot.games.fifth_avenue.data import CENTRAL_PARK, alea_data
from bot.games.fifth_avenue.ending import end, results
from bot.games.fifth_avenue.rounds import open_round, opened, round_, round_auction
from bot.games.fifth_avenue.sheet import final_sheet
from bot.games.fifth_avenue.state import (
    AleaOptions,
    AleaState,
    Bid,
    District,
    EndGame,
    before_the_agenda,
    to_the_agenda,
)

SETUP = [
    say(
        "Set up as for 3 or 4 players. Alea needs no preparation except his skyscrapers: put all "
        "skyscrapers of one of the two unchosen colours beside the board, in the general supply."
    ),
    say(
        "Alea only takes part in auctions, always bidding third, after the player who triggered "
        "the auctions and the second player. He never scores."
    ),
]
WAITING_FOR = {  # what `result` and `build` say when no stored question waits for them
    "result": "Alea does not hold the high bid in an open auction.",
    "build": "Alea has not won a district that he still has to build in.",
}


HANDLERS = {
    "bid": bid,
    "contest": contest,
    "build": build,
    "round": round_,
    "round_auction": round_auction,
    "end": end,
}
ROUND_OPEN = (
    "A round of auctions is open: a building stop in it goes with its result, "
    f"`{cmd.Round.line(won='…', stop='<district>')}`."
)
ENDED = f"The game has ended: finish it with `{cmd.End.line()}`."


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
            raise input_error(exc, f"`{cmd.Start.line()}`") from None
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
        mode = say(
            "I keep Alea's own shuffled black stack and turn his cards."
            if stack
            else "You turn Alea's cards from the real black stack and tell me their values."
        )
        facts = [*SETUP, say("Stack mode **{mode}**: {how}", mode=opts.mode, how=mode)]
        if data.district_names_uncertain:
            facts.append(say("District names are partly reconstructed; pick the nearest one."))
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
            facts.append(say("Not ending the game after all."))
            pending = None
        inputs = Inputs(command.model_dump(exclude={"command"}))
        match command:
            case cmd.Auction():
                self._auction(st, command, pending)
                inputs = Inputs({"outcome": command.result})
            case cmd.Round():
                self._round(st, command, pending, facts)
                inputs = Inputs({"won": command.won, "stop": command.stop})
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
            raise RuleError(ENDED)
        if command.result is not None and (pending is None or pending.command != "result"):
            raise RuleError(say("No auction led by Alea is open: leave out `result`."))
        if pending is not None and command.result is None:
            raise RuleError(pending.text())
        district = self._district(st, command.district)
        if district != CENTRAL_PARK and st.districts[district].stopped_by:
            raise RuleError(
                say("{district} has a building stop: no more auctions there.", district=district)
            )
        bid = Bid(district=district, high_bid=command.high_bid, cards=command.cards)
        st.agenda.extend([bid])

    def _round(
        self, st: AleaState, command: cmd.Round, pending: Ask | None, facts: list[str]
    ) -> None:
        """Opening a round (`districts`) or giving its result (`won`, `stop`)."""
        if command.districts is None:
            if pending is None:
                raise RuleError(
                    say(
                        "No round of auctions is open: open one with "
                        f"`{cmd.Round.line(districts='<the districts holding the markers>')}`."
                    )
                )
            if pending.command != "round" or (command.won is None and command.stop is None):
                raise RuleError(pending.text())
            return
        if command.won is not None or command.stop is not None:
            raise InputError(
                "Open a round with `districts` alone; its result comes once its auctions are "
                f"over: `{cmd.Round.line(won='…')}`."
            )
        if pending is not None:
            raise RuleError(pending.text())
        step = open_round(st, command.districts)
        facts.append(opened(step))
        st.agenda.extend([step])

    def _stop(
        self, st: AleaState, command: cmd.Stop, pending: Ask | None, facts: list[str]
    ) -> None:
        if st.phase != "play":
            raise RuleError(ENDED)
        name = self._district(st, command.district)
        if name == CENTRAL_PARK:
            raise InputError(say("Central Park cannot take a building stop."))
        if st.round is not None:
            raise RuleError(ROUND_OPEN)
        if pending is not None:
            raise RuleError(auction_first(pending))
        if st.districts[name].stopped_by:
            raise RuleError(say("{district} already has a building stop.", district=name))
        declare_stop(st, name, facts)

    def _supply_empty(self, st: AleaState, pending: Ask | None, facts: list[str]) -> None:
        if st.phase != "play":
            raise RuleError(say("The game has already ended."))
        if st.round is not None:
            raise RuleError(auction_first(pending, "Finish the round of auctions first."))
        if pending is not None:
            raise RuleError(auction_first(pending))
        st.supply_row_empty = True
        st.phase = "ended"
        facts.append(
            say(
                "The business supply row is empty: the game ends. Do the final scoring, then "
                f"`{cmd.End.line()}`."
            )
        )

    # ------------------------------------------------------------------ reading
    def describe(self, state: Any) -> Outcome:
        return view.describe(state)

    def summary(self, state: Any) -> dict[str, Any]:
        return view.summary(state)

    def results(self, state: Any, *, abandoned: bool = False) -> list[SeatResult]:
        return results(state, abandoned=abandoned)

    def sheet(self, state: AleaState) -> FinalSheet | None:
        return final_sheet(state)

    def board(self, state: Any) -> str:
        return view.board(state)

    def show_board(self, state: Any) -> Outcome:
        return view.show_board(state)

    def odds(self, state: Any, bid: int | None, bottom: str | None) -> Outcome:
        return view.odds(state, bid, bottom)


def auction_first(pending: Ask | None, first: str = "Finish Alea's auction first.") -> str:
    """`first`, then the question pending: a message of messages when the question is one
    (said from its key at the edge), else the line as it was."""
    question = pending.text() if pending is not None else ""
    if isinstance(question, Said):
        return say(f"{first} {{question}}", question=question)
    return f"{first} {question}"
