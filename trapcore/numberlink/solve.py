"""Numberlink solving and checking: ``solve``, ``count_nodes``, ``check`` (on grids; Puzzle uses them).

The search runs in ``trapcore.numberlink._solver`` without the GIL; this module validates first.
"""
from __future__ import annotations

import numpy as np

from trapcore._validate import as_grid, as_int
from trapcore.errors import SearchLimitExceeded
from trapcore.numberlink import _solver
from trapcore.numberlink._grid import INT16_MAX, MAX_SOLVE_CELLS, as_max_nodes, as_puzzle_grid

__all__ = ["solve", "count_nodes", "check", "MAX_SOLVE_CELLS"]

DEFAULT_MAX_NODES = 10**9
#: The most solutions ``solve`` lists at once.
MAX_LIMIT = 100_000


def _search(g: np.ndarray, limit: int, max_nodes: int, caller: str) -> tuple[np.ndarray, int]:
    """Run the kernel: (solutions, nodes); SearchLimitExceeded when it ran out of budget."""
    sols, nodes, complete = _solver.solve(g, limit, max_nodes)
    if not complete:
        raise SearchLimitExceeded(
            f"{caller}: the search needed more than max_nodes={max_nodes} nodes on this "
            f"{g.shape[0]} x {g.shape[1]} grid; raise max_nodes (or pass max_nodes=None)"
        )
    return sols, int(nodes)


def _as_limit(limit, g: np.ndarray) -> int:
    limit = as_int(limit, "limit", minimum=1, maximum=MAX_LIMIT)
    if limit * g.size > 1 << 24:
        raise ValueError(f"limit={limit} solutions of {g.size} squares would need too much memory")
    return limit


def solve(grid, *, limit: int = 2, max_nodes: int | None = DEFAULT_MAX_NODES) -> list[np.ndarray]:
    """Solve a Numberlink grid: return up to ``limit`` solutions.

    The search is complete, so ``len(solve(g, limit=2)) == 1`` proves the solution unique, and
    ``[]`` proves there is none.

    Parameters
    ----------
    grid : array_like of int, shape (rows, cols)
        ``0`` empty, ``-1`` solid, ``k > 0`` an endpoint of path ``k`` (each exactly twice).
    limit : int, default 2
        Stop after this many solutions (1 to 100000, and ``limit * rows * cols <= 2**24``).
    max_nodes : int or None, default 10**9
        Search budget in nodes (one node = one square given a pipe shape); ``None`` for no limit.

    Returns
    -------
    list of ndarray of int16, shape (rows, cols)
        Each solution: the path number on every non-solid square, ``-1`` on solids.

    Raises
    ------
    TypeError, ValueError
        A malformed ``grid`` (wrong dtype or ndim, values below -1, a number without exactly
        two endpoints, more than ``MAX_SOLVE_CELLS`` squares) or a bad ``limit`` / ``max_nodes``.
    trapcore.errors.SearchLimitExceeded
        The search needed more than ``max_nodes`` nodes.
    KeyboardInterrupt
        Ctrl-C stops a long search (checked every few million nodes).
    """
    g = as_puzzle_grid(grid)
    limit = _as_limit(limit, g)
    sols, _ = _search(g, limit, as_max_nodes(max_nodes), "solve")
    return list(sols)


def count_nodes(grid, *, limit: int = 2, max_nodes: int | None = DEFAULT_MAX_NODES) -> int:
    """Search nodes the solver spends on ``grid`` looking for ``limit`` solutions.

    The solver's effort: ``Puzzle.difficulty`` is this count (with ``limit=2``) per non-solid
    square.

    Parameters
    ----------
    grid : array_like of int, shape (rows, cols)
        As for :func:`solve`.
    limit : int, default 2
        As for :func:`solve`.
    max_nodes : int or None, default 10**9
        As for :func:`solve`.

    Returns
    -------
    int
        Nodes over all the portfolio's sweeps (one node = one square given a pipe shape).

    Raises
    ------
    TypeError, ValueError
        As for :func:`solve`.
    trapcore.errors.SearchLimitExceeded
        The search needed more than ``max_nodes`` nodes.
    """
    g = as_puzzle_grid(grid)
    limit = _as_limit(limit, g)
    return _search(g, limit, as_max_nodes(max_nodes), "count_nodes")[1]


def check(grid, solution) -> bool:
    """Check that ``solution`` solves ``grid`` under the fill and no-touch rules.

    Parameters
    ----------
    grid : array_like of int, shape (rows, cols)
        The puzzle, as for :func:`solve`.
    solution : array_like of int, shape (rows, cols)
        The path number on every non-solid square, ``-1`` on the grid's solids.

    Returns
    -------
    bool
        Always ``True`` (a solution that breaks a rule raises instead).

    Raises
    ------
    TypeError, ValueError
        A malformed argument, or (ValueError) the first rule that fails, saying which square.
    """
    g = as_puzzle_grid(grid, "grid")
    s = as_grid(solution, "solution", np.int16, values=(-1, INT16_MAX))
    if s.shape != g.shape:
        raise ValueError(f"solution has shape {s.shape}, but grid has shape {g.shape}")

    def at(mask) -> tuple[int, int]:
        return tuple(int(i) for i in np.argwhere(mask)[0])

    if (m := (g == -1) != (s == -1)).any():
        raise ValueError(f"solution: solids must be exactly the grid's solids, not at {at(m)}")
    if (m := (s == 0)).any():
        raise ValueError(f"solution: every non-solid square must be filled, {at(m)} is empty")
    if (m := (g > 0) & (s != g)).any():
        r, c = at(m)
        raise ValueError(
            f"solution: endpoint {int(g[r, c])} at {(r, c)} is covered by path {int(s[r, c])}"
        )
    numbers = np.unique(g[g > 0])
    if (m := (s > 0) & ~np.isin(s, numbers)).any():
        r, c = at(m)
        raise ValueError(f"solution: path {int(s[r, c])} at {(r, c)} has no endpoints in grid")
    # same-number neighbours of every square
    same = np.zeros(s.shape, np.int8)
    eq_h = (s[:, 1:] == s[:, :-1]) & (s[:, 1:] > 0)
    eq_v = (s[1:, :] == s[:-1, :]) & (s[1:, :] > 0)
    same[:, 1:] += eq_h
    same[:, :-1] += eq_h
    same[1:, :] += eq_v
    same[:-1, :] += eq_v
    if (m := (g > 0) & (same != 1)).any():
        r, c = at(m)
        raise ValueError(
            f"solution: endpoint {int(g[r, c])} at {(r, c)} has {int(same[r, c])} neighbours of "
            "its own number, expected exactly 1"
        )
    if (m := (g == 0) & (s > 0) & (same != 2)).any():
        r, c = at(m)
        what = "a dead end" if same[r, c] < 2 else "touching its own path"
        raise ValueError(
            f"solution: square {(r, c)} of path {int(s[r, c])} has {int(same[r, c])} neighbours "
            f"of its own number ({what}), expected exactly 2"
        )
    comp = _solver.components(s)
    # each path must be one region: count the distinct (path, region) pairs per path
    filled = s > 0
    pairs = np.unique(s[filled].astype(np.int64) << 32 | comp[filled].astype(np.int64))
    per_path = np.bincount(pairs >> 32)
    if (split := np.flatnonzero(per_path > 1)).size:
        k = int(split[0])
        ends = comp[(g == k)]
        r, c = at((s == k) & ~np.isin(comp, ends))
        raise ValueError(
            f"solution: path {k} is not one chain: {(r, c)} is cut off from its endpoints"
        )
    return True
