"""A fixed board on the core `Grid`: the cells the board has, what is full, where the next tile
goes in a placement order, and a text with the board's own labels."""

from bot.core.grid import Grid, Tile

# a board of 3 floors and 4 columns, floor 1 at the bottom; (floor, column)
BOARD = [(floor, column) for floor in (1, 2, 3) for column in (1, 2, 3, 4)]


def built(*cells: tuple[int, int]) -> Grid:
    grid = Grid()
    for cell in cells:
        grid.place(cell, Tile(kind="blue", owner="bot", mark="B"))
    return grid


def test_a_board_s_full_rows_columns_and_groups_count_only_its_own_cells():
    floor_one = [(1, c) for c in (1, 2, 3, 4)]
    column_four = [(2, 4), (3, 4)]
    grid = built(*floor_one, *column_four, (2, 1))
    assert grid.full_rows(BOARD) == [1]
    assert grid.full_columns(BOARD) == [4]
    assert grid.full([(1, 1), (2, 1)]) and not grid.full([(2, 1), (3, 1)])
    assert grid.empty_of(BOARD) == [(2, 2), (2, 3), (3, 1), (3, 2), (3, 3)]
    # a cell off the board (a city grows anywhere) never makes a board row full
    assert built((3, 5)).full_rows(BOARD) == [] and Grid().full_columns(BOARD) == []


def test_the_first_empty_cell_follows_the_placement_order_and_the_filter():
    grid = built((1, 1), (1, 4))
    row_by_row = grid.first_empty(BOARD, order=lambda c: c)
    rightmost_column_from_the_bottom = grid.first_empty(BOARD, order=lambda c: (-c[1], c[0]))
    assert row_by_row == (1, 2) and rightmost_column_from_the_bottom == (2, 4)
    odd_columns = grid.first_empty(BOARD, order=lambda c: c, where=lambda c: c[1] % 2 == 1)
    assert odd_columns == (1, 3)
    assert built(*BOARD).first_empty(BOARD, order=lambda c: c) is None
    # no order: the board is listed in placement order already
    by_column = sorted(BOARD, key=lambda c: (-c[1], c[0]))
    assert grid.first_empty(by_column) == rightmost_column_from_the_bottom
    assert built(*BOARD).first_empty(by_column) is None


def test_a_key_read_back_is_its_cell_every_time():
    for cell in [(0, 0), (-3, 12), (12, -3), *BOARD]:
        assert Grid.cell_of(Grid.key(cell)) == cell
        assert Grid.cell_of(Grid.key(cell)) == cell  # the second reading comes from the cache


def test_a_board_text_takes_the_row_order_labels_and_marks_for_empty_cells():
    grid = built((1, 1), (3, 4))
    marked = {(2, 2): "*"}
    text = grid.board_text(
        [3, 2, 1],
        [1, 2, 3, 4],
        empty=lambda cell: marked.get(cell, "·"),
        col_label=lambda c: "ABCD"[c - 1],
        columns_below=True,
    )
    assert text == "3 · · · B\n2 · * · ·\n1 B · · ·\n  A B C D"
    wide = grid.board_text([1], [1, 2], empty="..", row_label=lambda r: f"F{r}")
    assert wide == "    1  2\nF1  B .."


def test_the_city_text_is_the_board_text_of_its_bounding_box():
    grid = built((0, 0), (1, 1))
    assert grid.text() == "     0  1\n  0  B ··\n  1 ··  B"
    assert grid.text(pad=1).splitlines()[0] == "    -1  0  1  2"
    assert Grid().text() == "(empty)"
