"""Garbage in, clean errors out: throw arbitrary values at the public API and require that each
call either works or raises ValueError/TypeError, never anything else, and never crashes."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import trapcore as tc

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True),
    st.text(max_size=5),
    st.binary(max_size=5),
    st.complex_numbers(),
)
cells = st.one_of(scalars, st.tuples(scalars, scalars), st.lists(st.integers(-5, 40), max_size=4))
arrays = hnp.arrays(
    st.sampled_from(
        [
            np.uint8,
            np.int8,
            np.int16,
            np.int32,
            np.int64,
            np.uint64,
            np.float32,
            np.bool_,
            np.complex64,
        ]
    ),
    hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=12),
)
nested = st.lists(st.lists(st.integers(-3, 3), max_size=6), max_size=6)
anything = st.one_of(scalars, arrays, cells, nested)


def clean(fn, *args, **kwargs):
    try:
        fn(*args, **kwargs)
    except (ValueError, TypeError):
        pass


@given(anything, cells)
def test_hexgrid_queries(board, start):
    clean(tc.cat.hexgrid.distances, board, start)
    clean(tc.cat.hexgrid.escape_path, board, start)
    clean(tc.cat.hexgrid.distance_to_border, board)


@given(scalars, scalars, scalars, scalars, cells)
def test_hexgrid_construction(r, c, rows, cols, keep):
    clean(tc.cat.hexgrid.neighbours, (r, c), (rows, cols))
    if isinstance(rows, int) and isinstance(cols, int) and abs(rows * cols) > 10**6:
        return
    clean(tc.cat.hexgrid.random_board, rows, cols, r, seed=c, keep_free=keep)


@given(anything, cells, scalars, scalars, scalars)
def test_cat_move(board, cat, policy, rules, seed):
    clean(tc.cat.cat_move, board, cat, policy=policy, rules=rules, seed=seed)


@given(scalars, scalars, scalars, scalars, scalars, cells)
def test_cat_game(rows, cols, blocked, cat, rules, cell):
    if isinstance(rows, int) and isinstance(cols, int) and abs(rows * cols) > 10**5:
        return
    try:
        game = tc.CatGame(rows, cols, blocked, policy=cat, rules=rules, seed=0)
    except (ValueError, TypeError):
        return
    try:
        game.block(cell)
    except (ValueError, TypeError):
        pass


@pytest.mark.parametrize("rows,cols", [(1, 1), (1, 2), (2, 1), (2, 2), (1, 30), (3, 3)])
def test_tiny_games_play_out(rows, cols):
    for policy in ("bfs", "rays"):
        for rules in ("enclosed", "surrounded"):
            game = tc.CatGame(rows, cols, 0, policy=policy, rules=rules, seed=1)
            for _ in range(rows * cols):
                if game.status != "playing":
                    break
                assert game.legal_blocks(), "a game in play always leaves the player a move"
                game.block(game.legal_blocks()[0])
            assert game.status in ("won", "lost")
