"""verify, doctor, graceful shutdown and logs."""

import asyncio
import contextlib
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import update

from bot.core.errors import SoloistError
from bot.ops import doctor, verify
from bot.settings import Settings
from bot.store.models import GameRow
from bot.table.service import TableService
from tests.looks import looking

ROOT = Path(__file__).resolve().parents[2]
OPTS = {"difficulty": "hard", "emperor_vp_variant": "S2"}
TURN = {"command": "turn", "queue": "Y3 B0 R2 G4 Y0", "dice": "1:2 2:2 3:1 4:3 5:2"}


async def _game(service, owner):
    start = await service.start(owner, "gah", OPTS, 5)
    await service.act(owner, "gah", dict(TURN))
    await service.act(owner, "gah", dict(TURN))
    await service.undo(owner)
    await service.act(owner, "gah", dict(TURN))
    return start.game_id


async def test_verify_replays_games_and_finds_a_tampered_one(db, service, owner):
    game_id = await _game(service, owner)
    assert await verify(db) == (1, [])
    async with looking(db) as session:
        row = await session.get(GameRow, game_id)
        await session.execute(
            update(GameRow).where(GameRow.id == game_id).values(state={**row.state, "vp": 99})
        )
    checked, bad = await verify(db)
    assert checked == 1 and [m.game_id for m in bad] == [game_id]


async def test_verify_accepts_a_state_stored_before_a_field_with_a_default_existed(
    db, service, owner
):
    """A version that adds a field with a default (e.g. `Choice.suggested`) must not make
    every older game look tampered with: the stored state is compared as it loads."""
    game_id = await _game(service, owner)
    async with looking(db) as session:
        row = await session.get(GameRow, game_id)
        older = {k: v for k, v in row.state.items() if k != "phase"}  # "play" by default
        await session.execute(update(GameRow).where(GameRow.id == game_id).values(state=older))
    assert await verify(db) == (1, [])


def test_verify_and_doctor_commands_exit_codes(tmp_path):
    env = {**os.environ, "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path}/ops.db"}

    def run(*args):
        return subprocess.run(
            [sys.executable, "-m", "bot", *args], cwd=ROOT, env=env, capture_output=True, text=True
        )

    unmigrated = run("doctor")
    assert unmigrated.returncode == 1 and "BAD migrations" in unmigrated.stdout
    assert not (tmp_path / "ops.db").exists()  # a check creates nothing
    assert run("migrate").returncode == 0
    healthy = run("doctor")
    assert healthy.returncode == 0, healthy.stdout
    assert "ok  data files" in healthy.stdout
    assert run("verify").returncode == 0


async def test_doctor_reports_an_unreachable_database():
    checks = await doctor(Settings(database_url="postgresql+asyncpg://nobody@127.0.0.1:1/none"))
    assert any(c.name == "database" and not c.ok for c in checks)


async def test_shutdown_lets_commands_in_flight_finish_and_refuses_new_ones(db, owner):
    service = TableService(db)
    await service.start(owner, "gah", OPTS, 5)
    in_flight = [asyncio.create_task(service.act(owner, "gah", dict(TURN))) for _ in range(2)]
    await asyncio.sleep(0)  # both have been admitted
    stopping = asyncio.create_task(service.shutdown())
    results = await asyncio.gather(*in_flight, return_exceptions=True)
    await stopping
    assert all(not isinstance(r, Exception) for r in results)
    try:
        await service.act(owner, "gah", dict(TURN))
        raise AssertionError("a command after shutdown was accepted")
    except SoloistError as exc:
        assert "restarting" in str(exc)


async def test_one_log_line_per_command(service, owner, caplog):
    with caplog.at_level(logging.INFO, logger="soloist.commands"):
        start = await service.start(owner, "gah", OPTS, 5)
        with contextlib.suppress(SoloistError):
            await service.act(owner, "gah", {"command": "turn", "queue": "bad"})
    lines = [r.getMessage() for r in caplog.records if r.name == "soloist.commands"]
    assert len(lines) == 2
    assert lines[0].startswith(f"command game={start.game_id} cmd=gah:start user=1")
    assert "outcome=ok" in lines[0] and "latency_ms=" in lines[0]
    assert "cmd=turn" in lines[1] and "outcome=rejected" in lines[1]


def test_the_token_never_appears_in_a_log():
    secret = "MTIz.secret-token.abc"
    script = (
        "import logging; from bot.hosting.logs import configure; "
        f"configure('DEBUG', {secret!r}); "
        f"logging.getLogger('discord.http').info('login with %s', {secret!r}); "
        f"logging.getLogger('x').warning('raw {secret}')"
    )
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True)
    assert secret not in out.stderr + out.stdout
    assert out.stderr.count("[token]") == 2


def test_drawing_libraries_say_nothing_at_the_default_log_level(tmp_path):
    script = (
        "import logging; from bot.hosting.logs import configure; configure('INFO'); "
        "import matplotlib; matplotlib.use('Agg'); import matplotlib.pyplot as plt; "
        "plt.figure(); plt.title('x'); plt.savefig('chart.png'); "
        "logging.getLogger('matplotlib.font_manager').info('generated new fontManager'); "
        "logging.getLogger('PIL.PngImagePlugin').info('STREAM'); "
        "logging.getLogger('soloist.commands').info('command ok')"
    )
    env = {**os.environ, "MPLCONFIGDIR": str(tmp_path)}  # a cold font cache, as on a new host
    out = subprocess.run(
        [sys.executable, "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    lines = out.stderr.splitlines()
    assert any("soloist.commands command ok" in line for line in lines), out.stderr
    assert [line for line in lines if " matplotlib" in line or " PIL" in line] == []


def test_console_on_a_fresh_database_migrates_it_first(tmp_path):
    env = {**os.environ, "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path}/fresh.db"}
    done = subprocess.run(
        [sys.executable, "-m", "bot", "console"],
        cwd=ROOT,
        env=env,
        input="/game status\n/gah start seed:3\n",
        capture_output=True,
        text=True,
    )
    shown = done.stdout + done.stderr
    assert "Traceback" not in shown and "Something went wrong" not in shown
    assert "No game is running" in done.stdout and "game #1" in done.stdout
    assert "migrated" in done.stderr
    again = subprocess.run(
        [sys.executable, "-m", "bot", "console"],
        cwd=ROOT,
        env=env,
        input="/game status\n",
        capture_output=True,
        text=True,
    )
    assert "migrated" not in again.stderr and "game #1" in again.stdout  # nothing pending


def test_a_malformed_database_url_is_one_line_not_a_traceback(tmp_path):
    env = {**os.environ, "DATABASE_URL": "nonsense"}
    for command in ("console", "verify"):
        done = subprocess.run(
            [sys.executable, "-m", "bot", command],
            cwd=ROOT,
            env=env,
            input="",
            capture_output=True,
            text=True,
        )
        assert done.returncode == 2 and "Traceback" not in done.stderr
        assert done.stderr.startswith("DATABASE_URL=nonsense is not allowed")


async def test_doctor_reports_a_malformed_database_url_as_a_failing_check():
    """The settings refuse such a URL first (tests/ops/test_settings.py); doctor still says
    what SQLAlchemy refuses rather than failing itself."""
    checks = await doctor(Settings.model_construct(database_url="nonsense"))
    bad = [c for c in checks if not c.ok]
    assert [c.name for c in bad] == ["database"] and "not a database URL" in bad[0].detail
    assert any(c.name == "data files" and c.ok for c in checks)  # the rest is still checked


def test_doctor_command_with_a_malformed_url_prints_a_line_not_a_traceback():
    env = {**os.environ, "DATABASE_URL": "nonsense"}
    done = subprocess.run(
        [sys.executable, "-m", "bot", "doctor"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr and done.stdout == ""
    assert done.stderr.startswith("DATABASE_URL=nonsense is not allowed")


class FlakyLogin:
    """bot.login failing like a DNS outage `failures` times, then working."""

    def __init__(self, failures: int, error: Exception) -> None:
        self.failures, self.error, self.calls = failures, error, 0

    async def login(self, token: str) -> None:
        self.calls += 1
        if self.calls <= self.failures:
            raise self.error


async def test_run_retries_login_with_bounded_exponential_backoff():
    import socket

    from bot.__main__ import login_with_backoff

    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    dns = socket.gaierror(-3, "Temporary failure in name resolution")
    bot = FlakyLogin(2, dns)
    assert await login_with_backoff(bot, "t", sleep=sleep) == 2
    assert bot.calls == 3 and waits == [1.0, 2.0]
    waits.clear()
    long_outage = FlakyLogin(9, ConnectionResetError())
    await login_with_backoff(long_outage, "t", sleep=sleep, cap=10.0)
    assert waits == [1.0, 2.0, 4.0, 8.0, 10.0, 10.0, 10.0, 10.0, 10.0]


async def test_a_wrong_token_is_not_retried():
    import discord

    from bot.__main__ import login_with_backoff

    async def sleep(seconds: float) -> None:
        raise AssertionError("must not wait")

    bot = FlakyLogin(1, discord.LoginFailure("Improper token has been passed."))
    with pytest.raises(discord.LoginFailure):
        await login_with_backoff(bot, "t", sleep=sleep)


def test_run_with_a_wrong_token_is_one_line_and_exit_status_2(monkeypatch, tmp_path, capsys):
    import discord

    import bot.__main__ as entry
    from tests.ops.test_sync import offline_login

    offline_login(monkeypatch, tmp_path, discord.LoginFailure("Improper token has been passed."))
    assert entry.main(["run"]) == 2
    shown = capsys.readouterr()
    assert shown.err.startswith("Discord refused DISCORD_TOKEN: the bot did not start.")
    assert shown.err.count("\n") == 1 and "Traceback" not in shown.err


DECLARING = ("bot.games.glasgow.data",)  # Glasgow's start defaults and storage limits


def test_start_up_loads_no_drawing_library_no_alembic_and_no_game(tmp_path):
    """matplotlib, Pillow, Alembic and each game load when first needed, not on every start
    (the cogs declare their commands without their game); the heap is frozen after READY
    (issue 22). What `run` does before login: tests/ops/test_start_up.py."""
    env = {**os.environ, "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path}/cold.db"}
    assert (
        subprocess.run([sys.executable, "-m", "bot", "migrate"], cwd=ROOT, env=env).returncode == 0
    )
    script = (
        f"import asyncio, sys\nDECLARING = {DECLARING!r}\n"
        "import bot.__main__ as entry\n"
        "from bot.on_discord.client import SoloistBot\n"
        "async def main():\n"
        "    service = await entry._service()\n"
        "    await SoloistBot(service).setup_hook()\n"
        "    await service.db.close()\n"
        "asyncio.run(main())\n"
        "print(sorted(m for m in ('matplotlib', 'PIL', 'numpy', 'alembic') if m in sys.modules))\n"
        "import gc; print(gc.get_freeze_count())\n"
        "print([m for m in sys.modules if m.startswith('bot.games.') and m.count('.') == 3\n"
        "       and not m.endswith(('.names', '.commands')) and m not in DECLARING])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
    )
    # of a game, only its command models (bot/games/<game>/commands.py, the slash commands
    # are built from them), the names they offer (names.py) and what a model reads its limits
    # and defaults from (DECLARING) load with its cog
    assert done.stdout.split() == ["[]", "0", "[]"], done.stderr[-2000:]


async def test_doctor_creates_nothing_and_fails_for_a_database_whose_folder_is_missing(tmp_path):
    target = tmp_path / "nonexistent" / "dir" / "x.db"
    checks = await doctor(Settings(database_url=f"sqlite+aiosqlite:///{target}", _env_file=None))
    bad = {c.name: c.detail for c in checks if not c.ok}
    assert bad["database"] == f"no database at {target} (its folder does not exist)"
    assert bad["migrations"] == "none applied: run `python -m bot migrate`"
    assert not (tmp_path / "nonexistent").exists()
    assert any(c.name == "data files" and c.ok for c in checks)


def test_doctor_on_a_missing_database_file_creates_nothing_and_exits_non_zero(tmp_path):
    env = {**os.environ, "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path}/none/x.db"}
    done = subprocess.run(
        [sys.executable, "-m", "bot", "doctor"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert f"BAD database: no database at {tmp_path}/none/x.db" in done.stdout
    assert list(tmp_path.iterdir()) == []


STOPPED_WHILE_WAITING = """
import os, signal, sys
import aiohttp
from discord.http import HTTPClient
from discord.utils import MISSING
import bot.__main__ as entry

tries = []

async def static_login(self, token):
    # discord.py's own first steps (a session on one connector), then no network, ever
    tries.append(token)
    if self.connector is MISSING:
        self.connector = aiohttp.TCPConnector(limit=0)
    if self.connector.closed:
        raise RuntimeError("Session is closed")  # what aiohttp says once the bot has closed
    self._HTTPClient__session = aiohttp.ClientSession(connector=self.connector)
    if len(tries) == 1:  # the operator stops the bot while it waits to try again
        os.kill(os.getpid(), signal.SIGTERM)
    raise OSError("Temporary failure in name resolution")

HTTPClient.static_login = static_login
code = entry.main(["run"])
print("tries", len(tries))
sys.exit(code)
"""


def test_sigterm_while_run_waits_to_retry_login_stops_in_one_line(tmp_path):
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path}/run.db",
        "DISCORD_TOKEN": "MTIz.fake.token",
    }
    done = subprocess.run(
        [sys.executable, "-c", STOPPED_WHILE_WAITING],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    assert "Stopped before logging in to Discord." in done.stderr
    assert done.returncode == 0 and done.stdout.strip() == "tries 1"
