"""A whole round of auctions in two commands: when a commissioner returns, one auction per
district holding its markers, then Central Park (always last).

`/alea round districts:…` shows Alea's bid for every auction of the round at once, each one
hidden (a Discord spoiler), so the players open it only once they have both bid or passed in
that auction, as if they turned his cards then. Nothing is drawn yet: the bids are read from a
copy of his stack, which is why they are the ones auction-by-auction play would turn. When the
round is over, `/alea round won:… stop:…` says which auctions Alea won (with the empty plots of
each won district) and where a player declared a building stop; each auction is then played in
order exactly as `/alea auction` plays it: his cards drawn and put at the bottom, his build,
the stop, and the game's end with the second building stop (the auctions after it do not
take place)."""

from __future__ import annotations

import re
from typing import Any

from bot.core.agenda import Ask, AskField, Choice, Turn
from bot.core.errors import InputError, RuleError
from bot.core.said import listed, say
from bot.core.table_facts import is_unchanged
from bot.games.fifth_avenue import commands as cmd
from bot.games.fifth_avenue.auction import declare_stop, draw_bid, return_cards, turn_cards
from bot.games.fifth_avenue.building import parse_plots
from bot.games.fifth_avenue.data import CENTRAL_PARK
from bot.games.fifth_avenue.state import AleaState, Build, LastBid, Round, RoundAuction

FIGURE_SPACE = "\u2007"  # as wide as a digit: every hidden bid is two digits wide
NOTHING = {"none", "nothing", "keine", "keiner", "nichts", "-"}
SEPARATORS = re.compile(r"[;,]")


def _key(text: str) -> str:
    return " ".join(text.casefold().split())


def match(text: str, names: list[str], *, what: str) -> str:
    """`text` as one of `names`: the whole name in any case, or the start of exactly one."""
    typed = _key(text)
    exact = [n for n in names if _key(n) == typed]
    starts = [n for n in names if _key(n).startswith(typed)] if typed else []
    found = exact or starts
    if len(found) != 1:
        key = f"`{{text}}` is not {what}; choose from: {{names}}."  # `what`: as the catalog has
        raise InputError(say(key, text=text.strip()[:40], names=listed(names)))
    return found[0]


def open_round(st: AleaState, text: str) -> Round:
    """The round's auctions from `districts:`: the marked districts, then Central Park."""
    if st.phase != "play":
        raise RuleError(f"The game has ended: finish it with `{cmd.End.line()}`.")
    if st.stack is None:
        raise RuleError(
            "In physical mode you turn Alea's cards from the real stack: play each auction with "
            f"`{cmd.Auction.line(district='<name>', high_bid=cmd.HIGHEST, cards='<his cards>')}`."
        )
    names = [*st.districts, CENTRAL_PARK]
    chosen: list[str] = []
    for part in SEPARATORS.split(text):
        if not part.strip():
            continue
        name = match(part, names, what="a district")
        if name in chosen:
            raise InputError(
                say("{district} is listed twice: one auction per marked district.", district=name)
            )
        if name != CENTRAL_PARK and st.districts[name].stopped_by:
            raise RuleError(
                say("{district} has a building stop: no more auctions there.", district=name)
            )
        chosen.append(name)
    if not chosen:
        raise InputError(
            say("Name the districts holding the commissioner's markers, separated by commas.")
        )
    chosen = [n for n in chosen if n != CENTRAL_PARK] + [CENTRAL_PARK]  # always last
    return Round(districts=chosen)


def opened(step: Round) -> str:
    """The opening fact (spoiler-free: `/game history` shows it cut short)."""
    districts = [d for d in step.districts if d != CENTRAL_PARK]
    if not districts:
        return say("Round of auctions: Central Park.")
    return say("Round of auctions: {districts}, then Central Park.", districts=listed(districts))


def hidden_bids(st: AleaState, step: Round) -> list[str]:
    """Alea's bid in each auction of the round, each behind a spoiler of the same width (his
    cards are named once the round is over: their number would show in the width). Read from
    a copy of his stack: drawing auction by auction turns the same cards."""
    if st.stack is None:
        return []
    stack = st.stack.model_copy(deep=True)
    lines: list[str] = [
        say(
            "Alea's bids, hidden: open each one only once you have both bid or passed once in "
            "that auction."
        )
    ]
    for number, district in enumerate(step.districts, start=1):
        cards = turn_cards(stack)
        stack.put_bottom(cards)
        bid = str(sum(cards)).rjust(2, FIGURE_SPACE)  # the same width whatever he bids
        lines.append(
            say(
                "{n}. **{district}**: Alea bids {bid}",
                n=number,
                district=district,
                bid=f"||{bid}||",
            )
        )
    lines.append(
        say(
            "Not above your high bid: he is out (rule 4.1). Above it: if you both pass, he wins; "
            "if either of you bids more, he is out (rule 4.2)."
        )
    )
    stop = "If he wins a district with no empty plot, he declares a building stop there."
    if st.building_stops == 1:
        stop += (
            " There has been one building stop: the next one ends the game at once, and the "
            "round's later auctions do not take place."
        )
    lines.append(say(stop))
    return lines


def _ask(step: Round) -> Ask:
    districts = [d for d in step.districts if d != CENTRAL_PARK]
    if districts:
        example = f"{districts[0]}=a:2 b:0"
        prompt = say(
            "Which auctions of the round did Alea win? Once they are over: each district with "
            f"its empty plots, `{cmd.Round.line(won='{district}=a:2 b:0; Central Park')}`, or "
            f"`{cmd.Round.line(won='none')}`; a building stop declared by a player goes with it, "
            "`stop:<district>`.",
            district=districts[0],
        )
    else:
        example = CENTRAL_PARK
        prompt = say(
            "Did Alea win the Central Park auction? Once it is over: "
            f"`{cmd.Round.line(won=CENTRAL_PARK)}` or `{cmd.Round.line(won='none')}`."
        )
    return Ask(
        prompt=prompt,
        command="round",
        option="won",
        choices=[Choice(label=say("Alea won nothing"), value="none")],
        fields=[
            AskField(
                option="won", label=say("Alea won: district=plots; … (or none)"), example=example
            ),
            AskField(
                option="stop", label=say("Building stops by a player (districts)"), required=False
            ),
        ],
    )


def _wins(text: str, step: Round) -> dict[str, str | None]:
    """`won:` as {district: its empty plots as given, or None}, checked against the round."""
    if _key(text) in NOTHING:
        return {}
    wins: dict[str, str | None] = {}
    for part in SEPARATORS.split(text):
        if not part.strip():
            continue
        name_text, sep, plots = part.partition("=")
        name = match(name_text, step.districts, what="an auction of this round")
        if name in wins:
            raise InputError(f"{name} is listed twice.")
        plots = plots.strip()
        if name == CENTRAL_PARK and plots:
            raise InputError(say("Alea builds nothing in Central Park: give it without plots."))
        if sep and not plots:
            raise InputError(
                say(
                    "Give {district}'s empty plots after `=`, like `a:2 b:0`, or `none`.",
                    district=name,
                )
            )
        if plots and not is_unchanged(plots):
            parse_plots(plots)  # a bad entry is refused now, before any card is turned
        wins[name] = plots or None
    return wins


def _stops(text: str, step: Round, wins: dict[str, str | None]) -> set[str]:
    """`stop:` as the districts of the round where a player declared a building stop."""
    stops: set[str] = set()
    for part in SEPARATORS.split(text):
        if not part.strip():
            continue
        name = match(part, step.districts, what="an auction of this round")
        if name == CENTRAL_PARK:
            raise InputError(say("Central Park cannot take a building stop."))
        if name in wins:
            raise InputError(
                f"Alea won {name}, so no player declared a building stop there (his own "
                "comes from giving it `=none`, no empty plot)."
            )
        stops.add(name)
    return stops


def round_(st: AleaState, turn: Turn[Any]) -> Ask | None:
    """The open round waits for its result; with it, its auctions are played in order."""
    step: Round = turn.step
    won, stop = turn.inputs.take("won"), turn.inputs.take("stop")
    if won is None:
        if stop is not None:
            raise InputError(
                "Give the building stop with the round's result, which auctions Alea won: "
                f"`{cmd.Round.line(won='none', stop='<district>')}` if he won none."
            )
        return _ask(step)
    wins = _wins(str(won), step)
    stops = _stops(str(stop), step, wins) if stop is not None else set()
    turn.facts.append(
        say(
            "The round, auction by auction (after each, Alea's cards go to the bottom of the "
            "black stack in the order turned):"
        )
    )
    turn.insert(
        *(
            RoundAuction(district=d, won=d in wins, plots=wins.get(d), stop=d in stops)
            for d in step.districts
        )
    )
    return None


def round_auction(st: AleaState, turn: Turn[Any]) -> Ask | None:
    """One auction of the round, as `/alea auction` plays it: his bid turned, his cards to
    the bottom, his win and build, or a player's building stop."""
    step: RoundAuction = turn.step
    if st.phase != "play":
        if step.won or step.stop:
            raise RuleError(
                say(
                    "The second building stop ended the game before the auction for "
                    "{district}, so it did not take place: give the round's result again "
                    "without it (`/game undo` first if a step of it went through).",
                    district=step.district,
                )
            )
        turn.facts.append(
            say(
                "The game has ended: the auction for {district} does not take place.",
                district=step.district,
            )
        )
        return None
    st.table.moved_on()  # as before each auction played on its own
    cards = draw_bid(st, None)
    st.auctions += 1
    return_cards(st, cards, turn.facts, say=False)
    bid, shown = sum(cards), " ".join(map(str, cards))
    st.last_bid = LastBid(district=step.district, total=bid)

    def told(key: str) -> None:  # the auction's result, as the round's report said it
        turn.facts.append(say(key, district=step.district, bid=bid, cards=shown))

    if not step.won:
        told("**{district}**: Alea bid {bid} ({cards}) and did not win.")
        if step.stop:
            declare_stop(st, step.district, turn.facts)
        return None
    st.alea_wins += 1
    if step.district == CENTRAL_PARK:
        told("**{district}**: Alea bid {bid} ({cards}) and won; he builds nothing there.")
        return None
    told("**{district}**: Alea bid {bid} ({cards}) and won.")
    turn.insert(Build(district=step.district, cards=cards, plots=step.plots))
    return None
