"""Cat boards for other programs: odd-r <-> even-r conversion, and text in either layout."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from trapcore._renamed import module_getattr
from trapcore._types import CellLike, ShapeLike
from trapcore._validate import _describe, as_cell, as_choice, as_grid
from trapcore.cat._board import as_shape
from trapcore.cat._types import Board
from trapcore.cat.render import LAYOUTS, STYLES, Position, is_comment, read_board, render_board

__all__ = [
    "LAYOUTS",
    "STYLES",
    "board_from_text",
    "from_odd_r",
    "odd_r_cell",
    "to_odd_r",
]


def _board(board: npt.ArrayLike, name: str = "board") -> Board:
    return as_grid(board, name, np.uint8, values=(0, 1))


def odd_r_cell(cell: CellLike, shape: ShapeLike) -> tuple[int, int]:
    """The cell ``(r, cols - 1 - c)``: where ``cell`` of an even-r board lies on the odd-r board
    :func:`to_odd_r` makes, and back (the map is its own inverse).

    Parameters
    ----------
    cell : (row, col)
    shape : (rows, cols)

    Returns
    -------
    (row, col)
        The same row, the column mirrored.

    Raises
    ------
    TypeError, ValueError
        For a cell that is not a pair of ints inside ``shape``.

    See Also
    --------
    to_odd_r : A whole board.

    Examples
    --------
    >>> import trapcore as tc
    >>> tc.cat.odd_r_cell((1, 2), (3, 4))
    (1, 1)
    >>> tc.cat.odd_r_cell((1, 1), (3, 4))  # and back
    (1, 2)
    """
    rows, cols = as_shape(shape)  # ints >= 1 (inf or 2.5 are refused, not truncated)
    r, c = as_cell(cell, (rows, cols), "cell")
    return r, cols - 1 - c


def to_odd_r(board: npt.ArrayLike, cat: CellLike | None = None) -> Position:
    """The odd-r board of the same game as the even-r ``board``.

    Mirroring the columns turns "even rows shifted right" into "odd rows shifted right" with the
    same shape: every cell keeps its six neighbours and its place on the border, so the game
    (distances, escapes, the solver's verdicts) is the same, drawn mirrored left to right. No
    map that keeps the picture's orientation keeps the shape too (it would add a row).

    Parameters
    ----------
    board : array_like of 0/1, shape (rows, cols)
        Even-r (trapcore's layout).
    cat : (row, col), optional
        The cat's cell on ``board``.

    Returns
    -------
    Position
        ``(odd-r board, cat's cell on it or None)``.

    Raises
    ------
    TypeError, ValueError
        For a board that is not 2-D of 0 and 1, or a cat outside it.

    See Also
    --------
    from_odd_r : The way back.
    odd_r_cell : One cell.

    Examples
    --------
    >>> import numpy as np
    >>> import trapcore as tc
    >>> board = np.zeros((3, 4), np.uint8)
    >>> board[0, 1] = 1
    >>> odd, cat = tc.cat.to_odd_r(board, (1, 2))
    >>> odd.tolist(), cat
    ([[0, 0, 1, 0], [0, 0, 0, 0], [0, 0, 0, 0]], (1, 1))
    >>> print(tc.cat.render_board(board, (1, 2), numbers=False, layout="odd-r"))  # as drawn
    . . # .
     . C . .
    . . . .
    """
    b = _board(board)
    return Position(
        np.ascontiguousarray(b[:, ::-1]),
        None if cat is None else odd_r_cell(as_cell(cat, b.shape, "cat"), b.shape),
    )


def from_odd_r(board: npt.ArrayLike, cat: CellLike | None = None) -> Position:
    """The even-r board (trapcore's layout) of the same game as the odd-r ``board`` (a clone's);
    the inverse of :func:`to_odd_r`, with the same parameters and errors.

    Parameters
    ----------
    board : array_like of 0/1, shape (rows, cols)
        Odd-r (a clone's layout).
    cat : (row, col), optional
        The cat's cell on ``board``.

    Returns
    -------
    Position
        ``(even-r board, cat's cell on it or None)``.

    Raises
    ------
    TypeError, ValueError
        For a board that is not 2-D of 0 and 1, or a cat outside it.

    See Also
    --------
    to_odd_r : The way there.
    odd_r_cell : One cell.

    Examples
    --------
    >>> import numpy as np
    >>> import trapcore as tc
    >>> board = np.zeros((4, 5), np.uint8)
    >>> board[1, 0] = 1
    >>> odd, cat = tc.cat.to_odd_r(board, (2, 1))
    >>> back, cat_back = tc.cat.from_odd_r(odd, cat)
    >>> np.array_equal(back, board), cat_back
    (True, (2, 1))
    """
    return to_odd_r(board, cat)


def _board_to_text(
    board: npt.ArrayLike,
    cat: CellLike | None = None,
    *,
    layout: str = "even-r",
    style: str = "drawing",
) -> str:
    """0.2's ``board_to_text``, deprecated (it goes in 0.4): ``render_board(board, cat,
    numbers=False, layout=layout, style=style) + "\\n"``, the same text, byte for byte.

    Parameters
    ----------
    board, cat, layout, style
        As for :func:`render_board`.

    Returns
    -------
    str
        One line per row, ending in a newline; :func:`board_from_text` reads it back.
    """
    return render_board(board, cat, numbers=False, layout=layout, style=style) + "\n"


def _detect(text: str) -> str | None:
    """The layout a drawing's indentation shows: the parity of its indented rows, or None."""
    rows = [
        line
        for line in text.splitlines()
        if any(ch in ".#Cc" for ch in line) and not is_comment(line)
    ]
    if len(rows) < 2:
        return None
    indent = [len(line) - len(line.lstrip(" ")) for line in rows[:2]]
    if indent[0] > indent[1]:
        return "even-r"
    if indent[1] > indent[0]:
        return "odd-r"
    return None


def board_from_text(text: str, *, layout: str | None = None) -> Position:
    """Read a board drawn in either layout, as trapcore's even-r board.

    Parameters
    ----------
    text : str
        A drawing (``.`` free, ``#`` blocked, ``C`` the cat) or rows of ``0``/``1`` digits, as
        :func:`trapcore.cat.read_board` reads them.
    layout : {"even-r", "odd-r"}, optional
        The text's layout; by default read from the indentation of the first two rows (the
        indented one is the shifted one), else ``"even-r"``.

    Returns
    -------
    Position
        ``(even-r board, cat or None)``.

    Raises
    ------
    TypeError, ValueError
        For text that is not a str, holds no board or rows of different lengths, or an unknown
        layout.

    See Also
    --------
    read_board : trapcore's own layout.
    to_odd_r : Other coordinate systems.

    Examples
    --------
    >>> import numpy as np
    >>> import trapcore as tc
    >>> board = np.zeros((3, 4), np.uint8)
    >>> board[0, 1] = 1
    >>> text = tc.cat.render_board(board, (1, 2), numbers=False, layout="odd-r")
    >>> print(text)
    . . # .
     . C . .
    . . . .
    >>> even, cat = tc.cat.board_from_text(text)  # the indented odd row tells the layout
    >>> np.array_equal(even, board), cat
    (True, (1, 2))
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {_describe(text)}")
    if layout is not None:
        layout = as_choice(layout, "layout", LAYOUTS)
    else:
        layout = _detect(text) or "even-r"
    pos = read_board(text)
    return from_odd_r(pos.board, pos.cat) if layout == "odd-r" else pos


#: 0.2's name, deprecated (it goes in 0.4): render_board(numbers=False) draws the same text.
__getattr__ = module_getattr(
    __name__, {"board_to_text": "render_board"}, globals(), {"board_to_text": _board_to_text}
)
del module_getattr
