"""Command.line: a printed command line built from the command's model (issue 44)."""

from typing import Literal

import pytest

from bot.core.commands import Command


class Turn(Command):
    group = "toy"
    slash = "take-turn"
    command: Literal["turn"] = "turn"
    queue: str | None = None
    dice: int | None = None
    redo: bool | None = None


class Loose(Command):
    command: Literal["loose"] = "loose"


def test_a_line_names_the_group_the_slash_name_and_the_options_in_order() -> None:
    assert Turn.line(dice=3, queue="Y3 B0") == "/toy take-turn dice:3 queue:Y3 B0"


def test_an_option_left_as_none_is_left_out_and_booleans_read_as_typed() -> None:
    assert Turn.line(queue=None, redo=True) == "/toy take-turn redo:true"
    assert Turn.line(queue=["Y3", "B0"]) == "/toy take-turn queue:Y3 B0"


def test_an_option_the_model_does_not_declare_is_a_bug_not_a_printed_line() -> None:
    with pytest.raises(TypeError, match="wuerfel"):
        Turn.line(wuerfel=3)


def test_a_model_without_a_group_prints_no_line() -> None:
    with pytest.raises(TypeError, match="no slash group"):
        Loose.line()


class Alone(Command):
    top = True
    command: Literal["help"] = "help"
    game: str | None = None


def test_a_command_of_its_own_prints_its_name_alone() -> None:
    assert Alone.line(game="gah") == "/help game:gah"
    with pytest.raises(TypeError, match=r"/help has no option \['topic'\]"):
        Alone.line(topic="x")


class Start(Command):
    group = "toy"
    partner = "partner"
    command: Literal["start"] = "start"
    mode: str | None = None


def test_a_start_names_the_partner_it_declares() -> None:
    assert Start.line(partner="…", mode="x") == "/toy start partner:… mode:x"
    with pytest.raises(TypeError, match="rival"):
        Start.line(rival="…")
