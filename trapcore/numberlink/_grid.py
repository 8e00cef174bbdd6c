"""Argument checks for Numberlink grids and budgets (shared by puzzle, solve and generate)."""

from __future__ import annotations

from typing import TypeAlias

import numpy as np
import numpy.typing as npt

from trapcore._validate import _describe, as_grid, as_int, frozen_copy

#: The largest board ``solve``, ``check`` and ``Puzzle`` accept (in squares).
MAX_SOLVE_CELLS = 1 << 22
INT64_MAX = 2**63 - 1
INT16_MAX = int(np.iinfo(np.int16).max)
#: A validated grid or solution: C-contiguous ``int16`` (rows, cols).
Grid: TypeAlias = npt.NDArray[np.int16]


def as_puzzle_grid(grid: npt.ArrayLike, name: str = "grid") -> Grid:
    """Validate a puzzle grid: int16-compatible, 2-D, values >= -1, each number exactly twice.

    Returns a C-contiguous ``int16`` array (the input itself when it already is one).
    """
    g = as_grid(grid, name, np.int16, values=(-1, INT16_MAX), max_cells=MAX_SOLVE_CELLS)
    check_pairs(g, name, "(row, col) = ")
    return g


def check_pairs(values: npt.NDArray[np.int16], name: str, at: str = "") -> None:
    """ValueError naming ``name`` unless every number k > 0 in ``values`` (any shape) is on
    exactly two squares; ``at`` introduces the squares' coordinates in the message."""
    counts = np.bincount(values[values > 0].ravel(), minlength=1)
    bad = np.flatnonzero((counts != 0) & (counts != 2))
    if bad.size:
        k = int(bad[0])
        where = [tuple(int(i) for i in p) for p in np.argwhere(values == k)[:3]]
        raise ValueError(
            f"{name}: number {k} must have exactly two endpoints, got {int(counts[k])} "
            f"at {at}{', '.join(map(str, where))}"
        )


def as_max_nodes(max_nodes: object, name: str = "max_nodes") -> int:
    """A node budget: an int >= 1, or ``None`` for no limit (the largest int64)."""
    if max_nodes is None:
        return INT64_MAX
    return as_int(max_nodes, name, minimum=1, maximum=INT64_MAX)


def read_only(array: npt.ArrayLike) -> Grid:
    """A read-only copy of ``array`` (as C-contiguous int16) over a private ``bytes`` object: what
    a Puzzle keeps. Neither it nor its ``base`` can be made writable again."""
    return frozen_copy(np.asarray(array, dtype=np.int16))


def frozen(array: npt.ArrayLike) -> Grid:
    """What a Puzzle keeps of a kernel's or an unpickler's array: :func:`read_only`. (Freezing
    the array in place would not do: an array that owns its memory can be made writable again
    by anyone holding it or a view of it, through ``.base``.)"""
    return read_only(array)


def as_flag(value: object, name: str) -> bool:
    """A bool option (``numpy.bool_`` accepted), as a plain bool."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be a bool, got {_describe(value)}")
    return bool(value)


def as_rules(fill: object, touch: object) -> tuple[bool, bool]:
    """Validate the rule options ``fill`` and ``touch``: ``(fill, touch)`` as plain bools."""
    return as_flag(fill, "fill"), as_flag(touch, "touch")
