from pathlib import Path

import pytest

from bot import i18n
from bot.core.deck import Deck
from bot.games import registry
from tests.toy.rules import CARDS, DECK, SPEC

LOCALES = Path(__file__).parent / "locales"  # Magpie's German, as a game's catalog


@pytest.fixture
def toy():
    """Magpie registered for one test, exactly as a real game registers: one spec."""
    registry.register(SPEC)
    i18n.add_catalogs(LOCALES)
    yield SPEC
    i18n.remove_catalogs(LOCALES)
    registry.unregister(SPEC.key)


def seed_where(first: list[str]) -> int:
    """The first seed whose deck starts with these cards."""
    return next(
        s
        for s in range(10_000)
        if [CARDS[c] for c in Deck.shuffled(DECK, s).draw_pile[: len(first)]] == first
    )


@pytest.fixture
def simcord_bot(db, toy):
    from bot.on_discord.client import SoloistBot
    from bot.table.service import TableService

    return SoloistBot(TableService(db), shard_count=1)
