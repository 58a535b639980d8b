"""The opponent's hotel on the core grid: a room holds a guest of some colour, the board's
floors, columns and groups come from the data, and the text shows the board as it stands."""

import random

from bot.games.grand_austria import hotel

FLOOR_ONE = {f"1.{c}": "blue" for c in range(1, 6)}
COLUMN_FIVE = {f"{f}.5": "green" for f in range(2, 5)}


def test_a_room_s_tile_is_the_guest_s_colour_on_the_room_s_cell():
    grid = hotel.grid({"1.1": "green", "3.4": "yellow"})
    tile = grid.get((1, 1))
    assert tile is not None and tile.kind == "green" and tile.mark == "B"  # a blue room
    assert grid.occupied() == [(1, 1), (3, 4)]


def test_full_floors_columns_and_groups_are_counted_on_the_night_side():
    full = FLOOR_ONE | COLUMN_FIVE
    assert hotel.full_floors(full) == 1 and hotel.full_columns(full) == 1
    # groups: 1.1 alone, 1.5 alone and 4.5 alone are full; 2.5 + 3.4 + 3.5 lacks 3.4
    assert hotel.full_groups(full) == 3
    assert hotel.full_groups(full | {"3.4": "yellow"}) == 4
    assert hotel.room_vp(full) == 5 * 1 + 2 + 3 + 4


def test_the_hotel_text_shows_rooms_reserved_rooms_and_cogwheels_top_floor_first():
    text = hotel.render({"1.1": "green", "1.3": "red"}, {"4.5": "blue"}, ["2.2"])
    assert text == "4 · · · · b\n3 · · · · ·\n2 · * · · ·\n1 B · R · ·\n  1 2 3 4 5"


def test_each_colour_takes_the_first_empty_room_of_the_rule_s_order_on_any_hotel():
    """The placement orders are sorted once; here they are the rule book's sentences again."""
    board = hotel.spaces()
    labels = [s.label for s in board.values()]
    rng = random.Random(7)
    for _ in range(200):
        built = {label: "red" for label in rng.sample(labels, rng.randrange(len(labels) + 1))}
        grid = hotel.grid(built)
        # green: the first empty space from the bottom in the rightmost possible column
        green = grid.first_empty(board, order=lambda c: (-c[1], c[0]))
        assert hotel.room_for(built, "green") == (board[green] if green else None)
        for colour in ("blue", "red", "yellow"):
            # first matching space from the left on the bottommost possible floor
            rooms = [c for c in board if board[c].colour == colour]
            cell = grid.first_empty(rooms, order=lambda c: c)
            assert hotel.room_for(built, colour) == (board[cell] if cell else None)
