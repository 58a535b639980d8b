"""What a host sees when something is off: doctor names missing or broken German catalogs, a
start-up error is shown whole on one line, `make test` names a missing browser in one line,
and a test that hangs fails instead of holding the run (issue 40)."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import bot.__main__ as entry
from bot import i18n
from bot.ops import doctor
from bot.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = i18n.ROOT  # the catalogs that ship, before a test points the loader elsewhere


@pytest.fixture
def catalogs(monkeypatch, tmp_path):
    """The German catalogs read from a folder of the test's own."""
    root = tmp_path / "locales"
    monkeypatch.setattr(i18n, "ROOT", root)
    monkeypatch.setattr(i18n, "ROOTS", [root])
    return root


async def _german(tmp_path: Path):
    settings = Settings(database_url=f"sqlite+aiosqlite:///{tmp_path}/none.db", _env_file=None)
    return next(c for c in await doctor(settings) if c.name == "German catalogs")


async def test_doctor_checks_the_german_catalogs_that_ship(tmp_path):
    check = await _german(tmp_path)
    assert check.ok and check.detail.startswith(f"{len(i18n.catalog_files('de'))} files, ")


async def test_doctor_says_bad_when_the_german_catalogs_are_missing(catalogs, tmp_path):
    (catalogs / "de").mkdir(parents=True)
    check = await _german(tmp_path)
    assert not check.ok
    assert check.detail == f"none in {catalogs / 'de'}: German readers get English"


async def test_doctor_says_bad_when_a_german_catalog_does_not_load(catalogs, tmp_path):
    shutil.copytree(SHIPPED / "de", catalogs / "de")
    (catalogs / "de" / "zz_broken.yaml").write_text("text:\n  'Undo': [unclosed\n")
    check = await _german(tmp_path)
    assert not check.ok and check.detail.startswith("ParserError: ") and "\n" not in check.detail


async def test_doctor_says_bad_when_two_german_catalogs_disagree(catalogs, tmp_path):
    (catalogs / "de").mkdir(parents=True)
    (catalogs / "de" / "a.yaml").write_text("text:\n  Undo: Rückgängig\n")
    (catalogs / "de" / "b.yaml").write_text("text:\n  Undo: Zurück\n")
    check = await _german(tmp_path)
    assert not check.ok
    assert check.detail == "ValueError: b.yaml: 'Undo' is translated differently in a.yaml"


def test_a_long_start_up_error_is_one_line_cut_at_a_word():
    words = " ".join(f"word{i}" for i in range(300))
    line = entry.one_line(f"first line\n  second\tline {words}")
    assert line.startswith("first line second line word0 word1") and "\n" not in line
    assert line.endswith("…") and len(line) <= 600
    assert line[:-1].split(" ")[-1] in words.split(" ")  # the last word whole
    assert entry.one_line("short\nerror") == "short error"


def test_the_database_not_ready_line_is_shown_whole(monkeypatch, tmp_path, capsys):
    """It was cut at 120 characters, mid-word."""
    import bot.store.migrate

    why = "could not translate host name " + "x" * 150 + " to address:\nName or service not known"

    async def ensure_current(db):
        raise OSError(why)

    settings = Settings(database_url=f"sqlite+aiosqlite:///{tmp_path}/x.db", _env_file=None)
    monkeypatch.setattr(entry, "get_settings", lambda: settings)
    monkeypatch.setattr(bot.store.migrate, "ensure_current", ensure_current)
    assert entry.main(["verify"]) == 2
    shown = capsys.readouterr().err
    assert shown == (
        f"The database is not ready (OSError: {' '.join(why.split())}); check DATABASE_URL, "
        "then run `python -m bot migrate`.\n"
    )


def _make_chromium(chromium: str, apt: str, *, root: bool) -> subprocess.CompletedProcess[str]:
    command = ["make", "-s", "chromium", f"CHROMIUM={chromium}", f"APT_CHROMIUM={apt}"]
    if os.geteuid() == 0 and not root:  # as a user who cannot run apt-get
        if not shutil.which("setpriv"):
            pytest.skip("root, and no setpriv to run make as another user")
        command = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", *command]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=60)


@pytest.mark.skipif(not shutil.which("make"), reason="no make")
@pytest.mark.parametrize("apt", [True, False], ids=["apt's path", "a path named"])
def test_make_test_without_root_and_without_chromium_says_what_to_do_in_one_line(tmp_path, apt):
    missing = str(tmp_path / "chromium")
    done = _make_chromium(missing, missing if apt else "/usr/bin/chromium", root=False)
    assert done.returncode != 0 and "apt" not in done.stderr.replace("apt-get install", "")
    first = done.stderr.splitlines()[0]
    assert first == (
        f"make test needs Chromium, and there is none at {missing}: install it once as root "
        "(apt-get install chromium), or run make test CHROMIUM=/path/to/chromium."
    )


@pytest.mark.skipif(not shutil.which("make"), reason="no make")
def test_make_test_runs_nothing_for_a_chromium_that_is_there(tmp_path):
    there = tmp_path / "chromium"
    there.write_text("#!/bin/sh\n")
    there.chmod(0o755)
    done = _make_chromium(str(there), str(there), root=True)  # as root too: no apt-get
    assert done.returncode == 0 and done.stdout == done.stderr == ""


def test_every_test_has_a_time_limit(request):
    """pytest-timeout, configured in pyproject.toml: a run that switches it off (`--timeout=0`,
    PYTEST_TIMEOUT=0, `-p no:timeout`) fails here, so it cannot be done silently."""
    from pytest_timeout import _get_item_settings

    assert request.config.getini("timeout") == "300"
    limit = _get_item_settings(request.node)
    assert limit.timeout == 300 and limit.method == "signal"


def test_a_hanging_test_fails_and_the_run_goes_on(tmp_path):
    """Under xdist, as `make test` runs: the hung test fails with pytest-timeout's message, the
    next one still runs (the signal method interrupts the test, not the worker)."""
    (tmp_path / "test_hang.py").write_text(
        "import time, pytest\n\n"
        "@pytest.mark.timeout(2)\n"
        "def test_hangs():\n    time.sleep(60)\n\n"
        "def test_after():\n    pass\n"
    )
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-c", str(ROOT / "pyproject.toml"), "--rootdir",
         str(tmp_path), "-p", "no:cacheprovider", "-n", "1", str(tmp_path / "test_hang.py")],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 1, done.stdout[-2000:]
    assert "Failed: Timeout (>2.0s) from pytest-timeout." in done.stdout
    assert "1 failed, 1 passed" in done.stdout
