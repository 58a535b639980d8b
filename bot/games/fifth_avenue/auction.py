"""Alea's auction, step by step: he turns his black cards and bids (`Bid`), leads while the two
players pass or overbid him (`Contest`), and builds when he wins a district (`Build`). Each
handler resolves its step or returns the stored `Ask`."""

from __future__ import annotations

from typing import Any

from bot.core.agenda import Ask, Choice, Inputs, Turn
from bot.core.deck import Deck
from bot.core.errors import InputError, RuleError
from bot.core.said import Said, listed, say
from bot.games.fifth_avenue import commands as cmd
from bot.games.fifth_avenue.bids import check_sequence, parse_cards
from bot.games.fifth_avenue.building import choose_plots, parse_plots
from bot.games.fifth_avenue.data import CENTRAL_PARK, alea_data
from bot.games.fifth_avenue.state import AleaState, Bid, Build, Contest, LastBid
from bot.i18n.plural import count, form


def _unseen(st: AleaState) -> int:
    return sum(alea_data().black_counts.values()) - len(st.bottom)


def return_cards(st: AleaState, cards: list[int], facts: list[str], *, say: bool = True) -> None:
    if st.stack is not None:
        st.stack.put_bottom(cards)
    st.bottom.extend(cards)
    if say:
        shown = " ".join(map(str, cards))
        facts.append(
            Said(
                "Alea's cards {cards} go to the bottom of the black stack, in that order.",
                cards=shown,
            )
        )


def turn_cards(stack: Deck) -> list[int]:
    """Alea's bid from the top of `stack`: cards turned until a value repeats."""
    cards: list[int] = []
    while not cards or cards[-1] not in cards[:-1]:
        cards.append(stack.draw())
    check_sequence(cards)
    return cards


def draw_bid(st: AleaState, given: str | None) -> list[int]:
    if st.stack is None:
        if not given:
            raise InputError(
                "Turn Alea's black cards until a value repeats, then give them in order: "
                f"`{cmd.Auction.line(cards='5 4 6 5')}`."
            )
        cards = parse_cards(given)
    else:
        if given:
            raise InputError(say("In virtual mode I turn Alea's cards myself; leave out `cards`."))
        cards = turn_cards(st.stack)
    from_bottom = max(0, len(cards) - _unseen(st))
    del st.bottom[:from_bottom]
    return cards


# the fact an auction's cards are told with (bot/games/fifth_avenue/narrate.py reads it back)
AUCTION = "Auction for **{district}**: Alea turns {cards} and bids **{bid}**."


def plots_fact(district: str) -> str:
    return f"plots:{district}"


def bid(st: AleaState, turn: Turn[Any]) -> Ask | None:
    step: Bid = turn.step
    if st.phase != "play":
        turn.facts.append(
            say("The game has ended: no auction for {district}.", district=step.district)
        )
        return None
    st.table.moved_on()  # since the last auction the board may have changed
    cards = draw_bid(st, step.cards or turn.inputs.take("cards"))
    st.auctions += 1
    total = sum(cards)
    st.last_bid = LastBid(district=step.district, total=total)
    shown = " + ".join(map(str, cards))
    turn.facts.append(say(AUCTION, district=step.district, cards=shown, bid=total))
    if total <= step.high_bid:
        turn.facts.append(
            say(
                "That is not above the high bid of {bid}: Alea is out (rule 4.1). "
                "Carry on the auction between you two as usual.",
                bid=step.high_bid,
            )
        )
        return_cards(st, cards, turn.facts)
        return None
    turn.facts.append(
        say(
            "Alea now holds the high bid (rule 4.2). Carry on between you: if you both pass, "
            "Alea wins; if either of you bids more than {bid}, he is out.",
            bid=total,
        )
    )
    turn.insert(Contest(district=step.district, high_bid=step.high_bid, cards=cards))
    return None


def contest(st: AleaState, turn: Turn[Any]) -> Ask | None:
    step: Contest = turn.step
    outcome = turn.inputs.take("outcome")
    if outcome is None:
        return Ask(
            prompt=say(
                "Alea bids {bid} in {district}: tell me how it ended, "
                f"`{cmd.Result.line(outcome='passed')}` or "
                f"`{cmd.Result.line(outcome='overbid')}`; or with the next auction in one line: "
                f"`{cmd.Auction.line(district='<name>', high_bid=cmd.HIGHEST, result='overbid')}`.",
                bid=step.bid,
                district=step.district,
            ),
            command="result",
            option="outcome",
            choices=[
                Choice(label=say("Both passed: Alea wins"), value="passed"),
                Choice(label=say("Alea was overbid"), value="overbid"),
            ],
        )
    return_cards(st, step.cards, turn.facts)
    if outcome == "overbid":
        turn.facts.append(
            say("Alea is overbid and out of this auction; the auction goes on as usual.")
        )
        return None
    st.alea_wins += 1
    if step.district == CENTRAL_PARK:
        turn.facts.append(
            say(
                "Alea wins the Central Park auction with {bid}; he builds nothing there.",
                bid=step.bid,
            )
        )
        return None
    turn.facts.append(say("Alea wins {district} with {bid}.", district=step.district, bid=step.bid))
    turn.insert(Build(district=step.district, high_bid=step.high_bid, cards=step.cards))
    return None


def build(st: AleaState, turn: Turn[Any]) -> Ask | None:
    step: Build = turn.step
    fact = plots_fact(step.district)
    told = turn.inputs if step.plots is None else Inputs({"plots": step.plots})
    given = st.table.take(told, fact, option="plots")
    if given is None:
        return st.table.ask(
            fact,
            prompt=say(
                "Alea won {district}: give its empty plots with the number of different "
                f"business types next to each, `{cmd.Build.line(plots='a:2 b:0 c:2')}`, or "
                f"`{cmd.Build.line(plots='none')}`.",
                district=step.district,
            ),
            command="build",
            option="plots",
            choices=[Choice(label=say("No empty plot: building stop"), value="none")],
        )
    plots = parse_plots(given)
    district = st.districts[step.district]
    if st.phase != "play":
        raise RuleError(say("The game has ended: Alea builds nothing more."))
    if district.stopped_by:
        raise RuleError(
            say("{district} has a building stop: nobody builds there.", district=step.district)
        )
    if not plots:
        st.table.forget(fact)
        district.stopped_by = "alea"
        st.building_stops += 1
        turn.facts.append(
            say(
                "{district} has no empty plot: Alea declares a **building stop** there. "
                "You both score it as in the 3 or 4 player game; Alea scores nothing.",
                district=step.district,
            )
        )
        remove_skyscrapers(st, step.district, turn.facts)
        check_stops(st, turn.facts)
        return None
    chosen = choose_plots(plots, st.supply)
    if not chosen:
        turn.facts.append(say("Alea has no skyscrapers left in the supply: he builds nothing."))
        return None
    district.alea_skyscrapers += len(chosen)
    st.supply -= len(chosen)
    left = [p for p in plots if p not in chosen]  # his own skyscrapers fill the plots he took
    st.table.update(fact, " ".join(f"{p.label}:{p.types}" for p in left) or "none")
    best, n = chosen[0], district.alea_skyscrapers
    types = count(best.types, "business type")
    if len(chosen) == 1:
        turn.facts.append(
            say(
                "Alea builds **1 skyscraper** on plot {plot}: the most valuable empty plot, "
                "{types} next to it, worth {vp} VP. He now has {n} in {district}.",
                plot=best.label,
                types=types,
                vp=best.vp,
                n=n,
                district=step.district,
            )
        )
    else:
        turn.facts.append(
            say(
                "Alea builds **1 skyscraper on each** of plots {plots}: the most valuable empty "
                "plots (tied), {types} next to each, worth {vp} VP. He now has {n} in {district}.",
                plots=listed(p.label for p in chosen),
                types=types,
                vp=best.vp,
                n=n,
                district=step.district,
            )
        )
    return None


def declare_stop(st: AleaState, name: str, facts: list[str]) -> None:
    """A player declares a building stop in district `name` (checked by the caller)."""
    district = st.districts[name]
    district.stopped_by = "player"
    st.table.forget(plots_fact(name))
    st.building_stops += 1
    built = district.alea_skyscrapers
    reminder = (
        say(
            f"Alea has **{{n}}** {form(built, 'skyscraper')} there: they count too, 1 VP each "
            "for the declarer; Alea himself scores nothing.",
            n=built,
        )
        if built
        else say("Alea has no skyscrapers there.")
    )
    facts.append(
        say("Building stop in **{district}**. {reminder}", district=name, reminder=reminder)
    )
    remove_skyscrapers(st, name, facts)
    check_stops(st, facts)


def remove_skyscrapers(st: AleaState, name: str, facts: list[str]) -> None:
    """A building stop takes every skyscraper in the district out of the game."""
    district = st.districts[name]
    if district.alea_skyscrapers:
        district.removed = district.alea_skyscrapers
        district.alea_skyscrapers = 0
        facts.append(
            say(
                "After scoring, Alea's {skyscrapers} in {district} leave the game with the "
                "district.",
                skyscrapers=count(district.removed, "skyscraper"),
                district=name,
            )
        )


def check_stops(st: AleaState, facts: list[str]) -> None:
    if st.building_stops >= 2:
        st.phase = "ended"
        facts.append(
            say(
                "That completes the **second building stop**: the game ends. Do the final "
                f"scoring, then `{cmd.End.line()}`."
            )
        )
