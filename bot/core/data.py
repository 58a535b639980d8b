"""Where game data lives and how it is read."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml

DATA_DIR = Path(__file__).resolve().parents[2] / "data"


@cache
def load_yaml(name: str) -> Any:
    with (DATA_DIR / name).open(encoding="utf-8") as fh:
        return yaml.safe_load(fh)
