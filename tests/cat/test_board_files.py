"""Cat board files: unknown characters refused with line and column, comments skipped
(issue 30, item 4)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trapcore as tc
from trapcore import cli
from trapcore.cat import read_board, render_board


@pytest.mark.parametrize(
    "text, line, column, char",
    [
        ("X....\n.....\n..C..\n", 1, 1, "X"),
        (". . .\n . C .\n. . x\n", 3, 5, "x"),
        ("# a comment\n. . .\n . C ?\n", 3, 6, "?"),
        ("010\n020\n", 2, 2, "2"),
        ("hello\n", 1, 1, "h"),
    ],
)
def test_unknown_characters_are_refused_where_they_are(text, line, column, char):
    with pytest.raises(ValueError) as info:
        read_board(text)
    msg = str(info.value)
    assert f"line {line}, column {column}" in msg and repr(char) in msg, msg


def test_comment_lines_are_skipped():
    plain = read_board(". . .\n . C .\n. # .\n")
    for text in (
        "# Trap the Cat board, seed 4\n. . .\n . C .\n. # .\n",
        ". . .\n# the middle row:\n . C .\n. # .\n",
        "   # indented comment\n. . .\n . C .\n. # .\n# end\n",
    ):
        pos = read_board(text)
        np.testing.assert_array_equal(pos.board, plain.board)
        assert pos.cat == plain.cat


def test_a_row_starting_with_a_block_is_not_a_comment():
    pos = read_board("# . .\n . C .\n. . #\n")
    assert pos.board[0].tolist() == [1, 0, 0]


def test_different_lengths_name_the_lines():
    with pytest.raises(ValueError, match=r"line 3 has 2 cells, line 1 has 3"):
        read_board(". . .\n . C .\n. .\n")


def test_two_column_boards_keep_their_header_out():
    g = tc.CatGame.from_board(np.zeros((4, 2), np.uint8), (1, 1))
    pos = read_board(g.to_text())
    assert pos.board.shape == (4, 2) and pos.cat == (1, 1)


def test_cli_names_file_line_and_column(tmp_path, capsys):
    f = tmp_path / "board.txt"
    f.write_text(".....\nX....\n..C..\n.....\n.....\n")
    assert cli.main(["cat", "solve", "--board", str(f)]) == 2
    err = capsys.readouterr().err
    assert "board.txt" in err and "line 2, column 1" in err and "'X'" in err


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 9),
    st.integers(1, 9),
    st.integers(0, 2**32 - 1),
    st.text(alphabet="abdefghijklmnopqrstuvwxyz ,:!", min_size=1, max_size=30),
    st.integers(0, 20),
)
def test_rendered_boards_with_comments_read_back(rows, cols, seed, comment, where):
    rng = np.random.default_rng(seed)
    board = (rng.random((rows, cols)) < 0.3).astype(np.uint8)
    cat = (int(rng.integers(rows)), int(rng.integers(cols)))
    board[cat] = 0
    lines = render_board(board, cat).splitlines()
    lines.insert(min(where, len(lines)), "# " + comment + "z")  # text no row can hold
    pos = read_board("\n".join(lines))
    np.testing.assert_array_equal(pos.board, board)
    assert pos.cat == cat
