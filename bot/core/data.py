"""Where game data lives and how it is read."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml

DATA_DIR = Path(__file__).resolve().parents[2] / "data"
# libyaml's parser when PyYAML has it: the pure-Python one took ~350 ms of the first command.
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@cache
def load_yaml(name: str) -> Any:
    with (DATA_DIR / name).open(encoding="utf-8") as fh:
        return yaml.load(fh, Loader=LOADER)
