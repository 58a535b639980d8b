"""A reply as a player sees it: the console's text (what Discord shows as an embed and its
buttons), read the way a person reads it. The prompt-only players (prompted.py) get nothing
else: no Reply object, no public state, no button arguments."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property

BUTTONS = re.compile(r"^(?:buttons \(press N\)|Knöpfe \(drück N\)): (.*)$")
BUTTON = re.compile(r"\[(\d+)\] (.*?)(?=\s{2}\[\d+\] |$)")
EDIT = re.compile(r"^(?:edit and send|ändern und senden): `(.*)`$")
BACKTICKED = re.compile(r"`(/[^`]+)`")
OPTION = re.compile(r"(?:^|\s)([^\s:`]+):")
HIDDEN = re.compile(r"\[(?:hidden: reveal|verdeckt: aufdecken) (\d+)\]")


@dataclass
class Screen:
    """One reply's text. `ok` is False for a refusal (the console's `✗ …` line)."""

    text: str
    lines: list[str] = field(init=False)

    def __post_init__(self) -> None:
        self.lines = self.text.splitlines()

    @property
    def ok(self) -> bool:
        return not self.text.startswith("✗")

    @property
    def refusal(self) -> str:
        return self.text[1:].strip() if not self.ok else ""

    @cached_property
    def prompt(self) -> str:
        """The question or hint after `→` (it may run over several lines)."""
        found, taking = [], False
        for line in self.lines:
            if line.startswith("→ "):
                taking = True
                found.append(line[2:])
            elif taking and (BUTTONS.match(line) or EDIT.match(line) or line.startswith("[")):
                break
            elif taking:
                found.append(line)
        return "\n".join(found)

    @cached_property
    def buttons(self) -> list[str]:
        for line in self.lines:
            match = BUTTONS.match(line)
            if match:
                return [label for _, label in BUTTON.findall(match.group(1))]
        return []

    @cached_property
    def edit(self) -> str | None:
        """The console's one line to edit and send for a question of several facts."""
        for line in self.lines:
            match = EDIT.match(line)
            if match:
                return match.group(1)
        return None

    @property
    def facts(self) -> list[str]:
        """The lines above the prompt (the title left out)."""
        out = []
        for line in self.lines[1:]:
            if line.startswith("→ "):
                break
            out.append(line)
        return out

    @property
    def hidden(self) -> int:
        return len(HIDDEN.findall(self.text))

    def commands(self, where: str | None = None) -> list[str]:
        """Every backticked command line (`/gwt turn cattle:…`) in the text, or in `where`."""
        return [c.strip() for c in BACKTICKED.findall(self.text if where is None else where)]

    def button(self, *labels: str) -> int | None:
        """The number of the first button whose label is one of `labels` (either language)."""
        for n, shown in enumerate(self.buttons, 1):
            if shown in labels:
                return n
        return None

    def button_with(self, *parts: str) -> int | None:
        """The first button whose label contains one of `parts`."""
        for n, shown in enumerate(self.buttons, 1):
            if any(part in shown for part in parts):
                return n
        return None

    def says(self, *phrases: str) -> bool:
        return any(phrase in self.text for phrase in phrases)


def split_options(line: str, names: set[str]) -> tuple[str, dict[str, str]]:
    """`/gwt turn jobs:6:CB 6:E token:3` → ("/gwt turn", {"jobs": "6:CB 6:E", "token": "3"}):
    the command and each option with its value as the line writes it, reading as an option
    only a word that is one of `names` (the command's options: `drought:2` inside a value
    is no option)."""
    words = line.split(" ")
    head: list[str] = []
    found: dict[str, str] = {}
    current: str | None = None
    for word in words:
        name, colon, value = word.partition(":")
        if colon and name in names:
            current = name
            found[name] = value
        elif current is None:
            head.append(word)
        else:
            found[current] = f"{found[current]} {word}".strip()
    return " ".join(head), found
