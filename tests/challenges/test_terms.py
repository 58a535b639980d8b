"""What a player may type for a challenge, and the one-line refusals naming what would work."""

from datetime import date

import pytest

from bot.challenges.terms import Entry, check_games, check_name, check_period, check_pick
from bot.core.errors import InputError
from bot.logbook.timezones import day_date

TODAY = date(2026, 3, 4)


def days(first: int, last: int) -> tuple[str, str]:
    return day_date(first).isoformat(), day_date(last).isoformat()


def test_picked_games_are_read_by_key_or_name_with_opponents_of_two_words():
    picked = check_pick("gah gwt:sam:HARD glasgow:freddy i glasgow:Freddy II", solo=False)
    assert [entry.code for entry in picked] == [
        "gah",
        "gwt:Sam:hard",
        "glasgow:Freddy I",
        "glasgow:Freddy II",
    ]
    by_name = check_pick("Grand Austria Hotel, Lords of Waterdeep:Pseudo", solo=True)
    assert [entry.code for entry in by_name] == ["gah", "waterdeep:Pseudo"]


def test_a_play_counts_for_a_picked_game_when_it_matches_all_the_pick_names():
    hard_leopold = Entry("gah", "Leopold", "hard")
    assert hard_leopold.matches("gah", "Leopold", "hard")
    assert not hard_leopold.matches("gah", "Leopold", None)  # logged without a difficulty
    assert not hard_leopold.matches("gah", "Elisabeth", "hard")
    assert Entry("gah").matches("gah", "Elisabeth", None)
    assert Entry.from_code("glasgow:Freddy II") == Entry("glasgow", "Freddy II")


@pytest.mark.parametrize(
    ("typed", "refusal"),
    [
        ("gah gah:Leopold", "`gah` and `gah:Leopold` overlap"),
        ("gah:Leopold gah:Leopold:easy", "`gah:Leopold` and `gah:Leopold:easy` overlap"),
        ("monopoly", "Unknown game; the logbook knows Grand Austria Hotel (`gah`)"),
        ("gah:Bob", "Grand Austria Hotel has no opponent `Bob`; try Leopold, Elisabeth."),
        ("gwt:Sam:nightmare", "Sam's difficulty is one of `easy`, `medium`, `hard`."),
        ("glasgow:Freddy I:hard", "Freddy I has no difficulty levels."),
        (" , ;", "Pick the games by their keys"),
    ],
)
def test_a_bad_pick_is_refused_naming_what_would_work(typed, refusal):
    with pytest.raises(InputError) as refused:
        check_pick(typed, solo=False)
    assert refusal in str(refused.value)


def test_the_same_game_at_two_difficulties_or_against_two_opponents_is_two_games():
    picked = check_pick("gah:Leopold:easy gah:Leopold:hard gah:Elisabeth", solo=False)
    assert len(picked) == 3


def test_fifth_avenue_has_no_solo_plays_so_a_solo_challenge_cannot_pick_it():
    with pytest.raises(InputError, match="Solo plays only, but Fifth Avenue is played by two"):
        check_pick("gah alea", solo=True)
    assert len(check_pick("gah alea", solo=False)) == 2


def test_any_games_count_every_game_logged_so_up_to_a_hundred_solo_or_not():
    assert check_games(10, None, solo=False) == 10
    assert check_games(100, None, solo=True) == 100
    with pytest.raises(InputError) as refused:
        check_games(101, None, solo=False)
    assert str(refused.value) == (
        "A challenge of any games has 1 to 100 games: every game you log counts, the bot's "
        "and any other by its name (`/log play game:Spirit Island`)."
    )


def test_picked_games_give_the_number_and_a_different_number_is_refused():
    picked = check_pick("gah gwt glasgow", solo=False)
    assert check_games(None, picked, solo=False) == 3
    assert check_games(3, picked, solo=False) == 3
    with pytest.raises(InputError, match="You picked 3 games but asked for 10"):
        check_games(10, picked, solo=False)
    with pytest.raises(InputError, match="Say how many games count"):
        check_games(None, None, solo=False)


def test_the_period_is_this_calendar_year_unless_dates_are_given():
    assert days(*check_period(None, None, TODAY)) == ("2026-01-01", "2026-12-31")
    assert days(*check_period("2027", None, TODAY)) == ("2027-01-01", "2027-12-31")
    assert days(*check_period("2026-07-01", None, TODAY)) == ("2026-07-01", "2027-06-30")
    assert days(*check_period("2024-02-29", None, TODAY)) == ("2024-02-29", "2025-02-28")
    assert days(*check_period(None, "2026-06-30", TODAY)) == ("2026-03-04", "2026-06-30")
    assert days(*check_period("2026-05-01", "2026", TODAY)) == ("2026-05-01", "2026-12-31")


@pytest.mark.parametrize(
    ("start", "end", "refusal"),
    [
        ("2026-05-01", "2026-04-30", "would end before it starts: 2026-04-30 is before 2026-05-01"),
        (None, "2026-01-01", "2026-01-01 is before 2026-03-04"),
        ("2020-01-01", "2025-01-01", "A challenge runs at most 5 years."),
        ("next monday", None, "Give dates as YYYY-MM-DD, or a whole year as YYYY."),
        ("1969-12-31", None, "between 1970-01-01 and 9998-12-31"),
        ("9999", None, "between 1970-01-01 and 9998-12-31"),
    ],
)
def test_a_bad_period_is_refused_naming_what_would_work(start, end, refusal):
    with pytest.raises(InputError) as refused:
        check_period(start, end, TODAY)
    assert refusal in str(refused.value)


def test_a_name_is_trimmed_and_may_not_carry_markdown_or_mentions():
    assert check_name("  10x10   2026 ") == "10x10 2026"
    for bad in ("**bold**", "<@123>", "a`b"):
        with pytest.raises(InputError, match="may not contain"):
            check_name(bad)
    with pytest.raises(InputError, match="Give the challenge a name"):
        check_name("   ")


def test_five_years_is_the_longest_period():
    assert days(*check_period("2020-01-01", "2024-12-31", TODAY)) == ("2020-01-01", "2024-12-31")
    assert days(*check_period("2024-02-29", "2029-02-28", TODAY))[1] == "2029-02-28"
    with pytest.raises(InputError, match="at most 5 years"):
        check_period("2024-02-29", "2029-03-01", TODAY)
