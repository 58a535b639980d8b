"""`python -m bot backup FILE` and `python -m bot restore FILE` (issue 40): a round trip loses
nothing (every table's rows compared: games, their action logs, logbook plays, Alembic's
revision), on SQLite and PostgreSQL; a backup taken while another process writes commands is a
consistent copy holding every command acknowledged before it began; a restore goes only into
an empty database, and says so in one line otherwise."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.core.reply import Ctx
from bot.logbook.service import LogbookService
from bot.store.database import Database
from bot.store.migrate import head_revision, upgrade
from bot.table.service import TableService
from tests.conftest import _run_apart
from tests.store.fresh import contents, fresh_postgres

ROOT = Path(__file__).resolve().parents[2]
OPTS = {"difficulty": "hard", "emperor_vp_variant": "S2"}
TURN = {"command": "turn", "queue": "Y3 B0 R2 G4 Y0", "dice": "1:2 2:2 3:1 4:3 5:2"}


def bot(url: str, cwd: Path, *command: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *command],
        cwd=cwd,
        env={**os.environ, "DATABASE_URL": url, "DB_WAIT_SECONDS": "0", **env},
        capture_output=True,
        text=True,
        timeout=180,
    )


def fill(url: str) -> None:
    """Three games with some turns (one undone), and logbook plays."""

    async def run() -> None:
        db = Database(url)
        service = TableService(db)
        logbook = LogbookService(db, lambda: datetime(2026, 11, 28, 12, 0, tzinfo=UTC))
        try:
            for channel in (1, 2, 3):
                ctx = Ctx(guild_id=5, channel_id=channel, user_id=7)
                await service.start(ctx, "gah", OPTS, seed=channel)
                for _ in range(channel):
                    await service.act(ctx, "gah", dict(TURN))
            await service.undo(Ctx(guild_id=5, channel_id=3, user_id=7))
            me = Ctx(guild_id=5, channel_id=9, user_id=7)
            await logbook.log_play(me, "gwt", "Sam", score=61, opponent_score=55)
            await logbook.log_play(me, "gah", "Leopold", score=80, opponent_score=91)
        finally:
            await db.close()

    _run_apart(run)


def assert_same(source: str, restored: str) -> None:
    before, after = contents(source), contents(restored)
    assert len(before["games"]) == 3 and len(before["plays"]) == 2
    assert len(before["actions"]) >= 7
    assert after == before


def test_an_sqlite_backup_restores_into_a_new_file_with_nothing_lost(tmp_path):
    source = f"sqlite+aiosqlite:///{tmp_path}/live.db"
    upgrade(source)
    fill(source)
    made = bot(source, tmp_path, "backup", str(tmp_path / "soloist.backup"))
    assert made.returncode == 0, made.stderr[-2000:]
    assert made.stdout.startswith(f"Backed up the database to {tmp_path}/soloist.backup (")

    restored = f"sqlite+aiosqlite:///{tmp_path}/new/restored.db"
    done = bot(restored, tmp_path, "restore", str(tmp_path / "soloist.backup"))
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.splitlines()[-1] == "verify: 3 game(s) replayed, 0 differ."
    assert_same(source, restored)


def test_a_restore_into_a_database_that_holds_games_is_refused_in_one_line(tmp_path):
    source = f"sqlite+aiosqlite:///{tmp_path}/live.db"
    upgrade(source)
    fill(source)
    assert bot(source, tmp_path, "backup", str(tmp_path / "b.db")).returncode == 0
    before = contents(source)
    refused = bot(source, tmp_path, "restore", str(tmp_path / "b.db"))
    assert refused.returncode == 2
    assert refused.stderr.splitlines() == [
        "The database already holds data (3 games, 10 actions, 2 plays): "
        "restore needs an empty database (a new DATABASE_URL, or a new SQLite file). "
        "Nothing was changed."
    ]
    assert contents(source) == before


def test_a_backup_of_an_sqlite_file_that_is_not_there_makes_nothing_and_says_so(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path}/typo/soloist.db"
    refused = bot(url, tmp_path, "backup", str(tmp_path / "b.db"))
    assert (refused.returncode, refused.stdout) == (2, "")
    assert refused.stderr.splitlines() == [
        f"No SQLite database at {tmp_path}/typo/soloist.db: check DATA_DIR or DATABASE_URL."
    ]
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # no folder, file or backup made


def test_a_file_that_is_no_backup_is_refused_in_one_line(tmp_path):
    (tmp_path / "notes.txt").write_text("not a database")
    url = f"sqlite+aiosqlite:///{tmp_path}/empty.db"
    refused = bot(url, tmp_path, "restore", str(tmp_path / "notes.txt"))
    assert refused.returncode == 2
    assert refused.stderr.splitlines() == [
        f"{tmp_path}/notes.txt is not a Soloist backup (neither an SQLite file nor a pg_dump "
        "custom file)."
    ]


async def _backup(url: str, target: Path) -> None:
    from bot.store.backup import backup

    db = Database(url)
    try:
        await backup(db, target)
    finally:
        await db.close()


def _driver(url: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [
            *(sys.executable, "-m", "tests.procs.driver", "--url", url),
            *("--channels", "1,2,3,4", "--count", "100000", "--start", "--tasks", "4"),
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_an_sqlite_backup_taken_while_commands_are_written_is_consistent_and_complete(tmp_path):
    """Another process writes commands without pause; two backups are taken meanwhile. Each
    restores, replays (verify: every game's log matches its state and version), and holds
    every command acknowledged before the backup began."""
    url = f"sqlite+aiosqlite:///{tmp_path}/busy.db"
    upgrade(url)
    writer = _driver(url)
    assert writer.stdout is not None
    acknowledged: list[dict] = []
    backups: list[tuple[Path, set[tuple[int, int]]]] = []
    try:
        for line in writer.stdout:
            if '"v"' in line:
                acknowledged.append(json.loads(line))
            if len(acknowledged) in (40, 120) and len(backups) < 2:
                before = {(a["game"], a["v"]) for a in acknowledged}
                target = tmp_path / f"busy-{len(backups)}.backup"
                if backups:  # by the command, in a process of its own
                    made = bot(url, tmp_path, "backup", str(target))
                    assert made.returncode == 0, made.stderr[-2000:]
                else:  # in this process: it begins right after the acknowledgements read
                    _run_apart(lambda target=target: _backup(url, target))
                backups.append((target, before))
            if len(backups) == 2:
                break
    finally:
        writer.kill()
        writer.communicate(timeout=30)
    assert len(backups) == 2

    for number, (target, before) in enumerate(backups):
        restored = f"sqlite+aiosqlite:///{tmp_path}/restored-{number}.db"
        done = bot(restored, tmp_path, "restore", str(target))
        assert done.returncode == 0, done.stderr[-2000:]
        assert done.stdout.splitlines()[-1].endswith(" game(s) replayed, 0 differ.")
        logged = {(row[1], row[2]) for row in contents(restored)["actions"]}
        assert before <= logged  # nothing acknowledged before the backup is missing


def test_a_postgres_backup_restores_into_a_fresh_database_and_one_a_start_migrated(tmp_path):
    if shutil.which("pg_dump") is None or shutil.which("pg_restore") is None:
        pytest.skip("pg_dump/pg_restore are not on PATH (the PostgreSQL client tools)")
    with fresh_postgres("backup") as source:
        upgrade(source)
        fill(source)
        made = bot(source, tmp_path, "backup", str(tmp_path / "pg.dump"))
        assert made.returncode == 0, made.stderr[-2000:]
        assert (tmp_path / "pg.dump").read_bytes().startswith(b"PGDMP")
        for migrated_first in (False, True):
            with fresh_postgres("restore") as target:
                if migrated_first:  # a bot started on it before the restore: tables, no rows
                    upgrade(target)
                done = bot(target, tmp_path, "restore", str(tmp_path / "pg.dump"))
                assert done.returncode == 0, done.stderr[-2000:]
                assert done.stdout.splitlines()[-1] == "verify: 3 game(s) replayed, 0 differ."
                assert_same(source, target)
                assert contents(target)["alembic_version"] == [(head_revision(),)]
                _still_writable(target)


def _still_writable(url: str) -> None:
    """The restored sequences go on from the restored rows: a new game gets a new id."""

    async def run() -> None:
        db = Database(url)
        try:
            ctx = Ctx(guild_id=5, channel_id=4, user_id=7)
            reply = await TableService(db).start(ctx, "gah", OPTS, 9)
            assert reply.game_id == 4
        finally:
            await db.close()

    _run_apart(run)


def test_without_pg_dump_a_postgres_backup_says_what_to_install_in_one_line(tmp_path):
    with fresh_postgres("nodump") as url:
        upgrade(url)
        done = bot(url, tmp_path, "backup", str(tmp_path / "x.dump"), PATH=str(tmp_path))
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "pg_dump is not on PATH: install the PostgreSQL client tools (Debian/Ubuntu: "
        "`apt install postgresql-client`, the server's major version or newer), then try again."
    ]
    assert not (tmp_path / "x.dump").exists()


def test_the_url_given_to_pg_dump_is_libpqs_and_its_password_goes_by_the_environment():
    from bot.store.backup import libpq

    assert libpq("postgresql+asyncpg://bot:s3cret@db.example:5433/soloist?ssl=require") == (
        "postgresql://bot@db.example:5433/soloist?sslmode=require",
        {"PGPASSWORD": "s3cret"},
    )
    assert libpq("postgresql+asyncpg://postgres@127.0.0.1/test") == (
        "postgresql://postgres@127.0.0.1/test",
        {},
    )


async def test_holdings_count_only_the_bots_tables_that_exist(tmp_path):
    from bot.store.backup import holdings

    db = Database(f"sqlite+aiosqlite:///{tmp_path}/nothing.db")
    try:
        assert await holdings(db) == {}
    finally:
        await db.close()
