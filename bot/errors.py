"""Turning any exception into the one line a user sees; unexpected ones get a reference id."""

from __future__ import annotations

import logging
import secrets

from bot.core.errors import SoloistError

log = logging.getLogger("soloist.errors")


def defuse_mentions(text: str) -> str:
    """Echoed input must never ping: break @everyone, @here and role or user mentions."""
    return text.replace("@", "@\u200b")


def user_message(error: BaseException) -> tuple[str, str | None]:
    """(message, reference): a reference is set only for unexpected errors, which are logged.
    The message is one line, with any mention defused."""
    original = getattr(error, "original", None) or error
    if isinstance(original, SoloistError):
        text = " ".join(str(original).split())
        return defuse_mentions(text[:1800]), None
    ref = secrets.token_hex(4)
    log.error("unexpected error ref=%s", ref, exc_info=original)
    return f"Something went wrong on my side (reference `{ref}`). Nothing was changed.", ref
