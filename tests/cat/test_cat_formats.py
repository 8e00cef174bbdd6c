"""trapcore.cat.formats: odd-r <-> even-r keeps the game; board text in both layouts round-trips."""

from collections import deque

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trapcore.cat import formats, hexgrid


def odd_r_neighbours(r, c, rows, cols):
    """Odd-r (odd rows shifted right), written from the convention, not from trapcore."""
    if r % 2:
        cand = [(r, c + 1), (r, c - 1), (r - 1, c), (r - 1, c + 1), (r + 1, c), (r + 1, c + 1)]
    else:
        cand = [(r, c + 1), (r, c - 1), (r - 1, c - 1), (r - 1, c), (r + 1, c - 1), (r + 1, c)]
    return {(a, b) for a, b in cand if 0 <= a < rows and 0 <= b < cols}


def odd_r_distances(board, start):
    rows, cols = board.shape
    dist = np.full(board.shape, -1)
    dist[start] = 0
    queue = deque([start])
    while queue:
        r, c = queue.popleft()
        for nb in odd_r_neighbours(r, c, rows, cols):
            if board[nb] == 0 and dist[nb] < 0:
                dist[nb] = dist[r, c] + 1
                queue.append(nb)
    return dist


@st.composite
def boards(draw):
    rows, cols = draw(st.integers(1, 12)), draw(st.integers(1, 12))
    cells = rows * cols
    cat = (draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1)))
    blocked = draw(st.integers(0, cells - 1))
    return hexgrid.random_board(
        rows, cols, blocked, seed=draw(st.integers(0, 999)), keep_free=cat
    ), cat


@settings(max_examples=60, deadline=None)
@given(bc=boards())
def test_odd_r_keeps_neighbours_borders_and_distances(bc):
    board, cat = bc
    rows, cols = board.shape
    odd, odd_cat = formats.to_odd_r(board, cat)
    assert odd_cat == formats.odd_r_cell(cat, board.shape)
    for r in range(rows):
        for c in range(cols):
            mapped = {
                formats.odd_r_cell(nb, board.shape)
                for nb in hexgrid.neighbours((r, c), board.shape)
            }
            assert mapped == odd_r_neighbours(*formats.odd_r_cell((r, c), board.shape), rows, cols)
            assert board[r, c] == odd[formats.odd_r_cell((r, c), board.shape)]
    np.testing.assert_array_equal(
        odd_r_distances(odd, odd_cat)[:, ::-1], hexgrid.distances(board, cat)
    )
    back = formats.from_odd_r(odd, odd_cat)
    np.testing.assert_array_equal(back.board, board)
    assert back.cat == cat


@settings(max_examples=60, deadline=None)
@given(bc=boards(), layout=st.sampled_from(formats.LAYOUTS))
def test_text_round_trips(bc, layout):
    board, cat = bc
    text = formats.board_to_text(board, cat, layout=layout)
    pos = formats.board_from_text(text, layout=layout)
    np.testing.assert_array_equal(pos.board, board)
    assert pos.cat == cat
    if board.shape[0] >= 2:  # the indentation tells the layout
        auto = formats.board_from_text(text)
        np.testing.assert_array_equal(auto.board, board)
    digits = formats.board_to_text(board, layout=layout, style="digits")
    np.testing.assert_array_equal(formats.board_from_text(digits, layout=layout).board, board)


def test_text_looks_like_the_layouts():
    board = np.zeros((3, 4), dtype=np.uint8)
    board[0, 0] = 1
    assert formats.board_to_text(board, (1, 2)) == " # . . .\n. . C .\n . . . .\n"
    assert formats.board_to_text(board, (1, 2), layout="odd-r") == ". . . #\n . C . .\n. . . .\n"
    assert formats.board_to_text(board, style="digits") == "1 0 0 0\n0 0 0 0\n0 0 0 0\n"


def test_bad_input_names_the_argument():
    with pytest.raises(ValueError, match="layout"):
        formats.board_to_text(np.zeros((3, 3), dtype=np.uint8), layout="axial")
    with pytest.raises(ValueError, match="style"):
        formats.board_to_text(np.zeros((3, 3), dtype=np.uint8), style="json")
    with pytest.raises(ValueError, match="board"):
        formats.to_odd_r(np.full((3, 3), 2))
    with pytest.raises(ValueError, match="cat"):
        formats.to_odd_r(np.zeros((3, 3), dtype=np.uint8), (3, 0))
    with pytest.raises(TypeError, match="text"):
        formats.board_from_text(b". .")
    with pytest.raises(ValueError, match="cell"):
        formats.odd_r_cell((5, 5), (3, 3))
