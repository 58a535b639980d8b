"""Migrations run once, however many processes start together on a fresh database (issue 40):
each takes the migration lock (an advisory lock on PostgreSQL, a file lock on SQLite), looks at
the revision again, and only the first migrates. Real processes: `python -m bot migrate`, and
`python -m bot verify`, which opens the database as every start does."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.store.database import Database
from bot.store.migrate import current_revision, head_revision
from tests.store.fresh import contents, fresh_postgres

# two one-off migrate jobs and a process that migrates as it starts, all at once
COMMANDS = (["migrate"], ["verify"], ["migrate"])


def _start_together(url: str, cwd: Path, **env: str) -> list[subprocess.CompletedProcess[str]]:
    environment = {**os.environ, "DATABASE_URL": url, "DB_WAIT_SECONDS": "5", **env}
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "bot", *command],
            cwd=cwd,
            env=environment,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for command in COMMANDS
    ]
    done = []
    for proc in procs:
        out, err = proc.communicate(timeout=180)
        done.append(subprocess.CompletedProcess(proc.args, proc.returncode, out, err))
    return done


def _revision(url: str) -> str | None:
    async def read() -> str | None:
        db = Database(url)
        try:
            return await current_revision(db)
        finally:
            await db.close()

    return asyncio.run(read())


def _assert_all_came_up_and_one_migrated(done: list[subprocess.CompletedProcess[str]]) -> None:
    for proc in done:
        assert proc.returncode == 0, f"{proc.args}: {proc.stderr[-3000:]}"
        assert "Error" not in proc.stderr, proc.stderr[-3000:]
    migrated = [p for p in done if "Database migrated from empty" in p.stderr]
    assert len(migrated) == 1, [p.stderr[-500:] for p in done]


def test_three_processes_started_together_on_a_fresh_postgres_database_all_come_up(tmp_path):
    with fresh_postgres("migrate") as url:
        done = _start_together(url, tmp_path)
        _assert_all_came_up_and_one_migrated(done)
        assert _revision(url) == head_revision()
        assert contents(url)["alembic_version"] == [(head_revision(),)]


def test_three_processes_started_together_on_a_fresh_sqlite_file_all_come_up(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path}/fresh/soloist.db"
    done = _start_together(url, tmp_path)
    _assert_all_came_up_and_one_migrated(done)
    assert _revision(url) == head_revision()


def test_the_lock_is_released_so_a_later_migration_of_the_same_database_proceeds(tmp_path):
    """A process that held the lock and ended leaves nothing stuck (the kernel drops a flock
    with its process; an advisory lock ends with its session)."""
    url = f"sqlite+aiosqlite:///{tmp_path}/again.db"
    first = subprocess.run(
        [sys.executable, "-m", "bot", "migrate"],
        cwd=tmp_path,
        env={**os.environ, "DATABASE_URL": url},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert first.returncode == 0, first.stderr[-2000:]
    assert (tmp_path / "again.db.migrate-lock").exists()

    async def lock_twice() -> None:
        from bot.store.migrate import migration_lock

        db = Database(url)
        try:
            for _ in range(2):
                async with migration_lock(db):
                    pass
        finally:
            await db.close()

    asyncio.run(asyncio.wait_for(lock_twice(), timeout=10))


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_a_second_process_waits_for_the_lock_and_then_finds_nothing_to_do(tmp_path, backend):
    """While one process holds the migration lock, another's migration waits; once the
    lock is free it looks again, finds the database at head and migrates nothing."""
    from bot.store.migrate import ensure_current, migration_lock

    def run(url: str) -> None:
        async def scenario() -> None:
            holder, waiter = Database(url), Database(url)
            try:
                async with migration_lock(holder):
                    second = asyncio.ensure_future(ensure_current(waiter))
                    await asyncio.sleep(0.5)
                    assert not second.done()  # it waits for the lock
                    from bot.store.migrate import upgrade

                    await asyncio.to_thread(upgrade, url)  # meanwhile "another process" did it
                assert await asyncio.wait_for(second, timeout=30) is None  # nothing left to do
                assert await current_revision(waiter) == head_revision()
            finally:
                await holder.close()
                await waiter.close()

        asyncio.run(scenario())

    if backend == "sqlite":
        run(f"sqlite+aiosqlite:///{tmp_path}/wait.db")
    else:
        with fresh_postgres("lockwait") as url:
            run(url)


def _bot(url: str, cwd: Path, *command: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *command],
        cwd=cwd,
        env={**os.environ, "DATABASE_URL": url, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_with_migrate_on_start_false_a_start_leaves_the_database_alone_and_says_what_to_run(
    tmp_path,
):
    url = f"sqlite+aiosqlite:///{tmp_path}/job.db"
    started = _bot(url, tmp_path, "verify", MIGRATE_ON_START="false")
    assert started.returncode == 2, started.stderr[-2000:]
    assert started.stderr.splitlines() == [
        f"The database is at revision none, not {head_revision()}, and MIGRATE_ON_START is "
        "false: run `python -m bot migrate` first."
    ]
    assert _revision(url) is None  # nothing was migrated

    job = _bot(url, tmp_path, "migrate", MIGRATE_ON_START="false")  # the one-off job
    assert job.returncode == 0, job.stderr[-2000:]
    assert _revision(url) == head_revision()
    again = _bot(url, tmp_path, "verify", MIGRATE_ON_START="false")
    assert again.returncode == 0, again.stderr[-2000:]
    assert "verify: 0 game(s) replayed, 0 differ." in again.stdout


def test_web_alone_refuses_a_database_behind_and_migrates_nothing(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path}/web.db"
    started = _bot(url, tmp_path, "web")  # MIGRATE_ON_START (true) is the bot's, not the pages'
    assert started.returncode == 2, started.stderr[-2000:]
    assert started.stderr.splitlines() == [
        f"The database is at revision none, not {head_revision()}: run `python -m bot migrate` "
        "(or start the bot) first."
    ]
    assert _revision(url) is None
