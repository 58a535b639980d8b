"""`python -m bot run` does before login only what login needs (issue 22): the commands, the
services and the database come while it connects, and a database that cannot open still ends
it with one line and exit status 2. Each case runs `run` in a process of its own, with
discord.py's login and gateway replaced (no network)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

BEFORE_LOGIN = """
import sys, threading
import discord
from discord.http import HTTPClient
import bot.__main__ as entry
import bot.on_discord.client

logged_in = threading.Event()
serving = bot.on_discord.client.import_serving

def import_serving():  # the opening begins with login; here it waits until login has looked
    logged_in.wait()
    serving()

async def static_login(self, token):
    print(sorted(m for m in sys.modules if m.split(".")[0] in WATCHED))
    logged_in.set()
    raise discord.LoginFailure("Improper token has been passed.")

WATCHED = {"bot", "cogs", "sqlalchemy", "aiosqlite", "alembic", "yaml", "matplotlib", "PIL"}
bot.on_discord.client.import_serving = import_serving
HTTPClient.static_login = static_login
try:
    entry.main(["run"])
except discord.LoginFailure:
    pass
"""


def _run(
    script: str, tmp_path: Path, url: str | None = None, **settings: str
) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "DATABASE_URL": url or f"sqlite+aiosqlite:///{tmp_path}/run.db",
        "DISCORD_TOKEN": "MTIz.fake.token",
        "DB_WAIT_SECONDS": "0",  # a refused database is given up at once (waiting: below)
        **settings,
    }
    return subprocess.run(
        [sys.executable, "-c", script],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_before_login_the_bot_imports_no_game_no_cog_and_no_database_library(tmp_path):
    done = _run(BEFORE_LOGIN, tmp_path)
    before_login = [
        "bot",
        "bot.__main__",
        "bot.core",
        "bot.core.errors",
        "bot.core.message",  # what a refusal is built as (pure, imports nothing of ours)
        "bot.hosting",
        "bot.hosting.ast_guard",  # a CPython 3.11.7 bug's guard, with `bot` itself
        "bot.hosting.logs",
        "bot.on_discord",
        "bot.on_discord.client",
        "bot.on_discord.deadline",  # the watchdog: commands held at start-up get Discord's 3 s
        "bot.on_discord.internals",  # the discord.py internals it needs, in one place
    ]
    assert done.stdout.splitlines()[0] == str([*before_login, "bot.settings"]), done.stderr[-2000:]


LOGIN_HANGS = """
import asyncio
from discord.http import HTTPClient
import bot.__main__ as entry

async def static_login(self, token):  # Discord slow to answer: the database fails first
    await asyncio.sleep(3600)

HTTPClient.static_login = static_login
raise SystemExit(entry.main(["run"]))
"""

LOGGED_IN = """
import asyncio
from bot.on_discord.client import SoloistBot
import bot.__main__ as entry

async def login(self, token):  # logged in at once: the database fails while connecting
    pass

async def connect(self, *, reconnect=True):  # connected until the bot closes
    while not self.is_closed():
        await asyncio.sleep(0.01)

SoloistBot.login, SoloistBot.connect = login, connect
raise SystemExit(entry.main(["run"]))
"""
REFUSED = "postgresql+asyncpg://postgres@127.0.0.1:1/none"  # nothing listens on port 1


@pytest.mark.parametrize(
    ("script", "url", "line"),
    [
        (LOGIN_HANGS, "nonsense", "DATABASE_URL=nonsense is not allowed (it is not a"),
        (LOGIN_HANGS, REFUSED, "The database is not ready (ConnectionRefusedError"),
        (LOGGED_IN, REFUSED, "The database is not ready (ConnectionRefusedError"),
    ],
)
def test_a_database_that_cannot_open_ends_run_in_one_line_and_exit_status_2(
    tmp_path, script, url, line
):
    done = _run(script, tmp_path, url)
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    assert done.stderr.startswith(line) and len(done.stderr.splitlines()) == 1, done.stderr
    assert done.returncode == 2


SERVING = """
import sys
from bot.on_discord.client import SoloistBot
from bot.core.reply import Ctx
import bot.__main__ as entry

async def login(self, token):
    pass

async def connect(self, *, reconnect=True):  # serve, start a game, say what is loaded, stop
    await self.opening
    options = {"difficulty": "hard", "emperor_vp_variant": "S2"}
    await self.service.start(Ctx(guild_id=1, channel_id=2, user_id=3), "gah", options, 7)
    print(sorted(m for m in sys.modules if m.startswith("sqlalchemy.dialects.")))

SoloistBot.login, SoloistBot.connect = login, connect
raise SystemExit(entry.main(["run"]))
"""


def test_on_sqlite_the_bot_loads_no_postgresql_dialect(tmp_path):
    """The models' partial indexes name their condition without naming PostgreSQL: its
    dialect (2 MiB) is not loaded where it is not used (docs/performance.md, issue 22)."""
    from bot.store.migrate import upgrade

    url = f"sqlite+aiosqlite:///{tmp_path}/run.db"
    upgrade(url)  # a restart: the migrations, which name PostgreSQL, ran at the first start
    done = _run(SERVING, tmp_path, url)
    loaded = done.stdout.splitlines()
    assert loaded, done.stderr[-2000:]
    assert not [m for m in eval(loaded[0]) if "postgresql" in m], loaded[0]


def test_start_up_waits_for_a_refused_database_logging_each_wait_then_gives_up_in_one_line(
    tmp_path,
):
    """DB_WAIT_SECONDS=1.5: tries after 0.5 s and 1 s (one log line each), then the one
    NotReady line. (The schedule itself is tested with an injected sleep in
    tests/store/test_waiting.py.)"""
    done = _run(LOGGED_IN, tmp_path, REFUSED, DB_WAIT_SECONDS="1.5")
    lines = done.stderr.splitlines()
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    waits = [line for line in lines if "The database does not answer yet" in line]
    assert [w.split("trying again in ")[1].split(" s")[0] for w in waits] == ["0.5", "1.0"]
    assert lines[-1].startswith("The database is not ready (ConnectionRefusedError")
    assert "after 1.5 s" in lines[-1]
    assert len(lines) == 3 and done.returncode == 2, done.stderr
