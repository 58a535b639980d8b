"""A worker's warm-up that waits for a file before it warms up (tests/web/test_first_page.py:
a page asked for while the workers are still warming up). Importable by a worker process."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from bot.web.workers import work


def held(where: tuple[str, str | None], gate: str) -> Any:
    while not Path(gate).exists():
        time.sleep(0.01)
    return work(where, "warm")
