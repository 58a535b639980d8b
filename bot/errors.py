"""Turning any exception into the one line a user sees; unexpected ones get a reference id."""

from __future__ import annotations

import logging
import secrets

from bot.core.errors import SoloistError

log = logging.getLogger("soloist.errors")


def user_message(error: BaseException) -> tuple[str, str | None]:
    """(message, reference): a reference is set only for unexpected errors, which are logged."""
    original = getattr(error, "original", None) or error
    if isinstance(original, SoloistError):
        return str(original), None
    ref = secrets.token_hex(4)
    log.error("unexpected error ref=%s", ref, exc_info=original)
    return f"Something went wrong on my side (reference `{ref}`). Nothing was changed.", ref
