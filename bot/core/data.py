"""Where game data lives and how it is read."""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

import yaml

# The package `bot.gamedata` is the repository's data/ folder (pyproject.toml maps it), in a
# checkout and an editable install alike, and bot/gamedata/ inside an installed wheel. Not the
# DATA_DIR setting, which is where the bot writes.
GAME_DATA = Path(str(files("bot.gamedata")))
# libyaml's parser when PyYAML has it: the pure-Python one took ~350 ms of the first command.
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@cache
def load_yaml(name: str) -> Any:
    with (GAME_DATA / name).open(encoding="utf-8") as fh:
        return yaml.load(fh, Loader=LOADER)
