"""Grand Austria Hotel: the solo opponents Leopold and Elisabeth. The rules load on first use
(`GahRules`), so the cog declares its choices from `names` alone."""

from typing import Any

__all__ = ["GahRules"]


def __getattr__(name: str) -> Any:
    if name == "GahRules":
        from bot.games.grand_austria.rules import GahRules

        return GahRules
    raise AttributeError(name)
