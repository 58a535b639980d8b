"""How hard the fuzz tests push. `make test` runs the quick Hypothesis profile, `make fuzz` the
deep one (HYPOTHESIS_PROFILE=deep): every fuzz test sizes its draws with `examples`, so one
switch deepens them all. Both profiles are derandomized: the same lines on every run, so CI
never flakes, and a deep run finds what a quick one cannot."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

QUICK, DEEP = "quick", "deep"
_SCALE = {QUICK: 0.5, DEEP: 2.0}
BASE = settings(
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
for _name, _scale in _SCALE.items():
    settings.register_profile(_name, BASE, max_examples=int(100 * _scale))
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", QUICK)
if PROFILE not in _SCALE:
    raise SystemExit(f"HYPOTHESIS_PROFILE must be one of {', '.join(_SCALE)}, not {PROFILE!r}")
settings.load_profile(PROFILE)


def examples(standard: int) -> int:
    """A fuzz test's draws: `standard` scaled by the profile (half in quick, twice in deep)."""
    return max(10, int(standard * _SCALE[PROFILE]))
