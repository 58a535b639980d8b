"""Setting up Sam: difficulty, the "2" worker tile, his deck, and what both sides do."""

from __future__ import annotations

import random

from bot.core.deck import Deck
from bot.core.priority import draw_seed
from bot.core.said import say
from bot.games.great_western_trail.commands import CORRECT_CARD, Start, TurnCmd
from bot.games.great_western_trail.data import WORKERS, Worker, gwt_data
from bot.games.great_western_trail.names import CITIES
from bot.games.great_western_trail.state import GwtState, Options, SamBoard


def deck_cards(difficulty: str) -> list[int]:
    removed = gwt_data().setup.difficulty[difficulty].remove_cards  # type: ignore[index]
    return [c.number for c in gwt_data().cards if c.number not in removed]


def draw_tile(seed: int) -> tuple[Worker, int]:
    """A random tile from the "2" bag, which holds as many workers of each type."""
    tile_seed = draw_seed(seed, "worker tile")
    return random.Random(tile_seed).choice(WORKERS), tile_seed


def new_state(opts: Start, seed: int) -> tuple[GwtState, list[str]]:
    data = gwt_data()
    level = data.setup.difficulty[opts.difficulty]
    facts: list[str] = []
    if opts.tile == "random":
        tile, tile_seed = draw_tile(seed)
        facts.append(
            say(
                'I drew the "2" tile for Sam: **{tile}** (seed {seed}). If you drew a physical '
                f"tile, start again with `{Start.line(tile='')}`.",
                tile=tile,  # the worker as the catalog names it (`Handwerker`)
                seed=tile_seed,
            )
        )
    else:
        tile = opts.tile
    workers = {w: data.setup.printed_workers.count(w) for w in WORKERS}
    workers[tile] += 1
    for extra in level.extra_workers:
        workers[extra] += 1
    first = CITIES[opts.first_delivery] if opts.first_delivery else level.first_delivery
    st = GwtState(
        seed=seed,
        options=Options(difficulty=opts.difficulty, first_delivery=first, tile=tile),
        deck=Deck.shuffled(deck_cards(opts.difficulty), seed),
        board=SamBoard(workers=workers, specialization=tile),
    )
    return st, facts + setup_facts(st)


def setup_facts(st: GwtState) -> list[str]:
    opts = st.options
    level = gwt_data().setup.difficulty[opts.difficulty]
    hard = " plus the three extra workers (hard)" if level.extra_workers else ""
    removed = "Cards {cards} go back to the box. " if level.remove_cards else ""
    cards = {"cards": "#" + ", #".join(map(str, level.remove_cards))} if removed else {}
    tuned = "" if opts.first_delivery == level.first_delivery else " (your tuning)"
    return [
        say(
            f"**Difficulty {{difficulty}}.** {removed}Sam's deck: {{n}} cards, shuffled. "
            f"His first delivery goes to **{{city}}**{tuned}.",
            difficulty=opts.difficulty,  # a word the catalog has (`mittel`)
            n=st.deck.size,
            city=opts.first_delivery,  # a printed name
            **cards,
        ),
        say(
            "**Sam's side:** Sam's board instead of a player board, all 14 discs and 12 private "
            'buildings (always the b-side) next to it. Put the "2" tile on his board in the '
            f"leftmost free space of its row{hard}; the specialization tile goes next to "
            "**{spec}**. His engine on the start space of the railroad, his herder on the "
            "horseman space. No player cattle cards, no money, no exchange token, no hand; one "
            "starting objective card face down next to his board.",
            spec=f"{st.board.specialization}s",  # the workers as the catalog names them
        ),
        say(
            "**Your side:** a normal 2-player game; you go first with 6 $, 1 exchange token "
            "and 4 cards. Fees for hands on Sam's buildings go to the bank. After a Kansas City "
            "delivery, slide the remaining foresight tiles to the bottom spaces before refilling "
            "the top three. When you take an objective card, slide the others away from the "
            "stack before refilling the spot next to it."
        ),
        say(
            "Sam's card faces were pictures in the rule text: their movement and icons here are "
            f"**reconstructed**. Draw his real card with `{TurnCmd.line(card='N')}`, and correct "
            f"a card with `{CORRECT_CARD}`."
        ),
    ]
