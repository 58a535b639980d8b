"""House rules: the settings a game offers where its rule text leaves something open.

A game declares them once, as `HouseRules` of numbered `HouseRule`s (each an option name, its
values and what each means, the first value the default), and adds the same options to its
`Start` model (`check` tests that the two agree). The kit then says what a play was started with:
`summary` (one line per rule, the changed ones marked "(changed)", for the start's facts),
`replay` (the changed ones as `option:value`, for the replay hint), `modules` (the changed
ones by number, "2,15", for the logbook's `modules` column) and `value` (what a rule is set to).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from bot.core.commands import Command, choices_of

MODULES_LENGTH = 40  # the logbook's `modules` column


@dataclass(frozen=True)
class HouseRule:
    """One house rule: `says` maps each value to what it means in one line, the default first."""

    number: int
    option: str
    says: Mapping[str, str]

    @property
    def default(self) -> str:
        return next(iter(self.says))

    @property
    def choices(self) -> tuple[str, ...]:
        return tuple(self.says)

    @property
    def alternative(self) -> str:
        """The first value that is not the default."""
        return self.choices[1]


class HouseRules:
    """A game's house rules, in the order they are shown; `prefix` labels them (`D` → `D10`)."""

    def __init__(self, *rules: HouseRule, prefix: str = "") -> None:
        self.rules = tuple(rules)
        self.prefix = prefix
        self.by_option = {rule.option: rule for rule in self.rules}
        if len(self.by_option) != len(self.rules):
            raise ValueError("Two house rules share an option name.")
        if len({rule.number for rule in self.rules}) != len(self.rules):
            raise ValueError("Two house rules share a number.")
        if any(len(rule.says) < 2 for rule in self.rules):
            raise ValueError("A house rule needs a default and at least one other value.")
        every = {rule.option: rule.alternative for rule in self.rules}
        if len(self.modules(every)) > MODULES_LENGTH:
            raise ValueError(f"Changed house rules would not fit in {MODULES_LENGTH} characters.")

    def __iter__(self) -> Iterator[HouseRule]:
        return iter(self.rules)

    def __len__(self) -> int:
        return len(self.rules)

    def defaults(self) -> dict[str, str]:
        return {rule.option: rule.default for rule in self.rules}

    def value(self, options: Mapping[str, Any], option: str) -> str:
        """The value `option` is set to in these start options (its default when absent)."""
        return str(options.get(option, self.by_option[option].default))

    def changed(self, options: Mapping[str, Any]) -> list[HouseRule]:
        return [rule for rule in self.rules if self.value(options, rule.option) != rule.default]

    def modules(self, options: Mapping[str, Any]) -> str:
        """The changed house rules by number ("2,15"): the logbook's `modules` of a play."""
        return ",".join(str(rule.number) for rule in self.changed(options))

    def replay(self, options: Mapping[str, Any]) -> list[str]:
        """The changed house rules as start options (`harbor:stay`), for the replay hint."""
        return [f"{rule.option}:{options[rule.option]}" for rule in self.changed(options)]

    def summary(self, options: Mapping[str, Any]) -> list[str]:
        """One line per house rule: the value in force, "(changed)" when it is not the
        default, and what it means."""
        lines = []
        for rule in self.rules:
            value = self.value(options, rule.option)
            mark = "" if value == rule.default else " (changed)"
            label = f"{self.prefix}{rule.number}"
            lines.append(f"{label} `{rule.option}:{value}`{mark}: {rule.says[value]}")
        return lines

    def check(self, start: type[Command]) -> None:
        """Raise ValueError unless the start model offers every house rule as an option with
        the same values and default (a test calls this, so the two never drift apart)."""
        fields = start.options()
        for rule in self.rules:
            field = fields.get(rule.option)
            if field is None:
                raise ValueError(f"`{rule.option}` is not a start option.")
            if set(choices_of(field.annotation, field.metadata) or ()) != set(rule.choices):
                raise ValueError(f"`{rule.option}` offers other values than its house rule.")
            if field.default != rule.default:
                raise ValueError(f"`{rule.option}` has another default than its house rule.")
