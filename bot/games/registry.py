"""Every supported game, by key."""

from __future__ import annotations

from bot.core.errors import InputError
from bot.core.game import Rules
from bot.games.fifth_avenue import AleaRules
from bot.games.grand_austria import GahRules

GAMES: dict[str, Rules] = {rules.key: rules for rules in (GahRules(), AleaRules())}


def rules_for(key: str) -> Rules:
    try:
        return GAMES[key]
    except KeyError:
        raise InputError(f"Unknown game `{key}`.") from None
