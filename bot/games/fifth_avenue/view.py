"""What the players read of Alea's game: the prompt, the board, the summary and the exact odds
of his next bid (with their chart)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

from bot.core.errors import InputError
from bot.core.game import NextStep, Outcome, Picture
from bot.core.said import listed, say
from bot.core.secrecy import is_secret
from bot.games.fifth_avenue import commands as cmd
from bot.games.fifth_avenue.bids import beat_chance, distribution
from bot.games.fifth_avenue.data import alea_data
from bot.games.fifth_avenue.rounds import hidden_bids
from bot.games.fifth_avenue.state import AleaState
from bot.i18n.plural import count

STOPPED_BY = {"player": "a player", "alea": "Alea"}
SUPPLY_EMPTY = f"When the business supply row runs out: `{cmd.SupplyEmpty.line()}`."
MARKED = "<the districts holding its markers>"
AUCTION = cmd.Auction.line(district="<name>", high_bid=cmd.HIGHEST)


def describe(state: Any) -> Outcome:
    st: AleaState = state
    out = Outcome()
    if st.phase == "finished":
        out.prompt = say("The game is over. `/game history` shows every auction.")
        out.finished = True
    elif st.agenda.ask is not None:
        out.prompt, out.ask = st.agenda.ask.text(), st.agenda.ask
        if st.round is not None:  # shown again with every look, still hidden
            out.facts = hidden_bids(st, st.round)
    elif st.phase == "ended":
        out.prompt = say(f"Final scoring as usual (Alea scores nothing), then `{cmd.BOTH_SCORES}`.")
        out.next_steps.append(NextStep(say("End the game"), "end"))
    elif st.stack is not None and not is_secret(st.seed):
        out.prompt = say(
            f"When a commissioner returns: `{cmd.Round.line(districts=MARKED)}` shows Alea's "
            "bid for each of the round's auctions, hidden. Or auction by auction, once you two "
            f"have each bid or passed once: `{AUCTION}`. {SUPPLY_EMPTY}"
        )
    else:
        out.prompt = say(
            "When an auction starts and you two have each bid or passed once: "
            f"`{AUCTION}`. {SUPPLY_EMPTY}"
        )
    return out


def summary(state: Any) -> dict[str, Any]:
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
        "round": list(st.round.districts) if st.round else None,  # never his hidden bids
        "alea_skyscrapers": {k: v.alea_skyscrapers for k, v in st.districts.items()},
        "building_stops": {k: v.stopped_by for k, v in st.districts.items() if v.stopped_by},
        "supply": st.supply,
        "stack_bottom": list(st.bottom),
        "scores": st.scores,
        "winner": st.winner,
    }


def board(state: Any) -> str:
    st: AleaState = state
    rows = [
        say(
            "Alea in {district}: {n}"
            + (" · building stop by {who}" if d.stopped_by else "")
            + (", {removed} removed" if d.removed else ""),
            district=name,
            n=d.alea_skyscrapers,
            **({"who": STOPPED_BY[d.stopped_by]} if d.stopped_by else {}),
            **({"removed": d.removed} if d.removed else {}),
        )
        for name, d in st.districts.items()
    ]
    head = say(
        "Alea's skyscrapers ({n} left in supply) · stops {stops}/2",
        n=st.supply,
        stops=st.building_stops,
    )
    return say("{head}\n{rows}", head=head, rows=listed(rows, "\n"))


def board_picture(state: Any) -> Picture:
    """The board as a picture (bot/games/fifth_avenue/pictures.py): the text board's lines,
    each district with Alea's skyscrapers drawn, the district of the open auction marked."""
    st: AleaState = state
    header, *lines = board(st).split("\n")
    auction = st.auction
    return Picture(
        "alea_board",
        {
            "header": header,
            "districts": [
                [name, d.alea_skyscrapers, d.stopped_by is not None, line]
                for (name, d), line in zip(st.districts.items(), lines, strict=True)
            ],
            "auction": auction.district if auction is not None else None,
        },
    )


def show_board(state: Any) -> Outcome:
    return Outcome(facts=[board(state)], picture=board_picture(state))


def odds(state: Any, bid: int | None, bottom_text: str | None) -> Outcome:
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
        raise InputError(say("The black stack does not hold that many cards of one value."))
    dist = distribution(dict(unseen), bottom)
    lines = [f"`{b:>2}` {float(p):6.1%}  {'█' * round(float(p) * 60)}" for b, p in dist.items()]
    known = f"{count(len(bottom), 'known card')} at the bottom" if bottom else "no known cards"
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
    out.picture = odds_picture(st, dist, bid)
    return out


def odds_picture(st: AleaState, dist: dict[int, Fraction], bid: int | None) -> Picture:
    """The odds as a bar chart (bot/games/fifth_avenue/pictures.py): each bid's chance, the
    bars above the asked `bid` dark, and the bid Alea made in the latest auction marked."""
    last = st.last_bid
    return Picture(
        "alea_odds",
        {
            "bars": [[b, float(p)] for b, p in dist.items()],
            "above": bid,
            "chance": float(beat_chance(dist, bid)) if bid is not None else None,
            "last": last.model_dump() if last is not None else None,
        },
    )


def _card_list(text: str) -> list[int]:
    tokens = text.replace(",", " ").split()
    if not all(t in {"4", "5", "6"} for t in tokens):
        raise InputError(say("List the known bottom cards as values 4, 5 or 6, like `4 5 4`."))
    return [int(t) for t in tokens]
