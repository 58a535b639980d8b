"""What /alea offers as autocomplete: only answers the rules accept."""

from bot.games.fifth_avenue.bids import check_sequence, parse_cards
from bot.games.fifth_avenue.building import parse_plots
from bot.games.fifth_avenue.suggest import (
    auction_districts,
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
