"""What /alea offers as autocomplete: only answers the rules accept."""

from bot.games.fifth_avenue.bids import beat_chance, check_sequence, distribution, parse_cards
from bot.games.fifth_avenue.building import parse_plots
from bot.games.fifth_avenue.data import alea_data
from bot.games.fifth_avenue.suggest import (
    auction_districts,
    bid_chances,
    bid_sequences,
    card_sequences,
    plot_entries,
    stop_districts,
)


def test_every_legal_bid_order_is_offered_once_and_each_one_is_legal():
    sequences = bid_sequences()
    assert len(sequences) == 3 + 6 * 2 + 6 * 3  # a pair, three cards, four cards
    assert len({tuple(s) for s in sequences}) == len(sequences)
    for cards in sequences:
        check_sequence(cards)


def test_typed_cards_narrow_the_orders_and_each_value_parses_to_its_bid():
    offer = card_sequences({"mode": "physical"}, "6 5")
    assert [v for _, v in offer] == ["6 5 5", "6 5 6", "6 5 4 4", "6 5 4 5", "6 5 4 6"]
    for shown, value in offer:
        assert shown.endswith(f"Alea bids {sum(parse_cards(value))}")
    assert card_sequences({"mode": "physical"}, "5 5 5") == []


def test_plot_entries_are_valid_plots_and_none_only_starts_an_answer():
    assert plot_entries("")[0][1] == "none" and parse_plots("none") == []
    for text in ("", "a:2", "a:2 b:0 ", "a:1 x"):
        for _, value in plot_entries(text):
            parse_plots(value)
    assert all(v != "none" for _, v in plot_entries("a:2"))
    assert plot_entries("a:0 b:0 c:0 d:0 e:0 f:0") == [("a:0 b:0 c:0 d:0 e:0 f:0",) * 2]


def test_a_district_with_a_building_stop_is_no_longer_offered():
    summary = {"building_stops": {"Times Square": "alea"}, "alea_skyscrapers": {}}
    auction = [v for _, v in auction_districts(summary)]
    assert "Times Square" not in auction and auction[-1] == "Central Park"
    assert [v for _, v in stop_districts(summary)] == auction[:-1]


def test_each_offered_bid_says_the_exact_chance_that_alea_bids_more():
    offer = bid_chances(None, "")
    assert offer[0] == ("0 · Alea bids more: 100%", 0)
    dist = distribution(dict(alea_data().black_counts))
    for shown, bid in offer:
        assert shown == f"{bid} · Alea bids more: {float(beat_chance(dist, bid)):.0%}"
    assert [bid for _, bid in offer][1:] == list(range(min(dist) - 1, max(dist)))
    assert [bid for _, bid in bid_chances(None, "1")] == list(range(10, 20))


def test_the_bid_chances_leave_out_the_cards_known_at_the_bottom_and_on_the_table():
    known = {"stack_bottom": [6, 6, 6], "auction": {"cards": [4, 5, 4]}}
    unseen = dict(alea_data().black_counts)
    unseen[6] -= 3
    unseen[4] -= 2
    unseen[5] -= 1
    dist = distribution(unseen, [6, 6, 6])
    assert bid_chances(known, "12") == [
        (f"12 · Alea bids more: {float(beat_chance(dist, 12)):.0%}", 12)
    ]
