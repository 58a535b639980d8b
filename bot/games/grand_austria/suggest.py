"""The answers worth offering for a /gah option, so a game on a phone needs little typing.

Each function reads the game's public summary (`view.summary`, what `/game status` returns)
and lists the few values that can answer an option right now, as (label, value) pairs: the
cards still in the opponent's deck, the ballrooms not known to be full, the action spaces
holding an item or a toll. The cog offers them as autocomplete; nothing here changes a game."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from bot.core.errors import InputError
from bot.core.tokens import is_none, words
from bot.games.grand_austria import ballrooms as rooms
from bot.games.grand_austria.card_view import describe_card
from bot.games.grand_austria.data import gah_data
from bot.games.grand_austria.inputs import (
    QUEUE_SIZE,
    parse_dice,
    parse_lounge,
    parse_queue,
    read_coloured_pairs,
    read_guests,
)
from bot.games.grand_austria.scoring import staff_line

Summary = dict[str, Any]
Offer = list[tuple[str, Any]]


def module_sets() -> Offer:
    """Every combination of the solo modules, labelled with the opponent it brings."""
    waltz = gah_data().waltz
    numbers = sorted(waltz.modules)
    offer: Offer = [("none · Leopold, base game", "none")]
    for size in range(1, len(numbers) + 1):
        for combo in combinations(numbers, size):
            names = " + ".join(str(waltz.modules[n]["name"]) for n in combo)
            opponent = "Elisabeth" if {1, 2} & set(combo) else "Leopold"
            value = " ".join(map(str, combo))
            offer.append((f"{value} · {opponent}: {names}", value))
    return offer


def cards_left(summary: Summary | None) -> Offer:
    """The instruction cards still in this game's deck (every card of both decks without a
    game), each with what it means at this difficulty."""
    decks = gah_data().decks
    if summary is None:
        return [(_card_label(c, "hard"), c.number) for d in decks.values() for c in d.cards]
    deck = decks[str(summary["opponent"]).lower()]
    gone = {*summary["cards_played"], summary["pending_card"]}
    setup = (summary["difficulty"], summary["modules"])
    return [(_card_label(c, *setup), c.number) for c in deck.cards if c.number not in gone]


def _card_label(card: Any, difficulty: str, modules: list[int] | None = None) -> str:
    return f"{card.number} · {describe_card(card, difficulty, modules)}"


def ballroom_answers(summary: Summary | None) -> Offer:
    """`full:` answers: `none`, then each set of ballrooms not yet known to be full."""
    names = rooms.ballroom_names()
    known = set(summary["ballrooms_full"]) if summary is not None else set()
    open_rooms = [r for r in rooms.limited() if r not in known]
    offer: Offer = [("none · every ballroom has space", "none")]
    for size in range(1, len(open_rooms) + 1):
        for combo in combinations(open_rooms, size):
            full = " and ".join(names[r] for r in combo)
            verb = "is" if size == 1 else "are"
            offer.append((f"{full} {verb} full", " ".join(str(r + 1) for r in combo)))
    return offer


def item_spaces(summary: Summary | None) -> Offer:
    """Hautel Couture: the action spaces holding an item."""
    items = summary["items"] if summary is not None else {}
    return [(f"space {space} · {item}", int(space)) for space, item in sorted(items.items())]


def toll_spaces(summary: Summary | None) -> Offer:
    """Toll Bridge: the action spaces with cogwheels on them."""
    tokens = summary["toll"] if summary is not None else []
    return [
        (f"space {i + 1} · {n} cogwheel{'s' if n > 1 else ''}", i + 1)
        for i, n in enumerate(tokens)
        if n
    ]


def staff_cards(summary: Summary | None) -> Offer:
    """`/gah staff card:` answers: the end-game staff a private deck is dealt from, less the
    cards already face up beside the opponent (every staff card without a game)."""
    data = gah_data()
    if summary is None:
        return [(staff_line(n), n) for n in data.staff]
    shown = set(summary["staff_revealed"])
    return [(staff_line(n), n) for n in data.private_deck_candidates if n not in shown]


def emperor_vp(summary: Summary | None) -> Offer:
    """The VP the opponent's Emperor space may give at this round end, when I must ask."""
    values = summary.get("emperor_vp_options", []) if summary is not None else []
    space = summary["emperor"] if summary is not None else 0
    return [(f"space {space}: {vp} VP", vp) for vp in values]


def read_queue(text: str) -> Offer:
    """The queue being typed, read back guest by guest (or what is wrong with it), offered
    with the typed text as its value, so choosing it sends what was typed."""
    tokens = words(text)
    if not tokens or len(text) > 100:
        return []
    try:
        guests = read_guests(tokens) if len(tokens) <= QUEUE_SIZE else parse_queue(text)
    except InputError as exc:
        return [(str(exc), text)]
    said = ", ".join(f"{g.vp} VP {g.colour}{'*' if g.cogwheel else ''}" for g in guests)
    if len(guests) == QUEUE_SIZE:
        return [(f"✓ queue: {said}", text)]
    return [(f"… {len(guests)} of {QUEUE_SIZE} guests: {said}", text)]


def read_lounge(text: str) -> Offer:
    """Module 2: the celebrities' VP being typed, read back in the lounge tile's order."""
    if not text.strip() or len(text) > 30:
        return []
    try:
        pairs = parse_lounge(text)
    except InputError as exc:
        return [(str(exc), text)]
    return [("✓ lounge: " + ", ".join(f"{vp} VP {colour}" for colour, vp in pairs), text)]


def read_coloured(text: str) -> Offer:
    """Module 2: the coloured dice being typed, read back with their action spaces."""
    if not text.strip() or len(text) > 30:
        return []
    if is_none(text):
        return [("✓ no coloured die left", text)]
    try:
        pairs = read_coloured_pairs(text)
    except InputError as exc:
        return [(str(exc), text)]
    return [("✓ coloured dice: " + ", ".join(f"{c} on {v}" for c, v in pairs), text)]


def read_dice(text: str) -> Offer:
    """The dice being typed, read back as value:count pairs (or what is wrong with them)."""
    if not text.strip() or len(text) > 60:
        return []
    try:
        counts = parse_dice(text)
    except InputError as exc:
        return [(str(exc), text)]
    pairs = " ".join(f"{v}:{n}" for v, n in enumerate(counts, start=1) if n)
    return [(f"✓ {sum(counts)} dice: {pairs}", text)]
