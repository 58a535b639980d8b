"""Real processes on 127.0.0.1: `python -m bot web` and a `python -m bot run` without pages
answer `/healthz`, `/readyz` and `/metrics`; a raw bad request (a non-ASCII byte in its query,
which aiohttp logs with the raw request line) never puts a page token or DISCORD_TOKEN in the
logs; LOG_FORMAT=json writes one JSON object a line."""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from bot.table.pages import TOKEN_BYTES

ROOT = Path(__file__).resolve().parents[2]
BOT_TOKEN = "MTIzNDU2Nzg5.fake-bot.token-never-logged"

RUN_WITHOUT_PAGES = """
import asyncio
from bot.on_discord.client import SoloistBot
from bot.core.reply import Ctx
import bot.__main__ as entry

async def login(self, token):  # no network: logged in at once, never READY
    pass

async def connect(self, *, reconnect=True):  # serve one command, then wait to be stopped
    await self.opening
    options = {"difficulty": "hard", "emperor_vp_variant": "S2"}
    await self.service.start(Ctx(guild_id=1, channel_id=2, user_id=3), "gah", options, 7)
    print("served", flush=True)
    while not self.is_closed():
        await asyncio.sleep(0.01)

SoloistBot.login, SoloistBot.connect = login, connect
raise SystemExit(entry.main(["run"]))
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def environment(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("WEB_", "HEALTH_", "LOG_", "TRUSTED_"))
    }
    return {
        **env,
        "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path}/soloist.db",
        "DISCORD_TOKEN": BOT_TOKEN,
        "WEB_HOST": "127.0.0.1",
        "LOG_LEVEL": "DEBUG",
        **extra,
    }


def migrated(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot", "migrate"],
        cwd=tmp_path,
        env={**environment(tmp_path), "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]


def get(port: int, path: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode()


def wait_for(port: int, proc: subprocess.Popen[str], seconds: float = 60) -> None:
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        assert proc.poll() is None, proc.communicate()[1][-2000:]
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"nothing listens on {port}")


def raw(port: int, request: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(request)
        return sock.recv(200)


def stopped(proc: subprocess.Popen[str]) -> str:
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err[-2000:]
    return err


def start(args: list[str], tmp_path: Path, **extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        args,
        cwd=tmp_path,
        env={**environment(tmp_path, **extra), "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.parametrize("log_format", ["text", "json"])
def test_web_answers_probes_and_no_token_reaches_its_logs(tmp_path, log_format):
    migrated(tmp_path)
    web_port, health_port = free_port(), free_port()
    proc = start(
        [sys.executable, "-m", "bot", "web"],
        tmp_path,
        WEB_PORT=str(web_port),
        HEALTH_PORT=str(health_port),
        LOG_FORMAT=log_format,
    )
    page = secrets.token_urlsafe(TOKEN_BYTES)
    try:
        wait_for(web_port, proc)
        wait_for(health_port, proc)
        for port in (web_port, health_port):
            assert get(port, "/healthz") == (200, "ok\n")
            assert get(port, "/readyz") == (200, '{"ready": true}')
            status, text = get(port, "/metrics")
            assert status == 200 and "soloist_active_games 0.0" in text
        assert get(web_port, f"/g/{page}")[0] == 404
        for path in (f"/g/{page}?x=\xff", f"/p/{page}/g/1?x=\xff", f"/s/{page}x\xff", BOT_TOKEN):
            answer = raw(
                web_port, b"GET " + path.encode("latin-1") + b" HTTP/1.1\r\nHost: a\r\n\r\n"
            )
            assert answer.startswith(b"HTTP/1.") and b" 400 " in answer[:20]
        raw(web_port, f"GET /x/{BOT_TOKEN}?q=\xff HTTP/1.1\r\nHost: a\r\n\r\n".encode("latin-1"))
    finally:
        err = stopped(proc)
    assert "Invalid char in url" in err, err[-2000:]  # aiohttp did log the raw request lines
    assert page not in err and page[:12] not in err
    assert BOT_TOKEN not in err and "[token]" in err
    if log_format == "json":
        lines = [json.loads(line) for line in err.splitlines()]
        assert {"time", "level", "logger", "message"} <= set(lines[0])
        assert any(line["logger"] == "aiohttp.server" and "exception" in line for line in lines)


def test_run_without_pages_answers_probes_on_health_port_and_logs_json(tmp_path):
    migrated(tmp_path)
    web_port, health_port = free_port(), free_port()
    proc = start(
        [sys.executable, "-c", RUN_WITHOUT_PAGES],
        tmp_path,
        WEB_ENABLED="false",
        WEB_PORT=str(web_port),
        HEALTH_PORT=str(health_port),
        LOG_FORMAT="json",
    )
    try:
        assert proc.stdout is not None and proc.stdout.readline() == "served\n"
        wait_for(health_port, proc)
        assert get(health_port, "/healthz") == (200, "ok\n")
        status, text = get(health_port, "/readyz")
        assert status == 503
        assert json.loads(text) == {"ready": False, "not_ready": ["discord: shards not READY yet"]}
        status, text = get(health_port, "/metrics")
        assert status == 200
        assert 'soloist_commands_total{command="gah:start",outcome="ok"} 1.0' in text
        assert "soloist_active_games 1.0" in text
        with pytest.raises(OSError):  # no pages
            socket.create_connection(("127.0.0.1", web_port), timeout=1).close()
    finally:
        err = stopped(proc)
    lines = [json.loads(line) for line in err.splitlines()]  # every line is one object
    [command] = [line for line in lines if line["logger"] == "soloist.commands"]
    assert command["cmd"] == "gah:start" and command["outcome"] == "ok"
    assert command["user"] == 3 and command["channel"] == 2 and command["game"] >= 1
    assert command["message"].startswith("command game=")
    assert BOT_TOKEN not in err
