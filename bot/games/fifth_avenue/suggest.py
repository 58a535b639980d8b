"""The answers worth offering for an /alea option, so a game on a phone needs little typing.

Each function reads the game's public summary (`AleaRules.summary`, what `/game status`
returns; None without an Alea game here) and lists the few values that can answer an option
right now, as (label, value) pairs: the districts still open to an auction or a building stop,
the black card sequences that make a legal bid, the plots of a won district, the bids with
the chance that Alea beats each. The cog offers
them as autocomplete; nothing here changes a game."""

from __future__ import annotations

from collections import Counter
from itertools import permutations
from typing import Any

from bot.core.errors import RuleError
from bot.games.fifth_avenue.bids import VALUES, beat_chance, distribution
from bot.games.fifth_avenue.building import MAX_PLOTS
from bot.games.fifth_avenue.data import CENTRAL_PARK, alea_data

Summary = dict[str, Any]
Offer = list[tuple[str, Any]]
PLOT_LABELS = "abcdef"[:MAX_PLOTS]


def _skyscrapers(count: int) -> str:
    return "1 skyscraper" if count == 1 else f"{count} skyscrapers"


def _types(count: int) -> str:
    return "1 business type" if count == 1 else f"{count} business types"


def auction_districts(summary: Summary | None) -> Offer:
    """`/alea auction district:`: the districts without a building stop, with Alea's
    skyscrapers in each, then Central Park."""
    return [*stop_districts(summary), (f"{CENTRAL_PARK} · Alea builds nothing there", CENTRAL_PARK)]


def stop_districts(summary: Summary | None) -> Offer:
    """`/alea building-stop district:`: the districts without a building stop yet."""
    stopped = (summary or {}).get("building_stops", {})
    his = (summary or {}).get("alea_skyscrapers", {})
    return [
        (f"{name} · Alea has {_skyscrapers(his[name])}" if his.get(name) else name, name)
        for name in alea_data().districts
        if name not in stopped
    ]


def bid_sequences() -> list[list[int]]:
    """Every legal order of black cards: turned until a value repeats (2 to 4 cards)."""
    found: list[list[int]] = []
    for size in range(1, len(VALUES) + 1):
        for start in permutations(VALUES, size):
            found += [[*start, repeat] for repeat in start]
    return sorted(found, key=lambda cards: (len(cards), cards))


def card_sequences(summary: Summary | None, current: str) -> Offer:
    """`/alea auction cards:` (physical mode): the legal sequences starting with the cards
    typed so far, each with the bid it makes."""
    if summary is not None and summary.get("mode") == "virtual":
        return []
    typed = current.replace(",", " ").replace("+", " ").split()
    offer: Offer = []
    for cards in bid_sequences():
        shown = [str(c) for c in cards]
        if shown[: len(typed)] == typed:
            text = " ".join(shown)
            offer.append((f"{text} · Alea bids {sum(cards)}", text))
    return offer


def plot_entries(current: str) -> Offer:
    """`/alea build plots:` (and `result plots:`) as it is typed: `none` for no empty plot,
    then the next plot's label with 0 to 4 business types next to it."""
    text = current.strip()
    tokens = text.split()
    if len(tokens) >= MAX_PLOTS:
        return [(text, text)]
    offer: Offer = [] if text else [("none · no empty plot: Alea declares a building stop", "none")]
    last = tokens[-1] if tokens else ""
    if last and ":" not in last:  # a label being typed: give it its types
        head, label = " ".join(tokens[:-1]), last
    else:
        used = {t.split(":")[0].lower() for t in tokens}
        label = next((c for c in PLOT_LABELS if c not in used), "")
        head = text
        if not label:
            return [(text, text)]
    before = f"{head} " if head else ""
    for types in range(5):
        value = f"{before}{label}:{types}"
        offer.append((f"{value} · plot {label}, {_types(types)} next to it", value))
    if text and ":" in last:
        offer.insert(0, (text, text))
    return offer


def bid_chances(summary: Summary | None, current: str) -> Offer:
    """`/alea auction high_bid:` and `/alea odds bid:`: the bids Alea can make, each with the
    exact chance that his next bid is higher (over the cards not known to be at the bottom of
    his stack or on the table), narrowed to the digits typed so far."""
    bottom = list((summary or {}).get("stack_bottom", []))
    unseen = Counter(alea_data().black_counts)
    unseen.subtract(Counter(bottom))
    auction = (summary or {}).get("auction") or {}
    unseen.subtract(Counter(auction.get("cards", [])))
    if any(count < 0 for count in unseen.values()):
        return []
    try:
        dist = distribution(dict(unseen), bottom)
    except RuleError:
        return []
    typed = current.strip()
    offer: Offer = []
    for bid in (0, *range(min(dist) - 1, max(dist))):  # 0: you both passed
        if str(bid).startswith(typed):
            chance = float(beat_chance(dist, bid))
            offer.append((f"{bid} · Alea bids more: {chance:.0%}", bid))
    return offer


def _listed(current: str, separators: str) -> tuple[list[str], str]:
    """What is typed of a list so far: the entries finished, and the one being typed."""
    text = current
    for sep in separators[1:]:
        text = text.replace(sep, separators[0])
    *done, last = text.split(separators[0])
    return [d.strip() for d in done if d.strip()], last.strip()


def round_districts(summary: Summary | None, current: str) -> Offer:
    """`/alea round districts:` as it is typed: the list so far and one more district
    without a building stop (Central Park comes last by itself)."""
    stopped = (summary or {}).get("building_stops", {})
    done, typing = _listed(current, ",;")
    taken = {d.casefold() for d in done}
    head = ", ".join(done)
    offer: Offer = []
    for name in alea_data().districts:
        if name in stopped or name.casefold() in taken:
            continue
        if name.casefold().startswith(typing.casefold()):
            value = f"{head}, {name}" if head else name
            offer.append((value, value))
    return offer


def round_wins(summary: Summary | None, current: str) -> Offer:
    """`/alea round won:` as it is typed: `none`, or the list so far and one more auction of
    the open round (a district with `=`, its empty plots to follow)."""
    auctions = list((summary or {}).get("round") or [])
    done, typing = _listed(current, ";,")
    offer: Offer = [] if done else [("none · Alea won nothing", "none")]
    taken = {d.split("=")[0].strip().casefold() for d in done}
    head = "; ".join(done)
    for name in auctions:
        if name.casefold() in taken or not name.casefold().startswith(typing.casefold()):
            continue
        entry = name if name == CENTRAL_PARK else f"{name}="
        value = f"{head}; {entry}" if head else entry
        then = "he builds nothing there" if name == CENTRAL_PARK else "its empty plots next"
        offer.append((f"{value} · {then}", value))
    return offer


def round_stops(summary: Summary | None, current: str) -> Offer:
    """`/alea round stop:` as it is typed: the list so far and one more district auctioned
    in the open round."""
    auctions = (summary or {}).get("round") or []
    done, typing = _listed(current, ",;")
    taken = {d.casefold() for d in done}
    head = ", ".join(done)
    return [
        (value, value)
        for name in auctions
        if name != CENTRAL_PARK
        and name.casefold() not in taken
        and name.casefold().startswith(typing.casefold())
        for value in [f"{head}, {name}" if head else name]
    ]
