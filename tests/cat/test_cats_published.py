"""The reimplemented published cats (tests/reference/cats_published.py) play legal moves, escape
when they can, run as callables in simulate(), and choose as their rules say in positions worked
out by hand (boards even-r; the originals' odd-r boards mirrored left-right)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from _suite import size

import trapcore as tc
from reference.cats_published import (
    PUBLISHED,
    _cf_first_block,
    _cf_last_block,
    _cf_rays,
    _cf_score,
    course_alphabeta,
    course_earlier,
    course_proximity,
    zhangyoufu_hard,
    zhangyoufu_rank,
)
from trapcore.cat import hexgrid


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_published_cats_move_legally(name):
    cat_fn = PUBLISHED[name]
    rng = np.random.default_rng(0)
    for seed in range(15):
        b = hexgrid.random_board(9, 9, 20, seed=seed, keep_free=(4, 4))
        if hexgrid.escape_path(b, (4, 4)) is None:
            continue
        q = cat_fn(b, (4, 4), rng)
        assert q in hexgrid.neighbours((4, 4), b.shape) and not b[q]
        path = hexgrid.escape_path(b, (4, 4))
        if len(path) == 2:  # a border cell next to the cat: every published cat takes it
            assert hexgrid.is_border(q, b.shape)


@pytest.mark.parametrize(
    "name", ["ganlvtech", "racket", "zhangyoufu_hard", "course_earlier", "course_alphabeta"]
)
def test_published_cats_in_simulate(name):
    games = size(6, 20)
    r = tc.cat.simulate(games, 9, 9, 8, policy=PUBLISHED[name], player="greedy", seed=3)
    again = tc.cat.simulate(games, 9, 9, 8, policy=PUBLISHED[name], player="greedy", seed=3)
    assert np.array_equal(r.outcomes, again.outcomes) and r.games == games


def _board(size, blocked):
    b = np.zeros((size, size), dtype=np.uint8)
    for cell in blocked:
        b[cell] = 1
    return b


def test_zhangyoufu_hard_takes_the_sturdier_path():
    # 7x7, cat (3,3), two moves. W (3,2): escape path (3,1) (2,0), dis 2; blocking (3,1) leaves
    # (3,3) (3,4) (4,4) (5,4) (6,3), 5 steps; blocking (2,0) leaves (3,1) (3,0), 2 steps:
    # 4 * 7/2 + 2/2 = 15. E (3,4): path (4,4) (5,4) (6,3), dis 3; blocking each cell leaves a
    # 3-step path ((3,5) (4,5) (5,6); (4,4) (5,5) (6,5); (4,4) (5,5) (6,5)): 4 * 9/3 + 3/2 = 13.5.
    # The cat takes the longer, sturdier way: E.
    b = _board(
        7,
        [(0, 0), (1, 1), (2, 1), (2, 2), (2, 3), (2, 4), (3, 6)]
        + [(4, 1), (4, 2), (4, 3), (4, 6), (5, 0), (6, 4), (6, 6)],
    )
    assert zhangyoufu_rank(b, (3, 2)) == 15.0
    assert zhangyoufu_rank(b, (3, 4)) == 13.5
    assert zhangyoufu_hard(b, (3, 3), None) == (3, 4)


def test_zhangyoufu_hard_ranks_cut_paths_last():
    # 5x5 with one free border cell, (0,2): blocking it cuts every way out, so each move ranks
    # 1000 + its path length. NW (1,2) and NE (1,3) both touch (0,2) (1001); NW comes first in
    # the mirrored direction order NW, W, SW, SE, E, NE.
    border = [(r, c) for r in range(5) for c in range(5) if r in (0, 4) or c in (0, 4)]
    b = _board(5, [p for p in border if p != (0, 2)])
    assert zhangyoufu_rank(b, (1, 2)) == zhangyoufu_rank(b, (1, 3)) == 1001.0
    assert zhangyoufu_rank(b, (2, 1)) == 1002.0  # (1,2) (0,2)
    assert zhangyoufu_hard(b, (2, 2), None) == (1, 2)


def test_zhangyoufu_hard_on_the_empty_board_goes_first_in_its_order():
    # Empty 5x5, cat (2,2). NW (1,2) touches two border cells, (0,1) and (0,2): blocking the one
    # on its path leaves the other, rank 4 * 1 + 1/2, the least a move inside can rank; E (2,3)
    # too. W (2,1) touches only (2,0): blocked, the way out is 2 steps, 4 * 2 + 1/2. NW comes
    # first in the mirrored order NW, W, SW, SE, E, NE.
    b = _board(5, [])
    assert zhangyoufu_rank(b, (1, 2)) == zhangyoufu_rank(b, (2, 3)) == 4.5
    assert zhangyoufu_rank(b, (2, 1)) == 8.5
    assert zhangyoufu_hard(b, (2, 2), None) == (1, 2)


def test_course_proximity():
    # 5x5, cat (2,2): each open ray leaves the board after 2 cells (distance 3): 10 - 3. Blocking
    # (2,1) closes W, and (2,4) ends E on a block at its 2nd step (distance 10); still 7. Blocking
    # the first cell of every ray but W, and W's 2nd cell: W's distance is 5 * 2, score 0.
    assert course_proximity(_board(5, []), (2, 2)) == 7
    assert course_proximity(_board(5, [(2, 1), (2, 4)]), (2, 2)) == 7
    closed = [(2, 3), (1, 2), (1, 3), (3, 2), (3, 3), (2, 0)]
    assert course_proximity(_board(5, closed), (2, 2)) == 0


def test_course_earlier_takes_the_double_threat():
    # Depth 4, 5x5, cat (2,2). A move to a cell with two free border neighbours wins: the player
    # blocks one, the cat steps onto the other at depth 3, value (25 - 3) * 100 = 2200, more than
    # any depth-4 leaf (at most 21 * 8). On the empty board W (2,1) has one border neighbour
    # ((2,0)) and E (2,3) has three: the cat goes E, second in the mirrored order W, E, NW, NE,
    # SW, SE. With (0,1) (0,3) (1,4) (2,4) (4,1) blocked, only SE (3,3) keeps two or more ((4,2)
    # (4,3) (3,4)); W (2,0), E (3,4), NW (0,2), NE (0,2), SW (4,2) have one each.
    assert course_earlier(_board(5, []), (2, 2)) == (2, 3)
    b = _board(5, [(0, 1), (0, 3), (1, 4), (2, 4), (4, 1)])
    assert course_earlier(b, (2, 2)) == (3, 3)


def test_course_earlier_steps_onto_the_border():
    # A free border neighbour is worth (size**2 - 1) * 100, the most: the first in the mirrored
    # order W, E, NW, NE, SW, SE. From (1,2) on 5x5 (odd row) W (1,1) is inside; NW (0,1) and
    # NE (0,2) are border cells: NW.
    assert course_earlier(_board(5, []), (1, 2)) == (0, 1)


def test_course_alphabeta_leaf():
    # Empty 7x7, cat (3,3) at the centre (penalty 1): six moves, each ray 3 free cells and off
    # the board, distance 4 (the cat's cell counts): 0.2 * 6/6 + (7 - 4)/7 - 0.5 * 1.
    rays = _cf_rays(_board(7, []), (3, 3))
    assert [dist for _, dist in rays] == [4] * 6
    assert _cf_score(7, (3, 3), 6, 4) == 0.2 * (6 / 6.0) + (7 - 4) / 7 - 0.5 * 1.0
    # Blocking each ray's 2nd cell: one free cell, then a block, distance 1 + 1 + 7 = 9.
    second = [cells[1] for cells, _ in rays]
    assert [dist for _, dist in _cf_rays(_board(7, second), (3, 3))] == [9] * 6


def test_course_alphabeta_last_block_off_the_rays_or_on_them():
    # The depth-3 block (then the leaf) with the cat at (3,3) of 7x7 and every ray ending on a
    # block after one free cell (distance 9). A block off the rays leaves 0.2 + (7 - 9)/7 - 0.5.
    # Blocking a ray's only cell takes a move and brings that ray's end nearer (1 + 7 = 8): the
    # course's evaluation then rates the cat higher, 0.2 * 5/6 + (7 - 8)/7 - 0.5. So the player
    # blocks off the rays when a free cell is left there (42 free cells), on a ray when the six
    # ray cells are all that is free.
    b = _board(7, [cells[1] for cells, _ in _cf_rays(_board(7, []), (3, 3))])
    off, on = _cf_score(7, (3, 3), 6, 9), _cf_score(7, (3, 3), 5, 8)
    assert off < on
    assert _cf_last_block(b, (3, 3), 42) == off
    assert _cf_last_block(b, (3, 3), 6) == on


def test_course_alphabeta_steps_onto_the_border_and_takes_the_double_threat():
    # A free border neighbour is worth (2 * 25 - 1) * 500, the most: from (1,2) on 5x5 the first
    # in the mirrored order W, E, NW, NE, SW, SE: W (1,1) is inside, NW (0,1) on the border.
    assert course_alphabeta(_board(5, []), (1, 2), None) == (0, 1)
    # Empty 5x5, cat (2,2): W (2,1) has one border neighbour ((2,0)), the player blocks it;
    # E (2,3) has three: the player blocks one, the cat steps onto another at depth 3,
    # (2 * 25 - 3) * 500 = 23500, more than any leaf. The cat goes E, second in the order.
    b = _board(5, [])
    assert _cf_first_block(b, (2, 3), 25, -math.inf) == 23500
    assert _cf_first_block(b, (2, 1), 25, -math.inf) < 1
    assert course_alphabeta(b, (2, 2), None) == (2, 3)


def test_course_alphabeta_keeps_out_of_a_pocket():
    # 7x7, cat (3,3); W (3,2) is a pocket: its other neighbours (3,1) (2,2) (2,1) (4,2) (4,1)
    # are blocked, so after W the player blocks (3,3) and the cat has no move at depth 2:
    # (2 * 49 - 2) * -500. NW (2,2) and SW (4,2) are blocked too. NE (2,3) and SE (4,3) are
    # mirror images across row 3, so they tie; the search rates E (3,4) lower, and the cat takes
    # NE, before SE in the mirrored order W, E, NW, NE, SW, SE.
    b = _board(7, [(3, 1), (2, 2), (2, 1), (4, 2), (4, 1)])
    free = int((b == 0).sum())
    assert _cf_first_block(b, (3, 2), free, -math.inf) == (2 * 49 - 2) * -500
    ne, se = (_cf_first_block(b, q, free, -math.inf) for q in [(2, 3), (4, 3)])
    assert ne == se > _cf_first_block(b, (3, 4), free, -math.inf)
    assert course_alphabeta(b, (3, 3), None) == (2, 3)
