"""Pure-Python twins of Numberlink on any graph (bridges, hexes, warps, layers, plain graphs):
adjacency built from the rules of each board kind, a brute-force solver over sets of paths, a SAT
model (python-sat) and a checker. Shares nothing with trapcore; the oracle of
``tests/numberlink/test_variants.py``.

Conventions, as in ``trapcore.numberlink.variants``: a board is ``values`` (one int per node: 0
empty, -1 solid, k > 0 an end of path k, each k twice) and ``adj`` (a list of sets: each node's
neighbours). A solution is a SET OF PATHS: path k is a simple path between the two ends of k along
edges; paths are vertex-disjoint and avoid solids; ``fill``: every non-solid node lies on a path;
``touch=False``: no node of path k has a neighbour on path k other than its path predecessor and
successor. Solutions are reported as labellings (k on the nodes of path k, -1 on solids, 0 on unused
nodes), one per set of paths, so under ``touch=True`` one labelling may appear several times.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

import numpy as np

__all__ = [
    "bridge_list",
    "grid_values",
    "neighbours_grid",
    "neighbours_hex",
    "neighbours_layered",
    "brute_force",
    "sat_solutions",
    "check_labels",
    "is_solution",
]

Adj = list[set[int]]


# --------------------------------------------------------------------------------------------
# adjacency of each board kind


def bridge_list(bridges, shape: tuple[int, int]) -> list[tuple[int, int]]:
    """The bridge squares in row-major order, from a bool array of ``shape`` or an iterable of
    (r, c); ``None`` is no bridges."""
    if bridges is None:
        return []
    arr = np.asarray(bridges) if not isinstance(bridges, (list, tuple, set)) else None
    if arr is not None and arr.dtype == bool:
        return sorted((int(r), int(c)) for r, c in zip(*np.nonzero(arr)))
    return sorted({(int(r), int(c)) for r, c in bridges})


def grid_values(grid, bridges=None) -> np.ndarray:
    """The node values of a grid board: the squares row-major, then one 0 per bridge (its down
    lane)."""
    grid = np.asarray(grid)
    extra = len(bridge_list(bridges, grid.shape))
    return np.concatenate([grid.ravel(), np.zeros(extra, grid.dtype)]).astype(np.int64)


def neighbours_grid(grid, bridges=None, wrap=None, warps: Iterable = ()) -> Adj:
    """Adjacency of a square grid: 4-neighbours; ``wrap`` None/"rows"/"cols"/"both" joins each
    row's ends / each column's ends; ``warps`` extra pairs ((r1, c1), (r2, c2)); a bridge square is
    two nodes: its across lane (node r*cols + c, joined left/right only) and its down lane (node
    rows*cols + i, i its row-major index among bridges, joined up/down only)."""
    rows, cols = np.asarray(grid).shape
    blist = bridge_list(bridges, (rows, cols))
    down = {sq: rows * cols + i for i, sq in enumerate(blist)}
    adj: Adj = [set() for _ in range(rows * cols + len(blist))]

    def node(sq: tuple[int, int], horizontal: bool) -> int:
        if sq in down and not horizontal:
            return down[sq]
        return sq[0] * cols + sq[1]

    def join(p: tuple[int, int], q: tuple[int, int], horizontal: bool) -> None:
        if p == q:
            return
        a, b = node(p, horizontal), node(q, horizontal)
        adj[a].add(b)
        adj[b].add(a)

    wrap_rows = wrap in ("rows", "both")
    wrap_cols = wrap in ("cols", "both")
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                join((r, c), (r, c + 1), True)
            if r + 1 < rows:
                join((r, c), (r + 1, c), False)
        if wrap_rows:
            join((r, 0), (r, cols - 1), True)
    if wrap_cols:
        for c in range(cols):
            join((0, c), (rows - 1, c), False)
    for p, q in warps:
        p, q = (int(p[0]), int(p[1])), (int(q[0]), int(q[1]))
        if p in down or q in down:
            raise ValueError("a warp on a bridge square has no lane in this model")
        if p != q:
            a, b = p[0] * cols + p[1], q[0] * cols + q[1]
            adj[a].add(b)
            adj[b].add(a)
    return adj


def neighbours_hex(rows: int, cols: int) -> Adj:
    """Adjacency of hexagonal cells in even-r offset rows (even rows shifted half a cell right):
    same row c +- 1; even r: rows r +- 1 at c and c + 1; odd r: rows r +- 1 at c - 1 and c."""
    adj: Adj = [set() for _ in range(rows * cols)]
    for r in range(rows):
        shifts = (0, 1) if r % 2 == 0 else (-1, 0)
        for c in range(cols):
            cands = [(r, c - 1), (r, c + 1)]
            for dr in (-1, 1):
                cands += [(r + dr, c + s) for s in shifts]
            for rr, cc in cands:
                if 0 <= rr < rows and 0 <= cc < cols:
                    adj[r * cols + c].add(rr * cols + cc)
    return adj


def neighbours_layered(layers: int, rows: int, cols: int, vias=None) -> Adj:
    """Adjacency of a layered board: node z*rows*cols + r*cols + c, 4-neighbours in each layer;
    ``vias=None`` joins every square to the same square one layer up and down; otherwise only the
    squares of each via (a list of (z, r, c), same (r, c), consecutive z) are joined vertically."""
    plane = rows * cols
    adj: Adj = [set() for _ in range(layers * plane)]

    def join(a: int, b: int) -> None:
        adj[a].add(b)
        adj[b].add(a)

    for z in range(layers):
        for r in range(rows):
            for c in range(cols):
                v = z * plane + r * cols + c
                if c + 1 < cols:
                    join(v, v + 1)
                if r + 1 < rows:
                    join(v, v + cols)
                if vias is None and z + 1 < layers:
                    join(v, v + plane)
    for via in vias or ():
        squares = sorted((int(z), int(r), int(c)) for z, r, c in via)
        for (z1, r1, c1), (z2, r2, c2) in zip(squares, squares[1:]):
            if (r1, c1) != (r2, c2) or z2 != z1 + 1:
                raise ValueError(f"not a vertical via: {via}")
            join(z1 * plane + r1 * cols + c1, z2 * plane + r2 * cols + c2)
    return adj


# --------------------------------------------------------------------------------------------
# the rules


def _ends(values: Sequence[int]) -> dict[int, tuple[int, int]]:
    ends: dict[int, list[int]] = {}
    for v, k in enumerate(values):
        if k > 0:
            ends.setdefault(int(k), []).append(v)
    assert all(len(e) == 2 for e in ends.values()), "each number must appear exactly twice"
    return {k: (e[0], e[1]) for k, e in sorted(ends.items())}


def _labelling(values: Sequence[int], paths: Iterable[tuple[int, list[int]]]) -> np.ndarray:
    out = np.where(np.asarray(values) == -1, -1, 0).astype(np.int16)
    for k, path in paths:
        out[path] = k
    return out


def brute_force(
    values, adj: Adj, fill: bool = True, touch: bool = True, limit: int | None = None
) -> list[np.ndarray]:
    """Every solution (one labelling per set of paths), by plain depth-first search: each path in
    turn (in increasing k) walks every simple path from its first end to its second through empty
    nodes; under ``touch=False`` a step to a node beside an earlier node of the same path (other
    than the node it comes from) is refused; ``fill`` is checked when all paths are laid.
    Exponential: boards of about 20 nodes."""
    values = [int(v) for v in values]
    ends = _ends(values)
    order = list(ends)
    n_free = sum(v == 0 for v in values)
    blocked = [v != 0 for v in values]  # solids, ends, and nodes on a path laid so far
    out: list[np.ndarray] = []
    chosen: list[tuple[int, list[int]]] = []

    def lay(i: int, covered: int) -> bool:
        """Lay the paths of order[i:]; True when ``limit`` is reached."""
        if i == len(order):
            if not fill or covered == n_free:
                out.append(_labelling(values, chosen))
            return limit is not None and len(out) >= limit
        k = order[i]
        a, b = ends[k]
        path = [a]

        def fits(q: int) -> bool:
            return touch or all(p not in adj[q] for p in path[:-1])

        def walk(v: int) -> bool:
            for q in sorted(adj[v]):
                if q == b:
                    if fits(q):
                        chosen.append((k, path + [b]))
                        stop = lay(i + 1, covered + len(path) - 1)
                        chosen.pop()
                        if stop:
                            return True
                elif not blocked[q] and fits(q):
                    blocked[q] = True
                    path.append(q)
                    stop = walk(q)
                    path.pop()
                    blocked[q] = False
                    if stop:
                        return True
            return False

        return walk(a)

    lay(0, 0)
    return out


def _hamiltonian(members: set[int], adj: Adj, a: int, b: int) -> bool:
    """Is there a path from a to b through every node of ``members`` exactly once?"""
    n = len(members)
    seen = {a}

    def dfs(v: int, m: int) -> bool:
        if v == b:
            return m == n
        for q in adj[v]:
            if q in members and q not in seen and (q != b or m + 1 == n):
                seen.add(q)
                if dfs(q, m + 1):
                    return True
                seen.discard(q)
        return False

    return dfs(a, 1)


def check_labels(values, adj: Adj, labels, fill: bool = True, touch: bool = True) -> str | None:
    """None when ``labels`` is a solution's labelling under the rules, else what fails. Under
    ``touch=True`` path k only has to thread its nodes from end to end in some order."""
    values = [int(v) for v in values]
    labels = [int(x) for x in np.asarray(labels).ravel()]
    if len(labels) != len(values):
        return f"{len(labels)} labels for {len(values)} nodes"
    ends = _ends(values)
    members: dict[int, set[int]] = {k: set() for k in ends}
    for v, (val, lab) in enumerate(zip(values, labels)):
        if (val == -1) != (lab == -1):
            return f"node {v}: solid {val} labelled {lab}"
        if val > 0 and lab != val:
            return f"node {v}: end of {val} labelled {lab}"
        if lab == 0 and val == 0 and fill:
            return f"node {v} unused under fill"
        if lab < -1 or (lab > 0 and lab not in ends):
            return f"node {v}: label {lab} is no number of the board"
        if lab > 0:
            members[lab].add(v)
    for k, (a, b) in ends.items():
        mk = members[k]
        if not touch:
            edges = sum(len(adj[v] & mk) for v in mk) // 2
            if edges != len(mk) - 1:
                return f"path {k} runs beside itself ({edges} edges among {len(mk)} nodes)"
        if not _hamiltonian(mk, adj, a, b):
            return f"path {k}: no simple path through its {len(mk)} nodes"
    return None


def is_solution(values, adj: Adj, labels, fill: bool = True, touch: bool = True) -> bool:
    """True when ``labels`` solves the board under the rules (see ``check_labels``)."""
    return check_labels(values, adj, labels, fill, touch) is None


# --------------------------------------------------------------------------------------------
# a SAT model


def sat_solutions(
    values,
    adj: Adj,
    fill: bool = True,
    touch: bool = True,
    limit: int = 2,
    *,
    ranks: bool = True,
) -> list[np.ndarray]:
    """Up to ``limit`` solutions as labellings, each a different set of paths, from a SAT model.

    Variables: a colour per (non-solid node, number), a ``used`` flag per node and a Boolean per
    edge between non-solid nodes. An end has its colour and degree 1; any other node is used iff
    it has a colour (at most one), has degree 2 when used and 0 when not; an edge joins nodes of
    one colour; ``touch=False``: two neighbours of one colour are joined by a used edge; ``fill``:
    every node used. A model's components are then paths between the ends of one number, or
    loops of empty nodes. Loops are excluded two ways:

    - ``ranks=True`` (an ordering encoding): each used edge is oriented (an arc), each path runs
      from its first end (in-degree 0) to its second (out-degree 0), every other used node has one
      arc in and one out, and a node's rank (unary, "rank >= i" literals) grows along every arc,
      so no directed loop can exist. A path's orientation is forced, so ranks add no solutions.
    - always, lazily: a loop S found in a model is cut by "a used node of S has a used edge
      leaving S" (true of every solution, since its paths end outside S). Alone (``ranks=False``)
      this is enough but slow on sparse boards without ``fill``, where loops abound.

    A model's colours follow from its edges, so blocking each edge set found counts sets of paths
    exactly (the ranks are free, and not blocked)."""
    from pysat.solvers import Solver

    values = [int(v) for v in values]
    ends = _ends(values)
    numbers = list(ends)
    nodes = [v for v, k in enumerate(values) if k >= 0]
    nv = 0

    def new() -> int:
        nonlocal nv
        nv += 1
        return nv

    col = {(v, k): new() for v in nodes for k in numbers}
    used = {v: new() for v in nodes}
    edge: dict[tuple[int, int], int] = {}
    for v in nodes:
        for q in adj[v]:
            if v < q and values[q] >= 0:
                edge[v, q] = new()
    inc: dict[int, list[int]] = {v: [] for v in nodes}
    for (a, b), e in edge.items():
        inc[a].append(e)
        inc[b].append(e)
    cls: list[list[int]] = []
    for v in nodes:
        xs = [col[v, k] for k in numbers]
        es = inc[v]
        cls += [[-x, -y] for x, y in combinations(xs, 2)]
        cls += [[-x, used[v]] for x in xs]
        cls.append([-used[v], *xs])
        cls += [[-e, used[v]] for e in es]
        cls += [[-x, -y, -z] for x, y, z in combinations(es, 3)]
        if values[v] > 0:
            cls.append([col[v, values[v]]])
            cls.append(list(es))
            cls += [[-x, -y] for x, y in combinations(es, 2)]
            continue
        if fill:
            cls.append([used[v]])
        # used -> at least two edges: every (m - 1)-subset of the m edges holds one
        if len(es) < 2:
            cls.append([-used[v]])
        else:
            cls += [[-used[v], *sub] for sub in combinations(es, len(es) - 1)]
    for (a, b), e in edge.items():
        for k in numbers:
            cls.append([-e, -col[a, k], col[b, k]])
            cls.append([-e, col[a, k], -col[b, k]])
            if not touch:
                cls.append([e, -col[a, k], -col[b, k]])
    if ranks:
        first = {a for a, _ in ends.values()}
        last = {b for _, b in ends.values()}
        R = len(nodes)
        ge = {(v, i): new() for v in nodes for i in range(1, R)}  # rank(v) >= i
        for v in nodes:
            cls += [[-ge[v, i + 1], ge[v, i]] for i in range(1, R - 1)]
        arc: dict[tuple[int, int], int] = {}
        for (a, b), e in edge.items():
            arc[a, b], arc[b, a] = new(), new()
            cls += [[-e, arc[a, b], arc[b, a]], [-arc[a, b], e], [-arc[b, a], e]]
            cls.append([-arc[a, b], -arc[b, a]])
        for (u, v), d in arc.items():
            if R < 2:
                cls.append([-d])
                continue
            cls.append([-d, ge[v, 1]])
            cls += [[-d, -ge[u, i], ge[v, i + 1]] for i in range(1, R - 1)]
            cls.append([-d, -ge[u, R - 1]])
        ins: dict[int, list[int]] = {v: [] for v in nodes}
        outs: dict[int, list[int]] = {v: [] for v in nodes}
        for (u, v), d in arc.items():
            outs[u].append(d)
            ins[v].append(d)
        for v in nodes:
            if v in first:
                cls += [[-d] for d in ins[v]]
            elif v in last:
                cls += [[-d] for d in outs[v]]
            else:
                cls += [[-used[v], *ins[v]], [-used[v], *outs[v]]]
    out: list[np.ndarray] = []
    with Solver(name="cadical153", bootstrap_with=cls) as s:
        while len(out) < limit and s.solve():
            model = {x for x in s.get_model() if x > 0}
            on = [pair for pair, e in edge.items() if e in model]
            loops = _loops(on, values)
            if loops:
                assert not ranks, "the ranks let a loop through"
                for members in loops:
                    leave = [e for (a, b), e in edge.items() if (a in members) != (b in members)]
                    for v in members:
                        s.add_clause([-used[v], *leave])
                continue
            labels = np.where(np.asarray(values) == -1, -1, 0).astype(np.int16)
            for (v, k), x in col.items():
                if x in model:
                    labels[v] = k
            out.append(labels)
            s.add_clause([-edge[p] if edge[p] in model else edge[p] for p in edge])
    return out


def _loops(on: list[tuple[int, int]], values: list[int]) -> list[set[int]]:
    """The node sets of the components of the edges ``on`` that hold no end (loops)."""
    adj: dict[int, list[int]] = {}
    for a, b in on:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    seen: set[int] = set()
    out = []
    for start in adj:
        if start in seen:
            continue
        comp, todo = {start}, [start]
        seen.add(start)
        while todo:
            x = todo.pop()
            for y in adj[x]:
                if y not in seen:
                    seen.add(y)
                    comp.add(y)
                    todo.append(y)
        if all(values[x] == 0 for x in comp):
            out.append(comp)
    return out
