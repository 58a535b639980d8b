"""A mention as the console shows it: Discord shows `<@1>` as the user's name; the console
knows users by their id only, so it shows a handle made of it."""

from __future__ import annotations

import re

_MENTION = re.compile(r"<@!?(\d{1,20})>")


def named(text: str) -> str:
    """Mentions as a name to read (`<@1>` → `@user1`); in backticks (a line to type back,
    `partner:<@2>`) they stay as typed."""
    if "<@" not in text:
        return text
    parts = text.split("`")
    for i in range(0, len(parts), 2):  # the even parts lie outside backticks
        parts[i] = _MENTION.sub(r"@user\1", parts[i])
    return "`".join(parts)
