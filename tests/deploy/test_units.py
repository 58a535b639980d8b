"""The systemd unit examples in docs/deploy, checked offline by systemd's own analyzer: every
key is one systemd knows, and the hardening keeps the exposure score low. Never run under
systemd here (no systemd is PID 1 in the test machines)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

DEPLOY = Path(__file__).resolve().parents[2] / "docs" / "deploy"
UNITS = {"soloist.service": "soloist.service", "soloist-web@.service": "soloist-web@8771.service"}
ANALYZE = shutil.which("systemd-analyze")
pytestmark = pytest.mark.skipif(ANALYZE is None, reason="systemd-analyze is not installed")
# systemd-analyze security's scale is 0 (locked down) to 100 (its "UNSAFE" is above 90).
MOST_EXPOSURE = 20


def _unit(tmp_path: Path, source: str, instance: str) -> Path:
    """The unit as installed, with this interpreter where the host's venv would be."""
    text = (DEPLOY / source).read_text(encoding="utf-8")
    target = tmp_path / instance
    target.write_text(text.replace("/opt/soloist/bin/python", sys.executable), encoding="utf-8")
    return target


@pytest.mark.parametrize("source", sorted(UNITS))
def test_the_unit_has_only_keys_systemd_knows(tmp_path, source):
    unit = _unit(tmp_path, source, UNITS[source])
    done = subprocess.run(
        [ANALYZE, "verify", "--man=no", str(unit)], capture_output=True, text=True
    )
    assert done.returncode == 0 and not done.stderr.strip(), done.stdout + done.stderr


def test_the_check_names_a_key_systemd_does_not_know(tmp_path):
    unit = _unit(tmp_path, "soloist.service", "soloist.service")
    unit.write_text(unit.read_text().replace("[Service]\n", "[Service]\nProtectAll=yes\n"))
    done = subprocess.run(
        [ANALYZE, "verify", "--man=no", str(unit)], capture_output=True, text=True
    )
    assert "Unknown key 'ProtectAll'" in done.stderr


@pytest.mark.parametrize("source", sorted(UNITS))
def test_the_unit_is_hardened(tmp_path, source):
    unit = _unit(tmp_path, source, UNITS[source])
    done = subprocess.run(
        [ANALYZE, "security", "--offline=yes", f"--threshold={MOST_EXPOSURE}", str(unit)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr
