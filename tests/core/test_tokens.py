"""The token kit: what players type about their table, read the same way in every game."""

import pytest

from bot.core.errors import InputError
from bot.core.tokens import colour_tokens, is_none, labelled, number, numbers, words

COLOURS = {"r": "red", "y": "yellow", "b": "blue"}


def test_numbers_are_ascii_digits_only():
    assert number("07") == 7 and numbers("1, 2;3") == [1, 2, 3]
    for bad in ["²", "٣", "1.5", "-1", "", "x", "1e3"]:
        with pytest.raises(InputError):
            number(bad)
    with pytest.raises(InputError) as err:
        number("12", what="die", low=1, high=6)
    assert str(err.value) == "`12`: the die must be from 1 to 6."


def test_none_words_and_a_limit_on_how_many_words():
    assert all(is_none(w) for w in ["none", " No ", "-", "0"]) and not is_none("a")
    with pytest.raises(InputError):
        words(" ".join("x" * 61))


def test_colour_tokens_take_letters_or_names_and_a_mark():
    found = colour_tokens("Y3 red4 b0*", COLOURS, what="a die", example="R4")
    assert [(t.colour, t.value, t.mark) for t in found] == [
        ("yellow", 3, False),
        ("red", 4, False),
        ("blue", 0, True),
    ]
    for bad in ["G3", "Y", "Y²", "Y1000"]:
        with pytest.raises(InputError):
            colour_tokens(bad, COLOURS, what="a die", example="R4")
    with pytest.raises(InputError) as err:
        colour_tokens("R1 r2", COLOURS, what="a die", example="R4", unique=True)
    assert str(err.value) == "Red is listed twice."


def test_labelled_lists_with_aliases_and_value_counts():
    kinds = {"shop": "shop", "s": "shop", "landmark": "landmark"}
    got = labelled(
        "s:3 landmark:4:7", what="a building", example="shop:3", labels=kinds, max_values=2
    )
    assert [(x.label, x.values) for x in got] == [("shop", ("3",)), ("landmark", ("4", "7"))]
    for bad in ["house:2", "shop", "shop:", "shop:1:2:3"]:
        with pytest.raises(InputError):
            labelled(bad, what="a building", example="shop:3", labels=kinds, max_values=2)


def test_a_token_without_a_label_is_asked_for_in_the_right_format():
    with pytest.raises(InputError) as refused:
        labelled("shop:3 :x", what="a building", example="shop:3", labels={"shop": "shop"})
    assert str(refused.value) == "`:x` is not a building: write it like `shop:3`."


def test_a_quoted_token_stays_one_line_without_backticks():
    from bot.core.tokens import short

    assert short("a\nb`c") == "a b'c" and short("x" * 30) == "x" * 20 + "…"
    with pytest.raises(InputError) as err:
        number("1\n2`")
    assert str(err.value) == "`1 2'` is not a number: write digits, like `3`."
