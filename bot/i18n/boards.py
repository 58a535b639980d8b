"""Boards drawn in text between ``` fences (the hotel's rooms, Glasgow's city): their rows are
kept as they are, only their marks are said in the reader's language (`sh` → `la`, a shop,
Laden; capitals stay capitals), from a catalog's `marks:`."""

from __future__ import annotations

import re
from collections.abc import Mapping

FENCE = "```"
_MARK = re.compile(r"(?<![\w·])[A-Za-z]{1,2}(?![\w·])")


def fenced(lines: list[str]) -> list[bool]:
    """Which lines belong to a board: a ``` fence and what lies between two."""
    inside, out = False, []
    for line in lines:
        fence = line.lstrip().startswith(FENCE)
        out.append(inside or fence)
        if fence:
            inside = not inside
    return out


def marked(line: str, marks: Mapping[str, str]) -> str:
    """A board's row with its marks in the language of `marks` (English mark, lower case →
    that language's)."""
    if not marks:
        return line

    def mark(match: re.Match[str]) -> str:
        word = match.group(0)
        local = marks.get(word.lower())
        if local is None:
            return word
        return local.upper() if word.isupper() else local

    return _MARK.sub(mark, line)
