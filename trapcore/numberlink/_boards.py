"""The searches of a :class:`~trapcore.numberlink.Puzzle` on a graph: neighbour tables, solving,
counting and checking by the board search (``trapcore.numberlink._graph``), the colour count, and
the negotiated-congestion router (``_route``).

A puzzle on a grid of squares (``Puzzle(grid)``) is solved by the grid's sweeps
(``trapcore.numberlink.solve``); every other puzzle (bridges, wrapping edges, warps, hexagons,
layers, a plain graph) comes here. ``Puzzle`` validates first: these functions trust their
arguments (``values`` ``int16`` (n,), ``table`` the compact ``int32`` table of :func:`table`).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from trapcore._rng import components
from trapcore._validate import as_int
from trapcore.errors import SearchLimitExceeded
from trapcore.numberlink import _graph, _portfolio, _route
from trapcore.numberlink._grid import Table, Values
from trapcore.numberlink.solve import DEFAULT_MAX_NODES, MAX_LIMIT, Solutions

#: The router's work cap, rounds times paths times nodes: a bounded try before the complete
#: searches. "Boards without fill, and variants", bench/test_bench_numberlink_variants.py.
ROUTE_WORK = 4 * 10**8


def table(n: int, u: npt.NDArray[np.int64], w: npt.NDArray[np.int64]) -> Table:
    """The padded neighbour table of the directed edges u -> w (each row in edge order)."""
    order = np.argsort(u, kind="stable")
    u, w = u[order], w[order]
    deg = np.bincount(u, minlength=n)
    d = max(1, int(deg.max(initial=0)))
    out = np.full((n, d), -1, np.int32)
    start = np.concatenate(([0], np.cumsum(deg)[:-1]))
    out[u, np.arange(u.size) - start[u]] = w
    out.setflags(write=False)
    return out


def undirected(n: int, a: npt.ArrayLike, b: npt.ArrayLike) -> Table:
    """The table of the undirected edges a[i] - b[i] (repeats dropped)."""
    a64 = np.asarray(a, np.int64).ravel()
    b64 = np.asarray(b, np.int64).ravel()
    keep = a64 != b64
    a64, b64 = a64[keep], b64[keep]
    key = np.sort(np.minimum(a64, b64) * n + np.maximum(a64, b64))
    if key.size:
        key = key[np.concatenate(([True], key[1:] != key[:-1]))]
    lo, hi = key // n, key % n
    return table(n, np.concatenate((lo, hi)), np.concatenate((hi, lo)))


def square_table(rows: int, cols: int) -> Table:
    """The table of a rows x cols grid of squares, square ``(r, c)`` node ``r * cols + c``, each
    joined to the squares beside, above and below it (as ``grid_board`` without variants)."""
    base = np.arange(rows * cols, dtype=np.int64).reshape(rows, cols)
    a = np.concatenate((base[:, :-1].ravel(), base[:-1, :].ravel()))
    b = np.concatenate((base[:, 1:].ravel(), base[1:, :].ravel()))
    return undirected(rows * cols, a, b)


def as_limit(limit: object, n: int) -> int:
    """``limit=`` of a board of n nodes (1 to ``MAX_LIMIT``, and ``limit * n <= 2**24``)."""
    limit = as_int(limit, "limit", minimum=1, maximum=MAX_LIMIT)
    if limit * n > 1 << 24:
        raise ValueError(f"limit={limit} solutions of {n} nodes need too much memory")
    return limit


def solve(
    values: Values,
    table: Table,
    fill: bool,
    touch: bool,
    limit: int,
    budget: int,
    sat: bool = True,
) -> Solutions:
    """Up to ``limit`` labellings (see ``Puzzle.solve``), by the portfolio (``_portfolio``: the
    colour count, then for one solution without fill the router, then the board search, with
    fill taking turns with the SAT model when python-sat is installed and ``sat``)."""
    task = _portfolio.Task(values, table, fill, touch, limit, sat=sat)
    return _portfolio.solve(task, budget)


def count(values: Values, table: Table, fill: bool, touch: bool, budget: int) -> int:
    """The number of solutions, enumerated (see ``Puzzle.count``)."""
    if parity_refutes(values, table, fill):
        return 0
    n, _, complete = _graph.count(values, table, fill, touch, budget)
    if not complete:
        raise _portfolio.over("count", budget, values.size)
    return int(n)


def count_nodes(
    values: Values, table: Table, fill: bool, touch: bool, limit: int, budget: int
) -> int:
    """Search nodes spent looking for ``limit`` solutions (0 when the colour count refutes)."""
    if parity_refutes(values, table, fill):
        return 0
    _, nodes, complete = _graph.solve(values, table, fill, touch, limit, budget)
    if not complete:
        raise SearchLimitExceeded(f"count_nodes: more than max_nodes={budget} nodes")
    return int(nodes)


def parity_refutes(values: Values, table: Table, fill: bool) -> bool:
    """With ``fill``, a colour count that no set of paths can meet: on each connected part of
    the non-solid nodes that is bipartite (two colours, every edge between them), a path
    alternates colours, so it holds one more black node than white ones when both its ends
    are black, one fewer when both are white, as many otherwise; every node lies on a path,
    so blacks minus whites must equal the pairs with two black ends minus those with two
    white ends. A pair split between two parts has no path either. No Python loop over
    nodes: the parts of the graph's double cover come from the union-find kernel of _rng. On
    random boards of layers with fill it settles at once most of what the search cannot
    (test_variants_parity.py in the tests). (``trapcore.numberlink.solve`` counts the same
    way on a grid, whose colours are a chessboard's.)"""
    if not fill:
        return False
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


def check(values: Values, table: Table, fill: bool, touch: bool, s: Values) -> bool:
    """``Puzzle.check`` on a board: ``s`` a validated labelling (``as_labels``)."""
    v = values
    n = len(v)
    if (m := np.flatnonzero((v == -1) != (s == -1))).size:
        raise ValueError(f"labels: solids must be exactly the board's, not at node {m[0]}")
    if fill and (m := np.flatnonzero(s == 0)).size:
        raise ValueError(f"labels: every non-solid node must be on a path, {m[0]} is not")
    if (m := np.flatnonzero((v > 0) & (s != v))).size:
        i = int(m[0])
        raise ValueError(f"labels: endpoint {int(v[i])} at node {i} is covered by {s[i]}")
    if (m := np.flatnonzero((s > 0) & ~np.isin(s, v[v > 0]))).size:
        i = int(m[0])
        raise ValueError(f"labels: path {int(s[i])} at node {i} has no endpoints")
    for k in np.unique(v[v > 0]):
        nodes = np.flatnonzero(s == k)
        remap = np.full(n + 1, -1, np.int32)  # index -1 (padding) maps to -1
        remap[nodes] = np.arange(nodes.size, dtype=np.int32)
        sub = remap[table[nodes]]
        sub_values = np.where(v[nodes] == k, 1, 0).astype(np.int16)
        sub_table = np.ascontiguousarray(np.sort(sub, axis=1)[:, ::-1], dtype=np.int32)
        found, _, complete = _graph.solve(sub_values, sub_table, True, touch, 1, DEFAULT_MAX_NODES)
        if not complete:
            raise SearchLimitExceeded(f"check: could not decide path {int(k)}")
        if len(found) == 0:
            raise ValueError(
                f"labels: the nodes of path {int(k)} (node {int(nodes[0])} and the rest) "
                "are not one path between its endpoints"
                + ("" if touch else " that never runs beside itself")
            )
    return True


def route_rounds(values: Values) -> int:
    """The router's rounds on a board: as many as ``ROUTE_WORK`` allows, 20 to 1,000."""
    work = (int(values.max(initial=0)) + 1) * values.size
    return max(20, min(1000, ROUTE_WORK // max(work, 1)))


def route(values: Values, table: Table) -> list[Values]:
    """One solution without fill found by negotiated congestion (``_route``), or ``[]`` when it
    found none within its rounds (which proves nothing) or the board is too big for it."""
    k = int(values.max(initial=0))
    work = (k + 1) * values.size
    if k == 0 or work > 1 << 24:
        return []
    labels, _, status = _route.route_paths(values, table, route_rounds(values))
    if labels is None:
        return []
    if status == 1:
        return [labels]
    fixed = repair(values, table, labels)
    return [fixed] if fixed is not None else []


#: The router's repair: the radii (steps from a shared node) within which paths are freed, one
#: try each, and the board search's nodes for a try; they settle every crowded board we made.
#: "Boards without fill, and variants", bench/test_bench_numberlink_variants.py.
REPAIR_RADII = (1, 2, 3, 4, 6, 8, 12)
REPAIR_NODES = 10**4


def repair(values: Values, table: Table, last: Values) -> Values | None:
    """A solution without fill from the router's last round (``last``: its labelling, -2 on the
    nodes paths share), or None. The paths within a few steps of the shared nodes are freed
    (every path through one among them) and solved again by the board search, the other paths
    kept as they are (solid to it), under the no-touch rule (the router's paths never run beside
    themselves, so the answer holds under both rules); each try within ``REPAIR_NODES`` nodes,
    at the radii ``REPAIR_RADII`` until one succeeds or every path is freed (the whole board:
    the complete searches' job)."""
    owner = last.astype(np.int64)
    ends = values > 0
    owner[ends] = values[ends]
    near = np.where(table >= 0, table, 0)
    live = table >= 0
    within = owner == -2
    frontier = np.flatnonzero(within)
    radius = 0
    k = int(values.max())
    tried = -1
    for r in REPAIR_RADII:
        while radius < r and frontier.size:
            step = near[frontier][live[frontier]]
            step = np.unique(step[~within[step]])
            within[step] = True
            frontier, radius = step, radius + 1
        free = np.zeros(k + 1, bool)
        free[owner[within & (owner > 0)]] = True
        count = int(free.sum())
        if count == k:
            return None  # every path freed: the whole board again
        if count == tried:
            continue  # nothing new freed at this radius
        tried = count
        kept = (owner > 0) & ~free[np.maximum(owner, 0)]
        numbers = np.flatnonzero(free)
        renumber = np.zeros(k + 1, np.int16)
        renumber[numbers] = np.arange(1, numbers.size + 1, dtype=np.int16)
        sub = np.where(kept | (values < 0), -1, np.where(ends, renumber[np.maximum(values, 0)], 0))
        flat, _, done = _graph.solve(sub.astype(np.int16), table, False, False, 1, REPAIR_NODES)
        if done and len(flat):
            paths = (flat[0] > 0) & ~ends
            out = np.where(kept, owner, values)
            out = np.where(paths, numbers[np.maximum(flat[0], 1) - 1], out)
            return out.astype(np.int16)
    return None
