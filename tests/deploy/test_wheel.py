"""The image's own install steps, run here without Docker: build the wheel from the files the
Dockerfile copies, install it into a clean virtual environment, and from a folder that is not
the checkout run `migrate` and `doctor` against SQLite and PostgreSQL. This is what proves that
`pip install` gives a working bot anywhere (the game data travels inside the wheel)."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine

from tests.conftest import POSTGRES_URL, postgres_unavailable

ROOT = Path(__file__).resolve().parents[2]
# What the Dockerfile's build stage copies and builds (tests/deploy/test_container_files.py
# holds the Dockerfile to the same list and the same command).
SOURCES = ("pyproject.toml", "setup.py", "README.md", "bot", "cogs", "data")
WHEEL_COMMAND = ("pip", "wheel", "--no-deps", "--no-build-isolation", "--wheel-dir")
pytestmark = pytest.mark.timeout(600)


def _run(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True)
    assert done.returncode == 0, f"{' '.join(args)} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def _clean_env(database_url: str | None) -> dict[str, str]:
    """Only what a fresh shell has: no PYTHONPATH, no virtualenv, no setting of this machine
    (and no DATABASE_URL when None: the default, DATA_DIR's SQLite file)."""
    keep = {k: os.environ[k] for k in ("PATH", "HOME", "LANG", "TMPDIR") if k in os.environ}
    return keep if database_url is None else {**keep, "DATABASE_URL": database_url}


class Installed:
    """A virtual environment holding the built wheel, and a folder far from the checkout."""

    def __init__(self, base: Path) -> None:
        source, wheels, self.venv, self.elsewhere = (
            base / "src",
            base / "wheels",
            base / "venv",
            base / "elsewhere",
        )
        source.mkdir()
        self.elsewhere.mkdir()
        for name in SOURCES:  # a copy: an in-tree build/ folder must never leak a stale file
            if (ROOT / name).is_dir():
                shutil.copytree(
                    ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__")
                )
            else:
                shutil.copy2(ROOT / name, source / name)
        _run([sys.executable, "-m", *WHEEL_COMMAND, str(wheels), str(source)], cwd=base)
        (self.wheel,) = wheels.glob("soloist-*.whl")
        _run([sys.executable, "-m", "venv", "--without-pip", str(self.venv)], cwd=base)
        self.python = self.venv / "bin" / "python"
        pip = [sys.executable, "-m", "pip", "--python", str(self.python)]
        _run([*pip, "install", "--no-deps", "--no-index", str(self.wheel)], cwd=base)
        # The dependencies: this suite's own, named by a plain path line. Python does not read
        # the .pth files inside a directory a .pth line adds, so the editable install of the
        # checkout (a finder started by its own .pth) stays off.
        self.site = Path(
            _run(
                [str(self.python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                cwd=base,
            ).strip()
        )
        (self.site / "soloist-test-dependencies.pth").write_text(
            sysconfig.get_path("purelib") + "\n", encoding="utf-8"
        )

    def bot(self, database_url: str | None, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(self.python), "-m", "bot", *args],
            cwd=self.elsewhere,
            env=_clean_env(database_url),
            capture_output=True,
            text=True,
        )


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    return Installed(tmp_path_factory.mktemp("wheel"))


def _shipped(folder: str) -> list[Path]:
    """Every file of a source folder but the bytecode and what a running bot left there."""
    return [
        path
        for path in sorted((ROOT / folder).rglob("*"))
        if path.is_file()
        and "__pycache__" not in path.parts
        and not (folder == "data" and "console" in path.relative_to(ROOT / folder).parts)
        and ".db" not in path.name
    ]


def test_the_wheel_carries_every_data_file_template_and_migration(installed: Installed):
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    expected = {f"bot/gamedata/{p.relative_to(ROOT / 'data')}" for p in _shipped("data")}
    expected |= {str(p.relative_to(ROOT)) for folder in ("bot", "cogs") for p in _shipped(folder)}
    assert "bot/gamedata/locales/de/gah.yaml" in expected  # the catalogs are among them
    assert sorted(expected - names) == []
    left = [n for n in names if n.endswith(".db") or n.startswith("bot/gamedata/console/")]
    assert not left  # what a running bot wrote into data/ (an old DATA_DIR) is not shipped


def test_the_installed_bot_is_the_wheel_not_the_checkout(installed: Installed):
    probe = (
        "import sys, bot, bot.gamedata, bot.core.data as d; "
        "print(bot.__file__); print(d.GAME_DATA); "
        "print(any('editable' in name for name in sys.modules))"
    )
    done = subprocess.run(
        [str(installed.python), "-c", probe],
        cwd=installed.elsewhere,
        env=_clean_env("sqlite+aiosqlite:///unused.db"),
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    package, data, editable = done.stdout.split()
    assert Path(package).is_relative_to(installed.site), package
    assert Path(data) == installed.site / "bot" / "gamedata"
    assert editable == "False"


def _migrate_then_doctor(installed: Installed, url: str | None) -> str:
    migrated = installed.bot(url, "migrate")
    assert migrated.returncode == 0, migrated.stdout + migrated.stderr
    doctor = installed.bot(url, "doctor")
    assert doctor.returncode == 0, doctor.stdout + doctor.stderr
    assert "BAD" not in doctor.stdout and "ok  data files" in doctor.stdout, doctor.stdout
    return doctor.stdout


def test_the_installed_wheel_migrates_and_is_doctor_clean_on_sqlite_in_any_folder(
    installed: Installed,
):
    _migrate_then_doctor(installed, "sqlite+aiosqlite:///soloist.db")
    assert (installed.elsewhere / "soloist.db").is_file()


def test_the_installed_wheel_writes_its_default_database_into_var_of_any_folder(
    installed: Installed,
):
    """No DATABASE_URL at all: DATA_DIR (./var) is made and holds the SQLite file."""
    _migrate_then_doctor(installed, None)
    assert (installed.elsewhere / "var" / "soloist.db").is_file()


async def _admin(*statements: str) -> None:
    engine = create_async_engine(POSTGRES_URL, isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as conn:
            for statement in statements:
                await conn.execute(text(statement))
    finally:
        await engine.dispose()


def test_the_installed_wheel_migrates_and_is_doctor_clean_on_a_fresh_postgres_database(
    installed: Installed,
):
    why = postgres_unavailable()
    if why is not None:
        pytest.skip(f"PostgreSQL not reachable: {why}")
    name = f"soloist_wheel_{os.getpid()}"
    asyncio.run(_admin(f"DROP DATABASE IF EXISTS {name}", f"CREATE DATABASE {name}"))
    try:
        url = make_url(POSTGRES_URL).set(database=name).render_as_string(hide_password=False)
        report = _migrate_then_doctor(installed, url)
        assert "ok  migrations" in report
    finally:
        asyncio.run(_admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
