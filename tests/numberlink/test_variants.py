"""Numberlink on any board (bridges, wrap, warps, hexes, layers, plain graphs) under every rule
set: ``trapcore.numberlink.variants`` against the independent twins of
``reference.numberlink_graph`` (adjacency from the rules, a brute force over sets of paths, a SAT
model, a checker); the twins first checked against the grid twin and 0.1's solver on plain grids."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pytest
from _suite import seeds
from hypothesis import given, settings
from hypothesis import strategies as st

from reference.numberlink_graph import (
    brute_force,
    check_labels,
    grid_values,
    is_solution,
    neighbours_grid,
    neighbours_hex,
    neighbours_layered,
    sat_solutions,
)
from reference.numberlink_rules import brute_solutions, random_grid
from reference.numberlink_rules import is_solution as grid_is_solution
from trapcore import numberlink as nl

RULES = [(True, True), (True, False), (False, True), (False, False)]
KINDS = ["grid", "bridges", "wrap", "warps", "hex", "layered", "vias", "graph"]
BIG = 100_000


@pytest.fixture(scope="module")
def V():
    return pytest.importorskip("trapcore.numberlink.variants")


def key(labellings) -> list[bytes]:
    """A multiset of labellings, comparable with ==."""
    return sorted(np.asarray(s, np.int16).ravel().tobytes() for s in labellings)


# ---------------------------------------------------------------------------------------------
# random boards


@dataclass
class Case:
    """A random board: its kind, the builder's arguments, and the reference's values and adj."""

    kind: str
    grid: np.ndarray  # the builder's grid (values for "graph")
    values: np.ndarray
    adj: list[set[int]]
    opts: dict[str, Any] = field(default_factory=dict)
    ends_ok: set[int] = field(default_factory=set)  # nodes that may hold an end or a solid

    def board(self, V, fill: bool, touch: bool):
        if self.kind in ("grid", "bridges", "wrap", "warps"):
            return V.grid_board(self.grid, fill=fill, touch=touch, **self.opts)
        if self.kind == "hex":
            return V.hex_board(self.grid, fill=fill, touch=touch)
        if self.kind in ("layered", "vias"):
            return V.layered_board(self.grid, fill=fill, touch=touch, **self.opts)
        return V.Puzzle.from_graph(self.values, padded(self.adj), fill=fill, touch=touch)

    def __repr__(self) -> str:
        return f"Case({self.kind!r}, grid={self.grid.tolist()}, opts={self.opts})"


def padded(adj: list[set[int]]) -> np.ndarray:
    d = max([1] + [len(a) for a in adj])
    out = np.full((len(adj), d), -1, np.int32)
    for v, a in enumerate(adj):
        out[v, : len(a)] = sorted(a)
    return out


def lay_paths(rng, adj, ends_ok, pairs, touch, max_len):
    """Disjoint random paths (each a self-avoiding walk, not beside itself unless ``touch``)
    whose ends lie in ``ends_ok``."""
    free = set(range(len(adj)))
    paths: list[list[int]] = []
    for _ in range(5 * pairs):
        if len(paths) == pairs:
            break
        starts = sorted(v for v in ends_ok if v in free)
        if len(starts) < 2:
            break
        path = [int(rng.choice(starts))]
        target = int(rng.integers(2, max_len + 1))
        while len(path) < target:
            cands = sorted(
                q
                for q in adj[path[-1]]
                if q in free and q not in path and (touch or not adj[q] & set(path[:-1]))
            )
            if not cands:
                break
            path.append(int(rng.choice(cands)))
        while len(path) >= 2 and path[-1] not in ends_ok:
            path.pop()
        if len(path) >= 2:
            paths.append(path)
            free -= set(path)
    return paths, free


def place_values(rng, n, adj, ends_ok, fill, touch, pairs, mode, max_len):
    """Node values and the nodes on the laid paths: ``mode`` "laid" marks the ends of random
    disjoint paths (leftover end-able nodes made solid under ``fill``, a few at random
    otherwise), "random" scatters ends and solids at random (and lays nothing)."""
    values = np.zeros(n, np.int64)
    ok = sorted(ends_ok)
    covered: set[int] = set()
    if mode == "laid":
        paths, free = lay_paths(rng, adj, ends_ok, pairs, touch, min(max_len, 2 * n // pairs + 1))
        for k, p in enumerate(paths, 1):
            values[p[0]] = values[p[-1]] = k
            covered |= set(p)
        dense = rng.random() < 0.3  # without fill, mostly solid leftovers give unique boards
        for v in sorted(free & ends_ok):
            if fill or rng.random() < (0.9 if dense else 0.2):
                values[v] = -1
    else:
        cells = [ok[i] for i in rng.permutation(len(ok))]
        pairs = min(pairs, len(cells) // 2)
        for k in range(1, pairs + 1):
            values[cells[2 * k - 2]] = values[cells[2 * k - 1]] = k
        for v in cells[2 * pairs : 2 * pairs + int(rng.integers(0, 3))]:
            values[v] = -1
    return values, covered


def random_case(rng, kind, fill=True, touch=True, size="small", mode=None) -> Case:
    """A random board of ``kind``: "small" for the brute force (up to ~16-18 nodes), "big" for
    SAT (30-150 nodes). Laid boards are solvable by construction, except (rarely) when a bridge
    or via square no path crossed is left empty under ``fill``: bridges not crossed both ways
    and vias no path used are taken off after laying (under ``fill``)."""
    big = size == "big"
    mode = mode or ("laid" if rng.random() < 0.7 else "random")
    cap = 10**9 if big else 20
    opts: dict[str, Any] = {}
    if kind in ("grid", "bridges", "wrap", "warps", "hex"):
        rows, cols = (int(x) for x in rng.integers(*((5, 10) if big else (2, 6)), 2))
        if not big and rng.random() < 0.6:
            rows, cols = (int(x) for x in rng.integers(3, 6, 2))
        if rows * cols > cap:
            cols = max(2, cap // rows)
        n_sq = rows * cols
        ends_ok = set(range(n_sq))
        if kind == "hex":
            adj = neighbours_hex(rows, cols)
        else:
            if kind == "bridges":
                nb = int(rng.integers(1, 8 if big else 4))
                picks = rng.choice(n_sq, size=min(nb, n_sq), replace=False)
                opts["bridges"] = sorted(divmod(int(i), cols) for i in picks)
                ends_ok -= {int(i) for i in picks}
            if kind == "wrap":
                opts["wrap"] = str(rng.choice(["rows", "cols", "both"]))
            if kind == "warps":
                ws: list[tuple[tuple[int, int], tuple[int, int]]] = []
                for _ in range(int(rng.integers(1, 5 if big else 3))):
                    a, b = (int(x) for x in rng.choice(n_sq, 2, replace=False))
                    p, q = divmod(a, cols), divmod(b, cols)
                    if abs(p[0] - q[0]) + abs(p[1] - q[1]) > 1:
                        ws.append((p, q))
                opts["warps"] = ws
            adj = neighbours_grid(np.zeros((rows, cols)), **opts)
        n = len(adj)
        values, covered = place_values(rng, n, adj, ends_ok, fill, touch, pairs(rng, n), mode, n)
        grid = values[:n_sq].reshape(rows, cols)
        if kind == "bridges" and mode == "laid":
            keep = []
            for i, (r, c) in enumerate(opts["bridges"]):
                lanes = {r * cols + c, n_sq + i} & covered
                if len(lanes) == 2 or (not fill and rng.random() < 0.5):
                    keep.append((r, c))
                elif fill and not lanes:
                    grid[r, c] = -1
            opts["bridges"] = keep
            adj = neighbours_grid(grid, **opts)
            values = grid_values(grid, keep)
        assert np.array_equal(grid_values(grid, opts.get("bridges")), values)
        return Case(kind, grid, values, adj, opts, ends_ok)
    if kind in ("layered", "vias"):
        if big:
            layers, rows, cols = (int(x) for x in rng.integers((2, 3, 3), (4, 7, 7)))
        else:
            layers, rows, cols = 2, 2, int(rng.integers(2, 5))
            if rng.random() < 0.3:
                layers, rows, cols = 3, 2, int(rng.integers(2, 4))
        plane = rows * cols
        ends_ok = set(range(layers * plane))
        vias = None
        if kind == "vias":
            vias = []
            for s in rng.permutation(plane)[: int(rng.integers(1, 6 if big else 3))]:
                r, c = divmod(int(s), cols)
                z0 = int(rng.integers(0, layers - 1))
                z1 = int(rng.integers(z0 + 1, layers))
                vias.append([(z, r, c) for z in range(z0, z1 + 1)])
                ends_ok -= {z * plane + r * cols + c for z in range(z0, z1 + 1)}
        adj = neighbours_layered(layers, rows, cols, vias)
        n = len(adj)
        values, covered = place_values(rng, n, adj, ends_ok, fill, touch, pairs(rng, n), mode, n)
        if vias is not None and mode == "laid" and fill:
            keep = []
            for via in vias:
                nodes = {z * plane + r * cols + c for z, r, c in via}
                if nodes & covered:
                    keep.append(via)
                else:
                    values[sorted(nodes)] = -1
            vias = keep
            adj = neighbours_layered(layers, rows, cols, vias)
        if vias is not None:
            opts["vias"] = vias
        return Case(kind, values.reshape(layers, rows, cols), values, adj, opts, ends_ok)
    # a random connected general graph: a random tree, then extra edges
    n = int(rng.integers(30, 80)) if big else int(rng.integers(4, 17))
    p = 2.5 / n if big else float(rng.uniform(0.1, 0.4))
    adj = [set() for _ in range(n)]
    for v in range(1, n):
        u = int(rng.integers(0, v))
        adj[u].add(v)
        adj[v].add(u)
    for u in range(n):
        for v in range(u + 1, n):
            if rng.random() < p:
                adj[u].add(v)
                adj[v].add(u)
    values, _ = place_values(rng, n, adj, set(range(n)), fill, touch, pairs(rng, n), mode, n)
    return Case("graph", values.copy(), values, adj, {}, set(range(n)))


MAX_BRUTE = 3000


def small_case(rng, kind, fill, touch, mode=None) -> tuple[Case, list[np.ndarray]]:
    """A small random board with at most MAX_BRUTE solutions (sparse boards without ``fill``
    can have hundreds of thousands: those are drawn again), and its brute-force solutions."""
    while True:
        c = random_case(rng, kind, fill, touch, mode=mode)
        brute = brute_force(c.values, c.adj, fill, touch, limit=MAX_BRUTE + 1)
        if len(brute) <= MAX_BRUTE:
            return c, brute


def pairs(rng, n) -> int:
    return int(rng.integers(1, max(2, min(6, n // 3)) + 1)) + int(n >= 12)


# ---------------------------------------------------------------------------------------------
# the twins against the grid twin, 0.1's solver and each other (no variants module needed)


def grid_agree(g, fill, touch):
    adj = neighbours_grid(g)
    mine = brute_force(g.ravel(), adj, fill, touch)
    theirs = brute_solutions(g, fill=fill, touch=touch)
    assert key(mine) == key(theirs), (g.tolist(), fill, touch)
    assert nl.count(g, fill=fill, touch=touch) == len(mine), (g.tolist(), fill, touch)
    for s in mine:
        assert is_solution(g.ravel(), adj, s, fill, touch)
        assert grid_is_solution(g, s.reshape(g.shape), fill=fill, touch=touch)
    # the SAT model counts the same sets of paths
    assert key(sat_solutions(g.ravel(), adj, fill, touch, limit=len(mine) + 1)) == key(mine)


@pytest.mark.parametrize("fill, touch", RULES)
@pytest.mark.parametrize("seed", range(40))
def test_reference_matches_grid_twin_and_solver(seed, fill, touch):
    rng = np.random.default_rng(seed)
    rows, cols = (int(v) for v in rng.integers(2, 5, 2))
    g = random_grid(rng, rows, cols, int(rng.integers(1, 4)), int(rng.integers(0, 3)))
    grid_agree(g, fill, touch)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 4),
    st.integers(1, 5),
    st.integers(0, 3),
    st.integers(0, 2),
    st.integers(0, 2**32 - 1),
    st.sampled_from(RULES),
)
def test_reference_matches_grid_twin_hypothesis(rows, cols, pairs, solids, seed, rules):
    grid_agree(random_grid(np.random.default_rng(seed), rows, cols, pairs, solids), *rules)


def test_reference_adjacency_by_hand():
    g = np.zeros((2, 3))
    assert neighbours_grid(g) == [{1, 3}, {0, 2, 4}, {1, 5}, {0, 4}, {1, 3, 5}, {2, 4}]
    # a bridge at (0, 1): across lane 1 joins 0 and 2, down lane 6 joins 4
    assert neighbours_grid(g, bridges=[(0, 1)]) == [
        {1, 3},
        {0, 2},
        {1, 5},
        {0, 4},
        {6, 3, 5},
        {2, 4},
        {4},
    ]
    assert neighbours_grid(g, wrap="rows")[0] == {1, 2, 3}
    assert neighbours_grid(g, wrap="cols")[0] == {1, 3}  # 2 rows: top and bottom already joined
    assert neighbours_grid(np.zeros((3, 1)), wrap="both") == [{1, 2}, {0, 2}, {0, 1}]
    assert neighbours_grid(g, warps=[((0, 0), (1, 2))])[5] == {2, 4, 0}
    assert neighbours_hex(3, 3) == [
        {1, 3, 4},
        {0, 2, 4, 5},
        {1, 5},
        {0, 4, 6},
        {0, 1, 3, 5, 6, 7},
        {1, 2, 4, 7, 8},
        {3, 4, 7},
        {4, 5, 6, 8},
        {5, 7},
    ]
    assert neighbours_layered(2, 1, 2) == [{1, 2}, {0, 3}, {0, 3}, {1, 2}]
    assert neighbours_layered(3, 1, 2, vias=[[(1, 0, 1), (2, 0, 1)]]) == [
        {1},
        {0},
        {3},
        {2, 5},
        {5},
        {4, 3},
    ]


def test_reference_rules_by_hand():
    # a bridge lets two paths cross; without it there is no solution
    g = np.array([[0, 1, 0], [2, 0, 2], [0, 1, 0]])
    for fill in (True, False):
        assert brute_force(g.ravel(), neighbours_grid(g), fill=fill) == []
    adj = neighbours_grid(g, bridges=[(1, 1)])
    (sol,) = brute_force(grid_values(g, [(1, 1)]), adj, fill=False)
    assert sol.tolist() == [0, 1, 0, 2, 2, 2, 0, 1, 0, 1]
    assert brute_force(grid_values(g, [(1, 1)]), adj, fill=True) == []
    # a U-turn of a path through the four squares of a 2x2 is touching
    u = np.array([[1, 0], [1, 0]])
    assert len(brute_force(u.ravel(), neighbours_grid(u), touch=True)) == 1
    assert brute_force(u.ravel(), neighbours_grid(u), touch=False) == []
    # a wrapped row: the short way round and the long way round
    w = np.array([[1, 0, 1, 0]])
    assert len(brute_force(w.ravel(), neighbours_grid(w, wrap="rows"), fill=False)) == 2
    # two paths threading one labelling count twice (a 2x3 block, ends at the same corner)
    t = np.array([[1, 0, 0], [1, 0, 0]])
    sols = brute_force(t.ravel(), neighbours_grid(t), fill=True, touch=True)
    assert len(sols) == 1  # only the snake round the outside
    # hexes: 1 0 / 1 0 with the ends not neighbours (2x2, even row shifted right)
    hexed = np.array([[0, 1], [1, 0]])
    assert len(brute_force(hexed.ravel(), neighbours_hex(2, 2), fill=True)) == 2
    assert brute_force(hexed.ravel(), neighbours_hex(2, 2), fill=True, touch=False) == []
    assert len(brute_force(hexed.ravel(), neighbours_hex(2, 2), fill=False, touch=False)) == 2


def test_reference_counts_a_labelling_once_per_path_set():
    # K4 with ends 0 and 3, fill: 0-1-2-3 and 0-2-1-3, one labelling
    adj = [{1, 2, 3}, {0, 2, 3}, {0, 1, 3}, {0, 1, 2}]
    values = [1, 0, 0, 1]
    sols = brute_force(values, adj, fill=True, touch=True)
    assert len(sols) == 2 and key(sols[:1]) == key(sols[1:])
    assert len(sat_solutions(values, adj, True, True, limit=10)) == 2
    assert brute_force(values, adj, fill=True, touch=False) == []
    assert sat_solutions(values, adj, True, False, limit=10) == []


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("seed", range(12))
def test_reference_sat_matches_brute_force_on_every_kind(kind, seed):
    rng = np.random.default_rng([seed, KINDS.index(kind)])
    fill, touch = RULES[seed % 4]
    c, brute = small_case(rng, kind, fill, touch)
    cap = 150  # enumerating thousands of solutions by SAT is slow: then compare 150 of them
    for ranks in (True, False):
        sat = sat_solutions(
            c.values, c.adj, fill, touch, limit=min(len(brute) + 1, cap), ranks=ranks
        )
        if len(brute) < cap:
            assert key(sat) == key(brute), (c, ranks)
        else:
            assert len(sat) == cap and not Counter(key(sat)) - Counter(key(brute)), (c, ranks)


@pytest.mark.parametrize("kind", KINDS)
def test_reference_checker_agrees_with_enumeration(kind):
    """A corrupted labelling passes the checker exactly when the brute force lists it."""
    rng = np.random.default_rng(KINDS.index(kind))
    compared = 0
    for i in range(10):
        fill, touch = RULES[i % 4]
        c, brute = small_case(rng, kind, fill, touch, mode="laid")
        listed = set(key(brute))
        for s in brute:
            assert is_solution(c.values, c.adj, s, fill, touch)
            for bad in corruptions(rng, c.values, s):
                assert is_solution(c.values, c.adj, bad, fill, touch) == (key([bad])[0] in listed)
                compared += 1
    assert compared > 20


def corruptions(rng, values, s, m=4):
    """A few labellings near ``s``: one node relabelled, or two nodes swapped."""
    K = int(np.max(values, initial=0))
    out = []
    for _ in range(m):
        bad = np.array(s, np.int16)
        v = int(rng.integers(len(bad)))
        if rng.random() < 0.5:
            choices = [x for x in range(-1, K + 1) if x != bad[v]]
            bad[v] = int(rng.choice(choices))
        else:
            w = int(rng.integers(len(bad)))
            bad[v], bad[w] = bad[w], bad[v]
        if not np.array_equal(bad, s):
            out.append(bad)
    return out


# ---------------------------------------------------------------------------------------------
# trapcore.numberlink.variants against the twins


def neighbour_sets(board) -> list[set[int]]:
    nb = np.asarray(board.neighbours)
    rows = [[int(x) for x in row if x >= 0] for row in nb]
    for v, row in enumerate(rows):
        assert len(row) == len(set(row)), f"node {v} lists a neighbour twice: {row}"
        assert v not in row, f"node {v} is its own neighbour"
    assert all(x == -1 for row in nb for x in row[len([y for y in row if y >= 0]) :]), (
        "padding -1 at the end"
    )
    return [set(r) for r in rows]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("seed", range(25))
def test_builders_adjacency_matches_reference(V, kind, seed):
    rng = np.random.default_rng([seed, KINDS.index(kind), 1])
    c = random_case(rng, kind, size="big" if seed % 2 else "small")
    b = c.board(V, True, True)
    assert neighbour_sets(b) == c.adj, c
    assert np.asarray(b.values).tolist() == c.values.tolist()
    assert b.numbers == int(np.max(c.values, initial=0))
    assert b.fill is True and b.touch is True
    for arr in (b.values, b.neighbours):
        assert not arr.flags.writeable
    assert b.values.dtype == np.int16 and b.neighbours.dtype == np.int32
    if kind == "graph":
        assert b.shape is None and b.cells is None
    else:
        assert tuple(b.shape) == c.grid.shape
        assert b.cells.shape == c.grid.shape
        assert b.cells.ravel().tolist() == list(range(c.grid.size))


def kernel_agrees(V, c: Case, fill: bool, touch: bool, brute=None) -> int:
    if brute is None:
        brute = brute_force(c.values, c.adj, fill, touch)
    b = c.board(V, fill, touch)
    assert b.count() == len(brute), (c, fill, touch)
    sols = b.solve(limit=BIG)
    assert key(sols) == key(brute), (c, fill, touch)
    for s in sols:
        assert s.dtype == np.int16 and s.shape == (len(c.values),)
        assert b.check(s) is True
    assert len(b.solve(limit=1)) == min(1, len(brute))
    return len(brute)


@pytest.mark.parametrize("fill, touch", RULES)
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("seed", range(16))
def test_kernel_matches_brute_force(V, kind, fill, touch, seed):
    rng = np.random.default_rng([seed, KINDS.index(kind), 2])
    c, brute = small_case(rng, kind, fill, touch)
    kernel_agrees(V, c, fill, touch, brute)


@settings(max_examples=50, deadline=None)
@given(st.sampled_from(KINDS), st.sampled_from(RULES), st.integers(0, 2**32 - 1))
def test_kernel_matches_brute_force_hypothesis(V, kind, rules, seed):
    rng = np.random.default_rng(seed)
    c, brute = small_case(rng, kind, *rules)
    kernel_agrees(V, c, *rules, brute)


def verdict(n: int) -> str:
    return ["none", "unique", "several"][min(n, 2)]


@pytest.mark.parametrize("fill, touch", RULES)
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("seed", seeds(2, 5))
def test_kernel_verdict_matches_sat_on_bigger_boards(V, kind, fill, touch, seed):
    rng = np.random.default_rng([seed, KINDS.index(kind), 3])
    c = random_case(rng, kind, fill, touch, size="big")
    b = c.board(V, fill, touch)
    sols = b.solve(limit=2)
    sat = sat_solutions(c.values, c.adj, fill, touch, limit=2)
    assert verdict(len(sols)) == verdict(len(sat)), (c, fill, touch)
    if len(sols) < 2:
        assert b.count() == len(sat)
    for s in sols:
        assert check_labels(c.values, c.adj, s, fill, touch) is None, (c, s.tolist())
        assert b.check(s) is True
    for s in sat:
        assert b.check(s) is True


@pytest.mark.parametrize("kind", KINDS)
def test_check_accepts_solutions_and_rejects_corruptions(V, kind):
    rng = np.random.default_rng([KINDS.index(kind), 4])
    rejected = 0
    for i in range(12):
        fill, touch = RULES[i % 4]
        c, brute = small_case(rng, kind, fill, touch, mode="laid")
        b = c.board(V, fill, touch)
        for s in brute[:20]:
            assert b.check(s) is True
            assert b.check(s.tolist()) is True
            for bad in corruptions(rng, c.values, s):
                if is_solution(c.values, c.adj, bad, fill, touch):
                    assert b.check(bad) is True
                else:
                    with pytest.raises(ValueError):
                        b.check(bad)
                    rejected += 1
            with pytest.raises(ValueError):
                b.check(s[:-1])
    assert rejected > 10


def test_to_grid_reads_each_lane(V):
    g = np.array([[0, 1, 0], [2, 0, 2], [0, 1, 0]])
    b = V.grid_board(g, bridges=[(1, 1)], fill=False)
    assert b.shape == (3, 3) and b.cells.tolist() == [[0, 1, 2], [3, 4, 5], [6, 7, 8]]
    (s,) = b.solve(limit=5)
    assert s.tolist() == [0, 1, 0, 2, 2, 2, 0, 1, 0, 1]
    assert b.to_grid(s).tolist() == [[0, 1, 0], [2, 2, 2], [0, 1, 0]]
    assert b.to_grid(s, lane="across").tolist() == [[0, 1, 0], [2, 2, 2], [0, 1, 0]]
    assert b.to_grid(s, lane="down").tolist() == [[0, 1, 0], [2, 1, 2], [0, 1, 0]]
    mask = np.arange(9).reshape(3, 3) == 4
    assert neighbour_sets(V.grid_board(g, bridges=mask)) == neighbour_sets(b)
    lay = V.layered_board(np.array([[[1, 0]], [[0, 1]]]))
    assert lay.shape == (2, 1, 2)
    for s in lay.solve(limit=5):
        assert lay.to_grid(s).tolist() == s.reshape(2, 1, 2).tolist()
    h = V.hex_board(np.array([[0, 1], [1, 0]]))
    for s in h.solve(limit=5):
        assert h.to_grid(s).tolist() == s.reshape(2, 2).tolist()


# ---------------------------------------------------------------------------------------------
# bad input


def bad(match):
    return pytest.raises((ValueError, TypeError), match=match)


def test_board_rejects_bad_graphs(V):
    nb = padded([{1}, {0, 2}, {1}])
    V.Puzzle.from_graph([1, 0, 1], nb)  # fine
    asym = nb.copy()
    asym[2, 0] = -1
    with bad("neighbours"):
        V.Puzzle.from_graph([1, 0, 1], asym)
    loop = np.array([[1, 0], [0, 2], [1, -1]])
    with bad("neighbours"):
        V.Puzzle.from_graph([1, 0, 1], loop)
    twice = np.array([[1, 1], [0, 2], [1, -1]])
    with bad("neighbours"):
        V.Puzzle.from_graph([1, 0, 1], twice)
    with bad("neighbours"):
        V.Puzzle.from_graph([1, 0, 1], np.array([[1, -1], [0, 3], [1, -1]]))
    with bad("neighbours"):
        V.Puzzle.from_graph([1, 0, 1], np.array([[1, -2], [0, 2], [1, -1]]))
    with bad("neighbours"):
        V.Puzzle.from_graph([1, 0, 1], np.array([1, 0, 1]))
    with bad("neighbours"):
        V.Puzzle.from_graph([1, 0, 1], nb[:2])
    with bad("neighbours"):
        V.Puzzle.from_graph([1, 0, 1], nb.astype(float) + 0.5)
    with bad("values"):
        V.Puzzle.from_graph([[1, 0, 1]], nb)
    with bad("values"):
        V.Puzzle.from_graph([1, 0, 0], nb)  # 1 once
    with bad("values"):
        V.Puzzle.from_graph([1, 1, 1], nb)
    with bad("values"):
        V.Puzzle.from_graph([1, -2, 1], nb)
    with bad("values"):
        V.Puzzle.from_graph([1.5, 0, 1.5], nb)


def test_builders_reject_bad_input(V):
    g = np.array([[1, 0, 0], [0, 0, 1], [0, -1, 0]])
    with bad("bridges"):
        V.grid_board(g, bridges=[(0, 0)])  # on an end
    with bad("bridges"):
        V.grid_board(g, bridges=[(2, 1)])  # on a solid
    with bad("bridges"):
        V.grid_board(g, bridges=[(3, 0)])
    with bad("bridges"):
        V.grid_board(g, bridges=np.zeros((2, 3), bool))
    with bad("wrap"):
        V.grid_board(g, wrap="diagonal")
    with bad("warps"):
        V.grid_board(g, warps=[((0, 0), (5, 5))])
    with bad("warps"):
        V.grid_board(g, warps=[((0, 0), (0, 0))])
    with bad("warps"):
        V.grid_board(g, warps=[(0, 0)])
    with bad("grid"):
        V.grid_board(np.array([1, 0, 1]))
    with bad("grid"):
        V.hex_board(np.array([1, 0, 1]))
    with bad("grid"):
        V.hex_board(np.array([[1, 0], [0, 0]]))  # 1 once
    with bad("grid"):
        V.layered_board(g)
    g3 = np.zeros((2, 2, 2), int)
    g3[0, 0, 0] = g3[1, 1, 1] = 1
    V.layered_board(g3, vias=[[(0, 0, 1), (1, 0, 1)]])  # fine
    with bad("vias"):
        V.layered_board(g3, vias=[[(0, 0, 1), (1, 1, 1)]])  # not vertical
    with bad("vias"):
        V.layered_board(np.zeros((3, 2, 2), int), vias=[[(0, 0, 1), (2, 0, 1)]])  # a gap
    with bad("vias"):
        V.layered_board(g3, vias=[[(0, 0, 1), (2, 0, 1)]])  # out of range
    with bad("vias"):
        V.layered_board(g3, vias=[[(0, 0, 1), (1, 0, 1)], [(0, 0, 1), (1, 0, 1)]])  # overlap


def test_methods_reject_bad_arguments(V):
    b = V.grid_board(np.array([[1, 0, 1]]))
    with bad("limit"):
        b.solve(limit=0)
    with bad("max_nodes"):
        b.solve(max_nodes=-1)
    with bad("labels"):
        b.check(np.array([1, 1]))
    with bad("lane"):
        b.to_grid(np.array([1, 1, 1]), lane="sideways")


@pytest.mark.parametrize("kind", ["graph", "hex", "bridges"])
def test_numbers_need_not_be_consecutive(V, kind):
    """The Board takes any positive numbers, each twice (``numbers`` is the largest)."""
    rng = np.random.default_rng([KINDS.index(kind), 5])
    for i in range(8):
        fill, touch = RULES[i % 4]
        c, _ = small_case(rng, kind, fill, touch, mode="laid")
        ks = sorted({int(k) for k in c.values if k > 0})
        new = dict(zip(ks, sorted(rng.choice(np.arange(1, 40), len(ks), replace=False))))
        values = np.array([new.get(int(k), int(k)) for k in c.values])
        grid = np.array([new.get(int(k), int(k)) for k in c.grid.ravel()]).reshape(c.grid.shape)
        c2 = Case(c.kind, grid, values, c.adj, c.opts, c.ends_ok)
        assert c2.board(V, fill, touch).numbers == max(new.values(), default=0)
        kernel_agrees(V, c2, fill, touch)


def test_a_path_may_cross_itself_on_a_bridge(V):
    # (1,0) -> across (1,1) -> (1,2) -> (0,2) -> (0,1) -> down (1,1) -> (2,1): never beside
    # itself on the graph (a bridge's lanes are not neighbours), so touch=False allows it
    g = np.array([[0, 0, 0], [1, 0, 0], [-1, 1, -1]])
    crossing = [0, 1, 1, 1, 1, 1, -1, 1, -1, 1]
    for fill in (False, True):
        b = V.grid_board(g, bridges=[(1, 1)], fill=fill, touch=False)
        adj = neighbours_grid(g, bridges=[(1, 1)])
        brute = brute_force(grid_values(g, [(1, 1)]), adj, fill, False)
        assert key(b.solve(limit=BIG)) == key(brute)
        if fill:  # the corner (0, 0) is left out
            with pytest.raises(ValueError):
                b.check(np.array(crossing))
            continue
        assert crossing in [s.tolist() for s in brute]
        assert b.check(np.array(crossing)) is True
        assert b.to_grid(np.array(crossing), lane="down").tolist() == [
            [0, 1, 1],
            [1, 1, 1],
            [-1, 1, -1],
        ]


def test_board_takes_any_integer_array_and_copies_it(V):
    rng = np.random.default_rng(7)
    c, brute = small_case(rng, "graph", True, True, mode="laid")
    nb = padded(c.adj)
    want = key(brute)
    for values, table in [
        (c.values.astype(np.int8), nb.astype(np.int64)),
        (c.values.astype(np.int32), np.asfortranarray(nb)),
        (c.values[::-1][::-1], np.hstack([nb, np.full((len(nb), 1), -1)])[:, :-1]),
    ]:
        values = np.array(values)
        values.setflags(write=False)
        b = V.Puzzle.from_graph(values, table)
        assert key(b.solve(limit=BIG)) == want
    mine = c.values.copy()
    table = nb.copy()
    b = V.Puzzle.from_graph(mine, table)
    mine[:] = 0
    table[:] = -1
    assert key(b.solve(limit=BIG)) == want
    assert neighbour_sets(b) == c.adj
    assert V.Puzzle.from_graph(c.values.tolist(), nb.tolist()).count() == len(brute)


@st.composite
def graphs(draw):
    """A small graph drawn edge by edge, ends and solids placed by hypothesis."""
    n = draw(st.integers(2, 11))
    pairs_ = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
    edges = draw(st.lists(pairs_, max_size=2 * n))
    adj: list[set[int]] = [set() for _ in range(n)]
    for a, b in edges:
        if a != b:
            adj[a].add(b)
            adj[b].add(a)
    order = draw(st.permutations(range(n)))
    k = draw(st.integers(0, n // 2))
    solids = draw(st.integers(0, n - 2 * k))
    values = np.zeros(n, np.int64)
    for i in range(k):
        values[order[2 * i]] = values[order[2 * i + 1]] = i + 1
    values[list(order[2 * k : 2 * k + solids])] = -1
    return values, adj


@settings(max_examples=50, deadline=None)
@given(graphs(), st.sampled_from(RULES))
def test_kernel_matches_brute_force_on_drawn_graphs(V, graph, rules):
    values, adj = graph
    brute = brute_force(values, adj, *rules, limit=MAX_BRUTE + 1)
    if len(brute) > MAX_BRUTE:
        return
    b = V.Puzzle.from_graph(values, padded(adj), fill=rules[0], touch=rules[1])
    assert neighbour_sets(b) == adj
    assert b.count() == len(brute)
    assert key(b.solve(limit=BIG)) == key(brute)
