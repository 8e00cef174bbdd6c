"""The Maze's argument checks (sizes, methods, openings) and its private, frozen door copies."""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from trapcore._names import by_name
from trapcore._types import Cell
from trapcore._validate import as_cell, as_choice, as_int, check_array_size, frozen_copy
from trapcore.maze._carve import Hand, Method
from trapcore.maze._types import Doors
from trapcore.maze.doors import MAX_MAZE_CELLS

__all__ = ["METHODS"]

# The names are derived from the kernels' codes, the cpdef enums of src/maze/carve.pxd (name ->
# member, in the enum's order): Method.KRUSKAL is "kruskal", Hand.HAND_LEFT is "left".
_METHOD = by_name(Method, "")
_HAND = by_name(Hand, "HAND_")
#: Carving methods, for ``method=``: ``("kruskal", "backtracker", "wilson", "prim")``.
METHODS = tuple(_METHOD)
#: Hands for the wall follower: ``("left", "right")``.
HANDS = tuple(_HAND)


def _as_maze_size(rows: object, cols: object) -> tuple[int, int]:
    r = as_int(rows, "rows", minimum=1)
    c = as_int(cols, "cols", minimum=1)
    if r * c > MAX_MAZE_CELLS:
        raise ValueError(
            f"rows x cols = {r} x {c} = {r * c} cells is more than the {MAX_MAZE_CELLS} "
            f"(8192 x 8192) a maze may have: carving needs about 15 bytes per cell "
            f"({15 * r * c / 2**30:.1f} GiB here)"
        )
    return r, c


def _as_method(method: object) -> Method:
    return _METHOD[as_choice(method, "method", METHODS)]


#: Wilson's method is refused on mazes whose estimated random-walk steps (:func:`wilson_steps`)
#: pass this: about twice the steps of the largest square maze (8192 x 8192, ~1.1e9), a minute
#: of walking; thin mazes pass it long before their cells do (at 64 rows, near 40,000 columns).
MAX_WILSON_STEPS = 1 << 31


def wilson_steps(rows: int, cols: int) -> int:
    """The expected random-walk steps of Wilson's method on a ``rows x cols`` maze (random root).

    Wilson (1996): the expected steps are the mean commute time between the root and a random
    cell, ``2 m R_eff`` (``m`` ~ 2 cells edges, ``R_eff`` the effective resistance). On a strip
    of ``S`` rows and ``L`` columns (S <= L), cells a distance ``d`` apart along it have
    ``R_eff ~ d / S + ln(S) / pi``, and ``d`` averages ``L / 3``: about ``4/3 L**2 + 4 n (ln(S) /
    pi + 1)`` steps, ``n = S L``. Measured: 1 x 16384 0.7 s, 2048 x 2048 0.23 s, 64 x 46000
    (2.8e9 steps, which 0.2's ``cells * L / S`` put at 2.1e9) 50-82 s.
    """
    short, long = min(rows, cols), max(rows, cols)
    n = rows * cols
    return (4 * long * long) // 3 + int(4 * n * (math.log(short) / math.pi + 1))


def _check_walk_cost(rows: int, cols: int, code: Method) -> None:
    """Refuse Wilson's method where its random walks would take far longer than the maze's size."""
    if code != Method.WILSON:
        return
    steps = wilson_steps(rows, cols)
    if steps > MAX_WILSON_STEPS:
        raise ValueError(
            f"method='wilson' on a {rows} x {cols} maze: its random walks would take about "
            f"{steps:.2e} steps (thin mazes make them quadratic in the long side), more than the "
            f"{MAX_WILSON_STEPS:.2e} allowed; use another method or a squarer maze"
        )


def _as_border_cell(cell: object, shape: tuple[int, int], name: str) -> Cell:
    r, c = as_cell(cell, shape, name)
    if not (r == 0 or c == 0 or r == shape[0] - 1 or c == shape[1] - 1):
        raise ValueError(
            f"{name} = ({r}, {c}) must be on the outer wall (first or last row or column)"
        )
    return r, c


def _frozen(doors: Doors) -> Doors:
    """A read-only uint8 array over a private ``bytes`` copy of ``doors``: unlike an array that
    owns its memory, it can never be made writable again (``flags.writeable = True`` raises)."""
    return frozen_copy(doors)


def _snapshot(doors: npt.ArrayLike) -> npt.ArrayLike:
    """A private copy of the caller's doors, taken before any check (so another thread that
    changes the caller's array cannot slip a value in between the check and the copy). Its
    shape is checked first: a huge (or broadcast) array is refused before it is copied."""
    check_array_size(doors, "doors", max_cells=MAX_MAZE_CELLS, ndim=2)
    if isinstance(doors, (list, tuple)):
        return doors  # check_doors converts it to a new array
    try:
        return np.array(doors, copy=True)
    except (TypeError, ValueError):  # check_doors says what is wrong with it
        return doors
