"""The heap once the bot has started (`settle_heap`, docs/performance.md, issue 22)."""

import gc

from bot.on_discord.client import FULL_EVERY, settle_heap

DEFAULT = (700, 10, 10)  # CPython's thresholds


def test_after_start_up_the_heap_is_frozen_and_full_collections_come_more_often():
    """Interactions are reference cycles that only a full collection frees, with the reply
    and the game's state they hold: once start-up's objects are frozen, a full collection is
    cheap, so it comes every FULL_EVERY collections of the middle generation, not 10."""
    saved, frozen = gc.get_threshold(), gc.get_freeze_count()  # other tests may settle too
    try:
        gc.set_threshold(*DEFAULT)
        settle_heap()
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold() == (*DEFAULT[:2], FULL_EVERY)
    finally:
        if not frozen:
            gc.unfreeze()
        gc.set_threshold(*saved)
