"""Argument checks for Numberlink puzzles: grids, node values, neighbour tables, solutions, budgets
and rules (shared by puzzle, solve, generate and the board builders of variants)."""

from __future__ import annotations

from typing import TypeAlias

import numpy as np
import numpy.typing as npt

from trapcore._validate import _describe, as_flag, as_grid, as_int, check_array_size, frozen_copy

#: The largest board ``solve``, ``check`` and ``Puzzle`` accept (in squares).
MAX_SOLVE_CELLS = 1 << 22
INT64_MAX = 2**63 - 1
INT16_MAX = int(np.iinfo(np.int16).max)
#: A validated grid or solution: C-contiguous ``int16`` (rows, cols).
Grid: TypeAlias = npt.NDArray[np.int16]
#: Node values or labels: ``int16`` (n,) (a grid puzzle's: its grid).
Values: TypeAlias = npt.NDArray[np.int16]
#: A neighbour table: ``int32`` (n, d), each row's ``-1`` padding last.
Table: TypeAlias = npt.NDArray[np.int32]
#: The most neighbours a node may have.
MAX_DEGREE = 63


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


def as_rules(fill: object, touch: object) -> tuple[bool, bool]:
    """Validate the rule options ``fill`` and ``touch``: ``(fill, touch)`` as plain bools."""
    return as_flag(fill, "fill"), as_flag(touch, "touch")


def as_values(array: object, name: str, ndim: int) -> Values:
    """Validate node values of ``ndim`` dimensions: int16 range, >= -1, each number twice."""
    check_array_size(array, name, max_cells=MAX_SOLVE_CELLS)
    try:
        a = np.asarray(array)
    except Exception as exc:
        raise ValueError(f"{name} must be a {ndim}-D array, could not convert: {exc}") from None
    if a.dtype == np.bool_ or not np.issubdtype(a.dtype, np.integer):
        raise TypeError(f"{name} must have an integer dtype, got {a.dtype}")
    if a.ndim != ndim:
        raise ValueError(f"{name} must be {ndim}-D, got {a.ndim}-D with shape {a.shape}")
    if a.size == 0 or a.size > MAX_SOLVE_CELLS:
        raise ValueError(f"{name} must have 1 to {MAX_SOLVE_CELLS} squares, got {a.size}")
    if (a < -1).any() or (a > INT16_MAX).any():
        raise ValueError(f"{name} values must be -1 (solid), 0 (empty) or 1..{INT16_MAX}")
    v = np.ascontiguousarray(a, dtype=np.int16)
    check_pairs(v, name)
    return v


def as_table(neighbours: object, n: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Validate a neighbour table for n nodes: ints in [-1, n), symmetric, no self loops or
    repeats. Returns its directed edges ``(u, w)`` in row order (``trapcore.numberlink._boards
    .table`` compacts them into the table the kernels take)."""
    check_array_size(neighbours, "neighbours", max_cells=n * MAX_DEGREE)
    try:
        a = np.asarray(neighbours)
    except Exception as exc:
        raise ValueError(f"neighbours must be a 2-D array, could not convert: {exc}") from None
    if a.dtype == np.bool_ or not np.issubdtype(a.dtype, np.integer):
        raise TypeError(f"neighbours must have an integer dtype, got {a.dtype}")
    if a.ndim != 2 or a.shape[0] != n:
        raise ValueError(f"neighbours must have shape ({n}, d), one row per node, got {a.shape}")
    if a.shape[1] > MAX_DEGREE:
        raise ValueError(f"neighbours has {a.shape[1]} columns, at most {MAX_DEGREE}")
    if a.size and ((a < -1).any() or (a >= n).any()):
        raise ValueError(f"neighbours must hold node numbers 0..{n - 1}, or -1 for none")
    t = a.astype(np.int64)
    u = np.repeat(np.arange(n, dtype=np.int64), t.shape[1])
    w = t.ravel()
    keep = w >= 0
    u, w = u[keep], w[keep]
    if (loop := u == w).any():
        raise ValueError(f"neighbours: node {int(u[loop][0])} is its own neighbour")
    fwd = u * n + w
    if np.unique(fwd).size != fwd.size:
        raise ValueError("neighbours: a node lists the same neighbour twice")
    if not np.array_equal(np.sort(fwd), np.sort(w * n + u)):
        i = int(np.flatnonzero(~np.isin(fwd, w * n + u))[0])
        raise ValueError(
            f"neighbours must be symmetric: {int(w[i])} is a neighbour of {int(u[i])}, "
            "not the other way round"
        )
    return u, w


def as_labels(labels: object, n: int, shape: tuple[int, ...] | None = None) -> Values:
    """A labelling of a puzzle's n nodes: ints in -1..INT16_MAX (no pairing rule), of shape
    ``(n,)`` or (a grid puzzle's) ``shape``."""
    check_array_size(labels, "labels", max_cells=n)
    try:
        a = np.asarray(labels)
    except Exception as exc:  # ragged lists and the like
        raise ValueError(f"labels must be an array, could not convert: {exc}") from None
    if a.dtype == np.bool_ or not np.issubdtype(a.dtype, np.integer):
        raise TypeError(f"labels must have an integer dtype, got {a.dtype}")
    if shape is not None and a.shape != shape:
        raise ValueError(f"labels must have shape {shape}, one per square, got {a.shape}")
    if shape is None and a.shape != (n,):
        raise ValueError(f"labels must have shape ({n},), one per node, got {a.shape}")
    if (a < -1).any() or (a > INT16_MAX).any():
        raise ValueError(f"labels must be in -1..{INT16_MAX}")
    return np.ascontiguousarray(a, dtype=np.int16)


def as_symbols(symbols: object, numbers: int) -> str | None:
    """Validate ``symbols=``: a str of distinct printable characters, one per number."""
    if symbols is None:
        return None
    if not isinstance(symbols, str):
        raise TypeError(f"symbols must be a str or None, got {_describe(symbols)}")
    if len(symbols) < numbers:
        raise ValueError(
            f"symbols must have one character per number: {numbers} needed, got {len(symbols)}"
        )
    symbols = symbols[:numbers]
    for i, ch in enumerate(symbols):
        if ch in ".#" or ch.isspace() or not ch.isprintable():
            raise ValueError(
                f"symbols[{i}] = {ch!r} cannot stand for a number ('.', '#', spaces and "
                "unprintable characters are not allowed)"
            )
    if len(set(symbols)) != len(symbols):
        dup = next(ch for i, ch in enumerate(symbols) if ch in symbols[:i])
        raise ValueError(f"symbols must be distinct, {dup!r} appears more than once")
    return symbols
