"""The one list of games. Everything game-specific outside a game's package derives from it:
the bot's cogs, `doctor`'s data check, picture drawers, read-only queries, the fuzz tests."""

from __future__ import annotations

from bot.core.errors import InputError
from bot.core.game import Rules
from bot.core.spec import GameSpec
from bot.games.fifth_avenue.spec import SPEC as FIFTH_AVENUE
from bot.games.glasgow.spec import SPEC as GLASGOW
from bot.games.grand_austria.spec import SPEC as GRAND_AUSTRIA
from bot.games.great_western_trail.spec import SPEC as GREAT_WESTERN_TRAIL
from bot.games.waterdeep.spec import SPEC as WATERDEEP

SPECS: dict[str, GameSpec] = {}
GAMES: dict[str, Rules] = {}  # key -> rules, kept in step with SPECS


def register(spec: GameSpec) -> None:
    SPECS[spec.key] = spec
    GAMES[spec.key] = spec.rules


def unregister(key: str) -> None:
    SPECS.pop(key, None)
    GAMES.pop(key, None)


for _spec in (GRAND_AUSTRIA, FIFTH_AVENUE, GLASGOW, WATERDEEP, GREAT_WESTERN_TRAIL):
    register(_spec)


def spec_for(key: str) -> GameSpec:
    try:
        return SPECS[key]
    except KeyError:
        raise InputError(f"Unknown game `{key[:30]}`.") from None


def rules_for(key: str) -> Rules:
    return spec_for(key).rules


def cog_extensions() -> list[str]:
    return [spec.cog for spec in SPECS.values()]
