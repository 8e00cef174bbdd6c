"""Hex grids in even-r offset coordinates: neighbours, BFS distances, escape paths, random boards.

Boards are ``uint8`` arrays of shape ``(rows, cols)``, ``0`` free and ``1`` blocked. Coordinates
are ``(row, col)``; even rows are shifted half a cell to the right (even-r), so the neighbours of
``(r, c)``, in the order E, W, NE, NW, SE, SW, are::

    even r: (r, c+1) (r, c-1) (r-1, c+1) (r-1, c) (r+1, c+1) (r+1, c)
    odd r:  (r, c+1) (r, c-1) (r-1, c) (r-1, c-1) (r+1, c) (r+1, c-1)

A border cell is one in the first or last row or column. Every function validates its input and
then calls one kernel of ``trapcore._native.hexgrid``, which runs without the GIL.
"""
from __future__ import annotations

import numpy as np

from trapcore._native import hexgrid as _k
from trapcore._validate import MAX_CELLS, as_cell, as_generator, as_grid, as_int, as_size

__all__ = [
    "DIRECTIONS",
    "neighbors",
    "distances",
    "escape_path",
    "distance_to_border",
    "random_board",
    "as_board",
    "is_border",
]

#: Neighbour directions in the order every function uses.
DIRECTIONS = ("E", "W", "NE", "NW", "SE", "SW")
_EVEN = ((0, 1), (0, -1), (-1, 1), (-1, 0), (1, 1), (1, 0))
_ODD = ((0, 1), (0, -1), (-1, 0), (-1, -1), (1, 0), (1, -1))


_UINT8 = np.dtype(np.uint8)


def as_board(board, name: str = "board") -> np.ndarray:
    """Validate a hex board (2-D integer array of 0 free / 1 blocked) and return it as a
    C-contiguous ``uint8`` array (a view when it already is one, otherwise a copy)."""
    if (type(board) is np.ndarray and board.dtype is _UINT8 and board.ndim == 2
            and board.flags.c_contiguous and board.size and _k.max_value(board) <= 1):
        return board  # the common case, checked in a few hundred nanoseconds
    return as_grid(board, name, np.uint8, values=(0, 1))


def is_border(r: int, c: int, rows: int, cols: int) -> bool:
    """True when ``(r, c)`` lies in the first or last row or column."""
    return r == 0 or c == 0 or r == rows - 1 or c == cols - 1


def neighbors(r, c, rows, cols) -> list[tuple[int, int]]:
    """The on-board neighbours of ``(r, c)`` in the order E, W, NE, NW, SE, SW (even-r offset).

    Raises
    ------
    TypeError, ValueError
        If a size is not a positive int or ``(r, c)`` lies outside the board.
    """
    rows, cols = as_size(rows, cols)
    r, c = as_cell((r, c), (rows, cols), "(r, c)")
    table = _ODD if r & 1 else _EVEN
    return [
        (r + dr, c + dc) for dr, dc in table if 0 <= r + dr < rows and 0 <= c + dc < cols
    ]


def _free_start(board: np.ndarray, start, name: str = "start") -> tuple[int, int]:
    if type(start) is tuple and len(start) == 2:  # the common case, in a few hundred nanoseconds
        r, c = start
        if type(r) is int and type(c) is int:
            rows, cols = board.shape
            if 0 <= r < rows and 0 <= c < cols and not board[r, c]:
                return start
    r, c = as_cell(start, board.shape, name)
    if board[r, c]:
        raise ValueError(f"{name} = ({r}, {c}) is a blocked cell")
    return r, c


def distances(board, start) -> np.ndarray:
    """BFS steps from ``start`` to every cell over free cells.

    Parameters
    ----------
    board : array_like of int, shape (rows, cols)
        0 free, 1 blocked (even-r offset rows).
    start : (row, col)
        A free cell.

    Returns
    -------
    ndarray of int32, shape (rows, cols)
        Steps from ``start`` (0 at ``start``), -1 where unreachable or blocked.
    """
    b = as_board(board)
    r, c = _free_start(b, start)
    return _k.distances(b, r, c)


def escape_path(board, start):
    """A shortest path from ``start`` to a border cell, or ``None`` if none is reachable.

    The path is deterministic: it ends at the first border cell that a breadth-first search from
    ``start`` discovers, expanding cells first in, first out and neighbours in the order E, W, NE,
    NW, SE, SW, and each cell is reached from its first discoverer.

    Returns
    -------
    ndarray of int32, shape (n, 2), or None
        ``(row, col)`` rows from ``start`` (first) to the border cell (last); one row when
        ``start`` is itself a border cell.
    """
    b = as_board(board)
    r, c = _free_start(b, start)
    return _k.escape_path(b, r, c)


def distance_to_border(board) -> np.ndarray:
    """Each cell's escape distance: BFS steps to the nearest free border cell (0 on a free border
    cell), -1 for blocked cells and cells that cannot reach the border. int32 (rows, cols)."""
    return _k.distance_to_border(as_board(board))


def _keep_mask(keep_free, rows: int, cols: int) -> np.ndarray:
    mask = np.zeros(rows * cols, dtype=np.uint8)
    if keep_free is None:
        return mask
    cells = [keep_free] if (len(keep_free) == 2 and not hasattr(keep_free[0], "__len__")) else keep_free
    for i, cell in enumerate(cells):
        r, c = as_cell(cell, (rows, cols), f"keep_free[{i}]")
        mask[r * cols + c] = 1
    return mask


def random_board(rows, cols, blocked, seed=None, keep_free=None, winnable=False, cat="bfs",
                 max_nodes=200_000, max_tries=100) -> np.ndarray:
    """A board with ``blocked`` distinct cells blocked, uniformly at random.

    Parameters
    ----------
    rows, cols : int
        Board size, at least 1 each.
    blocked : int
        How many cells to block, 0 to the number of cells not in ``keep_free``.
    seed : None, int, SeedSequence or Generator
        Randomness; the same seed gives the same board on every platform.
    keep_free : (row, col) or sequence of (row, col), optional
        Cells that are never blocked (the cat's cell, say).
    winnable : bool
        Draw boards until the solver (:func:`trapcore.cat.solve`) proves that the player, moving
        first, wins against ``cat`` starting in the centre cell ``(rows // 2, cols // 2)``
        (kept free); ``ValueError`` after ``max_tries`` unproven boards.
    cat : {"bfs", "rays", "smart"}
        The cat for ``winnable`` (the smart cat is solved as the optimal cat).
    max_nodes, max_tries : int
        The solver's budget per board and the number of boards to try, for ``winnable``.

    Returns
    -------
    ndarray of uint8, shape (rows, cols)
    """
    if winnable:
        from trapcore import cat as _cat  # the solver lives in trapcore.cat, which imports us

        rows, cols = as_size(rows, cols, max_cells=MAX_CELLS)
        centre = (rows // 2, cols // 2)
        cells = [] if keep_free is None else (
            [keep_free] if (len(keep_free) == 2 and not hasattr(keep_free[0], "__len__"))
            else list(keep_free))
        mask = _keep_mask(cells + [centre], rows, cols)
        blocked = as_int(blocked, "blocked", minimum=0, maximum=rows * cols - int(mask.sum()))
        gen = as_generator(seed)
        model = _cat.model_of(cat)
        max_tries = as_int(max_tries, "max_tries", minimum=1)
        for _ in range(max_tries):
            b = _k.random_board(rows, cols, blocked, mask, gen.bit_generator)
            if _cat.solve(b, centre, model, max_nodes=max_nodes).verdict == "win":
                return b
        raise ValueError(
            f"winnable: no board among {max_tries} was proven won against the {model} cat "
            f"within max_nodes={max_nodes}; try more blocks, a larger max_nodes or max_tries"
        )
    rows, cols = as_size(rows, cols, max_cells=MAX_CELLS)
    mask = _keep_mask(keep_free, rows, cols)
    available = rows * cols - int(mask.sum())
    blocked = as_int(blocked, "blocked", minimum=0, maximum=available)
    gen = as_generator(seed)
    return _k.random_board(rows, cols, blocked, mask, gen.bit_generator)
