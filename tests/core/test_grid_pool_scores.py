"""The small shared parts: a grid of owned cells, a non-negative pool, a score sheet."""

import pytest

from bot.core.errors import RuleError
from bot.core.grid import Grid, Tile
from bot.core.pool import Pool
from bot.core.scoresheet import ScoreSheet, outcome, tie_rule


def city() -> Grid:
    grid = Grid()
    for cell, kind, owner in [
        ((0, 0), "shop", "you"),
        ((0, 1), "house", "bot"),
        ((1, 1), "house", "you"),
    ]:
        grid.place(cell, Tile(kind=kind, owner=owner, mark=kind[0].upper() + owner[0]))
    return grid


def test_grid_adjacency_frontier_and_corners():
    grid = city()
    assert [c for c, _ in grid.adjacent_tiles((0, 1))] == [(1, 1), (0, 0)]
    assert (0, 2) in grid.frontier() and (1, 0) in grid.frontier() and (0, 0) not in grid.frontier()
    assert Grid().frontier() == [(0, 0)]
    assert grid.corners() == [(0, 0), (0, 1), (1, 0), (1, 1)]
    with pytest.raises(ValueError):
        grid.place((0, 0), Tile(kind="x", owner="you"))


def test_grid_bounding_box_must_fit_one_of_the_shapes():
    grid = city()
    assert grid.size() == (2, 2) and grid.size(extra=[(-3, 1)]) == (5, 2)
    shapes = [(4, 5), (5, 4)]
    assert grid.fits(shapes, extra=[(0, 4)])  # 2 x 5
    assert not grid.fits(shapes, extra=[(0, 5)])  # 2 x 6
    assert not grid.fits(shapes, extra=[(-4, 4)])  # 6 x 5


def test_grid_prints_itself_as_a_text_grid_and_survives_json():
    grid = city()
    assert grid.text() == "     0  1\n  0 Sy Hb\n  1 ·· Hy"
    assert Grid.model_validate(grid.model_dump(mode="json")) == grid


def test_pool_never_goes_below_zero_and_a_refused_payment_changes_nothing():
    pool = Pool()
    pool.add("gold", 3)
    pool.add("cube", 1)
    with pytest.raises(RuleError) as err:
        pool.pay({"gold": 2, "cube": 2})
    assert str(err.value) == "Not enough: 1 cube short." and pool.counts == {"gold": 3, "cube": 1}
    pool.pay({"gold": 3})
    assert pool["gold"] == 0 and "gold" not in pool.counts
    assert pool.take_up_to("cube", 5) == 1 and pool.total == 0
    with pytest.raises(ValueError):
        pool.add("gold", -1)


def test_score_sheet_and_the_tie_rule_from_the_games_file():
    sheet = ScoreSheet()
    sheet.add("buildings", 7)
    sheet.add("objectives", 3)
    sheet.add("buildings", 2)
    assert sheet.total == 12 and sheet.text() == "buildings: 9; objectives: 3 — total 12"
    assert tie_rule("gah", "Leopold") == "opponent" and tie_rule("alea", "Alea") == "tie"
    assert outcome(5, 5, "opponent") == "loss" and outcome(5, 5, "tie") == "tie"
    assert outcome(6, 5, "opponent") == "win" and outcome(4, 5, "player") == "loss"
