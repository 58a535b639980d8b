"""Grand Austria Hotel: the solo opponents Leopold and Elisabeth."""

from bot.games.grand_austria.rules import GahRules

__all__ = ["GahRules"]
