"""Boards as text: render_board() draws a board in offset rows (either layout, a drawing or
digits), read_board() reads it back."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from trapcore._types import Cell, CellLike
from trapcore._validate import as_cell, as_choice, as_flag
from trapcore.cat._board import as_board
from trapcore.cat._types import Board

__all__ = ["LAYOUTS", "STYLES", "Position", "render_board", "read_board"]

#: Offset layouts: trapcore's ``"even-r"`` (even rows shifted half a cell right) and ``"odd-r"``
#: (odd rows shifted right), which most clones store.
LAYOUTS = ("even-r", "odd-r")
#: Text styles: ``"drawing"`` (``.`` free, ``#`` blocked, ``C`` the cat, the shifted rows
#: indented) and ``"digits"`` (rows of ``0`` free, ``1`` blocked; the cat is not drawn).
STYLES = ("drawing", "digits")


class Position(NamedTuple):
    """A board and the cat's cell, as :func:`read_board` reads them.

    Attributes
    ----------
    board : ndarray of uint8, shape (rows, cols)
        0 free, 1 blocked.
    cat : (row, col) or None
        The cell marked ``C``, or ``None`` when the drawing has none.

    See Also
    --------
    read_board : Returns it.

    Examples
    --------
    >>> import trapcore as tc
    >>> board, cat = tc.cat.read_board('''
    ...  . # .
    ... . C .
    ... ''')
    >>> board.tolist(), cat
    ([[0, 1, 0], [0, 0, 0]], (1, 1))
    """

    board: Board
    cat: Cell | None


def render_board(
    board: npt.ArrayLike,
    cat: CellLike | None = None,
    *,
    numbers: bool = True,
    layout: str = "even-r",
    style: str = "drawing",
) -> str:
    """Draw a board as text in offset rows: the one formatter of cat boards (the CLI's, and
    :meth:`CatGame.to_text`'s).

    Parameters
    ----------
    board : array_like of int, shape (rows, cols)
        0 free, 1 blocked, even-r (trapcore's layout).
    cat : (row, col), optional
        The cat's cell, drawn ``C`` (``"drawing"`` only).
    numbers : bool
        Row numbers on the left and a header of column numbers (last digit); a ``"drawing"``
        only (``style="digits"`` needs ``numbers=False``).
    layout : {"even-r", "odd-r"}
        ``"odd-r"`` draws the board :func:`to_odd_r` gives (a clone's layout), its odd rows
        indented.
    style : {"drawing", "digits"}
        See :data:`STYLES`.

    Returns
    -------
    str
        One line per row, without a final newline: ``.`` free, ``#`` blocked, ``C`` the cat,
        the shifted rows indented half a cell (or rows of ``0``/``1`` digits).
        :func:`read_board` reads an even-r drawing back, :func:`board_from_text` either layout
        (``layout="odd-r"`` for a numbered odd-r drawing). ``numbers=False`` gives the text
        0.2's ``board_to_text`` wrote, without its final newline.

    Raises
    ------
    TypeError, ValueError
        For a board that is not 2-D of 0 and 1, a cat outside it, an unknown layout or style,
        ``numbers`` not a bool, or numbers with ``style="digits"``.

    See Also
    --------
    read_board : The way back.
    CatGame.to_text : A game's board as text.

    Examples
    --------
    >>> import numpy as np
    >>> import trapcore as tc
    >>> board = np.zeros((3, 4), np.uint8)
    >>> board[0, 1] = 1
    >>> print(tc.cat.render_board(board, (1, 2)))
       0 1 2 3
    0   . # . .
    1  . . C .
    2   . . . .
    >>> print(tc.cat.render_board(board, (1, 2), numbers=False, layout="odd-r"))
    . . # .
     . C . .
    . . . .
    >>> tc.cat.read_board(tc.cat.render_board(board, (1, 2))).cat
    (1, 2)
    """
    layout = as_choice(layout, "layout", LAYOUTS)
    style = as_choice(style, "style", STYLES)
    numbers = as_flag(numbers, "numbers")
    b = as_board(board)
    rows, cols = b.shape
    at = None if cat is None else as_cell(cat, b.shape, "cat")
    if numbers and style == "digits":
        raise ValueError(
            "render_board: numbers=True draws row and column numbers on a drawing only; give "
            "numbers=False with style='digits'"
        )
    if layout == "odd-r":  # mirrored columns: to_odd_r's board (formats.py)
        b = np.ascontiguousarray(b[:, ::-1])
        at = None if at is None else (at[0], cols - 1 - at[1])
    if style == "digits":
        return "\n".join(" ".join(row) for row in b.astype(str).tolist())
    drawing = _drawing(b, at, 0 if layout == "even-r" else 1)
    if not numbers:
        return "\n".join(drawing)
    width = len(str(max(rows, cols) - 1))
    lines: list[str] = []
    if cols > 10:  # the tens digit over columns 10, 20...; the word keeps read_board off it
        tens = " ".join(str(c // 10 % 10) if c % 10 == 0 and c else " " for c in range(cols))
        lines.append(" " * (width + 2) + tens + "  (tens)")
    lines.append(" " * (width + 2) + " ".join(str(c % 10) for c in range(cols)))
    lines += [f"{r:>{width}}  {line}" for r, line in enumerate(drawing)]
    return "\n".join(lines)


#: The characters of a drawn row: free, blocked, the cat (either case).
_CELLS = frozenset(".#Cc")
_BLANKS = frozenset(" \t")
_DIGITS = frozenset("0123456789")


def is_comment(line: str) -> bool:
    """True for a comment line of a board file: ``#`` first, then text that cannot be a row
    (``# from the 2024 cup``); ``# . # .`` stays a row of cells."""
    body = line.strip()
    return body.startswith("#") and not set(body) <= _CELLS | _BLANKS | _DIGITS


def _is_header(body: str) -> bool:
    """Column numbers as :func:`render_board` writes them (``0 1 2``, ``1  (tens)``)."""
    body = body.removesuffix("(tens)")
    return bool(body.strip()) and set(body) <= _DIGITS | _BLANKS


def _drawing(b: Board, at: Cell | None, shifted: int) -> list[str]:
    """A board's drawing, one line per row (render_board's): ``.`` free,
    ``#`` blocked, ``C`` the cat at ``at``; rows of parity ``shifted`` indented half a cell."""
    chars = np.where(b == 0, ".", "#").astype("<U1")
    if at is not None:
        chars[at] = "C"
    return [
        (" " if r % 2 == shifted else "") + " ".join(row) for r, row in enumerate(chars.tolist())
    ]


def read_board(text: str) -> Position:
    """Parse a board drawing.

    A drawing has one line per row: ``.`` free, ``#`` blocked, ``C`` the cat, separated by
    any spaces (the half-cell indent of even rows is ignored), optionally after a row number,
    so :func:`render_board` and :meth:`CatGame.to_text` output reads back; lines of column
    numbers are skipped. Without any ``.``, ``#`` or ``C``, lines of ``0``/``1`` digits are the
    rows. Blank lines are skipped, and so are comment lines: ``#`` followed by text that
    cannot be a row (``# seed 4, from the cup``).

    Parameters
    ----------
    text : str
        The drawing (a leading byte order mark is ignored).

    Returns
    -------
    Position
        ``(board, cat)``, ``cat`` None when there is no ``C``.

    Raises
    ------
    ValueError
        No rows, rows of different lengths, two cats, or any other character in a row; the
        message names the line and column (1-based) of the fault.

    See Also
    --------
    render_board : Writes what it reads.
    board_from_text : Other programs' boards.

    Examples
    --------
    >>> import trapcore as tc
    >>> tc.cat.read_board('''
    ...  . # .
    ... . C .
    ...  . . .
    ... ''')
    Position(board=array([[0, 1, 0],
           [0, 0, 0],
           [0, 0, 0]], dtype=uint8), cat=(1, 1))
    >>> tc.cat.read_board('''
    ... 0 1 0
    ... 0 0 0
    ... ''').cat is None  # rows of digits: no cat
    True
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    lines = [
        (number, line.rstrip())
        for number, line in enumerate(text.removeprefix("\ufeff").splitlines(), 1)
        if line.strip() and not is_comment(line)
    ]
    drawing = any(_CELLS & set(line) for _, line in lines)
    grid: list[list[int]] = []
    where: list[int] = []  # the line number of each row
    cat: Cell | None = None
    for number, line in lines:
        if drawing and _is_header(line):
            continue
        cells = _row_cells(number, line, ".#Cc" if drawing else "01")
        row: list[int] = []
        for ch in cells:
            if ch in "Cc":
                if cat is not None:
                    raise ValueError(
                        f"board: line {number}: two cats, at {cat} and {(len(grid), len(row))} "
                        "(row, col)"
                    )
                cat = (len(grid), len(row))
            row.append(1 if ch in "#1" else 0)
        grid.append(row)
        where.append(number)
    if not grid:
        raise ValueError("board: the text holds no rows of '.', '#' and 'C'")
    for number, row in zip(where, grid):
        if len(row) != len(grid[0]):
            raise ValueError(
                f"board: rows have different lengths: line {number} has {len(row)} cells, "
                f"line {where[0]} has {len(grid[0])}"
            )
    return Position(np.array(grid, dtype=np.uint8), cat)


def _row_cells(number: int, line: str, alphabet: str) -> list[str]:
    """The cells of one row, after an optional row number; ValueError at an unknown character."""
    body = line.lstrip(" \t")
    start = len(line) - len(body)
    if alphabet == ".#Cc":  # a row number (render_board's), then at least one blank
        digits = len(body) - len(body.lstrip("0123456789"))
        if digits and body[digits : digits + 1] in (" ", "\t"):
            start += digits
    cells = []
    for col, ch in enumerate(line[start:], start + 1):
        if ch in alphabet:
            cells.append(ch)
        elif ch not in _BLANKS:
            what = (
                "'.' (free), '#' (blocked) and 'C' (the cat)"
                if alphabet == ".#Cc"
                else "'0' (free) and '1' (blocked)"
            )
            raise ValueError(
                f"board: line {number}, column {col}: unknown character {ch!r}; a row holds "
                f"{what}, and a comment line starts with '#'"
            )
    return cells
