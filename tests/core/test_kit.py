"""KitRules: the copy → parse → run → describe shape, and stored-state upgrades in order."""

from __future__ import annotations

from typing import Any, Literal

import pytest
from pydantic import BaseModel

from bot.core.commands import Command, CommandSet
from bot.core.deck import Deck
from bot.core.errors import InputError, RuleError
from bot.core.game import Outcome
from bot.core.kit import KitRules, Upgrade


class Count(BaseModel):
    total: int = 0
    asked: bool = False
    finished: bool = False


class Add(Command):
    command: Literal["add"] = "add"
    n: int


def _renamed(data: dict[str, Any]) -> dict[str, Any]:  # version 1 called it "sum"
    data = dict(data)
    data["total"] = data.pop("sum")
    return data


def _doubled(data: dict[str, Any]) -> dict[str, Any]:  # version 2 counted in halves
    return {**data, "total": data["total"] // 2, "halves": False}


class Adder(KitRules[Count]):
    state_type = Count
    command_set = CommandSet("Adder", [Add])
    upgrades = (
        Upgrade("sum became total", lambda d: "sum" in d, _renamed),
        Upgrade("halves became wholes", lambda d: "halves" in d and d["halves"], _doubled),
    )

    def reask(self, state: Count) -> None:
        state.asked = True

    def run(self, state: Count, command: Any, facts: list[str]) -> None:
        if command.n == 13:
            state.total = -1  # changed, then refused: the caller's state must not see it
            raise RuleError("not 13")
        state.total += command.n
        state.finished = state.total >= 10
        facts.append(f"+{command.n}")

    def describe(self, state: Count) -> Outcome:
        return Outcome(facts=[f"total {state.total}"], finished=state.finished)


def test_apply_works_on_a_copy_and_puts_the_commands_facts_first():
    rules = Adder()
    before = Count(total=2)
    after, outcome = rules.apply(before, {"command": "add", "n": 3})
    assert (before.total, after.total, outcome.facts) == (2, 5, ["+3", "total 5"])
    with pytest.raises(RuleError):
        rules.apply(before, {"command": "add", "n": 13})
    assert before.total == 2
    with pytest.raises(InputError):
        rules.apply(before, {"command": "add", "n": "x"})


def test_a_finished_game_refuses_every_command():
    rules = Adder()
    done, outcome = rules.apply(Count(total=9), {"command": "add", "n": 1})
    assert outcome.finished
    with pytest.raises(RuleError, match="over"):
        rules.apply(done, {"command": "add", "n": 1})


def test_upgrades_run_in_order_and_only_an_upgraded_state_is_asked_again():
    rules = Adder()
    # "sum" (version 1) with halves (version 2): renamed first, then halved
    old = rules.load({"sum": 8, "halves": True})
    assert (old.total, old.asked) == (4, True)
    current = rules.load({"total": 8})
    assert (current.total, current.asked) == (8, False)
    assert rules.commands == frozenset({"add"})


def test_put_top_lays_cards_on_the_pile_the_first_on_top():
    deck = Deck(draw_pile=[5, 6])
    deck.put_top([1, 2])
    assert [deck.draw(), deck.draw(), deck.draw()] == [1, 2, 5]


def test_a_moved_field_upgrade_puts_a_top_level_field_inside_another():
    moved = Upgrade.moved("held", "agenda", "held answers moved to the agenda")
    old = {"seed": 1, "held": {"cattle": "C3"}, "agenda": {"steps": []}}
    assert moved.applies(old) and not moved.applies({"seed": 1, "agenda": {}})
    assert moved.run(old) == {"seed": 1, "agenda": {"steps": [], "held": {"cattle": "C3"}}}
    assert "held" in old  # the stored data itself is left alone
    assert moved.run({"held": {}}) == {"agenda": {"held": {}}}
