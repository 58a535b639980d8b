"""Fuzzing from the command models: any values for any /waterdeep command, in any state of a
game, are either applied or refused with one line, and a refusal changes nothing."""

from typing import get_args

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.core.commands import choices_of
from bot.core.errors import SoloistError
from bot.games.waterdeep.commands import COMMANDS
from bot.games.waterdeep.spec import RULES
from tests.fuzzing import BASE, examples

HOSTILE = st.sampled_from(
    [
        "",
        " ",
        "²",
        "0",
        "-1",
        "none",
        "Blackstaff Tower",
        "Waterdeep Harbor",
        "Builder's Hall",
        "harbor",
        "Cliffwatch",
        "Quell Riots",
        "Ambush",
        "Raid",
        "x" * 500,
        "a\nb",
        "`@everyone`",
        "returned",
        "Ambush Artor Morlin",
    ]
)


def values_for(field):
    allowed = choices_of(field.annotation, field.metadata)
    if allowed:
        return st.one_of(st.sampled_from(allowed), HOSTILE)
    if int in get_args(field.annotation) or field.annotation is int:
        return st.one_of(st.integers(-5, 1200), HOSTILE)
    return st.one_of(HOSTILE, st.text(max_size=30), st.integers(-3, 3))


def action_for(model):
    fields = model.options()
    return st.fixed_dictionaries(
        {"command": st.just(model.name())},
        optional={name: values_for(f) for name, f in fields.items()},
    )


ACTIONS = st.one_of([action_for(m) for m in COMMANDS])


@settings(BASE, max_examples=examples(300))
@given(actions=st.lists(ACTIONS, min_size=1, max_size=25), seed=st.integers(0, 50))
def test_any_command_from_the_models_is_applied_or_refused_in_one_line(actions, seed):
    state, _ = RULES.new_game({"lord": "Nymara"}, seed)
    for action in actions:
        before = state.model_dump()
        try:
            state, _ = RULES.apply(state, action)
        except SoloistError as exc:
            assert "\n" not in str(exc), (action, str(exc))
            assert state.model_dump() == before
        else:
            assert RULES.load(state.model_dump(mode="json")) == state  # it stores and loads
