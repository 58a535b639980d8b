"""Fifth Avenue, two-player rules: Alea, the imaginary third bidder."""

from bot.games.fifth_avenue.rules import AleaRules

__all__ = ["AleaRules"]
