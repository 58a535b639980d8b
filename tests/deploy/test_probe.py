"""The container's HEALTHCHECK (`python -m bot.hosting.probe`): it asks the process's own
/readyz on the port that process serves it from, and only a 200 counts as healthy."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from bot.hosting.probe import probe, readyz_url
from bot.settings import Settings


class _Readiness(BaseHTTPRequestHandler):
    status = 200

    def do_GET(self) -> None:
        code = self.status if self.path == "/readyz" else 404
        self.send_response(code)
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def server() -> Iterator[ThreadingHTTPServer]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Readiness)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield httpd
    httpd.shutdown()
    httpd.server_close()


def test_the_probe_asks_the_pages_port_on_loopback_when_the_container_listens_everywhere():
    settings = Settings.model_construct(web_host="0.0.0.0", web_port=8765)
    assert readyz_url(settings) == "http://127.0.0.1:8765/readyz"


def test_the_probe_asks_the_health_port_when_the_pages_are_off():
    settings = Settings.model_construct(web_enabled=False, health_port=8766)
    assert readyz_url(settings) == "http://127.0.0.1:8766/readyz"


def test_the_probe_refuses_a_port_it_cannot_know():
    with pytest.raises(ValueError, match="HEALTH_PORT is None"):  # however settings allow it
        readyz_url(Settings.model_construct(web_enabled=False, health_port=None))
    with pytest.raises(ValueError, match="WEB_PORT is 0"):
        readyz_url(Settings.model_construct(web_port=0))


def test_only_a_200_from_readyz_is_healthy(server):
    url = f"http://127.0.0.1:{server.server_port}/readyz"
    assert probe(url) is None
    _Readiness.status = 503
    try:
        assert probe(url) == f"{url} answered 503"
    finally:
        _Readiness.status = 200


def test_a_closed_port_is_unhealthy():
    assert "Connection refused" in (probe("http://127.0.0.1:1/readyz") or "")


@pytest.mark.parametrize(("status", "code"), [(200, 0), (503, 1)])
def test_the_probe_command_exits_zero_only_when_ready(server, tmp_path, status, code):
    env = {
        **os.environ,
        "WEB_ENABLED": "false",
        "HEALTH_PORT": str(server.server_port),
        "HTTP_PROXY": "http://127.0.0.1:1",  # a host's proxy must not be asked
        "http_proxy": "http://127.0.0.1:1",
    }
    _Readiness.status = status
    try:
        done = subprocess.run(
            [sys.executable, "-m", "bot.hosting.probe"],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
        )
    finally:
        _Readiness.status = 200
    assert done.returncode == code, done.stderr
    assert done.stderr == (
        "" if code == 0 else f"probe: http://127.0.0.1:{server.server_port}/readyz answered 503\n"
    )
