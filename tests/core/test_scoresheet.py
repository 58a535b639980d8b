"""The finished game's score pad: both sides by category, what a side gave only as a total,
the categories a side does not score, the totals, the margin and the verdict."""

import pytest

from bot.core.errors import InputError
from bot.core.scoresheet import FinalSheet, Row, check_breakdown, parse_breakdown
from bot.core.values import Word, Words

PAD = Words(
    "category of the score pad",
    (
        Word("buildings", "gebäude", label="Buildings"),
        Word("cities", label="Cities"),
        Word("dollars", label="Dollars"),
    ),
    declared=False,
)


def test_both_sides_category_by_category_with_totals_margin_and_the_skipped_ones():
    sheet = FinalSheet(
        sides=("You", "Sam"),
        rows=[
            Row("Dollars", 4, skips="opponent"),
            Row("Buildings", 12, 9),
            Row("Cities", -3, 5),
        ],
        tie="tie",
    )
    assert sheet.total("player") == 13 and sheet.total("opponent") == 14
    assert sheet.margin == -1 and sheet.outcome() == "loss"
    assert sheet.text() == (
        "Score sheet  You  Sam\n"
        "Dollars        4    –\n"
        "Buildings     12    9\n"
        "Cities        −3    5\n"
        "Total         13   14\n"
        "Sam wins by 1.\n"
        "– = does not score this category"
    )


def test_a_side_given_only_as_a_total_shows_what_is_known_and_the_rest_on_its_own_row():
    rows = [Row("Buildings", None, 9), Row("Cities", None, 5), Row("Cattle", 20, 0)]
    only_total = FinalSheet(("You", "Sam"), rows[:2], totals=(30, None))
    assert [(line.name, line.player) for line in only_total.lines()] == [
        ("Buildings", "?"),
        ("Cities", "?"),
        ("Total", "30"),
    ]
    assert only_total.verdict() == "You win by 16."
    assert "? = not given, only the total" in only_total.legend()
    partly = FinalSheet(("You", "Sam"), rows, totals=(30, None))
    assert [(line.name, line.player, line.opponent) for line in partly.lines()][-2:] == [
        ("Not broken down", "10", ""),
        ("Total", "30", "14"),
    ]


def test_detail_rows_itemise_the_row_above_and_are_not_counted_twice():
    sheet = FinalSheet(
        ("You", "Leopold"),
        [
            Row("End-game staff", 6, 14),
            Row("#40 Marketing Director", opponent=5, detail=True),
            Row("#32 Assistant Manager", opponent=9, detail=True),
        ],
        tie="opponent",
    )
    assert sheet.total("opponent") == 14
    assert sheet.text().splitlines()[:4] == [
        "Score sheet               You  Leopold",
        "End-game staff              6       14",
        "  #40 Marketing Director             5",
        "  #32 Assistant Manager              9",
    ]


@pytest.mark.parametrize(
    ("tie", "decided", "verdict"),
    [
        ("opponent", None, "A tie at 20: it goes to Leopold."),
        ("tie", None, "A tie at 20."),
        ("player", None, "A tie at 20: it goes to you."),
        ("tie", "loss", "A tie at 20: it goes to Leopold."),  # broken beyond points
    ],
)
def test_a_tie_goes_where_the_rule_book_or_the_tie_break_sends_it(tie, decided, verdict):
    sheet = FinalSheet(("You", "Leopold"), [Row("VP track", 20, 20)], tie=tie, decided=decided)
    assert sheet.margin == 0 and sheet.verdict() == verdict


def test_a_category_the_rules_count_for_nobody_is_a_dash_on_both_sides():
    rows = [Row("Score track", 9, skips="opponent"), Row("Pseudo's VP", skips="both")]
    sheet = FinalSheet(("You", "Pseudo"), rows)
    assert [line.player + line.opponent for line in sheet.lines()] == ["9–", "––", "90"]
    assert sheet.verdict() == "You win by 9."


def test_the_players_categories_are_read_signed_once_each_and_checked_against_the_total():
    assert parse_breakdown("buildings:12 cities:-3 dollars:−1", PAD, example="x") == {
        "Buildings": 12,
        "Cities": -3,
        "Dollars": -1,
    }
    assert parse_breakdown(None, PAD, example="x") == {}
    assert parse_breakdown("Gebäude:3 ci:1", PAD, example="x") == {"Buildings": 3, "Cities": 1}
    for bad, message in [
        ("buildings:12 buildings:3", "listed twice"),
        (
            "bulidings:12",
            "`bulidings` is unknown. Nearest: `buildings`. Valid: `buildings`, `cities`, `dollars`",
        ),
        ("buildings:x", "not a number of points"),
        ("buildings:1234", "not a number of points"),
        ("buildings", "write it like"),
    ]:
        with pytest.raises(InputError, match=message):
            parse_breakdown(bad, PAD, example="buildings:12")
    check_breakdown({"Buildings": 12}, 30, complete=3)  # a part of them: the rest is not known
    with pytest.raises(InputError, match="add up to 29, not to the total 30"):
        check_breakdown({"Buildings": 12, "Cities": 15, "Dollars": 2}, 30, complete=3)
