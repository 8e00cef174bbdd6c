"""Hex geometry in even-r offset coordinates: neighbours, border cells, BFS distances, escape paths
and plain random boards (no solver here: winnable starts are in trapcore.cat.solver).

Boards are ``uint8`` arrays of shape ``(rows, cols)``, ``0`` free and ``1`` blocked. Cells are
``(row, col)`` tuples; even rows are shifted half a cell to the right (even-r), so the neighbours of
``(r, c)``, in the order E, W, NE, NW, SE, SW, are::

    even r: (r, c+1) (r, c-1) (r-1, c+1) (r-1, c) (r+1, c+1) (r+1, c)
    odd r:  (r, c+1) (r, c-1) (r-1, c) (r-1, c-1) (r+1, c) (r+1, c-1)

A border cell is one in the first or last row or column. Every function validates its input and
then calls one kernel of ``trapcore.cat._hexgrid``, which runs without the GIL.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import numpy.typing as npt

from trapcore._renamed import module_getattr
from trapcore._types import Cell, CellLike, SeedLike, ShapeLike
from trapcore._validate import MAX_CELLS, _describe, as_cell, as_generator, as_int, as_size
from trapcore.cat import _hexgrid
from trapcore.cat._board import as_board, as_shape, free_cell
from trapcore.cat._types import Board

__all__ = [
    "DIRECTIONS",
    "STEPS",
    "neighbours",
    "is_border",
    "distances",
    "escape_path",
    "distance_to_border",
    "random_board",
]

#: Neighbour directions in the order every function uses.
DIRECTIONS = ("E", "W", "NE", "NW", "SE", "SW")
#: The neighbour table: ``STEPS[r % 2][d]`` is the ``(row, col)`` step from a cell of row ``r``
#: in direction ``DIRECTIONS[d]`` (even-r offset rows: even rows shifted right).
STEPS = (
    ((0, 1), (0, -1), (-1, 1), (-1, 0), (1, 1), (1, 0)),  # even rows
    ((0, 1), (0, -1), (-1, 0), (-1, -1), (1, 0), (1, -1)),  # odd rows
)


def is_border(cell: CellLike, shape: ShapeLike) -> bool:
    """True when ``cell`` lies in the first or last row or column of a board of ``shape``.

    Parameters
    ----------
    cell : (row, col)
        A cell of the board.
    shape : (rows, cols)
        The board's shape (``board.shape``).

    Returns
    -------
    bool
        Whether a cat on ``cell`` escapes at its next move.

    Raises
    ------
    TypeError, ValueError
        If ``shape`` is not two positive ints or ``cell`` lies outside the board.

    See Also
    --------
    neighbours : The cells next to one.
    distance_to_border : Every cell's distance to the border.

    Examples
    --------
    >>> from trapcore.cat import hexgrid
    >>> hexgrid.is_border((0, 3), (5, 5)), hexgrid.is_border((2, 2), (5, 5))
    (True, False)
    """
    rows, cols = as_shape(shape)
    r, c = as_cell(cell, (rows, cols), "cell")
    return r == 0 or c == 0 or r == rows - 1 or c == cols - 1


def neighbours(cell: CellLike, shape: ShapeLike) -> list[Cell]:
    """The on-board neighbours of ``cell`` in the order E, W, NE, NW, SE, SW (even-r offset).

    Parameters
    ----------
    cell : (row, col)
        A cell of the board.
    shape : (rows, cols)
        The board's shape (``board.shape``).

    Returns
    -------
    list of (row, col)
        Two to six cells (fewer on the border and on boards one cell wide).

    Raises
    ------
    TypeError, ValueError
        If ``shape`` is not two positive ints or ``cell`` lies outside the board.

    See Also
    --------
    STEPS : The neighbour table.
    is_border : Where the cat escapes.

    Examples
    --------
    >>> from trapcore.cat import hexgrid
    >>> hexgrid.neighbours((2, 2), (5, 5))  # an even row: shifted right
    [(2, 3), (2, 1), (1, 3), (1, 2), (3, 3), (3, 2)]
    >>> hexgrid.neighbours((1, 2), (5, 5))  # an odd row
    [(1, 3), (1, 1), (0, 2), (0, 1), (2, 2), (2, 1)]
    >>> hexgrid.neighbours((0, 0), (5, 5))  # a corner
    [(0, 1), (1, 1), (1, 0)]
    """
    rows, cols = as_shape(shape)
    r, c = as_cell(cell, (rows, cols), "cell")
    table = STEPS[r & 1]
    return [(r + dr, c + dc) for dr, dc in table if 0 <= r + dr < rows and 0 <= c + dc < cols]


def distances(board: npt.ArrayLike, start: CellLike) -> npt.NDArray[np.int32]:
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

    Raises
    ------
    TypeError, ValueError
        Bad board (dtype, shape, values), or ``start`` outside the board or blocked.

    See Also
    --------
    distance_to_border : Distances to the border.
    escape_path : A shortest way out.

    Examples
    --------
    >>> import numpy as np
    >>> from trapcore.cat import hexgrid
    >>> d = hexgrid.distances(np.zeros((5, 5), np.uint8), (2, 2))
    >>> int(d[2, 2]), int(d[2, 4]), int(d.max())
    (0, 2, 3)
    """
    b = as_board(board)
    r, c = free_cell(b, start, "start")
    return _hexgrid.distances(b, r, c)


def escape_path(board: npt.ArrayLike, start: CellLike) -> npt.NDArray[np.int32] | None:
    """A shortest path from ``start`` to a border cell, or ``None`` if none is reachable.

    The path is deterministic: it ends at the first border cell that a breadth-first search from
    ``start`` discovers, expanding cells first in, first out and neighbours in the order E, W, NE,
    NW, SE, SW, and each cell is reached from its first discoverer. The BFS cat walks it.

    Parameters
    ----------
    board : array_like of int, shape (rows, cols)
        0 free, 1 blocked.
    start : (row, col)
        A free cell.

    Returns
    -------
    ndarray of int32, shape (n, 2), or None
        ``(row, col)`` rows from ``start`` (first) to the border cell (last); one row when
        ``start`` is itself a border cell.

    Raises
    ------
    TypeError, ValueError
        As :func:`distances`.

    See Also
    --------
    distances : Every cell's distance from a start.
    distance_to_border : Distances to the border.

    Examples
    --------
    >>> import numpy as np
    >>> from trapcore.cat import hexgrid
    >>> hexgrid.escape_path(np.zeros((5, 5), np.uint8), (2, 2)).tolist()
    [[2, 2], [2, 3], [2, 4]]
    """
    b = as_board(board)
    r, c = free_cell(b, start, "start")
    return _hexgrid.escape_path(b, r, c)


def distance_to_border(board: npt.ArrayLike) -> npt.NDArray[np.int32]:
    """Each cell's escape distance: BFS steps to the nearest free border cell.

    Parameters
    ----------
    board : array_like of int, shape (rows, cols)
        0 free, 1 blocked.

    Returns
    -------
    ndarray of int32, shape (rows, cols)
        0 on a free border cell, -1 for blocked cells and cells that cannot reach the border.

    See Also
    --------
    distances : From one start.
    escape_path : A shortest way out.

    Examples
    --------
    >>> import numpy as np
    >>> from trapcore.cat import hexgrid
    >>> hexgrid.distance_to_border(np.zeros((5, 5), np.uint8))[2].tolist()
    [0, 1, 2, 1, 0]
    """
    return _hexgrid.distance_to_border(as_board(board))


def _keep_mask(keep_free: CellLike | Sequence[CellLike] | None, rows: int, cols: int) -> Board:
    mask = np.zeros(rows * cols, dtype=np.uint8)
    if keep_free is None:
        return mask
    if isinstance(keep_free, (str, bytes, bytearray, Mapping)) or not isinstance(
        keep_free, (Sequence, np.ndarray)
    ):
        raise TypeError(
            f"keep_free must be a (row, col) cell or a sequence of cells, "
            f"got {_describe(keep_free)}"
        )
    single = len(keep_free) == 2 and not hasattr(keep_free[0], "__len__")
    for i, cell in enumerate([keep_free] if single else keep_free):
        r, c = as_cell(cell, (rows, cols), f"keep_free[{i}]")
        mask[r * cols + c] = 1
    return mask


def random_board(
    rows: int,
    cols: int,
    blocked: int,
    *,
    seed: SeedLike = None,
    keep_free: CellLike | Sequence[CellLike] | None = None,
) -> Board:
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

    Returns
    -------
    ndarray of uint8, shape (rows, cols)

    Raises
    ------
    TypeError, ValueError
        Bad size, count, seed or cell; ``blocked`` larger than the cells that may be blocked.

    See Also
    --------
    trapcore.cat.winnable_board : random starts the solver proves won.

    Examples
    --------
    >>> from trapcore.cat import hexgrid
    >>> board = hexgrid.random_board(11, 11, 8, seed=1, keep_free=(5, 5))
    >>> int(board.sum()), int(board[5, 5])
    (8, 0)
    """
    rows, cols = as_size(rows, cols, max_cells=MAX_CELLS)
    mask = _keep_mask(keep_free, rows, cols)
    available = rows * cols - int(mask.sum())
    blocked = as_int(blocked, "blocked", minimum=0, maximum=available)
    gen = as_generator(seed)
    return _hexgrid.random_board(rows, cols, blocked, mask, gen.bit_generator)


# the old spelling (0.2), for one release
__getattr__ = module_getattr(__name__, {"neighbors": "neighbours"}, globals())
