"""Numberlink on boards of any shape: bridges, wrapping edges and warps, hexagonal cells, layers.

A :class:`Board` is a set of nodes (squares, or the two lanes of a bridge square) and the edges
between them, given as a padded neighbour table; each node is empty (``0``), solid (``-1``) or
an endpoint (``k > 0``, each ``k`` on exactly two nodes). A solution is a set of paths, one per
number, each a simple path along edges between its two endpoints, no two sharing a node. The
rules are the grid's: ``fill`` (every non-solid node lies on a path) and ``touch`` (``False``: no
node of a path has a neighbour on the same path other than its two path neighbours).

The builders give the variants people play:

* :func:`grid_board`: a square grid with Flow Free's **bridges** (a bridge square carries one path
  across and another down: two nodes), **wrapping** rows or columns and **warps** (extra edges
  between two squares);
* :func:`hex_board`: **hexagonal cells** in even-r offset rows (the cat's board layout);
* :func:`layered_board`: **several layers**, joined square by square (the DA Symposium contest
  from 2017) or only through **vias** (columns of squares across layers, the 2016 contest).

The search runs in ``trapcore.numberlink._graph`` without the GIL (see its docstring); this module
validates first.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

from trapcore._rng import components
from trapcore._validate import _describe, as_choice, as_int, check_array_size, frozen_copy
from trapcore.errors import SearchLimitExceeded
from trapcore.numberlink import _graph, _route
from trapcore.numberlink._grid import (
    INT16_MAX,
    MAX_SOLVE_CELLS,
    as_max_nodes,
    as_puzzle_grid,
    as_rules,
    check_pairs,
)
from trapcore.numberlink.solve import DEFAULT_MAX_NODES, MAX_LIMIT

__all__ = ["Board", "grid_board", "hex_board", "layered_board", "WRAPS", "LANES"]

#: ``grid_board(wrap=...)``: which sides join (``None``: none).
WRAPS = ("rows", "cols", "both")
#: ``Board.to_grid(lane=...)``: which lane of a bridge square to show.
LANES = ("across", "down")
_MAX_DEGREE = 63

Values = npt.NDArray[np.int16]
Table = npt.NDArray[np.int32]


def _as_values(array: object, name: str, ndim: int) -> Values:
    """Validate board values of ``ndim`` dimensions: int16 range, >= -1, each number twice."""
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


def _as_table(neighbours: object, n: int) -> Table:
    """Validate a neighbour table for n nodes: ints in [-1, n), symmetric, no self loops or
    repeats; returned compacted (each row's neighbours first, then -1s), int32, read-only."""
    check_array_size(neighbours, "neighbours", max_cells=n * _MAX_DEGREE)
    try:
        a = np.asarray(neighbours)
    except Exception as exc:
        raise ValueError(f"neighbours must be a 2-D array, could not convert: {exc}") from None
    if a.dtype == np.bool_ or not np.issubdtype(a.dtype, np.integer):
        raise TypeError(f"neighbours must have an integer dtype, got {a.dtype}")
    if a.ndim != 2 or a.shape[0] != n:
        raise ValueError(f"neighbours must have shape ({n}, d), one row per node, got {a.shape}")
    if a.shape[1] > _MAX_DEGREE:
        raise ValueError(f"neighbours has {a.shape[1]} columns, at most {_MAX_DEGREE}")
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
    return _table(n, u, w)


def _table(n: int, u: npt.NDArray[np.int64], w: npt.NDArray[np.int64]) -> Table:
    """The padded neighbour table of the directed edges u -> w (each row in edge order)."""
    order = np.argsort(u, kind="stable")
    u, w = u[order], w[order]
    deg = np.bincount(u, minlength=n)
    d = max(1, int(deg.max(initial=0)))
    table = np.full((n, d), -1, np.int32)
    start = np.concatenate(([0], np.cumsum(deg)[:-1]))
    table[u, np.arange(u.size) - start[u]] = w
    table.setflags(write=False)
    return table


def _undirected(n: int, a: npt.ArrayLike, b: npt.ArrayLike) -> Table:
    """The table of the undirected edges a[i] - b[i] (repeats dropped)."""
    a64 = np.asarray(a, np.int64).ravel()
    b64 = np.asarray(b, np.int64).ravel()
    keep = a64 != b64
    a64, b64 = a64[keep], b64[keep]
    key = np.sort(np.minimum(a64, b64) * n + np.maximum(a64, b64))
    if key.size:
        key = key[np.concatenate(([True], key[1:] != key[:-1]))]
    lo, hi = key // n, key % n
    return _table(n, np.concatenate((lo, hi)), np.concatenate((hi, lo)))


class Board:
    """A Numberlink board of any shape: node values and a neighbour table.

    Parameters
    ----------
    values : array_like of int, shape (n,)
        ``0`` empty, ``-1`` solid, ``k > 0`` an endpoint of path ``k`` (each exactly twice).
    neighbours : array_like of int, shape (n, d)
        Each node's neighbours, ``-1`` where it has fewer than ``d`` (at most 63); symmetric.
    fill, touch : bool, default True
        The rules (see the module docstring).

    Raises
    ------
    TypeError, ValueError
        A malformed argument, naming it.

    Examples
    --------
    A ring of six nodes where path 1 may go either way round (``fill=False``):

    >>> b = Board([1, 0, 0, 1, 0, 0], [[1, 5], [0, 2], [1, 3], [2, 4], [3, 5], [4, 0]],
    ...           fill=False)
    >>> b.count()
    2
    """

    def __init__(
        self,
        values: npt.ArrayLike,
        neighbours: npt.ArrayLike,
        *,
        fill: bool = True,
        touch: bool = True,
    ) -> None:
        v = _as_values(values, "values", 1)
        self._init(v, _as_table(neighbours, v.size), *as_rules(fill, touch), None, None, None)

    def _init(
        self,
        values: Values,
        table: Table,
        fill: bool,
        touch: bool,
        shape: tuple[int, ...] | None,
        cells: Table | None,
        down: Table | None,
    ) -> None:
        # private copies over bytes: what the kernels trust can never be made writable again
        values, table = frozen_copy(values), frozen_copy(table)
        cells = None if cells is None else frozen_copy(cells)
        down = None if down is None else frozen_copy(down)
        self._values, self._table, self._fill, self._touch = values, table, fill, touch
        self._shape, self._cells, self._down = shape, cells, down

    @classmethod
    def _built(
        cls,
        values: Values,
        table: Table,
        fill: bool,
        touch: bool,
        shape: tuple[int, ...],
        cells: Table,
        down: Table,
    ) -> Board:
        board = cls.__new__(cls)
        board._init(values, table, fill, touch, shape, cells, down)
        return board

    @property
    def values(self) -> Values:
        """Node values (read-only ``int16``): 0 empty, -1 solid, k an endpoint of path k."""
        return self._values

    @property
    def neighbours(self) -> Table:
        """The neighbour table (read-only ``int32`` (n, d), each row's -1s last)."""
        return self._table

    @property
    def fill(self) -> bool:
        return self._fill

    @property
    def touch(self) -> bool:
        return self._touch

    @property
    def numbers(self) -> int:
        """The largest path number."""
        return int(self._values.max(initial=0))

    @property
    def shape(self) -> tuple[int, ...] | None:
        """The grid's shape for a board from a builder, ``None`` for a plain graph."""
        return self._shape

    @property
    def cells(self) -> Table | None:
        """The node of each square (``shape``; the across lane on a bridge), or ``None``."""
        return self._cells

    def __len__(self) -> int:
        return int(self._values.size)

    def __repr__(self) -> str:
        where = f"shape={self._shape}" if self._shape is not None else f"nodes={len(self)}"
        return f"Board({where}, numbers={self.numbers}, fill={self._fill}, touch={self._touch})"

    def solve(self, *, limit: int = 2, max_nodes: int | None = DEFAULT_MAX_NODES) -> list[Values]:
        """Up to ``limit`` solutions, each an ``int16`` (n,) labelling: ``k`` on the nodes of
        path ``k``, ``-1`` on solids, ``0`` on unused nodes (only with ``fill=False``).

        ``limit=2`` answers "is it unique". Without ``fill``, sparse boards have a great many
        solutions (any detour is another): ask for one (``limit=1``). Then a router that lets
        paths share nodes at a rising price (negotiated congestion, as circuit routers do) tries
        first, within a bounded number of rounds; it settles crowded boards the complete search
        cannot, and the complete search answers when it finds nothing.

        Raises
        ------
        TypeError, ValueError
            A bad ``limit`` or ``max_nodes``.
        trapcore.errors.SearchLimitExceeded
            The search needed more than ``max_nodes`` nodes.
        KeyboardInterrupt
            Ctrl-C stops a long search within milliseconds.
        """
        limit = as_int(limit, "limit", minimum=1, maximum=MAX_LIMIT)
        if limit * len(self) > 1 << 24:
            raise ValueError(f"limit={limit} solutions of {len(self)} nodes need too much memory")
        budget = as_max_nodes(max_nodes)
        if self._parity_refutes():
            return []
        if limit == 1 and not self._fill and (found := route(self._values, self._table)):
            return found
        sols, _, complete = _graph.solve(
            self._values, self._table, self._fill, self._touch, limit, budget
        )
        if not complete:
            raise SearchLimitExceeded(
                f"solve: the search needed more than max_nodes={budget} nodes on this board of "
                f"{len(self)} nodes; raise max_nodes (or pass max_nodes=None)"
            )
        return list(sols)

    def count(self, *, max_nodes: int | None = DEFAULT_MAX_NODES) -> int:
        """The number of solutions (sets of paths), enumerated.

        Raises
        ------
        trapcore.errors.SearchLimitExceeded
            The count needed more than ``max_nodes`` nodes.
        """
        budget = as_max_nodes(max_nodes)
        if self._parity_refutes():
            return 0
        n, _, complete = _graph.count(self._values, self._table, self._fill, self._touch, budget)
        if not complete:
            raise SearchLimitExceeded(
                f"count: the search needed more than max_nodes={budget} nodes on this board of "
                f"{len(self)} nodes; raise max_nodes (or pass max_nodes=None)"
            )
        return int(n)

    def count_nodes(self, *, limit: int = 2, max_nodes: int | None = DEFAULT_MAX_NODES) -> int:
        """Search nodes spent looking for ``limit`` solutions (the solver's effort; 0 when the
        colour count below refutes the board before any search)."""
        limit = as_int(limit, "limit", minimum=1, maximum=MAX_LIMIT)
        budget = as_max_nodes(max_nodes)
        if self._parity_refutes():
            return 0
        _, nodes, complete = _graph.solve(
            self._values, self._table, self._fill, self._touch, limit, budget
        )
        if not complete:
            raise SearchLimitExceeded(f"count_nodes: more than max_nodes={budget} nodes")
        return int(nodes)

    def _parity_refutes(self) -> bool:
        """With ``fill``, a colour count that no set of paths can meet: on each connected part of
        the non-solid nodes that is bipartite (two colours, every edge between them), a path
        alternates colours, so it holds one more black node than white ones when both its ends
        are black, one fewer when both are white, as many otherwise; every node lies on a path,
        so blacks minus whites must equal the pairs with two black ends minus those with two
        white ends. A pair split between two parts has no path either. No Python loop over
        nodes: the parts of the graph's double cover come from the union-find kernel of _rng. On
        random boards of layers with fill it settles at once most of what the search cannot
        (test_variants_parity.py in the tests)."""
        if not self._fill:
            return False
        values, table = self._values, self._table
        n = len(values)
        u, j = np.nonzero(table >= 0)
        w = table[u, j].astype(np.int64)
        keep = (values[u] >= 0) & (values[w] >= 0)
        u, w = u[keep], w[keep]
        # the double cover: node v + c * n is v with colour c, and each edge joins opposite
        # colours; a part is bipartite iff its nodes' two copies lie in different cover parts
        edges = np.stack([np.concatenate([u, u + n]), np.concatenate([w + n, w])], axis=1)
        label = components(2 * n, edges.astype(np.int32)).astype(np.int64)  # union-find kernel
        first, second = label[:n], label[n:]
        part = np.minimum(first, second)
        colour = (first > second).astype(np.int64)  # consistent within a bipartite part
        live = values >= 0
        odd = np.zeros(2 * n, bool)
        odd[part[live & (first == second)]] = True  # parts with an odd cycle
        balance = np.bincount(part[live], weights=1 - 2 * colour[live], minlength=2 * n)
        ends = np.flatnonzero(values > 0)
        pairs = ends[np.argsort(values[ends], kind="stable")].reshape(-1, 2)  # each pair's two
        a, b = pairs[:, 0], pairs[:, 1]
        if (part[a] != part[b]).any():
            return True
        same = colour[a] == colour[b]
        np.subtract.at(balance, part[a[same]], 1 - 2 * colour[a[same]])
        return bool(((balance != 0) & ~odd)[part[live]].any())

    def check(self, labels: npt.ArrayLike) -> bool:
        """Check that ``labels`` (as :meth:`solve` returns) solves the board under its rules.

        Each number's nodes must hold one path between its endpoints through all of them (under
        ``touch=False`` exactly a chain); that is decided by the solver on those nodes alone.

        Returns ``True``; a labelling that breaks a rule raises ValueError naming the node.
        """
        s = _as_values_any(labels, len(self))
        v = self._values
        if (m := np.flatnonzero((v == -1) != (s == -1))).size:
            raise ValueError(f"labels: solids must be exactly the board's, not at node {m[0]}")
        if self._fill and (m := np.flatnonzero(s == 0)).size:
            raise ValueError(f"labels: every non-solid node must be on a path, {m[0]} is not")
        if (m := np.flatnonzero((v > 0) & (s != v))).size:
            i = int(m[0])
            raise ValueError(f"labels: endpoint {int(v[i])} at node {i} is covered by {s[i]}")
        if (m := np.flatnonzero((s > 0) & ~np.isin(s, v[v > 0]))).size:
            i = int(m[0])
            raise ValueError(f"labels: path {int(s[i])} at node {i} has no endpoints")
        for k in np.unique(v[v > 0]):
            nodes = np.flatnonzero(s == k)
            remap = np.full(len(self) + 1, -1, np.int32)  # index -1 (padding) maps to -1
            remap[nodes] = np.arange(nodes.size, dtype=np.int32)
            sub = remap[self._table[nodes]]
            sub_values = np.where(v[nodes] == k, 1, 0).astype(np.int16)
            table = np.ascontiguousarray(np.sort(sub, axis=1)[:, ::-1], dtype=np.int32)
            found, _, complete = _graph.solve(
                sub_values, table, True, self._touch, 1, DEFAULT_MAX_NODES
            )
            if not complete:
                raise SearchLimitExceeded(f"check: could not decide path {int(k)}")
            if len(found) == 0:
                raise ValueError(
                    f"labels: the nodes of path {int(k)} (node {int(nodes[0])} and the rest) "
                    "are not one path between its endpoints"
                    + ("" if self._touch else " that never runs beside itself")
                )
        return True

    def to_grid(self, labels: npt.ArrayLike, *, lane: str = "across") -> Values:
        """``labels`` (one per node) laid out on the board's squares (shape ``shape``); on a
        bridge square, the path on its ``lane`` (``"across"`` or ``"down"``)."""
        lane = as_choice(lane, "lane", LANES)
        if self._cells is None or self._down is None:
            raise ValueError("to_grid: this board is a plain graph, it has no squares")
        s = _as_values_any(labels, len(self))
        return s[self._cells if lane == "across" else self._down]


#: The router's work cap: rounds times paths times nodes (a few tenths of a second).
ROUTE_WORK = 10**8


def route(values: Values, table: Table) -> list[Values]:
    """One solution without fill found by negotiated congestion (``_route``), or ``[]`` when it
    found none within its rounds (which proves nothing) or the board is too big for it."""
    k = int(values.max(initial=0))
    work = (k + 1) * values.size
    if k == 0 or work > 1 << 24:
        return []
    rounds = max(20, min(1000, ROUTE_WORK // work))
    labels, _, status = _route.route_paths(values, table, rounds)
    return [labels] if labels is not None else []


def _as_values_any(labels: object, n: int) -> Values:
    """A labelling: n ints in -1..INT16_MAX (no pairing rule)."""
    a = np.asarray(labels)
    if a.dtype == np.bool_ or not np.issubdtype(a.dtype, np.integer):
        raise TypeError(f"labels must have an integer dtype, got {a.dtype}")
    if a.shape != (n,):
        raise ValueError(f"labels must have shape ({n},), one per node, got {a.shape}")
    if (a < -1).any() or (a > INT16_MAX).any():
        raise ValueError(f"labels must be in -1..{INT16_MAX}")
    return np.ascontiguousarray(a, dtype=np.int16)


def _squares(value: object, shape: tuple[int, ...], name: str) -> list[tuple[int, ...]]:
    """Squares given as a bool mask of ``shape`` or an iterable of index tuples."""
    if isinstance(value, np.ndarray) and value.dtype == np.bool_:
        if value.shape != shape:
            raise ValueError(f"{name} mask must have shape {shape}, got {value.shape}")
        return [tuple(int(i) for i in p) for p in np.argwhere(value)]
    if not isinstance(value, Iterable) or isinstance(value, (str, bytes)):
        raise TypeError(
            f"{name} must be a bool array or an iterable of squares, got {_describe(value)}"
        )
    out = []
    for p in value:
        q = tuple(p) if isinstance(p, Iterable) and not isinstance(p, (str, bytes)) else None
        if q is None or len(q) != len(shape):
            raise ValueError(f"{name}: {p!r} is not a square of {len(shape)} coordinates")
        idx = tuple(as_int(x, name) for x in q)
        if not all(0 <= x < s for x, s in zip(idx, shape, strict=True)):
            raise ValueError(f"{name}: square {idx} is off the board of shape {shape}")
        out.append(idx)
    return out


def grid_board(
    grid: npt.ArrayLike,
    *,
    bridges: object = None,
    wrap: str | None = None,
    warps: Iterable[object] = (),
    fill: bool = True,
    touch: bool = True,
) -> Board:
    """A square grid (as for :class:`~trapcore.numberlink.Puzzle`) with Flow Free's variants.

    Parameters
    ----------
    grid : array_like of int, shape (rows, cols)
        ``0`` empty, ``-1`` solid, ``k > 0`` an endpoint. Square ``(r, c)`` is node
        ``r * cols + c``.
    bridges : bool array (rows, cols) or iterable of (row, col), optional
        Empty squares that are bridges: one path may cross it left to right (the node of the
        square) and another top to bottom (node ``rows * cols + i`` for the ``i``-th bridge in
        row order). Paths cannot turn on a bridge.
    wrap : {"rows", "cols", "both"}, optional
        Each row's first and last squares are neighbours (``"rows"``), each column's top and
        bottom (``"cols"``), or both (a torus).
    warps : iterable of ((r1, c1), (r2, c2))
        Extra neighbour pairs (Flow Free's warps: a path leaving one square enters the other).
    fill, touch : bool, default True
        The rules.

    Returns
    -------
    Board
        The board, of shape ``(rows, cols)``.
    """
    g = as_puzzle_grid(grid)
    fill, touch = as_rules(fill, touch)
    rows, cols = g.shape
    if wrap is not None:
        wrap = as_choice(wrap, "wrap", WRAPS)
    base = np.arange(rows * cols, dtype=np.int32).reshape(rows, cols)
    down = base.copy()
    if bridges is not None:
        squares = _squares(bridges, (rows, cols), "bridges")
        for r, c in sorted(set(squares)):
            if g[r, c] != 0:
                raise ValueError(f"bridges: square {(r, c)} is not empty (a bridge holds no end)")
        for i, (r, c) in enumerate(sorted(set(squares))):
            down[r, c] = rows * cols + i
    n = int(down.max()) + 1
    a = [base[:, :-1], down[:-1, :]]
    b = [base[:, 1:], down[1:, :]]
    if wrap in ("rows", "both") and cols > 2:
        a.append(base[:, -1])
        b.append(base[:, 0])
    if wrap in ("cols", "both") and rows > 2:
        a.append(down[-1, :])
        b.append(down[0, :])
    for i, pair in enumerate(warps if warps is not None else ()):
        ends = _squares(pair, (rows, cols), f"warps[{i}]")
        if len(ends) != 2 or ends[0] == ends[1]:
            raise ValueError(f"warps[{i}] must be two different squares, got {pair!r}")
        for r, c in ends:
            if down[r, c] != base[r, c]:
                raise ValueError(f"warps[{i}]: square {(r, c)} is a bridge")
        a.append(np.array([base[ends[0]]]))
        b.append(np.array([base[ends[1]]]))
    table = _undirected(
        n, np.concatenate([x.ravel() for x in a]), np.concatenate([x.ravel() for x in b])
    )
    values = np.zeros(n, np.int16)
    values[: rows * cols] = g.ravel()
    return Board._built(values, table, fill, touch, (rows, cols), base, down)


def hex_board(grid: npt.ArrayLike, *, fill: bool = True, touch: bool = True) -> Board:
    """Hexagonal cells in even-r offset rows (even rows shifted half a cell right, as the cat's
    board): ``(r, c)`` (node ``r * cols + c``) borders ``(r, c +- 1)`` and, on the rows above
    and below, columns ``c`` and ``c + 1`` (even ``r``) or ``c - 1`` and ``c`` (odd ``r``).

    Parameters
    ----------
    grid : array_like of int, shape (rows, cols)
        ``0`` empty, ``-1`` solid, ``k > 0`` an endpoint.
    fill, touch : bool, default True
        The rules.

    Returns
    -------
    Board
        The board, of shape ``(rows, cols)``.

    Raises
    ------
    TypeError, ValueError
        A bad grid (named in the message).

    Examples
    --------
    >>> import trapcore as tc
    >>> board = tc.numberlink.hex_board([[1, 0, 1], [2, 0, 2]])
    >>> board.to_grid(board.solve()[0]).tolist()
    [[1, 1, 1], [2, 2, 2]]
    """
    g = as_puzzle_grid(grid)
    fill, touch = as_rules(fill, touch)
    rows, cols = g.shape
    base = np.arange(rows * cols, dtype=np.int32).reshape(rows, cols)
    a = [base[:, :-1], base[:-1, :]]
    b = [base[:, 1:], base[1:, :]]
    even = base[0:-1:2, :-1]  # even rows r < rows - 1: (r, c) - (r + 1, c + 1)
    a.append(even)
    b.append(base[1::2, 1:][: even.shape[0]])
    odd = base[1:-1:2, 1:]  # odd rows r < rows - 1: (r, c) - (r + 1, c - 1)
    a.append(odd)
    b.append(base[2::2, :-1][: odd.shape[0]])
    table = _undirected(
        rows * cols, np.concatenate([x.ravel() for x in a]), np.concatenate([x.ravel() for x in b])
    )
    return Board._built(g.ravel().copy(), table, fill, touch, (rows, cols), base, base)


def layered_board(
    grid: npt.ArrayLike,
    *,
    vias: Iterable[Iterable[object]] | None = None,
    fill: bool = False,
    touch: bool = True,
) -> Board:
    """Several layers of squares, ``grid[z, r, c]`` (node ``(z * rows + r) * cols + c``).

    Parameters
    ----------
    grid : array_like of int, shape (layers, rows, cols)
        As for a grid, layer by layer.
    vias : iterable of vias, optional
        ``None``: every square also borders the same square on the layers above and below (the
        DA Symposium contest's rules from 2017). Given: layers meet only at vias, each an
        iterable of ``(z, r, c)`` squares with the same ``(r, c)`` on consecutive layers, which
        are joined to each other (the 2016 contest). Via squares must be empty.
    fill : bool, default False
        The contest does not ask for every square to be used.
    touch : bool, default True
        The rules.

    Returns
    -------
    Board
        The board, of shape ``(layers, rows, cols)``.
    """
    g = _as_values(grid, "grid", 3)
    fill, touch = as_rules(fill, touch)
    layers, rows, cols = g.shape
    base = np.arange(g.size, dtype=np.int32).reshape(g.shape)
    a = [base[:, :, :-1], base[:, :-1, :]]
    b = [base[:, :, 1:], base[:, 1:, :]]
    if vias is None:
        a.append(base[:-1])
        b.append(base[1:])
    else:
        seen: set[tuple[int, ...]] = set()
        for i, via in enumerate(vias):
            squares = sorted(_squares(via, g.shape, f"vias[{i}]"))
            zs = [z for z, _, _ in squares]
            if (
                len(squares) < 2
                or len({(r, c) for _, r, c in squares}) != 1
                or zs != list(range(zs[0], zs[0] + len(zs)))
            ):
                raise ValueError(
                    f"vias[{i}] must be squares with one (r, c) on consecutive layers, got "
                    f"{squares}"
                )
            for p in squares:
                if g[p] != 0 or p in seen:
                    raise ValueError(f"vias[{i}]: square {p} is not empty or in another via")
                seen.add(p)
            nodes = [int(base[p]) for p in squares]
            a.append(np.array(nodes[:-1]))
            b.append(np.array(nodes[1:]))
    table = _undirected(
        g.size, np.concatenate([x.ravel() for x in a]), np.concatenate([x.ravel() for x in b])
    )
    return Board._built(g.ravel().copy(), table, fill, touch, g.shape, base, base)
