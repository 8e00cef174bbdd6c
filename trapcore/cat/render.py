"""Boards as text: render_board() draws a board in offset rows, read_board() reads it back."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from trapcore._validate import as_cell
from trapcore.cat._board import as_board
from trapcore.cat._types import Board, Cell, CellLike

__all__ = ["Position", "render_board", "read_board"]


class Position(NamedTuple):
    """A board and the cat's cell, as :func:`read_board` reads them.

    Attributes
    ----------
    board : ndarray of uint8, shape (rows, cols)
        0 free, 1 blocked.
    cat : (row, col) or None
        The cell marked ``C``, or ``None`` when the drawing has none.
    """

    board: Board
    cat: Cell | None


def render_board(board: npt.ArrayLike, cat: CellLike | None = None, *, numbers: bool = True) -> str:
    """Draw a board as text in offset rows.

    Parameters
    ----------
    board : array_like of int, shape (rows, cols)
        0 free, 1 blocked.
    cat : (row, col), optional
        The cat's cell, drawn ``C``.
    numbers : bool
        Row numbers on the left and a header of column numbers (last digit). Without them the
        drawing is :func:`trapcore.cat.board_to_text`'s (one formatter draws both), without its
        final newline.

    Returns
    -------
    str
        One line per row: ``.`` free, ``#`` blocked, ``C`` the cat; even rows are indented half
        a cell (even-r). :func:`read_board` reads it back.
    """
    b = as_board(board)
    rows, cols = b.shape
    drawing = _drawing(b, None if cat is None else as_cell(cat, b.shape, "cat"), 0)
    if not numbers:  # board_to_text's drawing, without its final newline
        return "\n".join(drawing)
    width = len(str(max(rows, cols) - 1))
    lines: list[str] = []
    if cols > 10:  # the tens digit over columns 10, 20...; the word keeps read_board off it
        tens = " ".join(str(c // 10 % 10) if c % 10 == 0 and c else " " for c in range(cols))
        lines.append(" " * (width + 2) + tens + "  (tens)")
    lines.append(" " * (width + 2) + " ".join(str(c % 10) for c in range(cols)))
    lines += [f"{r:>{width}}  {line}" for r, line in enumerate(drawing)]
    return "\n".join(lines)


def _drawing(b: Board, at: Cell | None, shifted: int) -> list[str]:
    """A board's drawing, one line per row (the one formatter, also board_to_text's): ``.`` free,
    ``#`` blocked, ``C`` the cat at ``at``; rows of parity ``shifted`` indented half a cell."""
    chars = np.where(b == 0, ".", "#").astype("<U1")
    if at is not None:
        chars[at] = "C"
    return [
        (" " if r % 2 == shifted else "") + " ".join(row) for r, row in enumerate(chars.tolist())
    ]


def read_board(text: str) -> Position:
    """Parse a board drawing.

    A line holding any of ``.``, ``#``, ``C`` is a row of those characters (``.`` free, ``#``
    blocked, ``C`` the cat; everything else, such as row numbers and the half-cell indent, is
    ignored), so :func:`render_board` and :meth:`CatGame.to_text` output reads back; a line of
    only ``0``/``1`` and spaces is a row of digits; other lines (column headers) are skipped.

    Parameters
    ----------
    text : str
        The drawing.

    Returns
    -------
    Position
        ``(board, cat)``, ``cat`` None when there is no ``C``.

    Raises
    ------
    ValueError
        No rows, or rows of different lengths.
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    grid: list[list[int]] = []
    cat: Cell | None = None
    for line in text.splitlines():
        if any(ch in ".#Cc" for ch in line):
            cells = [ch for ch in line if ch in ".#Cc"]
        elif line.strip() and set(line.strip()) <= set("01 \t"):
            cells = [ch for ch in line if ch in "01"]
        else:
            continue
        row: list[int] = []
        for ch in cells:
            if ch in "Cc":
                if cat is not None:
                    raise ValueError(f"board: two cats, at {cat} and {(len(grid), len(row))}")
                cat = (len(grid), len(row))
            row.append(1 if ch in "#1" else 0)
        grid.append(row)
    if not grid:
        raise ValueError("board: the text holds no rows of '.', '#' and 'C'")
    if len({len(r) for r in grid}) != 1:
        raise ValueError(f"board: rows have different lengths {sorted({len(r) for r in grid})}")
    return Position(np.array(grid, dtype=np.uint8), cat)
