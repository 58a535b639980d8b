"""Values typed at the edge, in the reader's language (bot/core/values.py declares them)."""

from __future__ import annotations

from bot.core import values as typed_values


def shown(group: str, typed: str, locale: str) -> str:
    """A value typed in `/group …` as a reader of `locale` types it (`Y3` → `Ge3`): what a
    form pre-fills and shows greyed."""
    return typed_values.shown(group, typed, locale)
