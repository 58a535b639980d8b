"""Numbers in the reader's format: pictures and charts write `1.234,5` for a German reader."""

import pytest

from bot.i18n.numbers import number, percent


@pytest.mark.parametrize(
    ("value", "digits", "english", "german"),
    [
        (1234.5, None, "1,234.5", "1.234,5"),
        (1234567, None, "1,234,567", "1.234.567"),
        (12.0, None, "12", "12"),
        (-3, None, "-3", "-3"),
        (14.78, 1, "14.8", "14,8"),
        (1234.5, 2, "1,234.50", "1.234,50"),
        (7, 1, "7.0", "7,0"),
    ],
)
def test_a_number_is_written_as_the_reader_writes_it(value, digits, english, german):
    assert number(value, "en", digits) == english
    assert number(value, "de", digits) == german


def test_a_share_is_a_percentage_with_german_spacing():
    assert percent(0.675, "en") == "67.5%"
    assert percent(0.675, "de") == "67,5\u00a0%"
    assert percent(1, "de", 0) == "100\u00a0%"


def test_a_language_we_do_not_speak_is_written_in_english():
    assert number(1234.5, "fr") == "1,234.5"
