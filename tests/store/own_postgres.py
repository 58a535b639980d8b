"""A PostgreSQL cluster of the test's own, which it may stop and restart: initdb in a temporary
folder, on a free loopback port, trust authentication, run as a user that is not root (the
server refuses root). Never the machine's own server."""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import pytest

USER = "soloist-test"  # the system user the cluster runs as when the tests run as root


def server_binaries() -> Path | None:
    """The newest installed server's bin folder (Debian keeps them out of PATH)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=_version)
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _version(path: str) -> int:
    number = Path(path).parts[-3]
    return int(number) if number.isdigit() else 0


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _run_as() -> list[str]:
    """As root: run through `runuser` as USER (made once, a system user with no login)."""
    if os.geteuid() != 0:
        return []
    try:
        pwd.getpwnam(USER)
    except KeyError:
        subprocess.run(
            ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", USER],
            check=True,
            capture_output=True,
        )
    return ["runuser", "-u", USER, "--"]


class Cluster:
    def __init__(self) -> None:
        bin_dir = server_binaries()
        if bin_dir is None:
            pytest.skip("PostgreSQL server binaries (initdb, pg_ctl) are not installed")
        self.bin = bin_dir
        self.prefix = _run_as()
        self.home = Path(tempfile.mkdtemp(prefix="soloist-pg-"))
        self.data = self.home / "data"
        self.port = _free_port()
        if self.prefix:
            shutil.chown(self.home, USER)
        self.url = f"postgresql+asyncpg://soloist@127.0.0.1:{self.port}/postgres"
        self._do(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            "soloist",
            "--auth=trust",
            "--no-sync",
            "-E",
            "UTF8",
        )

    def _do(self, tool: str, *args: str) -> None:
        done = subprocess.run(
            [*self.prefix, str(self.bin / tool), *args],
            capture_output=True,
            text=True,
            timeout=120,
        )
        if done.returncode != 0:
            raise RuntimeError(f"{tool} failed: {done.stdout[-1000:]} {done.stderr[-1000:]}")

    def _ctl(self, action: str, *args: str) -> None:
        options = (
            f"-c listen_addresses=127.0.0.1 -p {self.port} "
            f"-c unix_socket_directories={self.home} -c fsync=off"
        )
        self._do(
            "pg_ctl",
            action,
            "-D",
            str(self.data),
            "-w",
            "-t",
            "60",
            "-l",
            str(self.home / "log"),
            "-o",
            options,
            *args,
        )

    def start(self) -> None:
        self._ctl("start")

    def restart(self) -> None:
        self._ctl("restart", "-m", "fast")

    def stop(self) -> None:
        self._do("pg_ctl", "stop", "-D", str(self.data), "-m", "fast", "-w")

    def remove(self) -> None:
        with contextlib.suppress(RuntimeError):  # not running
            self.stop()
        shutil.rmtree(self.home, ignore_errors=True)
