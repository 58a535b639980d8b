"""Choose, don't type: the questions that have a known few answers offer them, and a typed
table report is read back (or refused with the command's own message) before it is sent."""

import pytest

from bot.core.errors import InputError
from bot.games.great_western_trail.reports import read_back
from tests.games.great_western_trail.helpers import Play, start


def test_the_token_row_is_asked_with_one_choice_per_reported_row():
    play = Play(start())("turn", card=1)("turn", jobs="6:CB 7:E 5:-")
    ask = play.ask
    assert ask.option == "token"
    assert [(c.label, c.value) for c in ask.choices] == [
        ("Row 1 ($6)", "1"),
        ("Row 2 ($7)", "2"),
        ("Row 3 ($5)", "3"),
    ]
    play("turn", token=int(ask.choices[2].value))
    assert "Sam hires the **cowboy in row 1, place 1 ($6)**" in play.text()


def test_a_wrong_job_report_is_refused_before_the_token_is_asked():
    play = Play(start())("turn", card=1)
    with pytest.raises(InputError, match="workers are C, B or E"):
        play("turn", jobs="6:CX")
    assert play.ask.option == "jobs"


@pytest.mark.parametrize(
    ("card", "option", "label"),
    [
        (8, "outlaws", "No outlaw on a numbered space"),
        (9, "hazards", "No hazard on the trail"),
        (5, "engine", "Yours is on the start space (0)"),
    ],
)
def test_the_common_answer_to_a_table_question_is_a_button(card, option, label):
    play = Play(start())("turn", card=card)
    assert play.ask.option == option
    assert [c.label for c in play.ask.choices] == [label]


@pytest.mark.parametrize(
    ("option", "text", "read"),
    [
        ("jobs", "6:CB 6:e 7:- ", ["row 1 ($6): CB", "row 2 ($6): E", "row 3 ($7): -"]),
        ("cattle", "c3 L2 h5", ["Corriente 3", "Longhorn 2", "Hereford 5"]),
        ("cattle", "none", ["no card"]),
        ("outlaws", "7:o 4:G", ["space 4 green", "space 7 orange"]),
        ("outlaws", "none", ["no outlaw"]),
        ("hazards", "flood:4:3 d:2", ["drought 2", "flood 4, 3"]),
        ("engine", "s3", ["station 3's turnout"]),
        ("engine", "12", ["track space 12"]),
    ],
)
def test_a_typed_report_is_read_back_as_sam_will_read_it(option, text, read):
    assert read_back(option, text) == read


@pytest.mark.parametrize(
    ("option", "text", "message"),
    [
        ("cattle", "Q3", "`Q3` is not a cattle card"),
        ("outlaws", "4:G 4:O", "Outlaw space 4 is listed twice."),
        ("hazards", "flood:9", "hazard VP"),
        ("engine", "77", "track space"),
        ("jobs", " ", "Type it like `6:CB 6:E 7:BB 5:-`."),
    ],
)
def test_a_report_that_cannot_be_read_names_its_mistake(option, text, message):
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace("$", r"\$")):
        read_back(option, text)


@pytest.mark.parametrize(
    ("option", "text", "read"),
    [
        ("jobs", "6:CH 7:L", ["row 1 ($6): CB", "row 2 ($7): E"]),
        ("hazards", "überschwemmung:4 dürre:2 s:3", ["drought 2", "flood 4", "rockfall 3"]),
        ("outlaws", "4:grün", ["space 4 green"]),
    ],
)
def test_a_report_in_the_german_editions_letters_and_words_reads_the_same(option, text, read):
    assert read_back(option, text) == read
