"""A catalog's template: its key as a pattern that matches a whole English line, and how
specific it is (the characters outside its placeholders)."""

from __future__ import annotations

import re
from dataclasses import dataclass

# `{name}`; a German target may write `{name:number}`: the English number in German format
PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)(?::number)?\}")


@dataclass(frozen=True)
class Template:
    key: str
    target: str
    pattern: re.Pattern[str]
    fixed: int  # characters outside placeholders: the more, the more specific


def compile_template(key: str, target: str) -> Template:
    parts = PLACEHOLDER.split(key)  # literal, name, literal, name, …
    regex = "".join(
        re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)" for i, part in enumerate(parts)
    )
    fixed = sum(len(part) for part in parts[::2])
    return Template(key, target, re.compile(regex, re.DOTALL), fixed)


def placeholders(text: str) -> list[str]:
    return PLACEHOLDER.findall(text)
