"""Start-up waits for the database with a bounded backoff (issue 40): 0.5, 1, 2, 4 … seconds,
capped, adding up to DB_WAIT_SECONDS at most, each wait logged in one line. The sleeps are
injected: nothing here sleeps for real."""

from __future__ import annotations

import logging

import pytest

from bot.store.database import Database
from bot.store.waiting import LONGEST_WAIT, is_transient, wait_until_reachable, waits
from tests.conftest import POSTGRES_URL, postgres_unavailable

REFUSED = "postgresql+asyncpg://postgres@127.0.0.1:1/none"  # nothing listens on port 1


def test_the_waits_double_from_half_a_second_are_capped_and_add_up_to_the_limit():
    assert list(waits(10)) == [0.5, 1, 2, 4, 2.5]
    assert list(waits(60)) == [0.5, 1, 2, 4, 8, 8, 8, 8, 8, 8, 4.5]
    assert max(waits(3600)) == LONGEST_WAIT and sum(waits(3600)) == 3600
    assert list(waits(0)) == []


async def test_a_refused_database_is_tried_after_each_wait_then_its_error_raised(caplog):
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    db = Database(REFUSED)
    try:
        with (
            caplog.at_level(logging.WARNING, "soloist.database"),
            pytest.raises(ConnectionRefusedError),
        ):
            await wait_until_reachable(db, 7.5, sleep=sleep)
    finally:
        await db.close()
    assert slept == [0.5, 1, 2, 4]
    lines = [r.getMessage() for r in caplog.records if r.name == "soloist.database"]
    assert len(lines) == 4 and all("\n" not in line for line in lines)
    assert lines[0].startswith("The database does not answer yet (ConnectionRefusedError")
    assert "trying again in 4.0 s (3.5 of DB_WAIT_SECONDS=7.5 s waited)" in lines[-1]


async def test_with_no_wait_allowed_the_first_refusal_is_the_answer():
    async def sleep(seconds: float) -> None:
        raise AssertionError("no wait with DB_WAIT_SECONDS=0")

    db = Database(REFUSED)
    try:
        with pytest.raises(ConnectionRefusedError):
            await wait_until_reachable(db, 0, sleep=sleep)
    finally:
        await db.close()


async def test_a_database_that_does_not_exist_is_not_waited_for():
    """Waiting cannot mend a wrong name, password or URL: the error comes at once."""
    why = postgres_unavailable()
    if why is not None:
        pytest.skip(f"PostgreSQL not reachable: {why}")
    from sqlalchemy.engine import make_url

    async def sleep(seconds: float) -> None:
        raise AssertionError("waited for a database that does not exist")

    missing = make_url(POSTGRES_URL).set(database="soloist_no_such_database")
    db = Database(missing.render_as_string(hide_password=False))
    try:
        with pytest.raises(Exception) as raised:
            await wait_until_reachable(db, 60, sleep=sleep)
    finally:
        await db.close()
    assert not is_transient(raised.value)
    assert "does not exist" in str(raised.value)


async def test_a_reachable_database_is_not_waited_for(db):
    async def sleep(seconds: float) -> None:
        raise AssertionError("waited for a database that answers")

    await wait_until_reachable(db, 60, sleep=sleep)


def test_a_refusal_wrapped_by_sqlalchemy_is_still_seen_as_worth_waiting_for():
    from sqlalchemy.exc import OperationalError

    try:
        try:
            raise ConnectionRefusedError(111, "refused")
        except ConnectionRefusedError as inner:
            raise OperationalError("connect", None, inner) from inner
    except OperationalError as wrapped:
        assert is_transient(wrapped)
    assert not is_transient(ValueError("bad URL"))
