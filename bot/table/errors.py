"""Errors the table service raises; every message is one line a user can act on."""

from bot.core.errors import SoloistError


class NoGame(SoloistError):
    pass


class NotAllowed(SoloistError):
    pass


class StaleButton(SoloistError):
    pass


class Conflict(Exception):
    """The row changed under us (another process won the compare-and-swap); retry."""
