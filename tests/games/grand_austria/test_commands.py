"""The /gah commands as models: typed options, one-line errors, ASCII digits only."""

import pytest

from bot.core.errors import InputError
from bot.games.grand_austria.commands import COMMANDS, Start, Turn
from bot.games.grand_austria.inputs import parse_ballrooms, parse_coloured, parse_dice, parse_queue
from bot.games.grand_austria.scoring import parse_staff_numbers

from .helpers import RULES, new, new_with, play, turn


@pytest.mark.parametrize(
    "options",
    [
        {"modules": "²"},
        {"modules": "1 ²"},
        {"modules": "3", "entrance": "hautel_couture", "reserved": "55 69 ²"},
        {"modules": "3", "entrance": "hautel_couture", "reserved": "⁵⁵ 69 72"},
        {"modules": "١"},  # an Arabic-Indic one: a digit to Python, not to us
    ],
)
def test_superscript_and_other_non_ascii_digits_at_start_are_one_line_input_errors(options):
    with pytest.raises(InputError) as error:
        RULES.new_game({"difficulty": "hard", **options}, 1)
    assert "\n" not in str(error.value)


@pytest.mark.parametrize(
    ("parse", "text"),
    [
        (parse_queue, "Y² B0 R2 G4 Y0"),
        (parse_dice, "1:² 2:2"),
        (parse_dice, "² 2 1 3 2 0"),
        (lambda t: parse_coloured(t, [2, 2, 1, 3, 2, 0]), "R²"),
        (lambda t: parse_ballrooms(t, 3), "²"),
        (parse_staff_numbers, "²⁸"),
    ],
)
def test_every_typed_number_of_the_turn_and_the_final_is_ascii_only(parse, text):
    with pytest.raises(InputError):
        parse(text)


def test_a_superscript_in_a_turn_or_final_changes_nothing():
    state = new()
    with pytest.raises(InputError):
        turn(state, 203, "Y² B0 R2 G4 Y0", "1:1")
    state.phase = "final"
    with pytest.raises(InputError):
        play(state, command="final", player_score=10, player_staff="²⁹")


def test_commands_are_parsed_into_typed_models():
    cmd = COMMANDS.parse({"command": "turn", "card": "203", "queue": "Y3 B0 R2 G4 Y0"})
    assert isinstance(cmd, Turn) and cmd.card == 203  # a button's "203" is the number 203
    assert COMMANDS.parse({"command": "claim", "objective": "b"}).objective == "B"
    with pytest.raises(InputError, match="at most 232"):
        COMMANDS.parse({"command": "turn", "card": 999})
    with pytest.raises(InputError, match="not an option"):
        COMMANDS.parse({"command": "turn", "junk": 1})
    with pytest.raises(InputError, match="Unknown command"):
        COMMANDS.parse({"command": "nope"})
    with pytest.raises(InputError, match="whole number"):
        play(new(), command="round_end", emperor_vp="five")


def test_the_start_model_stores_the_slash_name_and_still_reads_the_old_one():
    start = Start.model_validate({"command": "start", "emperor_table": "S3", "modules": " "})
    assert start.model_dump(exclude={"command"}) == {
        "difficulty": "medium",
        "emperor_table": "S3",
        "modules": None,
        "entrance": None,
        "reserved": None,
    }
    assert new_with("", emperor_table="S3").options.emperor_table == "S3"
    # a game started before the option took its slash name stored `emperor_vp_variant`
    old = Start.model_validate({"command": "start", "emperor_vp_variant": "S2"})
    assert old.emperor_table == "S2"
    assert RULES.replay_hint({"difficulty": "hard", "emperor_vp_variant": "S2"}, 4) == (
        "Seed 4: `/gah start difficulty:hard emperor_table:S2 seed:4` "
        "starts this game again the same way."
    )
    with pytest.raises(InputError, match="not an option"):
        RULES.new_game({"colour": "red"}, 1)


def test_the_replay_hint_names_the_slash_options():
    options = Start.model_validate({"emperor_table": "S2", "modules": "1 3"}).model_dump(
        exclude={"command"}
    )
    assert RULES.replay_hint(options, 7) == (
        "Seed 7: `/gah start difficulty:medium emperor_table:S2 modules:1 3 seed:7` "
        "starts this game again the same way."
    )
