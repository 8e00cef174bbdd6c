"""Numberlink solving, counting and checking under the rules ``fill`` and ``touch`` (on grids).

The rules (keyword options everywhere): ``fill=True`` every non-solid square lies on a path
(``False``: squares may stay empty, as in Nikoli's Numberlink and janko.at's Arukone);
``touch=True`` a path may run beside itself (Flow Free's rules, the default), ``touch=False``
forbids it (the no-touch rule: no square of a path has a same-number neighbour that is not its
path neighbour). A solution is a set of paths; under ``touch=True`` two solutions can colour the
squares alike when a path can thread its own squares in two ways (they count as two).

This module validates; ``solve`` hands the search to the one portfolio (``_portfolio``), whose
searches run in kernels without the GIL (``_solver``'s sweeps, ``_graph``'s board search) or in
CaDiCaL (``_sat``); ``count`` and ``count_nodes`` run the sweeps alone.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from trapcore._validate import as_choice, as_grid, as_int
from trapcore.errors import SearchLimitExceeded
from trapcore.numberlink import _portfolio, _regions, _sat, _solver
from trapcore.numberlink._grid import (
    INT16_MAX,
    MAX_SOLVE_CELLS,
    Grid,
    as_max_nodes,
    as_puzzle_grid,
    as_rules,
)
from trapcore.numberlink._portfolio import METHODS, Solutions, colour_refutes, without_numbers

__all__ = ["solve", "count", "count_nodes", "check", "Solutions", "MAX_SOLVE_CELLS"]

DEFAULT_MAX_NODES = 10**9
#: The most solutions ``solve`` lists at once.
MAX_LIMIT = 100_000


def _search(
    g: Grid, limit: int, max_nodes: int, caller: str, fill: bool = True, touch: bool = True
) -> tuple[npt.NDArray[np.int16], int]:
    """Run the kernel: (solutions (k, rows, cols), nodes); SearchLimitExceeded when it ran out
    of budget."""
    sols: npt.NDArray[np.int16] | None
    nodes: int
    complete: bool
    sols, nodes, complete = _solver.solve(
        g, limit, max_nodes, _solver.Strategy.PORTFOLIO, fill, touch
    )
    if sols is None or not complete:
        raise _portfolio.over(caller, max_nodes, g.shape)
    return sols, int(nodes)


def _as_limit(limit: object, g: Grid) -> int:
    limit = as_int(limit, "limit", minimum=1, maximum=MAX_LIMIT)
    if limit * g.size > 1 << 24:
        raise ValueError(f"limit={limit} solutions of {g.size} squares would need too much memory")
    return limit


def solve(
    grid: npt.ArrayLike,
    *,
    fill: bool = True,
    touch: bool = True,
    limit: int = 2,
    max_nodes: int | None = DEFAULT_MAX_NODES,
    method: str = "auto",
) -> Solutions:
    """Solve a Numberlink grid under the rules ``fill`` and ``touch``: up to ``limit`` solutions.

    Every search of the portfolio is complete under every rule set, so
    ``len(solve(g, limit=2)) == 1`` proves the solution unique under those rules, and ``[]``
    proves there is none. The searches (the kernel's sweeps, the board search, the congestion
    router without fill, and with python-sat a SAT model solved by CaDiCaL) take turns by a
    schedule that depends on the rules and ``limit``; the first to finish answers, and the
    result's ``method`` names it. When a grid has more than ``limit`` solutions, which ones are
    listed depends on that search. The budget is counted in nodes and conflicts, never in
    seconds, so the answer is the same on every run. The schedule and why each turn is there:
    docs/how-it-works/numberlink.md; the searches' names: docs/glossary.md.

    Parameters
    ----------
    grid : array_like of int, shape (rows, cols)
        ``0`` empty, ``-1`` solid, ``k > 0`` an endpoint of path ``k`` (each exactly twice).
    fill : bool, default True
        Every non-solid square must lie on a path (``False``: squares may stay empty).
    touch : bool, default True
        A path may run beside itself (``False``: it may not, the no-touch rule).
    limit : int, default 2
        Stop after this many solutions (1 to 100000, and ``limit * rows * cols <= 2**24``).
    max_nodes : int or None, default 10**9
        Search budget in nodes (one node = one square given a pipe shape; a SAT model counts
        one per conflict); ``None`` for no limit.
    method : {"auto", "sweeps", "sat"}, default "auto"
        ``"auto"``: the portfolio above; ``"sweeps"``: the kernel's sweeps alone (under every
        rule set); ``"sat"``: the SAT model alone (needs python-sat).

    Returns
    -------
    Solutions (a list of ndarray of int16, shape (rows, cols))
        Each solution: the path number on every square of a path, ``-1`` on solids, ``0`` on
        squares left empty (only with ``fill=False``). Its ``method`` names the search that
        answered (``"sweeps"``, ``"strict"``, ``"board"``, ``"router"``, ``"sat"``,
        ``"second"``, ``"colours"`` or ``"empty"``), ``nodes`` its cost. A grid without numbers
        is answered at once (``method="empty"``): the grid itself with ``fill=False`` (or when
        it is all solid), else ``[]``.

    Raises
    ------
    TypeError, ValueError
        A malformed ``grid`` (wrong dtype or ndim, values below -1, a number without exactly
        two endpoints, more than ``MAX_SOLVE_CELLS`` squares) or a bad ``limit`` / ``max_nodes``
        / ``fill`` / ``touch`` / ``method``.
    ImportError
        ``method="sat"`` without python-sat.
    trapcore.errors.SearchLimitExceeded
        The search needed more than ``max_nodes`` nodes.
    KeyboardInterrupt
        Ctrl-C stops a long search: the kernels at their next poll, the SAT model after its
        current round of bounded conflicts (docs/benchmarks.md, "SAT rounds").

    See Also
    --------
    trapcore.numberlink.count : How many solutions.
    trapcore.numberlink.check : Whether a solution keeps the rules.
    trapcore.numberlink.Puzzle.solve : The same on a board of any shape.

    Examples
    --------
    >>> from trapcore import numberlink as nl
    >>> sols = nl.solve([[1, 0, 0], [0, 0, 2], [1, 0, 2]])
    >>> len(sols), sols.method
    (1, 'board')
    >>> sols[0]
    array([[1, 2, 2],
           [1, 2, 2],
           [1, 2, 2]], dtype=int16)
    """
    g = as_puzzle_grid(grid)
    fill, touch = as_rules(fill, touch)
    limit = _as_limit(limit, g)
    budget = as_max_nodes(max_nodes)
    method = as_choice(method, "method", METHODS)
    if method == "sat" and not _sat.available():
        raise ImportError('solve(method="sat") needs python-sat: pip install "trapcore[sat]"')
    return _portfolio.solve(_portfolio.Task(g, None, fill, touch, limit), budget, method)


def count(
    grid: npt.ArrayLike,
    *,
    fill: bool = True,
    touch: bool = True,
    max_nodes: int | None = DEFAULT_MAX_NODES,
) -> int:
    """The exact number of solutions of ``grid`` under the rules (sets of paths).

    Under ``touch=True`` this is frontier dynamic programming over the squares in row order (the
    state: which frontier squares carry a path end, which ends belong to one segment, and each
    segment's number), so boards with far too many solutions to list are counted; under
    ``touch=False`` the solutions are enumerated (fine when there are few). For "is it unique",
    ``len(solve(grid, limit=2))`` stops sooner.

    Parameters
    ----------
    grid : array_like of int, shape (rows, cols)
        As for :func:`solve`.
    fill, touch : bool, default True
        The rules, as for :func:`solve`.
    max_nodes : int or None, default 10**9
        Search budget in nodes; ``None`` for no limit.

    Returns
    -------
    int
        How many solutions.

    Raises
    ------
    TypeError, ValueError
        As for :func:`solve`.
    OverflowError
        2**62 solutions or more.
    trapcore.errors.SearchLimitExceeded
        The count needed more than ``max_nodes`` nodes.
    KeyboardInterrupt
        Ctrl-C stops a long count within milliseconds.

    See Also
    --------
    trapcore.numberlink.solve : The solutions (``len(solve(grid, limit=2))``: unique?).

    Examples
    --------
    >>> from trapcore import numberlink as nl
    >>> grid = [[1, 0, 0], [0, 0, 2], [1, 0, 2]]
    >>> nl.count(grid), nl.count(grid, fill=False)  # without fill, squares may stay empty
    (1, 6)
    """
    g = as_puzzle_grid(grid)
    fill, touch = as_rules(fill, touch)
    max_nodes = as_max_nodes(max_nodes)
    if (empty := without_numbers(g, fill)) is not None:
        return len(empty)
    if fill and colour_refutes(g):
        return 0
    n: int | None
    complete: bool
    n, _, complete = _solver.count(g, max_nodes, fill, touch)
    if n is None or not complete:
        raise _portfolio.over("count", max_nodes, g.shape)
    if n >= 1 << 62:
        raise OverflowError("count: this grid has 2**62 solutions or more")
    return int(n)


def count_nodes(
    grid: npt.ArrayLike,
    *,
    fill: bool = True,
    touch: bool = True,
    limit: int = 2,
    max_nodes: int | None = DEFAULT_MAX_NODES,
) -> int:
    """Search nodes the solver spends on ``grid`` looking for ``limit`` solutions.

    The solver's effort: ``Puzzle.difficulty`` is this count (with ``limit=2``) per non-solid
    square for puzzles that deduction does not settle (see ``Puzzle.difficulty``).

    Parameters
    ----------
    grid : array_like of int, shape (rows, cols)
        As for :func:`solve`.
    fill, touch : bool, default True
        The rules, as for :func:`solve`.
    limit : int, default 2
        As for :func:`solve`.
    max_nodes : int or None, default 10**9
        As for :func:`solve`.

    Returns
    -------
    int
        Nodes over all the portfolio's sweeps (one node = one square given a pipe shape); 0
        when, with fill, the colour count refutes the grid before any search, and for a grid
        without numbers (answered at once).

    Raises
    ------
    TypeError, ValueError
        As for :func:`solve`.
    trapcore.errors.SearchLimitExceeded
        The search needed more than ``max_nodes`` nodes.

    See Also
    --------
    trapcore.numberlink.Puzzle.difficulty : This effort per square, with the board search's.

    Examples
    --------
    >>> from trapcore import numberlink as nl
    >>> nl.count_nodes([[1, 0, 0], [0, 0, 2], [1, 0, 2]])
    13
    """
    g = as_puzzle_grid(grid)
    fill, touch = as_rules(fill, touch)
    limit = _as_limit(limit, g)
    budget = as_max_nodes(max_nodes)
    if without_numbers(g, fill) is not None or (fill and colour_refutes(g)):
        return 0
    return _search(g, limit, budget, "count_nodes", fill, touch)[1]


def check(
    grid: npt.ArrayLike, solution: npt.ArrayLike, *, fill: bool = True, touch: bool = True
) -> bool:
    """Check that ``solution`` solves ``grid`` under the rules ``fill`` and ``touch``.

    A solution gives each square its path's number. Under ``touch=False`` each number's squares
    must form exactly a chain between its endpoints; under ``touch=True`` they must be
    connected and hold a path between the endpoints through all of them (searched by the solver
    on that number's squares alone when the squares are not a plain chain).

    Parameters
    ----------
    grid : array_like of int, shape (rows, cols)
        The puzzle, as for :func:`solve`.
    solution : array_like of int, shape (rows, cols)
        The path number on every square of a path, ``-1`` on the grid's solids, ``0`` on
        squares left empty (allowed only with ``fill=False``).
    fill, touch : bool, default True
        The rules, as for :func:`solve`.

    Returns
    -------
    bool
        Always ``True`` (a solution that breaks a rule raises instead).

    Raises
    ------
    TypeError, ValueError
        A malformed argument, or (ValueError) the first rule that fails, saying which square.

    See Also
    --------
    trapcore.numberlink.solve : Solutions that pass this check.

    Examples
    --------
    >>> from trapcore import numberlink as nl
    >>> grid = [[1, 0, 0], [0, 0, 2], [1, 0, 2]]
    >>> nl.check(grid, [[1, 2, 2], [1, 2, 2], [1, 2, 2]])
    True
    >>> nl.check(grid, [[1, 1, 2], [1, 2, 2], [1, 2, 2]])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    ValueError: solution: square (0, 1) of path 1 ...
    """
    g = as_puzzle_grid(grid, "grid")
    fill, touch = as_rules(fill, touch)
    s = as_grid(solution, "solution", np.int16, values=(-1, INT16_MAX))
    if s.shape != g.shape:
        raise ValueError(f"solution has shape {s.shape}, but grid has shape {g.shape}")

    def at(mask: npt.NDArray[np.bool_]) -> tuple[int, int]:
        r, c = np.argwhere(mask)[0]
        return int(r), int(c)

    if (m := (g == -1) != (s == -1)).any():
        raise ValueError(f"solution: solids must be exactly the grid's solids, not at {at(m)}")
    if fill and (m := (s == 0)).any():
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
    bad_end = (same != 1) if not touch else (same < 1)
    if (m := (g > 0) & bad_end).any():
        r, c = at(m)
        raise ValueError(
            f"solution: endpoint {int(g[r, c])} at {(r, c)} has {int(same[r, c])} neighbours of "
            f"its own number, expected {'at least' if touch else 'exactly'} 1"
        )
    bad_mid = (same != 2) if not touch else (same < 2)
    if (m := (g == 0) & (s > 0) & bad_mid).any():
        r, c = at(m)
        what = "a dead end" if same[r, c] < 2 else "touching its own path"
        raise ValueError(
            f"solution: square {(r, c)} of path {int(s[r, c])} has {int(same[r, c])} neighbours "
            f"of its own number ({what}), expected {'at least' if touch else 'exactly'} 2"
        )
    comp = _regions.components(s)
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
    if touch:
        # squares with more than the chain's neighbours: that number's squares must still hold
        # one path through all of them (a Hamiltonian path between the endpoints)
        wide = (((g > 0) & (same > 1)) | ((g == 0) & (same > 2))) & (s > 0)
        for k in np.unique(s[wide]):
            _threads(g, s, int(k))
    return True


def _threads(g: Grid, s: Grid, k: int) -> None:
    """ValueError unless path k's squares hold one path through all of them (the solver, on the
    bounding box of k's squares with everything else solid)."""
    rr, cc = np.nonzero(s == k)
    box = (slice(rr.min(), rr.max() + 1), slice(cc.min(), cc.max() + 1))
    sub = np.where(s[box] == k, 0, -1).astype(np.int16)
    sub[g[box] == k] = 1
    sols: npt.NDArray[np.int16] | None
    complete: bool
    sols, _, complete = _solver.solve(
        sub, 1, DEFAULT_MAX_NODES, _solver.Strategy.PORTFOLIO, True, True
    )
    if sols is None or not complete:
        raise SearchLimitExceeded(f"check: could not decide whether path {k} threads its squares")
    if len(sols) == 0:
        r, c = int(rr[0]), int(cc[0])
        raise ValueError(
            f"solution: path {k} (its square {(r, c)} and the rest) cannot be one chain through "
            "all its squares"
        )
