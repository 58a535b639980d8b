"""A round of auctions in two commands (issue 25): Alea's bids shown hidden at once, the
result in one line, and exactly what auction-by-auction play gives from the same seed."""

import re

import pytest

from bot.core.errors import InputError, RuleError
from bot.games.fifth_avenue import AleaRules

RULES = AleaRules()
SPOILER = re.compile(r"\|\|(.+?)\|\|")
CP = "Central Park"


def new(seed: int, mode: str = "virtual"):
    return RULES.new_game({"mode": mode}, seed)[0]


def play(state, **action):
    return RULES.apply(state, action)


def hidden(out) -> list[int]:
    return [int(m.strip("\u2007")) for f in out.facts for m in SPOILER.findall(f)]


def by_auction(state, auctions):
    """The same auctions played one by one: Alea out (`high_bid:30`) or winning (`0`, both
    pass); a player's building stop after the auction it came from. His bids, in order."""
    bids = []
    for district, won, plots, stop in auctions:
        if state.phase != "play":
            break
        state, out = play(state, command="auction", district=district, high_bid=0 if won else 30)
        bids += [int(b) for b in re.findall(r"bids \*\*(\d+)\*\*", "\n".join(out.facts))]
        if won:
            state, _ = play(state, command="result", outcome="passed", plots=plots)
        if stop:
            state, _ = play(state, command="stop", district=district)
    return state, bids


def by_round(state, districts, won, stop=None):
    state, opened = play(state, command="round", districts=", ".join(districts))
    state, out = play(state, command="round", won=won, stop=stop)
    return state, hidden(opened), out


CASES = [
    # seed, districts, `won:`, `stop:`, the same auctions one by one
    (
        3,
        ["Times Square", "42nd St East"],
        "Times Square=a:2 b:0 c:2; central park",
        None,
        [
            ("Times Square", True, "a:2 b:0 c:2", False),
            ("42nd St East", False, None, False),
            (CP, True, None, False),
        ],
    ),
    (  # a player's stop, then his: the second ends the game, the rest is not auctioned
        8,
        ["34th St West", "52nd St East", "Times Square", "42nd St West"],
        "52nd St East=none",
        "34th st west",
        [
            ("34th St West", False, None, True),
            ("52nd St East", True, "none", False),
            ("Times Square", False, None, False),
            ("42nd St West", False, None, False),
            (CP, False, None, False),
        ],
    ),
    (
        5,
        ["52nd St West", "34th St East"],
        "none",
        None,
        [
            ("52nd St West", False, None, False),
            ("34th St East", False, None, False),
            (CP, False, None, False),
        ],
    ),
]


@pytest.mark.parametrize(("seed", "districts", "won", "stop", "auctions"), CASES)
def test_a_round_gives_the_same_bids_and_builds_as_auction_by_auction_play(
    seed, districts, won, stop, auctions
):
    one_by_one, bids = by_auction(new(seed), auctions)
    in_a_round, shown, _ = by_round(new(seed), districts, won, stop)
    assert in_a_round.model_dump() == one_by_one.model_dump()
    assert shown[: len(bids)] == bids  # what the spoilers hid is what each auction turned


def test_two_rounds_in_a_row_with_the_remembered_plots_are_auction_by_auction_play():
    one_by_one, bids = by_auction(
        new(21),
        [
            ("Times Square", True, "a:2 b:2 c:1", False),
            (CP, False, None, False),
            ("Times Square", True, "same", False),  # plot c, as he left it
            ("34th St East", True, "d:0", False),
            (CP, True, None, False),
        ],
    )
    state, first, _ = by_round(new(21), ["Times Square"], "Times Square=a:2 b:2 c:1")
    state, second, out = by_round(
        state, ["Times Square", "34th St East"], "Times Square=same; 34th St East=d:0; Central Park"
    )
    assert state.model_dump() == one_by_one.model_dump()
    assert first + second == bids
    assert "Alea builds **1 skyscraper** on plot c" in "\n".join(out.facts)


def test_the_second_building_stop_mid_round_ends_it_and_later_auctions_turn_no_card():
    """Drawing all four bids at the round's start would leave other cards on top: the
    auctions after the game's end must not turn any."""
    state, shown, out = by_round(
        new(8),
        ["34th St West", "52nd St East", "Times Square"],
        "52nd St East=none",
        "34th St West",
    )
    assert state.phase == "ended" and state.auctions == 2 and state.building_stops == 2
    first_two = state.bottom
    assert sum(first_two) == shown[0] + shown[1]
    text = "\n".join(out.facts)
    assert "The game has ended: the auction for Times Square does not take place." in text
    assert "the auction for Central Park does not take place" in text
    with pytest.raises(RuleError, match="ended the game before the auction for Times Square") as e:
        by_round(
            new(8),
            ["34th St West", "52nd St East", "Times Square"],
            "52nd St East=none; Times Square=a:1",
            "34th St West",
        )
    from bot.core.errors import said_as  # the refusal is a message, said from its key
    from bot.i18n import tr

    assert tr(said_as(e.value) or "", "de").startswith(
        "Der zweite Baustopp hat das Spiel vor der Versteigerung um Times Square beendet"
    )


def test_opening_a_round_shows_each_bid_hidden_and_draws_nothing():
    before = new(3)
    state, out = play(before, command="round", districts="times square, 42nd st east")
    assert state.stack == before.stack and state.bottom == [] and state.auctions == 0
    assert out.facts[0] == "Round of auctions: Times Square, 42nd St East, then Central Park."
    lines = [f for f in out.facts if "||" in f]
    assert [SPOILER.sub("", f) for f in lines] == [
        "1. **Times Square**: Alea bids ",
        "2. **42nd St East**: Alea bids ",
        "3. **Central Park**: Alea bids ",
    ]
    # two digits wide each (a figure space before 8), so the box's width tells nothing
    assert all(re.fullmatch(r"[\u2007\d]{2}", m) for f in lines for m in SPOILER.findall(f))
    summary = RULES.summary(state)
    assert summary["round"] == ["Times Square", "42nd St East", CP]
    assert summary["auction"] is None and summary["stack_bottom"] == []
    assert "||" not in out.prompt and all("||" not in s.label for s in out.next_steps)
    assert RULES.describe(state).facts == out.facts[1:]  # `/game status` shows them again


def test_a_won_district_without_plots_is_asked_and_the_later_auctions_wait_for_it():
    one_by_one, _ = by_auction(
        new(3),
        [
            ("Times Square", True, "a:1", False),
            ("42nd St East", False, None, False),
            (CP, False, None, False),
        ],
    )
    state, _ = play(new(3), command="round", districts="Times Square, 42nd St East")
    state, out = play(state, command="round", won="Times Square")
    assert out.ask is not None and out.ask.command == "build" and state.auctions == 1
    state, _ = play(state, command="build", plots="a:1")
    assert state.model_dump() == one_by_one.model_dump()


def test_the_per_auction_commands_still_work_after_a_round():
    state, _, _ = by_round(new(3), ["Times Square"], "none")
    state, _ = play(state, command="auction", district="42nd St East", high_bid=0)
    assert state.auction is not None and state.auctions == 3


@pytest.mark.parametrize(
    ("action", "error", "names"),
    [
        ({"won": "none"}, RuleError, "`/alea round districts:"),
        ({"districts": "Times Square", "won": "none"}, InputError, "`districts` alone"),
        ({"districts": "Times Square, times square"}, InputError, "listed twice"),
        ({"districts": "Broadway"}, InputError, "choose from: 34th St West, 34th St East"),
        ({"districts": "42nd"}, InputError, "choose from:"),  # two districts start so
    ],
)
def test_refusals_before_a_round_name_what_would_work(action, error, names):
    with pytest.raises(error, match=re.escape(names)):
        play(new(3), command="round", **action)


def test_a_round_in_physical_mode_names_the_auction_command():
    with pytest.raises(RuleError, match=re.escape("`/alea auction district:<name>")):
        play(new(3, "physical"), command="round", districts="Times Square")


@pytest.mark.parametrize(
    ("action", "names"),
    [
        ({"won": "Broadway=a:1"}, "choose from: Times Square, 42nd St East, Central Park"),
        ({"won": "Central Park=a:1"}, "give it without plots"),
        ({"won": "Times Square="}, "like `a:2 b:0`, or `none`"),
        ({"won": "Times Square=a:9"}, "types runs from 0 to 4"),
        ({"won": "none", "stop": "Central Park"}, "Central Park cannot take a building stop"),
        ({"won": "Times Square=none", "stop": "Times Square"}, "`=none`"),
        ({"stop": "Times Square"}, "`/alea round won:none stop:<district>`"),
        ({"districts": "52nd St West"}, "Which auctions of the round did Alea win?"),
    ],
)
def test_refusals_of_a_round_result_name_what_would_work(action, names):
    state, _ = play(new(3), command="round", districts="Times Square, 42nd St East")
    with pytest.raises((InputError, RuleError), match=re.escape(names)):
        play(state, command="round", **action)


@pytest.mark.parametrize(
    ("action", "names"),
    [
        ({"command": "stop", "district": "Times Square"}, "`/alea round won:… stop:<district>`"),
        ({"command": "auction", "district": "Times Square", "high_bid": 0}, "`/alea round won:"),
        ({"command": "supply_empty"}, "Finish the round of auctions first."),
    ],
)
def test_other_commands_while_a_round_is_open_name_its_result(action, names):
    state, _ = play(new(3), command="round", districts="Times Square, 42nd St East")
    with pytest.raises(RuleError, match=re.escape(names)):
        play(state, **action)


@pytest.mark.parametrize("seed, districts, won, stop, auctions", CASES)
def test_the_round_leaves_the_same_last_bid_for_the_odds_picture(
    seed, districts, won, stop, auctions
):
    """The odds picture marks Alea's latest bid: after a round it is the round's last one,
    as after the same auctions played one by one."""
    one_by_one, _ = by_auction(new(seed), auctions)
    in_a_round, _, _ = by_round(new(seed), districts, won, stop)
    assert in_a_round.last_bid is not None
    assert in_a_round.last_bid == one_by_one.last_bid
