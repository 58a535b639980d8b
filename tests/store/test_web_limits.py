"""The web pages' rate limits as the database keeps them (bot/store/limits.py): a token bucket
per (kind, client), taken by one atomic statement on SQLite and PostgreSQL alike."""

from __future__ import annotations

import asyncio
from functools import partial

from sqlalchemy import select

from bot.store.limits import take
from bot.store.models import WebLimitRow


def taker(db, kind="misses", client="203.0.113.7", burst=3, per_second=0.5):
    async def at(now: float, prune: bool = False) -> float | None:
        job = partial(take, kind=kind, client=client, burst=burst, per_second=per_second)
        return await db.write(partial(job, now=now, prune=prune))

    return at


async def rows(db) -> list[tuple[str, str]]:
    found = await db.read(
        lambda conn: conn.execute(select(WebLimitRow.kind, WebLimitRow.client)).all()
    )
    return sorted(tuple(row) for row in found)


async def test_a_bucket_gives_its_burst_then_refills_at_its_rate_up_to_the_burst(db):
    at = taker(db)
    assert [await at(1000.0), await at(1000.0), await at(1000.0)] == [2, 1, 0]
    assert await at(1000.1) is None  # refused: nothing changed
    assert await at(1001.9) is None  # 0.95 tokens
    assert await at(1002.0) == 0  # a whole one, two seconds after the last granted
    assert await at(1001.0) is None  # a clock that went back refills nothing
    assert await at(2000.0) == 2  # full again (3), never more, less the one taken


async def test_kinds_and_clients_have_buckets_of_their_own(db):
    pages, misses = taker(db, kind="pages", burst=1), taker(db, kind="misses", burst=1)
    other = taker(db, client="198.51.100.1", burst=1)
    assert await misses(1000.0) == 0 and await misses(1000.0) is None
    assert await pages(1000.0) == 0 and await other(1000.0) == 0
    assert await rows(db) == [
        ("misses", "198.51.100.1"),
        ("misses", "203.0.113.7"),
        ("pages", "203.0.113.7"),
    ]


async def test_pruning_drops_only_the_buckets_full_again(db):
    slow = taker(db, client="198.51.100.1", burst=3, per_second=0.5)  # full 6 s after
    fast = taker(db, client="203.0.113.7", burst=3, per_second=0.5)
    await slow(1000.0)
    await fast(1004.0)
    assert await fast(1007.0, prune=True) is not None  # 1000 < 1007 - 6: the slow one goes
    assert await rows(db) == [("misses", "203.0.113.7")]


async def test_takes_at_the_same_moment_grant_the_burst_exactly(db):
    """Many requests at once (PostgreSQL: over several pooled connections): the statement is
    atomic, so no two of them take the same token."""
    at = taker(db, burst=5, per_second=0.001)
    answers = await asyncio.gather(*(at(1000.0) for _ in range(20)))
    assert sorted(a for a in answers if a is not None) == [0, 1, 2, 3, 4]
    assert answers.count(None) == 15
