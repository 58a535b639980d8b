"""Settings that work as copied (issue 40): `.env.example` runs as it is, an empty value means
unset, every bad value stops the process with one line naming the setting, the value and what
is allowed, and hosts' database URLs are taken as they hand them out."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

import bot.__main__ as entry
from bot.settings import Settings, allowed, async_url, describe, get_settings
from bot.store.database import sqlite_file
from tests.looks import looking

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def fresh(monkeypatch, tmp_path):
    """An empty folder (no .env) and no setting in the environment: each case sets its own."""
    for name in Settings.model_fields:
        monkeypatch.delenv(name.upper(), raising=False)
    monkeypatch.chdir(tmp_path)
    get_settings.cache_clear()
    yield tmp_path
    get_settings.cache_clear()


def _bot(folder: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k.lower() not in Settings.model_fields}
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=folder,
        env={**clean, "PYTHONPATH": str(ROOT), **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_env_example_copied_as_it_is_loads_and_doctor_runs_without_a_traceback(fresh):
    shutil.copy(ROOT / ".env.example", fresh / ".env")
    settings = Settings()
    assert settings.dev_guild_id is None and settings.shard_count is None
    assert settings.shard_ids is None and settings.discord_token is None
    assert settings.database_url == "sqlite+aiosqlite:///var/soloist.db"
    assert settings.console_files == Path("var/console")
    done = _bot(fresh, "doctor")
    assert "Traceback" not in done.stderr + done.stdout, done.stderr
    assert "ok  settings: database sqlite+aiosqlite:///var/soloist.db" in done.stdout
    # nothing migrated yet: doctor says so (and makes nothing), then `migrate` fixes it
    assert done.returncode == 1 and "BAD migrations" in done.stdout
    assert not (fresh / "var").exists()


def test_an_empty_value_means_unset(fresh, monkeypatch):
    for name in ("DEV_GUILD_ID", "SHARD_COUNT", "SHARD_IDS", "DATABASE_URL", "LOG_LEVEL"):
        monkeypatch.setenv(name, "")
    settings = Settings()
    assert (settings.dev_guild_id, settings.shard_count, settings.shard_ids) == (None, None, None)
    assert settings.log_level == "INFO"
    assert settings.database_url == "sqlite+aiosqlite:///var/soloist.db"


def test_migrate_in_an_empty_folder_makes_data_dir_and_the_sqlite_file_in_it(fresh):
    done = _bot(fresh, "migrate")
    assert done.returncode == 0, done.stderr
    assert (fresh / "var" / "soloist.db").is_file()
    assert _bot(fresh, "doctor").returncode == 0


def test_data_dir_moves_the_database_and_the_console_files_an_explicit_one_stays(fresh):
    settings = Settings(data_dir=fresh / "state")
    assert settings.database_url == f"sqlite+aiosqlite:///{fresh}/state/soloist.db"
    assert settings.console_files == fresh / "state" / "console"
    assert sqlite_file(settings.database_url) == fresh / "state" / "soloist.db"
    mine = Settings(data_dir=fresh / "state", console_files=fresh / "pictures")
    assert mine.console_files == fresh / "pictures"
    elsewhere = Settings(data_dir=fresh / "state", database_url="sqlite:///other/x.db")
    assert sqlite_file(elsewhere.database_url) == Path("other/x.db")
    done = _bot(fresh, "migrate", DATA_DIR=str(fresh / "deep" / "er"))
    assert done.returncode == 0 and (fresh / "deep" / "er" / "soloist.db").is_file()


def test_a_data_dir_that_cannot_be_made_stops_start_up_in_one_line(fresh):
    (fresh / "afile").write_text("")
    done = _bot(fresh, "migrate", DATA_DIR="afile/sub")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        "Cannot make the folder for DATABASE_URL's SQLite file afile/sub/soloist.db "
        "(Not a directory): check DATA_DIR or DATABASE_URL.\n"
    )


@pytest.mark.parametrize(
    ("given", "mapped"),
    [
        ("postgres://u:pw@db.example:5432/soloist", "postgresql+asyncpg://u:pw@db.example:5432/soloist"),
        ("postgresql://u@h/soloist", "postgresql+asyncpg://u@h/soloist"),
        ("postgresql+psycopg://u@h/s", "postgresql+asyncpg://u@h/s"),
        ("postgresql+psycopg2://u@h/s", "postgresql+asyncpg://u@h/s"),
        ("postgresql+asyncpg://u@h/s", "postgresql+asyncpg://u@h/s"),
        ("postgres://u@h/s?sslmode=require", "postgresql+asyncpg://u@h/s?ssl=require"),
        ("postgres://u@h/s?application_name=x&sslmode=allow", "postgresql+asyncpg://u@h/s?application_name=x&ssl=prefer"),
        ("sqlite:///var/x.db", "sqlite+aiosqlite:///var/x.db"),
        ("sqlite+pysqlite:////abs/x.db", "sqlite+aiosqlite:////abs/x.db"),
        ("sqlite+aiosqlite:///x.db", "sqlite+aiosqlite:///x.db"),
    ],
)  # fmt: skip
def test_database_urls_as_hosts_hand_them_out_get_the_async_driver(given, mapped):
    assert async_url(given) == mapped
    assert Settings(database_url=given, _env_file=None).database_url == mapped


async def test_a_postgres_url_with_sslmode_opens_the_database():
    """`?sslmode=` as hosts write it reaches asyncpg as `ssl` (which it takes), not as a
    keyword it refuses."""
    from tests.conftest import POSTGRES_URL, postgres_unavailable

    if why := postgres_unavailable():
        pytest.skip(f"no PostgreSQL: {why}")
    from sqlalchemy import text

    from bot.store.database import Database

    plain = POSTGRES_URL.replace("postgresql+asyncpg://", "postgres://", 1)
    url = Settings(database_url=f"{plain}?sslmode=disable", _env_file=None).database_url
    db = Database(url)
    try:
        async with looking(db) as conn:
            assert (await conn.execute(text("SELECT 1"))).scalar() == 1
    finally:
        await db.close()


# (environment, the setting named, the value shown, a phrase of what is allowed or why)
BAD = [
    ({"LOG_LEVEL": "loud"}, "LOG_LEVEL", "loud", "DEBUG, INFO, WARNING or ERROR"),
    ({"LOG_FORMAT": "xml"}, "LOG_FORMAT", "xml", "text or json"),
    ({"SHARD_IDS": "x"}, "SHARD_IDS", "x", "each shard is a number"),
    ({"SHARD_IDS": "0,-1"}, "SHARD_IDS", "0,-1", "each shard is a number"),
    ({"SHARD_IDS": "1"}, "SHARD_IDS", "1", "SHARD_COUNT is not set"),
    ({"SHARD_IDS": "5", "SHARD_COUNT": "2"}, "SHARD_IDS", "5", "5 is not below SHARD_COUNT=2"),
    ({"SHARD_IDS": "1,1", "SHARD_COUNT": "2"}, "SHARD_IDS", "1,1", "named twice"),
    ({"SHARD_COUNT": "0"}, "SHARD_COUNT", "0", "a whole number, at least 1"),
    ({"SHARD_COUNT": "two", "SHARD_IDS": "0"}, "SHARD_COUNT", "two", "a whole number"),
    ({"WEB_PORT": "70000"}, "WEB_PORT", "70000", "from 0 to 65535"),
    ({"WEB_PORT": "http"}, "WEB_PORT", "http", "from 0 to 65535"),
    ({"WEB_WORKERS": "-1"}, "WEB_WORKERS", "-1", "from 0 to 32"),
    ({"WEB_BASE_URL": "soloist.example"}, "WEB_BASE_URL", "soloist.example", "http://"),
    ({"WEB_ENABLED": "sometimes"}, "WEB_ENABLED", "sometimes", "true or false"),
    ({"HEALTH_PORT": "99999"}, "HEALTH_PORT", "99999", "from 0 to 65535"),
    ({"DATABASE_URL": "mysql://u@h/s"}, "DATABASE_URL", "mysql://u@h/s", "postgresql://"),
    ({"DATABASE_URL": "nonsense"}, "DATABASE_URL", "nonsense", "sqlite:///"),
    ({"DEV_GUILD_ID": "my server"}, "DEV_GUILD_ID", "my server", "a whole number"),
    ({"CONSOLE_USER_ID": "me"}, "CONSOLE_USER_ID", "me", "a whole number"),
    ({"CONSOLE_CHANNEL_ID": "1.5"}, "CONSOLE_CHANNEL_ID", "1.5", "a whole number"),
    ({"MIGRATE_ON_START": "later"}, "MIGRATE_ON_START", "later", "true or false"),
    ({"DB_POOL_SIZE": "0"}, "DB_POOL_SIZE", "0", "from 1 to 100"),
    ({"DB_MAX_OVERFLOW": "lots"}, "DB_MAX_OVERFLOW", "lots", "from 0 to 100"),
    ({"DB_WAIT_SECONDS": "forever"}, "DB_WAIT_SECONDS", "forever", "a number from 0 to 3600"),
    ({"TRUSTED_PROXIES": "10.0.0.0/8,proxy"}, "TRUSTED_PROXIES", "10.0.0.0/8,proxy", "proxy is"),
    ({"TRUSTED_PROXIES": "10.0.0.0/33"}, "TRUSTED_PROXIES", "10.0.0.0/33", "or a network"),
    ({"DATA_DIR": "{file}"}, "DATA_DIR", "{file}", "a file, not a folder"),
    ({"CONSOLE_FILES": "{file}"}, "CONSOLE_FILES", "{file}", "a file, not a folder"),
]


@pytest.mark.parametrize(
    ("env", "name", "value", "phrase"), BAD, ids=[b[1] + "=" + b[2] for b in BAD]
)
def test_every_bad_setting_stops_doctor_with_one_line_and_exit_status_2(
    fresh, monkeypatch, capsys, env, name, value, phrase
):
    (fresh / "a-file").write_text("")
    value = value.replace("{file}", str(fresh / "a-file"))
    for key, given in env.items():
        monkeypatch.setenv(key, given.replace("{file}", str(fresh / "a-file")))
    assert entry.main(["doctor"]) == 2
    shown = capsys.readouterr()
    assert shown.out == "" and shown.err.count("\n") == 1, shown.err
    line = shown.err.strip()
    assert line.startswith(f"{name}={value} is not allowed"), line
    assert phrase in line, line
    assert line.endswith("."), line
    assert list(fresh.iterdir()) == [fresh / "a-file"]  # nothing made


@pytest.mark.parametrize("env", [{"LOG_LEVEL": "loud"}, {"SHARD_IDS": "5", "SHARD_COUNT": "2"}])
def test_a_bad_setting_in_a_process_of_its_own_is_one_line_without_a_traceback(fresh, env):
    for command in ("doctor", "run"):
        done = _bot(fresh, command, **env)
        assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
        assert len(done.stderr.splitlines()) == 1 and done.stdout == "", done.stderr


def test_a_bad_value_in_env_is_named_as_in_env(fresh):
    (fresh / ".env").write_text("DEV_GUILD_ID=\nSHARD_COUNT=\nWEB_PORT=eighty\n")
    done = _bot(fresh, "doctor")
    assert done.returncode == 2
    assert done.stderr == "WEB_PORT=eighty is not allowed: use a whole number from 0 to 65535.\n"


def test_an_env_file_that_is_not_utf8_is_one_line(fresh):
    (fresh / ".env").write_bytes(b"LOG_LEVEL=INFO\nDISCORD_TOKEN=\xff\n")
    done = _bot(fresh, "doctor")
    assert done.returncode == 2
    assert done.stderr == ".env is not UTF-8 text (byte 30 of it): save it as UTF-8.\n"


def test_settings_are_read_any_case_where_the_value_is_a_word(fresh, monkeypatch):
    monkeypatch.setenv("LOG_LEVEL", "info")
    monkeypatch.setenv("LOG_FORMAT", "JSON")
    settings = Settings()
    assert (settings.log_level, settings.log_format) == ("INFO", "json")


def test_several_bad_settings_are_one_line_naming_the_others(fresh, monkeypatch):
    monkeypatch.setenv("WEB_PORT", "x")
    monkeypatch.setenv("LOG_LEVEL", "loud")
    with pytest.raises(ValidationError) as caught:
        Settings()
    line = describe(caught.value)
    assert "\n" not in line
    assert line.startswith("LOG_LEVEL=loud is not allowed") and line.endswith("Also bad: WEB_PORT.")


def test_a_bad_database_url_never_shows_its_password(fresh, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "mysql://soloist:hunter2@db.example/soloist")
    with pytest.raises(ValidationError) as caught:
        Settings()
    line = describe(caught.value)
    assert "hunter2" not in line and "mysql://soloist:***@db.example/soloist" in line


def test_shards_accepted_together():
    settings = Settings(shard_count=2, shard_ids="0, 1", _env_file=None)
    assert settings.shard_ids == [0, 1]
    assert Settings(shard_count=4, _env_file=None).shard_ids is None  # all four here


def test_trusted_proxies_are_a_list_of_networks():
    settings = Settings(trusted_proxies="10.0.0.0/8, 192.168.1.7,::1", _env_file=None)
    assert settings.trusted_proxies == ["10.0.0.0/8", "192.168.1.7", "::1"]


def test_every_setting_says_what_it_allows():
    for name in Settings.model_fields:
        assert allowed(name), name
