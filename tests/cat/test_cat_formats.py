"""trapcore.cat.formats: odd-r <-> even-r keeps the game; board text in both layouts round-trips;
render_board is the one formatter (board_to_text, 0.2's, its deprecated alias)."""

import warnings
from collections import deque

import numpy as np
import pytest
from _suite import seeds
from hypothesis import given, settings
from hypothesis import strategies as st

import trapcore as tc
from trapcore.cat import formats, hexgrid, render_board


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
    text = render_board(board, cat, numbers=False, layout=layout)
    pos = formats.board_from_text(text, layout=layout)
    np.testing.assert_array_equal(pos.board, board)
    assert pos.cat == cat
    if board.shape[0] >= 2:  # the indentation tells the layout
        auto = formats.board_from_text(text)
        np.testing.assert_array_equal(auto.board, board)
    digits = render_board(board, numbers=False, layout=layout, style="digits")
    np.testing.assert_array_equal(formats.board_from_text(digits, layout=layout).board, board)
    numbered = formats.board_from_text(render_board(board, cat, layout=layout), layout=layout)
    np.testing.assert_array_equal(numbered.board, board)
    assert numbered.cat == cat


def test_text_looks_like_the_layouts():
    board = np.zeros((3, 4), dtype=np.uint8)
    board[0, 0] = 1

    def text(*args, **kwargs):
        return render_board(board, *args, numbers=False, **kwargs)

    assert text((1, 2)) == " # . . .\n. . C .\n . . . ."
    assert text((1, 2), layout="odd-r") == ". . . #\n . C . .\n. . . ."
    assert text(style="digits") == "1 0 0 0\n0 0 0 0\n0 0 0 0"
    assert render_board(board, (1, 2), layout="odd-r") == (
        "   0 1 2 3\n0  . . . #\n1   . C . .\n2  . . . ."
    )


def test_bad_input_names_the_argument():
    with pytest.raises(ValueError, match="layout"):
        render_board(np.zeros((3, 3), dtype=np.uint8), layout="axial")
    with pytest.raises(ValueError, match="style"):
        render_board(np.zeros((3, 3), dtype=np.uint8), numbers=False, style="json")
    with pytest.raises(ValueError, match="numbers=False with style='digits'"):
        render_board(np.zeros((3, 3), dtype=np.uint8), style="digits")
    with pytest.raises(ValueError, match="board"):
        formats.to_odd_r(np.full((3, 3), 2))
    with pytest.raises(ValueError, match="cat"):
        formats.to_odd_r(np.zeros((3, 3), dtype=np.uint8), (3, 0))
    with pytest.raises(TypeError, match="text"):
        formats.board_from_text(b". .")
    with pytest.raises(ValueError, match="cell"):
        formats.odd_r_cell((5, 5), (3, 3))


def old_board_to_text(board, cat=None, layout="even-r", style="drawing"):
    """0.2's board_to_text, written from its documentation, not from trapcore: odd-r mirrors the
    columns; a drawing indents the shifted rows (even rows for even-r, odd rows for odd-r) by one
    space and separates cells by one space; every line ends in a newline."""
    rows, cols = board.shape
    out = []
    for r in range(rows):
        cells = []
        for c in range(cols):
            src = cols - 1 - c if layout == "odd-r" else c
            if style == "digits":
                cells.append(str(int(board[r, src])))
            elif cat is not None and (r, src) == tuple(cat):
                cells.append("C")
            else:
                cells.append("#" if board[r, src] else ".")
        indent = style == "drawing" and r % 2 == (0 if layout == "even-r" else 1)
        out.append((" " if indent else "") + " ".join(cells) + "\n")
    return "".join(out)


@pytest.mark.parametrize("seed", seeds(200, 2000))
def test_board_to_text_is_render_board_byte_for_byte(seed):
    """The deprecated board_to_text (the package's and the formats module's) gives 0.2's text,
    which is render_board(numbers=False)'s plus a final newline, on every layout and style."""
    rng = np.random.default_rng(seed)
    rows, cols = int(rng.integers(1, 24)), int(rng.integers(1, 24))
    board = (rng.random((rows, cols)) < rng.random()).astype(np.uint8)
    cat = None if seed % 5 == 0 else (int(rng.integers(rows)), int(rng.integers(cols)))
    for layout in formats.LAYOUTS:
        for style in formats.STYLES:
            want = old_board_to_text(board, cat, layout, style)
            new = render_board(board, cat, numbers=False, layout=layout, style=style)
            assert (new + "\n").encode() == want.encode()
            for module in (tc.cat, formats):
                with pytest.warns(DeprecationWarning, match="board_to_text is deprecated"):
                    old = module.board_to_text
                with warnings.catch_warnings():
                    warnings.simplefilter("error")
                    got = old(board, cat, layout=layout, style=style)
                assert got.encode() == want.encode()
    if cat is not None:  # the numbered drawing differs only by its numbers
        plain = render_board(board, cat, numbers=False).splitlines()
        numbered = render_board(board, cat).splitlines()[-rows:]
        width = len(str(max(rows, cols) - 1))
        assert [line[width + 2 :] for line in numbered] == plain
