"""Waterdeep on the kit's parts: its house rules D1-D15 as `HouseRules`, Pseudo's last
placement kept by `Checkpoint` (states stored before it still load and override), `KitRules`."""

import json
from pathlib import Path

import pytest

from bot.core.errors import RuleError
from bot.core.kit import KitRules
from bot.games.waterdeep.commands import Start
from bot.games.waterdeep.settings import HOUSE_RULES
from bot.games.waterdeep.spec import RULES
from bot.games.waterdeep.state import CHECKPOINT

STORED = json.loads((Path(__file__).parent / "data" / "stored_before_checkpoint.json").read_text())


def test_the_start_options_offer_every_house_rule_with_its_values_and_default():
    assert [f"D{r.number}" for r in HOUSE_RULES] == [f"D{n}" for n in range(1, 16)]
    HOUSE_RULES.check(Start)


def test_a_state_stored_before_the_kit_checkpoint_loads_and_overrides_the_same_way():
    state = RULES.load(STORED["state"])
    assert CHECKPOINT.held(state) and state.last == "field_of_triumph"
    moved, out = RULES.apply(state, {"command": "override", "space": "Blackstaff Tower"})
    planned = len(RULES.describe(moved).facts)  # his round plan, shown after what happened
    assert out.facts[: len(out.facts) - planned] == STORED["override_facts"]
    assert moved.model_dump(mode="json") == STORED["override_state"]  # its checkpoint too


def test_after_your_placement_only_his_newest_agent_can_be_moved():
    state = RULES.load(STORED["state"])
    placed, _ = RULES.apply(state, {"command": "place", "space": "The Plinth"})
    newest = placed.last
    assert placed.to_move == "you" and newest not in (None, "field_of_triumph")
    kept = CHECKPOINT.restore(placed, "-")
    assert kept.occupied == {"field_of_triumph": "pseudo", "the_plinth": "you"}
    moved, _ = RULES.apply(placed, {"command": "override", "space": "Blackstaff Tower"})
    assert moved.occupied["field_of_triumph"] == "pseudo" and newest not in moved.occupied


def test_waterdeep_rules_are_kit_rules_and_refuse_every_command_once_finished():
    assert isinstance(RULES, KitRules)
    state = RULES.load(STORED["state"])
    state.phase = "finished"
    with pytest.raises(RuleError, match=r"^The game is over\.$"):
        RULES.apply(state, {"command": "override", "space": "Blackstaff Tower"})
