"""Alea's auctions and building, as the two-player rules say."""

import pytest

from bot.core.errors import InputError, RuleError
from bot.games.fifth_avenue import AleaRules
from bot.games.fifth_avenue.bids import parse_cards
from bot.games.fifth_avenue.building import parse_plots

RULES = AleaRules()


def new(mode="virtual", seed=1):
    return RULES.new_game({"mode": mode}, seed)[0]


def play(state, **action):
    return RULES.apply(state, action)


def text(out):
    return "\n".join(out.facts)


def test_rule_4_1_a_bid_equal_to_the_high_bid_is_out_and_cards_go_to_the_bottom():
    state = new("physical")
    state, out = play(state, command="auction", district="Times Square", high_bid=14, cards="4 6 4")
    assert state.auction is None
    assert "rule 4.1" in text(out)
    assert state.bottom == [4, 6, 4]


def test_rule_4_2_alea_leads_then_wins_if_both_pass():
    state, out = play(
        new("physical"), command="auction", district="Times Square", high_bid=9, cards="5 6 5"
    )
    assert state.auction is not None and state.auction.bid == 16 and "rule 4.2" in text(out)
    assert state.bottom == []  # his cards stay out until the auction is over
    state, out = play(state, command="result", outcome="passed")
    assert state.alea_wins == 1 and state.auction is not None and state.auction.stage == "build"
    assert state.bottom == [5, 6, 5]


def test_rule_4_2_alea_is_out_when_overbid():
    state, _ = play(
        new("physical"), command="auction", district="Times Square", high_bid=9, cards="5 6 5"
    )
    state, out = play(state, command="result", outcome="overbid")
    assert state.auction is None and state.alea_wins == 0 and "out" in text(out)


def _won(district="Times Square"):
    state, _ = play(new("physical"), command="auction", district=district, high_bid=0, cards="4 4")
    return play(state, command="result", outcome="passed")[0]


def test_alea_builds_one_skyscraper_on_the_most_valuable_empty_plot():
    state, out = play(_won(), command="build", plots="a:1 b:3 c:2")
    assert state.districts["Times Square"].alea_skyscrapers == 1
    assert "plot b" in text(out) and "5 VP" in text(out)
    assert state.supply == 17


def test_tied_plots_get_one_skyscraper_each():
    state, out = play(_won(), command="build", plots="a:2 b:0 c:2")
    assert state.districts["Times Square"].alea_skyscrapers == 2
    assert "on each** of plots a, c:" in text(out)


def test_no_empty_plot_means_alea_declares_a_building_stop():
    state, out = play(_won(), command="build", plots="none")
    assert state.districts["Times Square"].stopped_by == "alea"
    assert state.building_stops == 1 and "building stop" in text(out)


def test_winning_central_park_builds_nothing():
    state = new("physical")
    state, _ = play(state, command="auction", district="central park", high_bid=0, cards="6 6")
    state, out = play(state, command="result", outcome="passed")
    assert state.auction is None and "builds nothing" in text(out)
    assert sum(d.alea_skyscrapers for d in state.districts.values()) == 0


def test_player_building_stop_reminds_of_alea_skyscrapers_and_the_second_stop_ends_the_game():
    state, _ = play(_won(), command="build", plots="a:2 b:2")
    state, out = play(state, command="stop", district="Times Square")
    assert "Alea has **2** skyscrapers there" in text(out)
    assert state.phase == "play"
    with pytest.raises(RuleError):
        play(state, command="auction", district="Times Square", high_bid=0, cards="4 4")
    state, out = play(state, command="stop", district="52nd St East")
    assert state.phase == "ended" and "second building stop" in text(out)


def test_empty_business_supply_row_ends_the_game():
    state, out = play(new(), command="supply_empty")
    assert state.phase == "ended"
    with pytest.raises(RuleError):
        play(state, command="auction", district="Times Square", high_bid=0)
    state, out = play(state, command="end", score=50, partner_score=47)
    assert out.finished and "you win" in text(out)


def test_the_prompts_say_how_the_game_ends_and_what_the_end_takes():
    """A player who reads only the replies learns the end: the supply row's command between
    the rounds, then the end with both scores."""
    state, out = RULES.new_game({"mode": "virtual"}, 1)
    assert "When the business supply row runs out: `/alea supply-empty`." in out.prompt
    state, out = play(state, command="supply_empty")
    assert out.prompt == (
        "Final scoring as usual (Alea scores nothing), then "
        "`/alea end score:<yours> partner_score:<your partner's>`."
    )


def test_virtual_cards_return_to_the_bottom_in_order_over_several_auctions():
    state = new("virtual", seed=9)
    start = list(state.stack.draw_pile)
    returned: list[int] = []
    for high in (30, 0, 30, 0, 30):
        state, _ = play(state, command="auction", district="Times Square", high_bid=high)
        if state.auction is not None:
            cards = list(state.auction.cards)
            state, _ = play(state, command="result", outcome="overbid")
        else:
            cards = state.bottom[len(returned) :]
        returned += cards
    assert state.stack.draw_pile[-len(returned) :] == returned
    assert state.stack.draw_pile[: 50 - len(returned)] == start[len(returned) :]
    assert state.bottom == returned
    assert len(state.stack.draw_pile) == 50


def test_physical_mode_needs_the_cards_and_virtual_mode_refuses_them():
    with pytest.raises(InputError, match="Turn Alea's black cards"):
        play(new("physical"), command="auction", district="Times Square", high_bid=0)
    with pytest.raises(InputError, match="virtual mode"):
        play(new("virtual"), command="auction", district="Times Square", high_bid=0, cards="4 4")


def test_odds_use_the_unseen_cards_and_the_known_bottom():
    state = new("physical")
    state, _ = play(state, command="auction", district="Times Square", high_bid=30, cards="4 5 6 4")
    out = RULES.odds(state, 12, None)
    assert "46 unseen black cards (18×4, 15×5, 13×6)" in text(out)
    assert "Chance that Alea bids more than 12" in text(out)
    assert out.picture is not None and len(out.picture.data["bars"]) == 10
    override = RULES.odds(state, None, "none")
    assert "50 unseen" in text(override)


@pytest.mark.parametrize("plots", ["a:5", "a:1 a:2", "x:y", "1 2 3 4 5 6 7"])
def test_bad_plots_are_rejected(plots):
    with pytest.raises(InputError):
        parse_plots(plots)


# ---------------------------------------------------------------- issue 10 item 10: stops
def _leading(district="Times Square"):
    state, _ = play(new("physical"), command="auction", district=district, high_bid=0, cards="4 4")
    return state


def test_no_building_stop_while_aleas_auction_or_build_there_is_open():
    for state in (_leading(), _won()):  # Alea leads / Alea won and must build
        with pytest.raises(RuleError, match="Finish Alea's auction first"):
            play(state, command="stop", district="Times Square")
        assert state.districts["Times Square"].stopped_by is None


def test_the_game_cannot_end_under_an_open_auction_so_alea_never_builds_after_the_end():
    state = _won()
    state, _ = play(state, command="build", plots="a:1")
    state, _ = play(state, command="stop", district="34th St West")
    state = _leading_again(state)
    for action in ({"command": "stop", "district": "52nd St East"}, {"command": "supply_empty"}):
        with pytest.raises(RuleError, match="Finish Alea's auction first"):
            play(state, **action)
    assert state.phase == "play" and state.building_stops == 1


def _leading_again(state, district="Times Square"):
    state, _ = play(state, command="auction", district=district, high_bid=0, cards="5 5")
    return play(state, command="result", outcome="passed")[0]


def test_alea_never_builds_in_a_stopped_district_or_after_the_end():
    """Even a stored state from before these checks cannot make him build there."""
    stopped = _won()
    stopped.districts["Times Square"].stopped_by = "player"
    with pytest.raises(RuleError, match="building stop"):
        play(stopped, command="build", plots="a:2")
    ended = _won()
    ended.phase = "ended"
    with pytest.raises(RuleError, match="ended"):
        play(ended, command="build", plots="a:2")
    assert ended.districts["Times Square"].alea_skyscrapers == 0


def test_a_building_stop_removes_aleas_skyscrapers_there_from_the_game():
    state, _ = play(_won(), command="build", plots="a:2 b:2")
    state, out = play(state, command="stop", district="Times Square")
    assert "Alea has **2** skyscrapers there" in text(out)  # the declarer scores them first
    assert state.districts["Times Square"].alea_skyscrapers == 0
    assert state.districts["Times Square"].removed == 2
    assert state.supply == 16  # out of the game, not back in his supply
    assert "Alea in Times Square: 0 · building stop by a player, 2 removed" in RULES.board(state)
    assert RULES.summary(state)["alea_skyscrapers"]["Times Square"] == 0


def test_aleas_own_building_stop_removes_his_skyscrapers_there_too():
    state, _ = play(_won(), command="build", plots="a:3")
    state = _leading_again(state)
    state, out = play(state, command="build", plots="none")
    district = state.districts["Times Square"]
    assert district.stopped_by == "alea" and district.alea_skyscrapers == 0
    assert district.removed == 1 and "leave the game" in text(out)


# ---------------------------------------------------------------- issue 10 item 11: digits
@pytest.mark.parametrize("cards", ["²", "5 ² 5", "4 5 ⁴", "٤ ٤", "５ ５"])
def test_superscript_and_other_unicode_digits_are_not_cards(cards):
    with pytest.raises(InputError) as err:
        parse_cards(cards)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("plots", ["²", "a:²", "a:1 b:³", "1 ²", "a:٢"])
def test_superscript_and_other_unicode_digits_are_not_plot_types(plots):
    with pytest.raises(InputError) as err:
        parse_plots(plots)
    assert "\n" not in str(err.value)


# ---------------------------------------------------------------- issue 10 item 10: the end
def test_ending_before_any_end_condition_asks_for_confirmation_first():
    state, out = play(new(), command="end", score=50, partner_score=47)
    assert not out.finished and state.phase == "play"
    assert out.ask is not None and [c.value for c in out.ask.choices] == ["yes"]
    assert [s.step_id for s in out.ask.next_steps()] == ["end:confirm=yes"]
    assert "Neither end condition has come" in out.prompt
    assert RULES.describe(state).ask == out.ask  # stored, not re-derived
    state, out = play(state, command="end", confirm="yes")  # the button: scores were kept
    assert out.finished and state.scores == {"score": 50, "partner_score": 47}
    assert "you win" in text(out)


def test_confirm_yes_ends_at_once_and_another_command_carries_on_playing():
    state, out = play(new(), command="end", confirm="yes")
    assert out.finished and state.scores is None
    state, _ = play(new(), command="end")
    state, out = play(state, command="auction", district="Times Square", high_bid=30)
    assert "Not ending the game after all" in text(out) and state.phase == "play"
    assert state.agenda.ask is None or state.agenda.ask.command != "end"


def test_after_an_end_condition_no_confirmation_is_needed():
    state, _ = play(new(), command="supply_empty")
    state, out = play(state, command="end", score=60, partner_score=61)
    assert out.finished and "your partner wins" in text(out)


def test_a_tie_on_points_asks_for_the_cards_left_in_hand():
    state, _ = play(new(), command="supply_empty")
    state, out = play(state, command="end", score=50, partner_score=50)
    assert not out.finished and out.ask is not None and out.ask.option == "cards_left"
    assert "most cards left in hand" in out.prompt
    state, out = play(state, command="end", cards_left=3, partner_cards_left=5)
    assert out.finished and "your partner holds more, so your partner wins" in text(out)
    assert state.winner == "partner"
    owner, partner = RULES.results(state)
    assert (owner.outcome, partner.outcome) == ("loss", "win")
    assert (owner.score, partner.score) == (50, 50)


@pytest.mark.parametrize(
    ("mine", "theirs", "winner", "outcomes"),
    [(6, 2, "owner", ("win", "loss")), (4, 4, "tie", ("tie", "tie"))],
)
def test_the_tie_break_taken_as_options(mine, theirs, winner, outcomes):
    state, _ = play(new(), command="supply_empty")
    action = {"score": 70, "partner_score": 70, "cards_left": mine, "partner_cards_left": theirs}
    state, out = play(state, command="end", **action)
    assert out.finished and state.winner == winner
    assert tuple(r.outcome for r in RULES.results(state)) == outcomes


# ---------------------------------------------------------------- the agenda and the commands
def test_an_auction_is_an_agenda_whose_question_is_stored():
    state, out = play(
        new("physical"), command="auction", district="Times Square", high_bid=9, cards="5 6 5"
    )
    assert [s.kind for s in state.agenda.steps] == ["contest"]
    assert out.ask is not None and out.ask.command == "result"
    assert [s.step_id for s in out.ask.next_steps()] == [
        "result:outcome=passed",
        "result:outcome=overbid",
    ]
    reloaded = RULES.load(state.model_dump(mode="json"))
    assert reloaded.agenda.ask == state.agenda.ask
    state, out = play(state, command="result", outcome="passed")
    assert [s.kind for s in state.agenda.steps] == ["build"]
    assert out.ask is not None and out.ask.command == "build"
    assert [s.step_id for s in out.ask.next_steps()] == ["build:plots=none"]  # the one button


def test_a_state_stored_before_the_agenda_loads_with_its_open_auction():
    state = _leading()
    old = state.model_dump(mode="json")
    del old["agenda"], old["winner"]
    old["auction"] = {"district": "Times Square", "high_bid": 0, "cards": [4, 4], "stage": "build"}
    loaded = RULES.load(old)
    assert loaded.auction is not None and loaded.auction.stage == "build"
    assert loaded.agenda.ask is not None and loaded.agenda.ask.command == "build"


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ({"command": "auction", "district": "Times Square"}, "`high_bid` is missing."),
        ({"command": "auction", "district": 5, "high_bid": 0}, "`district` must be text."),
        ({"command": "auction", "district": "x", "high_bid": 201}, "at most 200"),
        (
            {"command": "result", "outcome": "won"},
            "`outcome` cannot be `won`. Valid: `passed`, `overbid`",
        ),
        ({"command": "build"}, "`plots` is missing."),
        ({"command": "end", "score": "lots"}, "`score` must be a whole number."),
        ({"command": "end", "confirm": "no"}, "`confirm` cannot be `no`. Valid: `yes`"),
        ({"command": "end", "cards_left": 111}, "at most 110"),
        ({"command": "stop", "district": "Times Square", "x": 1}, "not an option"),
        ({"command": "nope"}, "Unknown command"),
    ],
)
def test_bad_options_are_one_line_input_errors_from_the_models(action, message):
    with pytest.raises(InputError, match=message) as err:
        RULES.apply(new(), action)
    assert "\n" not in str(err.value)


def test_start_options_come_from_the_start_model():
    from bot.games.fifth_avenue.spec import SPEC

    assert SPEC.start_options({}) == {"mode": "virtual"}
    with pytest.raises(InputError, match="Unknown start option"):
        SPEC.start_options({"mode": "virtual", "colour": "red"})
    with pytest.raises(
        InputError, match=r"`mode` cannot be `imaginary`\. Valid: `virtual`, `physical`"
    ):
        SPEC.start_options({"mode": "imaginary"})


# ---------------------------------------------------------------- the remembered board (issue 25)
def _alea_wins(state, district="Times Square", **result):
    state, _ = play(state, command="auction", district=district, high_bid=0, cards="5 6 5")
    return play(state, command="result", outcome="passed", **result)


def test_alea_s_own_skyscrapers_leave_the_remembered_empty_plots():
    state, _ = _alea_wins(new("physical"), plots="a:2 b:0 c:1")
    assert state.table.recall("plots:Times Square") == "b:0 c:1"  # he built on a


def test_unchanged_builds_alea_on_the_remembered_plots_with_no_typing():
    state, _ = _alea_wins(new("physical"), plots="a:2 b:0 c:1")
    state, out = _alea_wins(state)
    assert out.ask.command == "build" and out.ask.reason == "last time: `b:0 c:1`"
    [unchanged, _stop] = out.ask.next_steps()
    assert (unchanged.label, unchanged.step_id) == ("Unchanged", "build:plots=same")
    state, out = play(state, command="build", plots="same")
    assert "Alea builds **1 skyscraper** on plot c" in text(out)
    assert state.districts["Times Square"].alea_skyscrapers == 2


def test_the_end_of_the_auction_alea_led_comes_with_the_next_auction_in_one_line():
    state, _ = play(
        new("physical"), command="auction", district="Times Square", high_bid=9, cards="5 6 5"
    )
    state, out = play(
        state,
        command="auction",
        district="34th St West",
        high_bid=15,
        cards="4 6 4",
        result="overbid",
    )
    assert "Alea is overbid and out of this auction" in text(out)
    assert "Auction for **34th St West**: Alea turns 4 + 6 + 4 and bids **14**." in out.facts
    assert state.auctions == 2 and state.bottom == [5, 6, 5, 4, 6, 4]


def test_alea_winning_with_the_next_auction_asks_his_plots_first_then_bids_again():
    state, _ = play(
        new("physical"), command="auction", district="Times Square", high_bid=9, cards="5 6 5"
    )
    state, out = play(
        state, command="auction", district="34th St West", high_bid=0, cards="4 4", result="passed"
    )
    assert out.ask.command == "build" and state.auctions == 1
    state, out = play(state, command="build", plots="a:1")
    assert "Auction for **34th St West**: Alea turns 4 + 4 and bids **8**." in out.facts


def test_a_result_with_no_auction_alea_leads_is_refused():
    with pytest.raises(RuleError, match="leave out `result`"):
        play(new(), command="auction", district="Times Square", high_bid=3, result="passed")


def test_an_auction_while_alea_leads_is_refused_naming_the_result_option():
    state, _ = play(
        new("physical"), command="auction", district="Times Square", high_bid=9, cards="5 6 5"
    )
    with pytest.raises(RuleError, match="result:overbid"):
        play(state, command="auction", district="34th St West", high_bid=0, cards="4 4")
