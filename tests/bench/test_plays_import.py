"""bench.plays_import's generated files are files the logbook takes whole: every play mine,
every one imported (a bench that imported nothing would time nothing)."""

import json
from datetime import UTC, datetime

from bench.plays_import import ME, bg_stats, bgg_xml
from bot.games.registry import bgg_ids
from bot.logbook.service import LogbookService


async def test_the_bench_files_import_every_play(db):
    logbook = LogbookService(db, lambda: datetime(2026, 11, 29, tzinfo=UTC), bgg=bgg_ids)
    assert len(json.loads(bg_stats(300))["plays"]) == 300
    first = await logbook.import_file(ME, bg_stats(300))
    assert first.facts[0] == "Imported 300 plays from BG Stats; skipped 0 duplicates."
    other = LogbookService(db, lambda: datetime(2026, 11, 29, tzinfo=UTC), bgg=bgg_ids)
    again = await other.import_file(ME, bgg_xml(300))
    assert again.facts[0].startswith("Imported ") and "from BoardGameGeek" in again.facts[0]
