"""Fifth Avenue, two-player rules: Alea, the imaginary third bidder. The rules load on first
use (`AleaRules`), so the cog declares its choices from `names` alone."""

from typing import Any

__all__ = ["AleaRules"]


def __getattr__(name: str) -> Any:
    if name == "AleaRules":
        from bot.games.fifth_avenue.rules import AleaRules

        return AleaRules
    raise AttributeError(name)
