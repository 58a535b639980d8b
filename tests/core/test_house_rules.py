"""House rules in the kit: defaults, "(changed)" marks, the replay options and the logbook's
modules, and the check that a game's start model offers the same options."""

from __future__ import annotations

from typing import Literal

import pytest

from bot.core.commands import Command
from bot.core.house_rules import HouseRule, HouseRules

RULES = HouseRules(
    HouseRule(1, "coin", {"seeded": "a seeded coin", "ask": "you choose"}),
    HouseRule(2, "harbor", {"reassign": "agents move", "stay": "agents stay", "home": "go home"}),
    prefix="H",
)


class Start(Command):
    command: Literal["start"] = "start"
    coin: Literal["seeded", "ask"] = "seeded"
    harbor: Literal["reassign", "stay", "home"] = "reassign"


def test_the_first_value_of_a_house_rule_is_its_default():
    assert RULES.defaults() == {"coin": "seeded", "harbor": "reassign"}
    assert [r.alternative for r in RULES] == ["ask", "stay"]


def test_the_summary_marks_only_the_changed_rules_and_says_what_each_value_means():
    assert RULES.summary({"harbor": "home"}) == [
        "H1 `coin:seeded`: a seeded coin",
        "H2 `harbor:home` (changed): go home",
    ]


def test_a_rule_set_to_its_default_is_not_changed():
    options = {"coin": "seeded", "harbor": "stay"}
    assert [r.option for r in RULES.changed(options)] == ["harbor"]
    assert RULES.replay(options) == ["harbor:stay"]
    assert RULES.modules(options) == "2"
    assert RULES.modules({}) == "" and RULES.replay({}) == []


def test_the_logbook_modules_name_the_changed_rules_by_number_in_order():
    assert RULES.modules({"harbor": "stay", "coin": "ask"}) == "1,2"
    assert RULES.value({"coin": "ask"}, "coin") == "ask"
    assert RULES.value({}, "harbor") == "reassign"


def test_rules_that_could_not_be_told_apart_or_stored_are_refused():
    with pytest.raises(ValueError, match="option name"):
        HouseRules(HouseRule(1, "a", {"x": "", "y": ""}), HouseRule(2, "a", {"x": "", "y": ""}))
    with pytest.raises(ValueError, match="number"):
        HouseRules(HouseRule(1, "a", {"x": "", "y": ""}), HouseRule(1, "b", {"x": "", "y": ""}))
    with pytest.raises(ValueError, match="at least one other"):
        HouseRules(HouseRule(1, "a", {"x": ""}))
    many = [HouseRule(100 + n, f"o{n}", {"x": "", "y": ""}) for n in range(12)]
    with pytest.raises(ValueError, match="40 characters"):
        HouseRules(*many)


def test_the_start_model_must_offer_every_house_rule_with_its_values_and_default():
    RULES.check(Start)

    class NoHarbor(Command):
        command: Literal["start"] = "start"
        coin: Literal["seeded", "ask"] = "seeded"

    class OtherDefault(Start):
        coin: Literal["seeded", "ask"] = "ask"

    class OtherValues(Start):
        harbor: Literal["reassign", "stay"] = "reassign"

    with pytest.raises(ValueError, match="`harbor` is not a start option"):
        RULES.check(NoHarbor)
    with pytest.raises(ValueError, match="`coin` has another default"):
        RULES.check(OtherDefault)
    with pytest.raises(ValueError, match="`harbor` offers other values"):
        RULES.check(OtherValues)
