"""Board, shape and cell checks shared by the cat modules (the cat's addition to _validate)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from trapcore._types import Cell, CellLike, ShapeLike
from trapcore._validate import MAX_CELLS, as_cell, as_grid, as_pair, as_size
from trapcore.cat import _hexgrid
from trapcore.cat._types import Board

__all__ = [
    "as_board",
    "as_shape",
    "free_cell",
    "check_policy_cells",
    "check_solver_size",
    "default_depth",
    "MAX_SOLVE_CELLS",
    "MAX_GAME_CELLS",
    "MAX_SMART_CELLS",
]

#: The largest board the solver, the solver player and simulate() accept (cells).
MAX_SOLVE_CELLS = 4096
#: The largest board a CatGame accepts (cells): a game is played by hand, a million cells is plenty.
MAX_GAME_CELLS = 1 << 20
#: The largest board the smart cat (``policy="smart"``, the "hard" level) plays on (cells,
#: 128 x 128): its move searches the board's escape routes, a cost that grows as cells**1.5
#: (docs/benchmarks.md, "Tuned constants").
MAX_SMART_CELLS = 1 << 14

_UINT8 = np.dtype(np.uint8)


def as_board(board: npt.ArrayLike, name: str = "board", *, max_cells: int = MAX_CELLS) -> Board:
    """Validate a hex board (2-D integer array of 0 free / 1 blocked, at most ``max_cells``
    cells) and return it as a C-contiguous ``uint8`` array (a view when it already is one,
    otherwise a copy)."""
    if (
        type(board) is np.ndarray
        and board.dtype is _UINT8
        and board.ndim == 2
        and board.flags.c_contiguous
        and 0 < board.size <= max_cells
        and _hexgrid.max_value(board) <= 1
    ):
        return board  # the common case, checked in a few hundred nanoseconds
    return as_grid(board, name, np.uint8, values=(0, 1), max_cells=max_cells)


def as_shape(
    shape: ShapeLike, name: str = "shape", *, max_cells: int = MAX_CELLS
) -> tuple[int, int]:
    """Validate a board shape ``(rows, cols)``: two ints >= 1, at most ``max_cells`` cells."""
    rows, cols = as_pair(shape, name, "(rows, cols)")  # not the two bytes of b"zz"
    return as_size(rows, cols, names=(f"{name} rows", f"{name} cols"), max_cells=max_cells)


def free_cell(board: Board, cell: CellLike, name: str) -> Cell:
    """Validate ``cell`` as a free cell of the (validated) ``board``."""
    if type(cell) is tuple and len(cell) == 2:  # the common case, in a few hundred nanoseconds
        r, c = cell
        if type(r) is int and type(c) is int:
            rows, cols = board.shape
            if 0 <= r < rows and 0 <= c < cols and not board[r, c]:
                return r, c
    r, c = as_cell(cell, board.shape, name)
    if board[r, c]:
        raise ValueError(f"{name} = ({r}, {c}) is a blocked cell")
    return r, c


def check_policy_cells(policy: object, cells: int, name: str = "policy") -> None:
    """ValueError naming ``name`` when a validated ``policy`` cannot play on ``cells`` cells (the
    smart cat past :data:`MAX_SMART_CELLS`); checked before the board is made or copied."""
    if policy == "smart" and cells > MAX_SMART_CELLS:
        raise ValueError(
            f"{name}='smart' plays on at most {MAX_SMART_CELLS} cells (128 x 128; a move costs "
            f"about 0.25 s there, growing as cells**1.5), got a board of {cells} cells; use "
            f"{name}='bfs' or 'rays', or a smaller board"
        )


def check_solver_size(board: Board, who: str = "the solver") -> None:
    """ValueError when ``board`` has more than :data:`MAX_SOLVE_CELLS` cells, the most the
    solver's tables hold; ``who`` names the caller in the message."""
    if board.size > MAX_SOLVE_CELLS:
        raise ValueError(f"board has {board.size} cells; {who} accepts at most {MAX_SOLVE_CELLS}")


def default_depth(board: Board) -> int:
    """The searches' default depth bound on ``board``: its free cells, at most 200."""
    return max(1, min(int(board.size - board.sum()), 200))
