"""The one list of games. Everything game-specific outside a game's package derives from it:
the bot's cogs, `doctor`'s data check, picture drawers, read-only queries, the fuzz tests.

A game is listed by its key, name, cog and spec module, and its spec (rules, pydantic state,
data) is imported on its first use: the bot starts without any game loaded, and a process
that only ever plays one game never loads the others (docs/performance.md, issue 22).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from bot.core import values
from bot.core.errors import InputError
from bot.core.game import Rules
from bot.core.spec import GameSpec


@dataclass(frozen=True)
class Listing:
    """What the bot knows of a game before loading it."""

    key: str  # the slash group
    name: str  # the game's name, as its rules say it (a test keeps the two equal)
    cog: str  # the discord.py extension that declares its slash commands
    module: str  # the module whose `SPEC` is the game's spec


# The bot's own games, fixed: what a slash command offers as choices when it is declared.
BUILT_IN: tuple[Listing, ...] = (
    Listing("gah", "Grand Austria Hotel", "cogs.grand_austria", "bot.games.grand_austria.spec"),
    Listing("alea", "Fifth Avenue", "cogs.fifth_avenue", "bot.games.fifth_avenue.spec"),
    Listing("glasgow", "Glasgow", "cogs.glasgow", "bot.games.glasgow.spec"),
    Listing("waterdeep", "Lords of Waterdeep", "cogs.waterdeep", "bot.games.waterdeep.spec"),
    Listing(
        "gwt",
        "Great Western Trail",
        "cogs.great_western_trail",
        "bot.games.great_western_trail.spec",
    ),
)
LISTINGS: dict[str, Listing] = {listing.key: listing for listing in BUILT_IN}  # + registered
_loaded: dict[str, GameSpec] = {}


def _names_of(listing: Listing) -> Callable[[], object]:
    """The import of a game's names module (the values its commands take, declared)."""
    module = f"{listing.module.rpartition('.')[0]}.names"
    return lambda: importlib.import_module(module)


for _listing in BUILT_IN:  # a line of a game not yet loaded still shows its values in German
    values.loads(_listing.key, _names_of(_listing))


class _Specs(Mapping[str, GameSpec]):
    """key -> spec: the keys without loading anything, a spec imported when it is read
    (so `.values()` and `.items()` load every game: for what needs them all)."""

    def __getitem__(self, key: str) -> GameSpec:
        spec = _loaded.get(key)
        if spec is None:
            spec = importlib.import_module(LISTINGS[key].module).SPEC
            _loaded[key] = spec
        return spec

    def __iter__(self) -> Iterator[str]:
        return iter(LISTINGS)

    def __len__(self) -> int:
        return len(LISTINGS)


class _Games(Mapping[str, Rules]):
    """key -> rules, in step with SPECS."""

    def __getitem__(self, key: str) -> Rules:
        return SPECS[key].rules

    def __iter__(self) -> Iterator[str]:
        return iter(LISTINGS)

    def __len__(self) -> int:
        return len(LISTINGS)


SPECS: Mapping[str, GameSpec] = _Specs()
GAMES: Mapping[str, Rules] = _Games()


def register(spec: GameSpec) -> None:
    """A game built elsewhere (the tests' toy), listed and loaded at once."""
    LISTINGS[spec.key] = Listing(spec.key, spec.name, spec.cog, module="")
    _loaded[spec.key] = spec


def unregister(key: str) -> None:
    LISTINGS.pop(key, None)
    _loaded.pop(key, None)


def loaded() -> list[GameSpec]:
    """The specs imported so far, without loading any other."""
    return list(_loaded.values())


def spec_for(key: str) -> GameSpec:
    if key not in LISTINGS:
        raise InputError(f"Unknown game `{key[:30]}`.")
    return SPECS[key]


def rules_for(key: str) -> Rules:
    return spec_for(key).rules


def cog_extensions() -> list[str]:
    return [listing.cog for listing in LISTINGS.values()]


def bgg_ids() -> dict[str, int]:
    """Each game's confirmed BoardGameGeek id by key (every spec is loaded: for the logbook's
    exchange with BG Stats and BoardGameGeek, which needs them all)."""
    return {
        key: spec.bgg_id
        for key, spec in SPECS.items()
        if spec.bgg_id is not None and spec.bgg_confirmed
    }
